import { describe, expect, it } from "vitest";
import {
  browserErrorText,
  bytesFromBase64url,
  deviceLabel,
  initialPush,
  pushReducer,
  pushSupported,
  registerInput,
  sameKey,
  statusOf,
  statusText,
  type PushAction,
  type PushFacts,
  type PushSection,
} from "./push";

describe("bytesFromBase64url", () => {
  it("decodes a VAPID public key as the server sends it (unpadded URL-safe base64 of a P-256 point)", async () => {
    const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    const key = Buffer.from(raw).toString("base64url");
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const got = bytesFromBase64url(key);
    expect(got.length).toBe(65);
    expect(got[0]).toBe(4);
    expect(Array.from(got)).toEqual(Array.from(raw));
    // The bytes are what the browser gets back from PushSubscription.options.applicationServerKey.
    expect(sameKey(raw.buffer, got)).toBe(true);
  });
  it("takes every length, padded or not, and the two URL-safe characters", () => {
    for (let n = 0; n < 12; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 251) & 0xff);
      const unpadded = Buffer.from(bytes).toString("base64url");
      const padded = Buffer.from(bytes).toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
      expect(Array.from(bytesFromBase64url(unpadded))).toEqual(Array.from(bytes));
      expect(Array.from(bytesFromBase64url(padded))).toEqual(Array.from(bytes));
    }
    expect(Array.from(bytesFromBase64url("-_8"))).toEqual([0xfb, 0xff]);
  });
  it("refuses standard base64's characters and impossible lengths", () => {
    expect(() => bytesFromBase64url("ab+/")).toThrow();
    expect(() => bytesFromBase64url("abcde")).toThrow();
    expect(() => bytesFromBase64url("ab cd")).toThrow();
  });
});

describe("sameKey", () => {
  it("compares the subscription's key with the server's byte for byte", () => {
    const want = Uint8Array.of(4, 1, 2, 3);
    expect(sameKey(Uint8Array.of(4, 1, 2, 3).buffer, want)).toBe(true);
    expect(sameKey(Uint8Array.of(4, 1, 2, 9).buffer, want)).toBe(false);
    expect(sameKey(Uint8Array.of(4, 1, 2).buffer, want)).toBe(false);
    expect(sameKey(null, want)).toBe(false);
  });
});

describe("deviceLabel", () => {
  it("names the browser and the system of common user agents", () => {
    const cases: Array<[string, string]> = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Chrome on Windows",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge on Windows",
      ],
      ["Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "Firefox on Android"],
      [
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Chrome on Android",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Safari on macOS",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari on iPhone",
      ],
      ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
        "Chrome on Linux",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
        "Samsung Internet on Android",
      ],
      [
        "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Chrome on ChromeOS",
      ],
    ];
    for (const [ua, want] of cases) expect(deviceLabel(ua), ua).toBe(want);
  });
  it("says what it knows of an unknown agent, and is always short", () => {
    expect(deviceLabel("")).toBe("A browser");
    expect(deviceLabel("curl/8.0 (Linux)")).toBe("A browser on Linux");
    expect(deviceLabel("x".repeat(5000)).length).toBeLessThanOrEqual(100);
  });
});

describe("registerInput", () => {
  const json = {
    endpoint: "https://push.example.com/send/abc",
    expirationTime: null,
    keys: { p256dh: "BOr1", auth: "c2Vj" },
  };
  it("takes the fields of PushSubscription.toJSON()", () => {
    expect(registerInput(json, "Firefox on Linux")).toEqual({
      endpoint: json.endpoint,
      p256dh: "BOr1",
      auth: "c2Vj",
      device: "Firefox on Linux",
    });
  });
  it("is null when a field is missing, and cuts the label to the server's 100 characters", () => {
    expect(registerInput({ endpoint: json.endpoint, keys: { p256dh: "BOr1" } }, "x")).toBeNull();
    expect(registerInput({ keys: json.keys }, "x")).toBeNull();
    expect(registerInput(json, "y".repeat(150))?.device).toHaveLength(100);
  });
});

describe("pushSupported", () => {
  const full = {
    isSecureContext: true,
    navigator: { serviceWorker: {} },
    PushManager: class {},
    Notification: class {},
  };
  it("needs a secure context, service workers, PushManager and notifications", () => {
    expect(pushSupported(full)).toBe(true);
    expect(pushSupported({ ...full, isSecureContext: false })).toBe(false);
    expect(pushSupported({ ...full, navigator: {} })).toBe(false);
    const { PushManager: _p, ...noPush } = full;
    expect(pushSupported(noPush)).toBe(false);
    const { Notification: _n, ...noNotification } = full;
    expect(pushSupported(noNotification)).toBe(false);
  });
});

const device = (endpoint: string) => ({
  id: endpoint,
  endpoint,
  device: "Chrome on Linux",
  createdAt: "2026-12-01T10:00:00Z",
  lastSuccessAt: null,
});
const facts: PushFacts = {
  supported: true,
  publicKey: "BKey",
  permission: "default",
  endpoint: null,
  devices: [device("https://push/other")],
};

function run(s: PushSection, ...actions: PushAction[]): PushSection {
  return actions.reduce(pushReducer, s);
}

describe("statusOf", () => {
  it("checks the browser, then the server, then the permission, then this device's subscription", () => {
    expect(statusOf({ ...facts, supported: false, publicKey: null })).toBe("unsupported");
    expect(statusOf({ ...facts, publicKey: null, permission: "denied" })).toBe("unavailable");
    expect(statusOf({ ...facts, permission: "denied", endpoint: "https://push/other" })).toBe("blocked");
    expect(statusOf(facts)).toBe("off");
    expect(statusOf({ ...facts, permission: "granted", endpoint: "https://push/other" })).toBe("on");
  });
  it("is off for a browser subscription the server does not have (removed from another device, or gone)", () => {
    expect(statusOf({ ...facts, permission: "granted", endpoint: "https://push/mine" })).toBe("off");
  });
});

describe("pushReducer", () => {
  it("loads, enables and disables", () => {
    let s = run(initialPush, { type: "loaded", facts });
    expect(s.status).toBe("off");
    s = run(s, { type: "enable" });
    expect(s.status).toBe("enabling");
    // A second press while working changes nothing.
    expect(run(s, { type: "enable" })).toBe(s);
    expect(run(s, { type: "disable" })).toBe(s);
    s = run(s, {
      type: "settled",
      facts: {
        permission: "granted",
        endpoint: "https://push/mine",
        devices: [...facts.devices, device("https://push/mine")],
      },
      done: "Turned on for this device.",
    });
    expect(s).toMatchObject({ status: "on", error: null, done: "Turned on for this device." });
    expect(s.facts?.publicKey).toBe("BKey");
    s = run(s, { type: "disable" });
    expect(s).toMatchObject({ status: "disabling", done: null });
    s = run(s, {
      type: "settled",
      facts: { endpoint: null, devices: facts.devices },
      done: "Turned off for this device.",
    });
    expect(s.status).toBe("off");
  });
  it("keeps the state and shows the error when the server refused", () => {
    let s = run(initialPush, { type: "loaded", facts }, { type: "enable" });
    s = run(s, {
      type: "settled",
      facts: { permission: "granted", endpoint: "https://push/mine" },
      error: "The endpoint is not https.",
    });
    expect(s).toMatchObject({ status: "off", error: "The endpoint is not https.", done: null });
    // The next try clears it.
    expect(run(s, { type: "enable" }).error).toBeNull();
  });
  it("is blocked when the user denies the permission", () => {
    const s = run(
      initialPush,
      { type: "loaded", facts },
      { type: "enable" },
      { type: "settled", facts: { permission: "denied" } },
    );
    expect(s.status).toBe("blocked");
    expect(run(s, { type: "enable" })).toBe(s);
  });
  it("enables only from off and disables only from on", () => {
    const unavailable = run(initialPush, { type: "loaded", facts: { ...facts, publicKey: null } });
    expect(run(unavailable, { type: "enable" })).toBe(unavailable);
    const off = run(initialPush, { type: "loaded", facts });
    expect(run(off, { type: "disable" })).toBe(off);
  });
  it("stays loading with the error when the first read failed, and ignores settling before a load", () => {
    const s = run(initialPush, { type: "loadFailed", error: "The server cannot be reached." });
    expect(s).toMatchObject({ status: "loading", error: "The server cannot be reached." });
    expect(run(s, { type: "settled", facts: { endpoint: "x" } })).toBe(s);
  });
  it("removes another device without changing this one's state", () => {
    let s = run(initialPush, {
      type: "loaded",
      facts: {
        ...facts,
        permission: "granted",
        endpoint: "https://push/mine",
        devices: [...facts.devices, device("https://push/mine")],
      },
    });
    s = run(
      s,
      { type: "remove" },
      { type: "settled", facts: { devices: [device("https://push/mine")] }, done: "Device removed." },
    );
    expect(s).toMatchObject({ status: "on", done: "Device removed." });
    expect(s.facts?.devices).toHaveLength(1);
  });
});

describe("statusText", () => {
  it("says the server does not send web push when it has no key", () => {
    const s = run(initialPush, { type: "loaded", facts: { ...facts, publicKey: null } });
    expect(statusText(s)).toMatch(/server does not send web push/);
  });
  it("has words for every status", () => {
    for (const status of [
      "loading",
      "unsupported",
      "unavailable",
      "blocked",
      "off",
      "on",
      "enabling",
      "disabling",
    ] as const) {
      expect(statusText({ ...initialPush, status })).not.toBe("");
    }
  });
});

describe("browserErrorText", () => {
  it("tells a refused permission, an unreachable push service and a refused key apart", () => {
    expect(browserErrorText(new DOMException("denied", "NotAllowedError"))).toMatch(/did not allow/);
    expect(browserErrorText(new DOMException("no service", "AbortError"))).toMatch(/could not be reached/);
    expect(browserErrorText(new DOMException("key", "InvalidAccessError"))).toMatch(/push key/);
    expect(browserErrorText("what")).toMatch(/could not turn/);
  });
});
