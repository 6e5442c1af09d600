// What a chat message's menu offers (game/chatmenu.tsx shows it): "Report" and "Block <name>" on another's
// message; "Delete" on one's own; for a moderator also "Delete", "Time out…" and "Shadow-mute" on
// another's. And the choices of the report and timeout forms, in words and as the API takes them. Pure.
import type { ChatLine } from "./chat";

/** An action of a message's menu. */
export type MessageAction = "report" | "block" | "delete" | "timeout" | "shadowMute";

/** The actions the viewer may take on line `l`, in the menu's order; none on a removed line. */
export function messageActions(l: ChatLine, viewer: { id: string; moderator: boolean }): MessageAction[] {
  if (l.removed || l.kind !== "message" || !l.authorId) return [];
  if (l.authorId === viewer.id) return ["delete"];
  const out: MessageAction[] = ["report", "block"];
  if (viewer.moderator) out.push("delete", "timeout", "shadowMute");
  return out;
}

/** An action's words in the menu: `name` is the author's. */
export function actionLabel(a: MessageAction, name: string): string {
  switch (a) {
    case "report":
      return "Report…";
    case "block":
      return `Block ${name}`;
    case "delete":
      return "Delete";
    case "timeout":
      return "Time out…";
    case "shadowMute":
      return "Shadow-mute";
  }
}

/** The reasons a reporter chooses from (the API takes any text: the choice, then the note). */
export const REPORT_REASONS = ["Abuse or harassment", "Spam", "Cheating or collusion", "Something else"] as const;

/** The longest report reason or moderator's reason the API takes, in characters. */
export const MAX_REASON_CHARS = 500;

/** The reason a report sends: the choice, and the reporter's note after it when there is one. */
export function reportReason(choice: string, note: string): string {
  const n = note.trim();
  return n ? `${choice}: ${n}` : choice;
}

/** The lengths of a timeout a moderator chooses from, in minutes: 15 minutes to 30 days, as the API allows. */
export const TIMEOUT_CHOICES: ReadonlyArray<{ minutes: number; label: string }> = [
  { minutes: 15, label: "15 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "1 day" },
  { minutes: 7 * 24 * 60, label: "7 days" },
  { minutes: 30 * 24 * 60, label: "30 days" },
];

/** The words of the viewer's chat timeout: until when (in the viewer's time) and the moderator's reason. */
export function timeoutWords(t: { until: string; reason: string }, locale?: string): string {
  const until = new Date(t.until).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  return `A moderator timed you out of chat until ${until}${t.reason ? `: ${t.reason}` : "."}`;
}
