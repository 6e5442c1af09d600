// A chat message's menu: a button beside the author ("Actions on bob's message") that opens the actions the
// viewer may take (../state/chatmenu.ts): report (a reason and a note, then a confirmation), block the
// author (their lines leave the panel at once), delete; for a moderator also a timeout (a length and a
// reason) and a shadow-mute. A disclosure, not an ARIA menu: the actions are ordinary buttons reached with
// Tab, Escape closes it and gives the focus back to its button.
import { useEffect, useRef, useState } from "preact/hooks";
import { APIError, mutate, userErrorText } from "../api/client";
import {
  BlockUserMutation,
  DeleteChatMessageMutation,
  ReportChatMessageMutation,
  ShadowMuteChatUserMutation,
  TimeOutChatUserMutation,
} from "../api/operations";
import type { ChatLine } from "../state/chat";
import {
  MAX_REASON_CHARS,
  REPORT_REASONS,
  TIMEOUT_CHOICES,
  actionLabel,
  messageActions,
  reportReason,
  type MessageAction,
} from "../state/chatmenu";
import { ErrorLine } from "../ui/form";

/** What the panel does after an action: the author blocked (hide their lines), a line written (a removal). */
export interface MenuEffects {
  onBlocked: (authorId: string) => void;
  onLine: (l: ChatLine) => void;
}

function errorWords(e: unknown, fallback: string): string {
  return e instanceof APIError ? e.message : fallback;
}

export function MessageMenu(props: {
  line: ChatLine;
  viewer: { id: string; moderator: boolean };
  effects: MenuEffects;
}) {
  const l = props.line;
  const actions = messageActions(l, props.viewer);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<"report" | "timeout" | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  if (actions.length === 0) return null;
  const mine = l.authorId === props.viewer.id;
  const name = l.authorName ?? "";
  const id = `chat-menu-${l.seq}`;

  const close = () => {
    setOpen(false);
    setForm(null);
    button.current?.focus();
  };
  const run = async (what: () => Promise<string | null>, fallback: string) => {
    setError(null);
    try {
      const err = await what();
      setError(err);
      return err === null;
    } catch (e) {
      setError(errorWords(e, fallback));
      return false;
    }
  };
  const act = async (a: MessageAction) => {
    setDone(null);
    switch (a) {
      case "report":
      case "timeout":
        setForm(a);
        return;
      case "block":
        if (
          await run(async () => {
            const d = await mutate(BlockUserMutation, { input: { user: l.authorId ?? "" } });
            return userErrorText(d.blockUser.userErrors);
          }, `${name} was not blocked.`)
        )
          props.effects.onBlocked(l.authorId ?? ""); // the row itself goes with their lines
        return;
      case "delete":
        await run(async () => {
          const d = await mutate(DeleteChatMessageMutation, { id: l.id });
          if (d.deleteChatMessage.message) props.effects.onLine(d.deleteChatMessage.message);
          return userErrorText(d.deleteChatMessage.userErrors);
        }, "The message was not removed.");
        return;
      case "shadowMute":
        if (
          await run(async () => {
            const d = await mutate(ShadowMuteChatUserMutation, { input: { user: l.authorId ?? "", muted: true } });
            return userErrorText(d.shadowMuteChatUser.userErrors);
          }, `${name} was not shadow-muted.`)
        ) {
          setOpen(false);
          setDone(`${name} is shadow-muted: their new lines are shown to them alone.`);
        }
        return;
    }
  };

  return (
    <span class="chat-actions">
      <button
        ref={button}
        type="button"
        class="chat-menu-button"
        aria-label={mine ? "Actions on your message" : `Actions on ${name}'s message`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen(!open);
          setForm(null);
          setError(null);
        }}
      >
        ⋯
      </button>
      {open && (
        <div
          class="chat-menu"
          id={id}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              close();
            }
          }}
        >
          {form === null && (
            <ul role="list">
              {actions.map((a) => (
                <li key={a}>
                  <button type="button" class="link" onClick={() => void act(a)}>
                    {mine && a === "delete" ? "Delete your message" : actionLabel(a, name)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {form === "report" && (
            <ReportForm
              line={l}
              onCancel={close}
              onSent={() => {
                setOpen(false);
                setForm(null);
                setDone("Reported. Thank you: a moderator will look at it.");
              }}
            />
          )}
          {form === "timeout" && (
            <TimeoutForm
              line={l}
              onCancel={close}
              onDone={(removal) => {
                setOpen(false);
                setForm(null);
                props.effects.onLine(removal);
              }}
            />
          )}
          <ErrorLine text={error} />
        </div>
      )}
      {done && (
        <span class="chat-done sub" role="status">
          {done}
        </span>
      )}
    </span>
  );
}

/** The report form: a reason to choose, an optional note. */
function ReportForm(props: { line: ChatLine; onCancel: () => void; onSent: () => void }) {
  const [choice, setChoice] = useState<string>(REPORT_REASONS[0]);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const id = `report-${props.line.seq}`;
  async function send(e: Event) {
    e.preventDefault();
    setBusy(true);
    try {
      const d = await mutate(ReportChatMessageMutation, {
        input: { id: props.line.id, reason: reportReason(choice, note) },
      });
      const err = userErrorText(d.reportChatMessage.userErrors);
      setError(err);
      if (!err) props.onSent();
    } catch (e) {
      setError(errorWords(e, "The report was not sent."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form class="chat-form" onSubmit={(e) => void send(e)} aria-label={`Report ${props.line.authorName}'s message`}>
      <label for={`${id}-reason`}>Why</label>
      <select
        id={`${id}-reason`}
        ref={first}
        value={choice}
        onChange={(e) => setChoice((e.currentTarget as HTMLSelectElement).value)}
      >
        {REPORT_REASONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <label for={`${id}-note`}>Note (optional)</label>
      <textarea
        id={`${id}-note`}
        rows={2}
        maxLength={MAX_REASON_CHARS - 40}
        value={note}
        onInput={(e) => setNote((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="chat-form-row">
        <button type="submit" class="primary" disabled={busy}>
          Send the report
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      <ErrorLine text={error} />
    </form>
  );
}

/** A moderator's timeout form: how long, and the reason told to the user (also on the moderators' page). */
export function TimeoutForm(props: { line: ChatLine; onCancel: () => void; onDone: (removal: ChatLine) => void }) {
  const [minutes, setMinutes] = useState(TIMEOUT_CHOICES[0].minutes);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const id = `timeout-${props.line.seq}`;
  async function send(e: Event) {
    e.preventDefault();
    setBusy(true);
    try {
      const d = await mutate(TimeOutChatUserMutation, { input: { messageId: props.line.id, minutes, reason } });
      const p = d.timeOutChatUser;
      const err = userErrorText(p.userErrors);
      setError(err);
      if (!err && p.message) props.onDone(p.message);
    } catch (e) {
      setError(errorWords(e, "The timeout was not given."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form class="chat-form" onSubmit={(e) => void send(e)} aria-label={`Time ${props.line.authorName} out`}>
      <label for={`${id}-length`}>For</label>
      <select
        id={`${id}-length`}
        ref={first}
        value={String(minutes)}
        onChange={(e) => setMinutes(Number((e.currentTarget as HTMLSelectElement).value))}
      >
        {TIMEOUT_CHOICES.map((c) => (
          <option key={c.minutes} value={String(c.minutes)}>
            {c.label}
          </option>
        ))}
      </select>
      <label for={`${id}-why`}>Reason (told to them)</label>
      <input
        id={`${id}-why`}
        required
        maxLength={MAX_REASON_CHARS}
        value={reason}
        onInput={(e) => setReason((e.currentTarget as HTMLInputElement).value)}
      />
      <div class="chat-form-row">
        <button type="submit" class="primary" disabled={busy || reason.trim() === ""}>
          Remove the message and time out
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      <ErrorLine text={error} />
    </form>
  );
}
