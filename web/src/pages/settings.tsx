// The account: how to be told it is my turn, browser notifications, API tokens, signing out.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { ApiTokensQuery, CreateApiTokenMutation, RevokeApiTokenMutation, SignOutMutation, UpdateNotificationsMutation } from "../api/operations";
import type { NotificationChannel } from "../gql/graphql";
import { ErrorLine, Field } from "../ui/form";
import { navigate } from "../ui/router";
import { loadViewer, signedOut, type Viewer } from "../ui/session";

export function SettingsPage(props: { viewer: Viewer }) {
  const v = props.viewer;
  return (
    <div class="settings">
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{v.name}</strong> ({v.email}).{" "}
        <button
          type="button"
          onClick={async () => {
            try {
              await mutate(SignOutMutation, {});
            } catch {
              // Signed out here either way.
            }
            signedOut();
            navigate("/", true);
          }}
        >
          Sign out
        </button>
      </p>
      <NotificationSettings viewer={v} />
      <BrowserNotifications />
      <ApiTokens />
    </div>
  );
}

function NotificationSettings(props: { viewer: Viewer }) {
  const [channel, setChannel] = useState<string>(props.viewer.notify ?? "EMAIL");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  async function save(e: Event) {
    e.preventDefault();
    setError(null);
    setSaved(false);
    try {
      const d = await mutate(UpdateNotificationsMutation, { input: { channel: channel as NotificationChannel } });
      const err = userErrorText(d.updateNotificationPreferences.userErrors);
      if (err) setError(err);
      else {
        setSaved(true);
        await loadViewer();
      }
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Not saved.");
    }
  }
  const options: Array<[string, string]> = [
    ["EMAIL", `By email (${props.viewer.email})`],
    ["SMS", props.viewer.phone ? `By SMS (${props.viewer.phone})` : "By SMS (needs the phone number given at sign up)"],
    ["NONE", "Not at all"],
  ];
  return (
    <form class="card" onSubmit={save}>
      <fieldset>
        <legend>When it is my turn, tell me</legend>
        <ErrorLine text={error} />
        {options.map(([value, label]) => (
          <div class="field check" key={value}>
            <input type="radio" id={`notify-${value}`} name="notify" value={value} checked={channel === value} onChange={() => setChannel(value)} />
            <label for={`notify-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit">Save</button>
      <span role="status">{saved ? " Saved." : ""}</span>
    </form>
  );
}

function BrowserNotifications() {
  const supported = typeof Notification !== "undefined";
  const [perm, setPerm] = useState(supported ? Notification.permission : "denied");
  return (
    <section class="card">
      <h2>Browser notifications</h2>
      {!supported ? (
        <p>This browser has no notifications.</p>
      ) : perm === "granted" ? (
        <p>On: this browser tells you when it is your turn while Rout is open in a tab you are not looking at.</p>
      ) : perm === "denied" ? (
        <p>Blocked for this site: allow them in the browser's site settings.</p>
      ) : (
        <button type="button" onClick={() => void Notification.requestPermission().then(setPerm)}>
          Notify me in this browser
        </button>
      )}
    </section>
  );
}

type Token = { id: string; name: string; createdAt: string; lastUsedAt?: string | null; expiresAt?: string | null };

function ApiTokens() {
  const [tokens, setTokens] = useState<Token[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function load() {
    try {
      const d = await query(ApiTokensQuery, {});
      setTokens(d.apiTokens.edges.map((e) => e.node));
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Could not load the tokens.");
    }
  }
  useEffect(() => void load(), []);
  async function create(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const name = String(new FormData(form).get("tokenName") ?? "").trim();
    setError(null);
    try {
      const d = await mutate(CreateApiTokenMutation, { input: { name } });
      const err = userErrorText(d.createApiToken.userErrors);
      if (err) setError(err);
      else {
        setSecret(d.createApiToken.secret ?? null);
        form.reset();
        await load();
      }
    } catch (e) {
      setError(e instanceof APIError ? e.message : "No token was created.");
    }
  }
  async function revoke(id: string) {
    try {
      const d = await mutate(RevokeApiTokenMutation, { input: { id } });
      setError(userErrorText(d.revokeApiToken.userErrors));
      await load();
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Not revoked.");
    }
  }
  return (
    <section class="card">
      <h2>API tokens</h2>
      <p>
        For bots and tools: send a token as <code>Authorization: Bearer …</code> to <code>/graphql</code>. The{" "}
        <a href="/playground">GraphQL playground</a> lists every query and mutation.
      </p>
      <ErrorLine text={error} />
      {secret && (
        <p class="secret" role="status">
          The new token's secret, shown only now: <code>{secret}</code>
        </p>
      )}
      {tokens.length > 0 && (
        <table>
          <caption class="visually-hidden">Your API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{new Date(t.createdAt).toLocaleString()}</td>
                <td>{t.lastUsedAt ? new Date(t.lastUsedAt).toLocaleString() : "never"}</td>
                <td>
                  <button type="button" onClick={() => void revoke(t.id)} aria-label={`Revoke ${t.name}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={create} class="inline-form">
        <Field label="New token's name" id="tokenName">
          <input id="tokenName" name="tokenName" required maxLength={100} />
        </Field>
        <button type="submit">Create a token</button>
      </form>
    </section>
  );
}
