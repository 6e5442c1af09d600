// The notification preferences form of the settings page: its state, read from the API and turned back
// into the input of updateNotificationPreferences. Pure, so Vitest checks it.
import type { NotificationChannel, NotificationKind, UpdateNotificationPreferencesInput } from "../gql/graphql";

/** The kinds of notice, in the order the page lists them, with their labels. */
export const NOTICE_KINDS: ReadonlyArray<readonly [NotificationKind, string]> = [
  ["YOUR_TURN", "It is my turn"],
  ["TURN_WARNING", "My time is running out"],
  ["CPU_PLAYED", "A CPU played a turn for me"],
  ["INVITED", "Someone invited me to a game"],
  ["DECLINED", "Someone I invited declined"],
  ["ELIMINATED", "I was eliminated"],
  ["GAME_OVER", "A game of mine ended"],
  ["CHAT", "New chat messages in my games (a digest)"],
  ["CHAT_TIMEOUT", "A moderator timed me out of chat"],
  ["TOURNAMENT_ROUND", "A round of my tournament started"],
  ["TOURNAMENT_STANDING", "A round of my tournament ended (standings)"],
];

/** A kind's channel when the user chose none for it: the account's, but chat is not sent by SMS unasked. */
export function defaultChannel(kind: NotificationKind, account: NotificationChannel): NotificationChannel {
  return kind === "CHAT" && account === "SMS" ? "NONE" : account;
}

export const CHANNELS: ReadonlyArray<NotificationChannel> = ["EMAIL", "SMS", "PUSH", "NONE"];

/** What the server sends: User.notificationPreferences. */
export interface Prefs {
  channels: ReadonlyArray<{ kind: NotificationKind; channel: NotificationChannel }>;
  digestHours: number;
  timeZone: string;
  quietHours?: { start: string; end: string } | null;
  always: boolean;
}

export interface PrefsForm {
  channels: Record<NotificationKind, NotificationChannel>;
  /** False sends each "your turn" at once; true merges them every `digestHours` hours. */
  digest: boolean;
  digestHours: number;
  timeZone: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  always: boolean;
}

/**
 * The form's first state. The server's default zone is UTC; a user who kept it gets the browser's zone
 * (`browserZone`, from Intl), which saving then stores.
 */
export function formFromPrefs(p: Prefs, fallback: NotificationChannel, browserZone: string | undefined): PrefsForm {
  const channels = {} as Record<NotificationKind, NotificationChannel>;
  for (const [k] of NOTICE_KINDS) channels[k] = defaultChannel(k, fallback);
  for (const c of p.channels) channels[c.kind] = c.channel;
  return {
    channels,
    digest: p.digestHours > 0,
    digestHours: p.digestHours > 0 ? p.digestHours : 1,
    timeZone: p.timeZone === "UTC" && browserZone ? browserZone : p.timeZone,
    quiet: !!p.quietHours,
    quietStart: p.quietHours?.start ?? "22:00",
    quietEnd: p.quietHours?.end ?? "07:00",
    always: p.always,
  };
}

/** The mutation's input: every field is sent, so the server holds exactly what the form shows. */
export function inputFromForm(f: PrefsForm): UpdateNotificationPreferencesInput {
  const input: UpdateNotificationPreferencesInput = {
    channels: NOTICE_KINDS.map(([kind]) => ({ kind, channel: f.channels[kind] })),
    // An empty or unreadable window is sent as -1, for the server's INVALID_DIGEST_HOURS in words.
    digestHours: !f.digest ? 0 : Number.isFinite(f.digestHours) ? Math.trunc(f.digestHours) : -1,
    timeZone: f.timeZone.trim(),
    always: f.always,
  };
  if (f.quiet) input.quietHours = { start: f.quietStart, end: f.quietEnd };
  else input.clearQuietHours = true;
  return input;
}

const ERROR_WORDS: Record<string, string> = {
  PHONE_REQUIRED: "SMS needs a phone number on the account; choose another channel.",
  INVALID_DIGEST_HOURS: "The digest window must be a whole number of hours from 1 to 24.",
  INVALID_TIME_ZONE: "That time zone is unknown: use a name such as Europe/Paris or UTC.",
  INVALID_QUIET_HOURS: "Quiet hours need a start and an end time, as HH:MM.",
};

/** The server's userErrors in words: the known codes get a sentence, others their message. */
export function prefsErrorText(errs: ReadonlyArray<{ code: string; message: string }>): string | null {
  if (errs.length === 0) return null;
  return errs.map((e) => ERROR_WORDS[e.code] ?? (e.message || e.code)).join(" ");
}
