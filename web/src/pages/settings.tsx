// The account: how and when to be told about my games (kind by kind), whether others see me watching a
// game, web push on this device, browser notifications, API tokens, the users blocked (./blocked.tsx),
// signing out.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import {
  ApiTokensQuery,
  CreateApiTokenMutation,
  NotificationPrefsQuery,
  PresencePrefQuery,
  RevokeApiTokenMutation,
  SetHidePresenceMutation,
  SignOutMutation,
  UpdateNotificationsMutation,
} from "../api/operations";
import type { NotificationChannel } from "../gql/graphql";
import { ErrorLine, Field } from "../ui/form";
import {
  CHANNELS,
  formFromPrefs,
  inputFromForm,
  NOTICE_KINDS,
  prefsErrorText,
  type PrefsForm,
} from "../ui/notifyprefs";
import { navigate } from "../ui/router";
import { PushDevices } from "./pushdevices";
import { BlockedUsers } from "./blocked";
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
      <PresenceSetting />
      <PushDevices />
      <BrowserNotifications />
      <ApiTokens />
      <BlockedUsers />
    </div>
  );
}

function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const CHANNEL_WORDS: Record<NotificationChannel, string> = {
  EMAIL: "Email",
  SMS: "SMS",
  PUSH: "Push",
  NONE: "Not at all",
};

function NotificationSettings(props: { viewer: Viewer }) {
  const [form, setForm] = useState<PrefsForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The server's VAPID key: null on a server that does not send web push, which offers no Push channel.
  const [pushKey, setPushKey] = useState<string | null>(null);
  const fallback = (props.viewer.notify ?? "EMAIL") as NotificationChannel;
  useEffect(() => {
    query(NotificationPrefsQuery, {})
      .then((d) => {
        setPushKey(d.pushPublicKey ?? null);
        const p = d.viewer?.notificationPreferences;
        if (p) setForm(formFromPrefs(p, fallback, browserZone()));
        else setError("Could not load your notification settings.");
      })
      .catch((e) => setError(e instanceof APIError ? e.message : "Could not load your notification settings."));
  }, []);
  function change(patch: Partial<PrefsForm>) {
    setSaved(false);
    setForm((f) => (f ? { ...f, ...patch } : f));
  }
  async function save(e: Event) {
    e.preventDefault();
    if (!form) return;
    setError(null);
    setSaved(false);
    try {
      const d = await mutate(UpdateNotificationsMutation, { input: inputFromForm(form) });
      const err = prefsErrorText(d.updateNotificationPreferences.userErrors);
      if (err) setError(err);
      else {
        const p = d.updateNotificationPreferences.user?.notificationPreferences;
        if (p) setForm(formFromPrefs(p, fallback, undefined));
        setSaved(true);
        await loadViewer();
      }
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Not saved.");
    }
  }
  const phone = props.viewer.phone;
  return (
    <form class="card" onSubmit={save} aria-labelledby="notify-title">
      <h2 id="notify-title">Notifications</h2>
      <p class="hint">
        Email goes to {props.viewer.email}; SMS {phone ? `to ${phone}` : "needs the phone number given at sign up"};
        push{" "}
        {pushKey ? "goes to the devices you enable below" : "is not offered, as this server does not send web push"}.
      </p>
      <ErrorLine text={error} />
      {!form ? (
        !error && <p>Loading…</p>
      ) : (
        <>
          <fieldset>
            <legend>Tell me when</legend>
            {NOTICE_KINDS.map(([kind, label]) => (
              <Field key={kind} label={label} id={`notify-${kind}`}>
                <select
                  id={`notify-${kind}`}
                  value={form.channels[kind]}
                  onChange={(e) =>
                    change({ channels: { ...form.channels, [kind]: e.currentTarget.value as NotificationChannel } })
                  }
                >
                  {CHANNELS.map((c) => (
                    <option key={c} value={c} disabled={c === "PUSH" && !pushKey}>
                      {c === "PUSH" && !pushKey ? "Push (this server does not send it)" : CHANNEL_WORDS[c]}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          </fieldset>
          <fieldset>
            <legend>"It is my turn" messages</legend>
            <div class="field check">
              <input
                type="radio"
                id="digest-off"
                name="digest"
                checked={!form.digest}
                onChange={() => change({ digest: false })}
              />
              <label for="digest-off">Send each one immediately</label>
            </div>
            <div class="field check">
              <input
                type="radio"
                id="digest-on"
                name="digest"
                checked={form.digest}
                onChange={() => change({ digest: true })}
              />
              <label for="digest-on">Merge them into one message at most every few hours</label>
            </div>
            <Field label="Hours between digests (1 to 24)" id="digest-hours">
              <input
                id="digest-hours"
                type="number"
                min={1}
                max={24}
                step={1}
                required={form.digest}
                disabled={!form.digest}
                value={form.digestHours}
                onInput={(e) => change({ digestHours: Number(e.currentTarget.value) })}
              />
            </Field>
          </fieldset>
          <fieldset>
            <legend>Time zone and quiet hours</legend>
            <Field
              label="Time zone"
              id="time-zone"
              hint="An IANA name, such as Europe/Paris or UTC: quiet hours and the deadlines in messages use it."
            >
              <input
                id="time-zone"
                required
                aria-describedby="time-zone-hint"
                value={form.timeZone}
                onInput={(e) => change({ timeZone: e.currentTarget.value })}
              />
            </Field>
            <div class="field check">
              <input
                type="checkbox"
                id="quiet-on"
                checked={form.quiet}
                onChange={(e) => change({ quiet: e.currentTarget.checked })}
              />
              <label for="quiet-on">Quiet hours: hold all but "time running out" until they end</label>
            </div>
            <Field label="Quiet from" id="quiet-start">
              <input
                id="quiet-start"
                type="time"
                required={form.quiet}
                disabled={!form.quiet}
                value={form.quietStart}
                onInput={(e) => change({ quietStart: e.currentTarget.value })}
              />
            </Field>
            <Field label="Quiet until" id="quiet-end">
              <input
                id="quiet-end"
                type="time"
                required={form.quiet}
                disabled={!form.quiet}
                value={form.quietEnd}
                onInput={(e) => change({ quietEnd: e.currentTarget.value })}
              />
            </Field>
          </fieldset>
          <div class="field check">
            <input
              type="checkbox"
              id="notify-always"
              checked={form.always}
              onChange={(e) => change({ always: e.currentTarget.checked })}
            />
            <label for="notify-always">Always send email and SMS, even for what I already saw live</label>
          </div>
          <button type="submit">Save notifications</button>
          <span role="status">{saved ? " Saved." : ""}</span>
        </>
      )}
    </form>
  );
}

/** Whether the other players and the spectators see me here when I watch a game (User.hidePresence). */
function PresenceSetting() {
  const [hidden, setHidden] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    query(PresencePrefQuery, {})
      .then((d) => setHidden(d.viewer?.hidePresence ?? false))
      .catch((e) => setError(e instanceof APIError ? e.message : "Could not load your presence setting."));
  }, []);
  async function toggle(hide: boolean) {
    setError(null);
    setSaved(false);
    try {
      const d = await mutate(SetHidePresenceMutation, { hide });
      const err = userErrorText(d.updateNotificationPreferences.userErrors);
      if (err) setError(err);
      else {
        setHidden(d.updateNotificationPreferences.user?.hidePresence ?? hide);
        setSaved(true);
      }
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Not saved.");
    }
  }
  return (
    <section class="card" aria-labelledby="presence-title">
      <h2 id="presence-title">Presence</h2>
      <p class="hint">
        While you have a game open, its other players and its spectators see a dot beside your seat. Spectators are only
        ever counted, never named.
      </p>
      <ErrorLine text={error} />
      {hidden === null ? (
        !error && <p>Loading…</p>
      ) : (
        <div class="field check">
          <input
            type="checkbox"
            id="hide-presence"
            checked={hidden}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />
          <label for="hide-presence">Hide that I am watching a game</label>
          <span role="status">{saved ? " Saved." : ""}</span>
        </div>
      )}
    </section>
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
