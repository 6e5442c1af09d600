// The moderators' page (/moderation, for User.moderator only): the open reports, oldest first, a page at
// a time, each with the message in its room's context and a link to its game, closed as resolved or
// dismissed with an outcome; the author timed out (the message removed) or their timeout lifted; and the
// moderation log, newest first, a page at a time, a timeout's or a shadow-mute's entry with its "Lift".
// Every text is shown as text.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { Reads } from "../api/reads";
import {
  ChatReportsQuery,
  CloseChatReportMutation,
  LiftChatTimeoutMutation,
  ModerationLogQuery,
  ShadowMuteChatUserMutation,
} from "../api/operations";
import type { ChatReportsQuery as Reports, ModerationLogQuery as Log } from "../gql/graphql";
import { TimeoutForm } from "../game/chatmenu";
import { roomTitle } from "../state/chat";
import { ErrorLine } from "../ui/form";
import { Link } from "../ui/link";

type Report = Reports["chatReports"][number];
type Entry = Log["moderationLog"][number];

/** How many reports a page of the queue shows. */
const REPORT_PAGE = 10;
/** How many entries of the log a page shows. */
const LOG_PAGE = 10;
/** The most a read of either list answers (the API's bound). */
const MOST = 100;

/** How many to read again so that a reloaded list keeps what it showed: a page at least, at most MOST. */
function shown(n: number, page: number): number {
  return Math.min(MOST, Math.max(page, n));
}

/**
 * What a read of a list shows: its first n items of those answered to a read of one more (asked, up to
 * MOST), and whether there are more than n, so that a list of exactly n offers no more.
 */
function upTo<T>(items: readonly T[], n: number): { items: T[]; more: boolean } {
  return { items: items.slice(0, n), more: items.length > n || (n === MOST && items.length === MOST) };
}

/** How many a read of a list to show n of asks for: one more, to tell whether there are more. */
function asked(n: number): number {
  return Math.min(MOST, n + 1);
}

/** A sanction a moderator lifts from the log. */
type Lift = "timeout" | "shadow mute";

function errorWords(e: unknown, fallback: string): string {
  return e instanceof APIError ? e.message : fallback;
}

function when(t: string): string {
  return new Date(t).toLocaleString();
}

export function ModerationPage() {
  const [reports, setReports] = useState<Report[] | null>(null);
  const [moreReports, setMoreReports] = useState(false);
  const [log, setLog] = useState<Entry[]>([]);
  const [more, setMore] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  // The reads of both lists: an earlier read answering after a later one is dropped, so that an action's
  // read (a report closed) is never undone by the read of the action before it.
  const [reads] = useState(() => new Reads());

  async function load() {
    const read = reads.start();
    const rs = shown(reports?.length ?? 0, REPORT_PAGE);
    const ls = shown(log.length, LOG_PAGE);
    try {
      const [r, l] = await Promise.all([
        query(ChatReportsQuery, { first: asked(rs) }),
        query(ModerationLogQuery, { first: asked(ls) }),
      ]);
      if (!reads.take(read)) return;
      const rr = upTo(r.chatReports, rs);
      const ll = upTo(l.moderationLog, ls);
      setReports(rr.items);
      setMoreReports(rr.more);
      setLog(ll.items);
      setMore(ll.more);
    } catch (e) {
      setError(errorWords(e, "The reports cannot be read."));
    }
  }
  useEffect(() => void load(), []);
  // A page read on request moves the focus to its first item, so that the keyboard and a screen reader go
  // on from there.
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus]);

  async function laterReports() {
    const have = reports ?? [];
    try {
      const r = await query(ChatReportsQuery, { first: asked(REPORT_PAGE), after: have.at(-1)?.id });
      const page = upTo(r.chatReports, REPORT_PAGE);
      setReports([...have, ...page.items]);
      setMoreReports(page.more);
      if (page.items[0]) setFocus(`report-${page.items[0].id}-title`);
    } catch (e) {
      setError(errorWords(e, "The reports cannot be read."));
    }
  }
  async function older() {
    try {
      const l = await query(ModerationLogQuery, { first: asked(LOG_PAGE), before: log.at(-1)?.id });
      const page = upTo(l.moderationLog, LOG_PAGE);
      setLog([...log, ...page.items]);
      setMore(page.more);
      if (page.items[0]) setFocus(`entry-${page.items[0].id}`);
    } catch (e) {
      setError(errorWords(e, "The log cannot be read."));
    }
  }
  async function lift(what: Lift, user: string, name: string, reason: string) {
    setDone(null);
    try {
      const errs =
        what === "timeout"
          ? (await mutate(LiftChatTimeoutMutation, { input: { user, reason } })).liftChatTimeout.userErrors
          : (await mutate(ShadowMuteChatUserMutation, { input: { user, muted: false, reason } })).shadowMuteChatUser
              .userErrors;
      const err = userErrorText(errs);
      setError(err);
      if (!err) setDone(`${name}'s ${what} is lifted.`);
      await load();
    } catch (e) {
      setError(errorWords(e, `The ${what} was not lifted.`));
    }
  }
  const acted = async (words: string) => {
    setDone(words);
    await load();
  };

  return (
    <div class="moderation">
      <h1>Moderation</h1>
      <ErrorLine text={error} />
      {done && (
        <p role="status" class="sub">
          {done}
        </p>
      )}
      <section aria-labelledby="reports-title">
        <h2 id="reports-title">
          Reports{" "}
          {reports && (
            <span class="sub">({moreReports ? `the first ${reports.length} shown` : `${reports.length} open`})</span>
          )}
        </h2>
        {reports?.length === 0 && <p>No report is open.</p>}
        {reports?.map((r) => (
          <ReportCard key={r.id} report={r} onActed={(w) => void acted(w)} onLift={lift} />
        ))}
        {moreReports && (
          <button type="button" onClick={() => void laterReports()}>
            More reports
          </button>
        )}
      </section>
      <section aria-labelledby="log-title">
        <h2 id="log-title">Moderation log</h2>
        {log.length === 0 && <p>Nothing yet.</p>}
        {log.length > 0 && (
          <div class="moderation-log-scroll" role="region" aria-label="The moderation log" tabIndex={0}>
            <table class="moderation-log" role="table">
              <caption class="visually-hidden">The moderation log, newest first</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    When
                  </th>
                  <th scope="col" role="columnheader">
                    Moderator
                  </th>
                  <th scope="col" role="columnheader">
                    Action
                  </th>
                  <th scope="col" role="columnheader">
                    User
                  </th>
                  <th scope="col" role="columnheader">
                    Reason
                  </th>
                  <th scope="col" role="columnheader">
                    <span class="visually-hidden">Links and actions</span>
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {log.map((e) => (
                  <tr role="row" key={e.id} id={`entry-${e.id}`} tabIndex={-1}>
                    <td role="cell" data-label="When">
                      {when(e.createdAt)}
                    </td>
                    <td role="cell" data-label="Moderator">
                      {e.moderatorName ?? "(deleted)"}
                    </td>
                    <td role="cell" data-label="Action">
                      {actionWords(e.action)}
                      {e.reportId != null && ` (report ${e.reportId})`}
                    </td>
                    <td role="cell" data-label="User">
                      {e.targetName ?? ""}
                    </td>
                    <td role="cell" data-label="Reason" class="moderation-reason">
                      {e.reason}
                    </td>
                    <td role="cell" class="moderation-links">
                      {e.gameId && <Link href={`/games/${encodeURIComponent(e.gameId)}`}>Game</Link>}{" "}
                      <LiftButton entry={e} onLift={lift} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more && (
          <button type="button" onClick={() => void older()}>
            Older entries
          </button>
        )}
      </section>
    </div>
  );
}

/** What lifts a sanction: its user, their name and a sanction. */
type OnLift = (what: Lift, user: string, name: string, reason: string) => Promise<void>;

/** The "Lift" of a timeout's or a shadow-mute's entry in the log; nothing for other entries. */
function LiftButton(props: { entry: Entry; onLift: OnLift }) {
  const e = props.entry;
  const what: Lift | null = e.action === "timeout" ? "timeout" : e.action === "shadow_mute" ? "shadow mute" : null;
  if (!what || !e.targetId) return null;
  const name = e.targetName ?? "the user";
  return <LiftControl what={what} user={e.targetId} name={name} label="Lift" onLift={props.onLift} />;
}

/**
 * A button that opens a small form to lift a user's sanction: the reason, recorded in the log beside the
 * lift, and the lift confirmed or cancelled.
 */
function LiftControl(props: { what: Lift; user: string; name: string; label: string; onLift: OnLift }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { what, name } = props;
  const id = `lift-${what.replace(" ", "-")}-${props.user}`;
  if (!open)
    return (
      <button type="button" aria-label={`Lift ${name}'s ${what}`} onClick={() => setOpen(true)}>
        {props.label}
      </button>
    );
  return (
    <form
      class="lift-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        setOpen(false);
        void props.onLift(what, props.user, name, reason.trim());
      }}
    >
      <label for={id}>
        Why lift {name}'s {what}? (recorded in the log)
      </label>
      <input
        id={id}
        maxLength={500}
        value={reason}
        onInput={(ev) => setReason((ev.currentTarget as HTMLInputElement).value)}
      />
      <div class="chat-form-row">
        <button type="submit" class="primary">
          Lift {name}'s {what}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A log entry's action in words. */
export function actionWords(action: string): string {
  switch (action) {
    case "remove_message":
      return "Removed a message";
    case "timeout":
      return "Timed out";
    case "shadow_mute":
      return "Shadow-muted";
    case "lift_timeout":
      return "Lifted a timeout";
    case "lift_shadow_mute":
      return "Lifted a shadow-mute";
    case "resolve_report":
      return "Resolved a report";
    case "dismiss_report":
      return "Dismissed a report";
    default:
      return action;
  }
}

/** A report: who and why, the message among its neighbours, and what the moderator does with it. */
function ReportCard(props: { report: Report; onActed: (words: string) => void; onLift: OnLift }) {
  const r = props.report;
  const m = r.message;
  const author = m.authorName ?? "(deleted)";
  const [outcome, setOutcome] = useState("");
  const [timing, setTiming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `report-${r.id}`;
  async function close(resolved: boolean) {
    try {
      const d = await mutate(CloseChatReportMutation, { input: { id: r.id, resolved, reason: outcome } });
      const err = userErrorText(d.closeChatReport.userErrors);
      setError(err);
      if (!err) props.onActed(`Report ${r.id} ${resolved ? "resolved" : "dismissed"}.`);
    } catch (e) {
      setError(errorWords(e, "The report was not closed."));
    }
  }
  return (
    <article class="card report" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} tabIndex={-1}>
        Report {r.id}: {author}'s message
      </h3>
      <p class="sub">
        By {r.reporterName ?? "(deleted)"}, {when(r.createdAt)}. Reason: <span class="report-reason">{r.reason}</span>
      </p>
      <p>
        In the room “{roomTitle(m.room, [])}” of <Link href={`/games/${encodeURIComponent(r.gameId)}`}>the game</Link>
        {m.removed && " (the message is removed)"}:
      </p>
      <ol class="report-context" aria-label={`The room around report ${r.id}'s message`}>
        {r.context.map((l) => {
          const reported = l.id === m.id;
          return (
            <li key={l.id} class={reported ? "reported" : undefined}>
              <strong>{l.authorName ?? ""}</strong>{" "}
              <time dateTime={l.createdAt}>{new Date(l.createdAt).toLocaleTimeString()}</time>{" "}
              <span class="chat-text">{l.body ?? "(removed)"}</span>
              {reported && <span class="sub"> (reported)</span>}
            </li>
          );
        })}
      </ol>
      <div class="field">
        <label for={`${id}-outcome`}>Outcome (recorded in the log)</label>
        <input
          id={`${id}-outcome`}
          maxLength={500}
          value={outcome}
          onInput={(e) => setOutcome((e.currentTarget as HTMLInputElement).value)}
        />
      </div>
      <div class="chat-form-row">
        <button type="button" class="primary" onClick={() => void close(true)}>
          Resolve
        </button>
        <button type="button" onClick={() => void close(false)}>
          Dismiss
        </button>
        {!m.removed && m.authorId && (
          <button type="button" aria-expanded={timing} onClick={() => setTiming(!timing)}>
            Time {author} out…
          </button>
        )}
        {m.authorId && (
          <LiftControl
            what="timeout"
            user={m.authorId}
            name={author}
            label={`Lift ${author}'s timeout`}
            onLift={props.onLift}
          />
        )}
      </div>
      {timing && (
        <TimeoutForm
          line={m}
          onCancel={() => setTiming(false)}
          onDone={() => {
            setTiming(false);
            props.onActed(`${author} is timed out and the message removed.`);
          }}
        />
      )}
      <ErrorLine text={error} />
    </article>
  );
}
