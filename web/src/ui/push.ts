// Web push on this device, the pure part: the server's VAPID key as the bytes PushManager.subscribe
// wants, a short label for the device, the mutation's input from PushSubscription.toJSON(), and the
// state of the settings page's "Notifications on this device" section as a reducer. The browser calls
// (service worker, PushManager, the API) are in pages/pushdevices.tsx; Vitest checks this file.
import type { RegisterPushSubscriptionInput } from "../gql/graphql";

/** The path of the service worker (built from src/sw.ts) and the scope it is registered with. */
export const WORKER_URL = "/sw.js";
export const WORKER_SCOPE = "/";

/**
 * The bytes of a URL-safe base64 string, padded or not (the server's `pushPublicKey`), for
 * `applicationServerKey`. Throws on a character outside the alphabet or an impossible length.
 */
export function bytesFromBase64url(s: string): Uint8Array<ArrayBuffer> {
  const t = s.trim().replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(t) || t.length % 4 === 1) throw new Error("not URL-safe base64");
  const bin = atob(t.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (t.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Whether a subscription's applicationServerKey (PushSubscription.options) is the server's key. */
export function sameKey(have: ArrayBuffer | null | undefined, want: Uint8Array): boolean {
  if (!have || have.byteLength !== want.length) return false;
  const a = new Uint8Array(have);
  return a.every((b, i) => b === want[i]);
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A short label for the device from its user agent, such as "Firefox on Android"; "A browser" when unknown. */
export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "A browser");
}

/** What PushSubscription.toJSON() gives (every field optional, as the DOM types say). */
export interface SubscriptionJSON {
  endpoint?: string;
  keys?: Record<string, string>;
}

/** The input of registerPushSubscription, or null when the browser's subscription lacks a field. */
export function registerInput(sub: SubscriptionJSON, device: string): RegisterPushSubscriptionInput | null {
  const p256dh = sub.keys?.p256dh;
  const auth = sub.keys?.auth;
  if (!sub.endpoint || !p256dh || !auth) return null;
  return { endpoint: sub.endpoint, p256dh, auth, device: device.slice(0, 100) };
}

/** What the browser offers: every piece web push needs. */
export function pushSupported(w: { isSecureContext?: boolean; navigator?: object }): boolean {
  return (
    w.isSecureContext === true &&
    w.navigator !== undefined &&
    "serviceWorker" in w.navigator &&
    "PushManager" in w &&
    "Notification" in w
  );
}

/** One of the viewer's devices, as the API lists them (User.pushSubscriptions). */
export interface Device {
  id: string;
  endpoint: string;
  device?: string | null;
  createdAt: string;
  lastSuccessAt?: string | null;
}

/** What the section knows once loaded. */
export interface PushFacts {
  /** The browser has a service worker, PushManager and notifications, in a secure context. */
  supported: boolean;
  /** The server's VAPID public key; null when the server does not send web push. */
  publicKey: string | null;
  permission: NotificationPermission;
  /** The endpoint of this browser's subscription, or null when it has none. */
  endpoint: string | null;
  devices: readonly Device[];
}

/**
 * Where the section is: `loading`; `unsupported` (this browser cannot), `unavailable` (the server does
 * not send web push), `blocked` (the user denied notifications to the site); `off` or `on` (this device
 * is subscribed and the server has it); `enabling` and `disabling` while the buttons work.
 */
export type PushStatus =
  "loading" | "unsupported" | "unavailable" | "blocked" | "off" | "on" | "enabling" | "disabling";

export interface PushSection {
  status: PushStatus;
  facts: PushFacts | null;
  /** The last failure in words, for the alert line. */
  error: string | null;
  /** The last success in words, for the status line. */
  done: string | null;
}

export type PushAction =
  | { type: "loaded"; facts: PushFacts }
  | { type: "loadFailed"; error: string }
  | { type: "enable" }
  | { type: "disable" }
  | { type: "remove" }
  /** A button's work ended: what is now true (every field given replaces the known one), and its words. */
  | { type: "settled"; facts: Partial<PushFacts>; error?: string | null; done?: string | null };

export const initialPush: PushSection = { status: "loading", facts: null, error: null, done: null };

/** The status the facts make. */
export function statusOf(f: PushFacts): PushStatus {
  if (!f.supported) return "unsupported";
  if (f.publicKey === null) return "unavailable";
  if (f.permission === "denied") return "blocked";
  return f.endpoint !== null && f.devices.some((d) => d.endpoint === f.endpoint) ? "on" : "off";
}

/** The section's reducer. A button pressed while another's work runs changes nothing. */
export function pushReducer(s: PushSection, a: PushAction): PushSection {
  const busy = s.status === "enabling" || s.status === "disabling";
  switch (a.type) {
    case "loaded":
      return { status: statusOf(a.facts), facts: a.facts, error: null, done: null };
    case "loadFailed":
      return { ...s, status: s.facts ? statusOf(s.facts) : "loading", error: a.error };
    case "enable":
      return busy || s.status !== "off" ? s : { ...s, status: "enabling", error: null, done: null };
    case "disable":
      return busy || s.status !== "on" ? s : { ...s, status: "disabling", error: null, done: null };
    case "remove":
      return busy || !s.facts ? s : { ...s, error: null, done: null };
    case "settled": {
      if (!s.facts) return s;
      const facts = { ...s.facts, ...a.facts };
      return { status: statusOf(facts), facts, error: a.error ?? null, done: a.done ?? null };
    }
  }
}

/** The sentence that says where the section is. */
export function statusText(s: PushSection): string {
  switch (s.status) {
    case "loading":
      return "Loading…";
    case "unsupported":
      return "This browser cannot receive web push notifications (it needs service workers and the Push API, on an https page).";
    case "unavailable":
      return "This server does not send web push notifications: choose email or SMS above.";
    case "blocked":
      return "Notifications are blocked for this site: allow them in the browser's site settings, then reload this page.";
    case "off":
      return "Off on this device: it gets no push notifications.";
    case "on":
      return "On: this device shows a notification for every notice whose channel is Push, even with Rout closed.";
    case "enabling":
      return "Turning on…";
    case "disabling":
      return "Turning off…";
  }
}

/** Words for what a browser call threw (a DOMException from subscribe, register or unsubscribe). */
export function browserErrorText(e: unknown): string {
  const name =
    e instanceof Error || (typeof e === "object" && e !== null && "name" in e)
      ? String((e as { name: unknown }).name)
      : "";
  switch (name) {
    case "NotAllowedError":
      return "The browser did not allow notifications for this site.";
    case "AbortError":
      return "The browser's push service could not be reached. Try again later.";
    case "InvalidStateError":
    case "InvalidAccessError":
      return "The browser refused the server's push key.";
    case "SecurityError":
      return "The browser refused the service worker (/sw.js).";
    default:
      return "The browser could not turn push notifications on or off.";
  }
}
