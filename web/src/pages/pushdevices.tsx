// The settings page's "Notifications on this device" section: web push on this browser (its service
// worker /sw.js and a PushManager subscription registered with the server), and the list of the viewer's
// devices. The state is ui/push.ts's reducer; this file makes the browser and API calls.
import { useEffect, useReducer } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { PushDevicesQuery, RegisterPushMutation, UnregisterPushMutation } from "../api/operations";
import { ErrorLine } from "../ui/form";
import {
  browserErrorText,
  bytesFromBase64url,
  deviceLabel,
  initialPush,
  pushReducer,
  pushSupported,
  registerInput,
  sameKey,
  statusText,
  WORKER_SCOPE,
  WORKER_URL,
  type Device,
  type PushFacts,
} from "../ui/push";

/** The server's side: its key and the viewer's devices. */
async function readServer(): Promise<Pick<PushFacts, "publicKey" | "devices">> {
  const d = await query(PushDevicesQuery, {});
  return { publicKey: d.pushPublicKey ?? null, devices: d.viewer?.pushSubscriptions ?? [] };
}

/** This browser's push subscription, if its worker has one; no worker is registered to find out. */
async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function words(e: unknown): string {
  return e instanceof APIError ? e.message : browserErrorText(e);
}

export function PushDevices() {
  const [s, dispatch] = useReducer(pushReducer, initialPush);
  const supported = pushSupported(window);

  useEffect(() => {
    (async () => {
      try {
        const server = await readServer();
        const sub = supported ? await browserSubscription().catch(() => null) : null;
        const permission = supported ? Notification.permission : "denied";
        dispatch({ type: "loaded", facts: { supported, permission, endpoint: sub?.endpoint ?? null, ...server } });
      } catch (e) {
        dispatch({ type: "loadFailed", error: e instanceof APIError ? e.message : "Could not load your devices." });
      }
    })();
  }, []);

  async function enable() {
    const key = s.facts?.publicKey;
    if (s.status !== "off" || !key) return;
    dispatch({ type: "enable" });
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        dispatch({
          type: "settled",
          facts: { permission },
          error: permission === "denied" ? null : "Notifications were not allowed: nothing changed.",
        });
        return;
      }
      await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
      const reg = await navigator.serviceWorker.ready;
      const serverKey = bytesFromBase64url(key);
      let sub = await reg.pushManager.getSubscription();
      // A subscription made for another key (the server's keys changed) cannot be reused.
      if (sub && !sameKey(sub.options.applicationServerKey, serverKey)) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
      const input = registerInput(sub.toJSON(), deviceLabel(navigator.userAgent));
      if (!input) {
        dispatch({
          type: "settled",
          facts: { permission },
          error: "The browser's subscription has no keys: this browser cannot be used.",
        });
        return;
      }
      const d = await mutate(RegisterPushMutation, { input });
      const error = userErrorText(d.registerPushSubscription.userErrors);
      const server = await readServer();
      dispatch({
        type: "settled",
        facts: { permission, endpoint: sub.endpoint, ...server },
        error,
        done: error ? null : "Turned on for this device.",
      });
    } catch (e) {
      dispatch({ type: "settled", facts: { permission: Notification.permission }, error: words(e) });
    }
  }

  /** Removes a device from the server's list; this device's own is also unsubscribed in the browser. */
  async function remove(endpoint: string, self: boolean) {
    dispatch({ type: self ? "disable" : "remove" });
    try {
      const d = await mutate(UnregisterPushMutation, { input: { endpoint } });
      const error = userErrorText(d.unregisterPushSubscription.userErrors);
      if (!error && self) await (await browserSubscription())?.unsubscribe();
      const server = await readServer();
      const gone = self && !error ? { endpoint: null } : {};
      dispatch({
        type: "settled",
        facts: { ...gone, ...server },
        error,
        done: error ? null : self ? "Turned off for this device." : "Device removed.",
      });
    } catch (e) {
      dispatch({ type: "settled", facts: {}, error: words(e) });
    }
  }

  const f = s.facts;
  const busy = s.status === "enabling" || s.status === "disabling";
  const devices = f?.devices ?? [];
  return (
    <section class="card" aria-labelledby="push-title">
      <h2 id="push-title">Notifications on this device</h2>
      <p role="status">
        {statusText(s)}
        {s.done ? ` ${s.done}` : ""}
      </p>
      <ErrorLine text={s.error} />
      {(s.status === "off" || s.status === "enabling") && (
        <button type="button" disabled={busy} onClick={() => void enable()}>
          Enable on this device
        </button>
      )}
      {(s.status === "on" || s.status === "disabling") && f?.endpoint && (
        <button type="button" disabled={busy} onClick={() => void remove(f.endpoint as string, true)}>
          Disable on this device
        </button>
      )}
      {f && devices.length === 0 && f.publicKey !== null && (
        <p class="hint">No device of yours receives push notifications.</p>
      )}
      {devices.length > 0 && (
        <table>
          <caption>Your devices that receive push notifications</caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Added</th>
              <th scope="col">Last notified</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => (
              <DeviceRow
                key={d.id}
                d={d}
                self={d.endpoint === f?.endpoint}
                busy={busy}
                onRemove={() => void remove(d.endpoint, d.endpoint === f?.endpoint)}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function DeviceRow(props: { d: Device; self: boolean; busy: boolean; onRemove: () => void }) {
  const name = props.d.device || "A browser";
  return (
    <tr>
      <th scope="row">
        {name}
        {props.self && <span class="hint"> (this device)</span>}
      </th>
      <td>{new Date(props.d.createdAt).toLocaleString()}</td>
      <td>{props.d.lastSuccessAt ? new Date(props.d.lastSuccessAt).toLocaleString() : "never"}</td>
      <td>
        <button
          type="button"
          disabled={props.busy}
          onClick={props.onRemove}
          aria-label={`Remove ${name}${props.self ? " (this device)" : ""}`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
