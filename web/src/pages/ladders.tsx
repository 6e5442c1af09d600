// The ladders page (/ladders): each ladder with its form (seats, maps, turn limit) and how many players
// wait; joining with the most games at once, changing it, leaving; and the viewer's games of each ladder
// being played, with links. A ladder pairs players of close ratings into rated games (docs/tournaments.md).
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { JoinLadderMutation, LaddersQuery, LeaveLadderMutation, UpdateLadderEntryMutation } from "../api/operations";
import type { LaddersQuery as Ladders } from "../gql/graphql";
import { ErrorLine, Field } from "../ui/form";
import { entryLine, ladderForm, MAX_LADDER_GAMES } from "../state/ladders";
import { Link } from "../ui/link";
import { onNotice } from "../ui/notices";
import type { Viewer } from "../ui/session";

type Ladder = Ladders["ladders"][number];

export function LaddersPage(props: { viewer: Viewer }) {
  const [ladders, setLadders] = useState<Ladder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function load() {
    try {
      const d = await query(LaddersQuery, {});
      setLadders(d.ladders);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Could not read the ladders.");
    }
  }
  useEffect(() => {
    void load();
    const t = setInterval(() => void load(), 30_000);
    const off = onNotice(() => void load());
    return () => {
      clearInterval(t);
      off();
    };
  }, []);

  async function change(
    words: string,
    run: () => Promise<{ userErrors: ReadonlyArray<{ code: string; message: string }> }>,
  ) {
    setDone(null);
    try {
      const err = userErrorText((await run()).userErrors);
      setError(err);
      if (!err) setDone(words);
      await load();
    } catch (e) {
      setError(e instanceof APIError ? e.message : "The ladder did not change.");
    }
  }

  return (
    <div class="ladders">
      <h1>Ladders</h1>
      <p>
        Join a ladder and you are paired with players of a close rating as soon as they wait too; the longer you wait,
        the wider the gap you accept. Ladder games are rated. A player whose time runs out on three turns in a row
        resigns, and loses.
      </p>
      <ErrorLine text={error} />
      {done && (
        <p class="sub" role="status">
          {done}
        </p>
      )}
      {ladders?.length === 0 && <p>There is no ladder yet.</p>}
      {ladders?.map((l) => (
        <LadderCard
          key={l.id}
          ladder={l}
          viewer={props.viewer}
          onJoin={(n) =>
            change(
              `You joined ${l.name}.`,
              async () => (await mutate(JoinLadderMutation, { input: { ladderId: l.id, maxGames: n } })).joinLadder,
            )
          }
          onUpdate={(n) =>
            change(
              `You play at most ${n} game${n === 1 ? "" : "s"} of ${l.name} at once.`,
              async () =>
                (await mutate(UpdateLadderEntryMutation, { input: { ladderId: l.id, maxGames: n } })).updateLadderEntry,
            )
          }
          onLeave={() =>
            change(
              `You left ${l.name}; your games of it go on.`,
              async () => (await mutate(LeaveLadderMutation, { input: { ladderId: l.id } })).leaveLadder,
            )
          }
        />
      ))}
    </div>
  );
}

function LadderCard(props: {
  ladder: Ladder;
  viewer: Viewer;
  onJoin: (n: number) => Promise<void>;
  onUpdate: (n: number) => Promise<void>;
  onLeave: () => Promise<void>;
}) {
  const l = props.ladder;
  const e = l.myEntry;
  const [n, setN] = useState(e?.maxGames ?? 1);
  const id = `ladder-${l.id}`;
  return (
    <section class="card ladder" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{l.name}</h2>
      <p class="sub">
        {ladderForm(l)}. {l.queued} waiting.
      </p>
      {e && <p>{entryLine(e)}</p>}
      <form
        class="ladder-entry"
        onSubmit={(ev) => {
          ev.preventDefault();
          void (e ? props.onUpdate(n) : props.onJoin(n));
        }}
      >
        <Field
          label="Games at once"
          id={`${id}-max`}
          hint={`You play at most this many of its games at once (1 to ${MAX_LADDER_GAMES}).`}
        >
          <input
            id={`${id}-max`}
            type="number"
            min={1}
            max={MAX_LADDER_GAMES}
            value={n}
            aria-describedby={`${id}-max-hint`}
            onInput={(ev) => setN(Number((ev.currentTarget as HTMLInputElement).value))}
          />
        </Field>
        <button type="submit">{e ? "Change" : `Join ${l.name}`}</button>
        {e && (
          <button type="button" onClick={() => void props.onLeave()}>
            Leave
          </button>
        )}
      </form>
      {l.myGames.length > 0 && (
        <>
          <h3>Your games</h3>
          <ul class="ladder-games">
            {l.myGames.map((g) => (
              <li key={g.id}>
                <Link href={`/games/${encodeURIComponent(g.id)}`}>{g.name || "Ladder game"}</Link>{" "}
                <span class="sub">
                  turn {g.turn}
                  {g.viewerTurn && ", your turn"}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
