// Signing up and signing in.
import { useState } from "preact/hooks";
import { APIError, mutate } from "../api/client";
import { SignInMutation, SignUpMutation } from "../api/operations";
import { ErrorLine, Field, fieldError } from "../ui/form";
import { Link } from "../ui/link";
import { signedIn } from "../ui/session";

type UErr = { code: string; field?: readonly string[] | null; message: string };

export function AuthPage(props: { mode: "signin" | "signup" }) {
  const signup = props.mode === "signup";
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errs, setErrs] = useState<UErr[]>([]);

  async function submit(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const v = (k: string) => String(f.get(k) ?? "");
    setBusy(true);
    setError(null);
    setErrs([]);
    try {
      if (signup) {
        const phone = v("phone").trim();
        const d = await mutate(SignUpMutation, {
          input: { name: v("name").trim(), email: v("email").trim(), password: v("password"), phone: phone || null },
        });
        const r = d.signUp;
        if (r.userErrors.length > 0 || !r.session) {
          setErrs(r.userErrors);
          setError(
            r.userErrors
              .filter((x) => !x.field)
              .map((x) => x.message)
              .join(" ") || "Please check the fields marked below.",
          );
        } else await signedIn(r.session.token);
      } else {
        const d = await mutate(SignInMutation, { input: { login: v("login").trim(), password: v("password") } });
        const r = d.signIn;
        if (r.userErrors.length > 0 || !r.session)
          setError(r.userErrors.map((x) => x.message).join(" ") || "Could not sign in.");
        else await signedIn(r.session.token);
      }
    } catch (err) {
      setError(err instanceof APIError ? err.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="auth">
      <section class="intro">
        <h1>Rout</h1>
        <p>
          A game of conquest played at your own pace: take your turn when you have a moment, against friends or the
          computer, on maps from 42 to thousands of territories.
        </p>
      </section>
      <form class="card" onSubmit={submit} aria-labelledby="auth-title" noValidate>
        <h2 id="auth-title">{signup ? "Create an account" : "Sign in"}</h2>
        <ErrorLine text={error} />
        {signup ? (
          <>
            <Field
              label="Display name"
              id="name"
              hint="What other players see: 1 to 40 characters."
              error={fieldError(errs, "name")}
            >
              <input id="name" name="name" required maxLength={40} autoComplete="username" />
            </Field>
            <Field label="Email" id="email" error={fieldError(errs, "email")}>
              <input id="email" name="email" type="email" required autoComplete="email" />
            </Field>
            <Field label="Password" id="password" hint="At least 10 characters." error={fieldError(errs, "password")}>
              <input
                id="password"
                name="password"
                type="password"
                required
                minLength={10}
                autoComplete="new-password"
              />
            </Field>
            <Field
              label="Phone for SMS (optional)"
              id="phone"
              hint="In international form, such as +14155550123."
              error={fieldError(errs, "phone")}
            >
              <input id="phone" name="phone" type="tel" autoComplete="tel" />
            </Field>
          </>
        ) : (
          <>
            <Field label="Email or name" id="login">
              <input id="login" name="login" required autoComplete="username" />
            </Field>
            <Field label="Password" id="password">
              <input id="password" name="password" type="password" required autoComplete="current-password" />
            </Field>
          </>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {signup ? "Create account" : "Sign in"}
        </button>
        <p>
          {signup ? (
            <>
              Have an account? <Link href="/signin">Sign in</Link>
            </>
          ) : (
            <>
              New to Rout? <Link href="/signup">Create an account</Link>
            </>
          )}
        </p>
      </form>
    </div>
  );
}
