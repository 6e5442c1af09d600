import { describe, expect, it } from "vitest";
import { formFromPrefs, inputFromForm, NOTICE_KINDS, prefsErrorText, type Prefs } from "./notifyprefs";

const prefs: Prefs = {
  channels: [
    { kind: "YOUR_TURN", channel: "SMS" },
    { kind: "GAME_OVER", channel: "NONE" },
  ],
  digestHours: 0,
  timeZone: "UTC",
  quietHours: null,
  always: false,
};

describe("formFromPrefs", () => {
  it("fills kinds the server left out with the default channel", () => {
    const f = formFromPrefs(prefs, "EMAIL", undefined);
    expect(f.channels.YOUR_TURN).toBe("SMS");
    expect(f.channels.GAME_OVER).toBe("NONE");
    expect(f.channels.INVITED).toBe("EMAIL");
    expect(f.channels.CHAT).toBe("EMAIL");
    expect(f.digest).toBe(false);
    expect(f.quiet).toBe(false);
  });
  it("leaves chat off by default for an account whose channel is SMS, as the server does", () => {
    const f = formFromPrefs(prefs, "SMS", undefined);
    expect(f.channels.CHAT).toBe("NONE");
    expect(f.channels.CHAT_TIMEOUT).toBe("SMS");
    expect(f.channels.INVITED).toBe("SMS");
  });
  it("takes the browser's zone only in place of the server's default UTC", () => {
    expect(formFromPrefs(prefs, "EMAIL", "Europe/Paris").timeZone).toBe("Europe/Paris");
    expect(formFromPrefs({ ...prefs, timeZone: "Asia/Tokyo" }, "EMAIL", "Europe/Paris").timeZone).toBe("Asia/Tokyo");
    expect(formFromPrefs(prefs, "EMAIL", undefined).timeZone).toBe("UTC");
  });
  it("reads a digest window and quiet hours", () => {
    const f = formFromPrefs(
      { ...prefs, digestHours: 3, quietHours: { start: "23:00", end: "06:30" } },
      "EMAIL",
      undefined,
    );
    expect(f).toMatchObject({ digest: true, digestHours: 3, quiet: true, quietStart: "23:00", quietEnd: "06:30" });
  });
});

describe("inputFromForm", () => {
  it("sends every kind, no digest and clears quiet hours", () => {
    const input = inputFromForm(formFromPrefs(prefs, "EMAIL", undefined));
    expect(input.channels).toHaveLength(NOTICE_KINDS.length);
    expect(input.channels).toContainEqual({ kind: "YOUR_TURN", channel: "SMS" });
    expect(input.channels).toContainEqual({ kind: "TURN_WARNING", channel: "EMAIL" });
    expect(input).toMatchObject({ digestHours: 0, timeZone: "UTC", always: false, clearQuietHours: true });
    expect(input.quietHours).toBeUndefined();
  });
  it("sends the digest window, quiet hours and always", () => {
    const f = {
      ...formFromPrefs(prefs, "EMAIL", undefined),
      digest: true,
      digestHours: 4,
      quiet: true,
      quietStart: "22:30",
      quietEnd: "07:00",
      always: true,
      timeZone: " Europe/Paris ",
    };
    const input = inputFromForm(f);
    expect(input).toMatchObject({
      digestHours: 4,
      timeZone: "Europe/Paris",
      always: true,
      quietHours: { start: "22:30", end: "07:00" },
    });
    expect(input.clearQuietHours).toBeUndefined();
  });
  it("sends an unreadable digest window as one the server refuses", () => {
    const f = { ...formFromPrefs(prefs, "EMAIL", undefined), digest: true, digestHours: Number.NaN };
    expect(inputFromForm(f).digestHours).toBe(-1);
  });
  it("round-trips the server's preferences", () => {
    const p: Prefs = {
      ...prefs,
      digestHours: 2,
      timeZone: "America/New_York",
      quietHours: { start: "21:00", end: "08:00" },
      always: true,
    };
    const input = inputFromForm(formFromPrefs(p, "PUSH", "Europe/Paris"));
    expect(input).toMatchObject({
      digestHours: 2,
      timeZone: "America/New_York",
      always: true,
      quietHours: p.quietHours,
    });
  });
});

describe("prefsErrorText", () => {
  it("says known codes in words and falls back to the message", () => {
    expect(prefsErrorText([])).toBeNull();
    expect(prefsErrorText([{ code: "PHONE_REQUIRED", message: "x" }])).toMatch(/phone number/);
    expect(prefsErrorText([{ code: "SOMETHING_NEW", message: "Something new." }])).toBe("Something new.");
  });
});
