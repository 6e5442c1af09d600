// The tournaments' pages: the list (/tournaments: open, running and finished, paged) and the creation
// form (/tournaments/new: every setting, the map pool chosen from the public maps of the library).
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { CreateTournamentMutation, TournamentMapsQuery, TournamentsQuery } from "../api/operations";
import type { TournamentFormat, TournamentStatus, TournamentsQuery as List } from "../gql/graphql";
import { FORMATS, formatWords, statusWords } from "../tournament/words";
import { ChoiceSelect, ErrorLine, Field, fieldError } from "../ui/form";
import { Link } from "../ui/link";
import { navigate } from "../ui/router";

type Item = List["tournaments"]["edges"][number]["node"];

const TABS: ReadonlyArray<{ status: TournamentStatus; label: string }> = [
  { status: "OPEN", label: "Open" },
  { status: "RUNNING", label: "Running" },
  { status: "FINISHED", label: "Finished" },
];

const PAGE = 20;

export function TournamentsPage() {
  const [status, setStatus] = useState<TournamentStatus>("OPEN");
  const [items, setItems] = useState<Item[] | null>(null);
  const [total, setTotal] = useState(0);
  const [after, setAfter] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load(s: TournamentStatus, from: string | null) {
    try {
      const d = await query(TournamentsQuery, { status: s, first: PAGE, after: from });
      const page = d.tournaments.edges.map((e) => e.node);
      setItems((old) => (from ? [...(old ?? []), ...page] : page));
      setTotal(d.tournaments.totalCount);
      setAfter(d.tournaments.pageInfo.hasNextPage ? (d.tournaments.pageInfo.endCursor ?? null) : null);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "The tournaments cannot be read.");
    }
  }
  useEffect(() => {
    setItems(null);
    void load(status, null);
  }, [status]);

  return (
    <div class="tournaments">
      <h1>Tournaments</h1>
      <p>
        <Link href="/tournaments/new" class="button">
          Create a tournament
        </Link>
      </p>
      <div class="tabs" role="group" aria-label="Which tournaments">
        {TABS.map((t) => (
          <button key={t.status} type="button" aria-pressed={status === t.status} onClick={() => setStatus(t.status)}>
            {t.label}
          </button>
        ))}
      </div>
      <ErrorLine text={error} />
      {items === null && <p role="status">Loading…</p>}
      {items?.length === 0 && <p>No {statusWords(status).toLowerCase()} tournament.</p>}
      {items && items.length > 0 && (
        <>
          <p class="sub">
            {total} {statusWords(status).toLowerCase()}
          </p>
          <ul class="tournament-list">
            {items.map((t) => (
              <li key={t.id}>
                <Link href={`/tournaments/${encodeURIComponent(t.id)}`}>{t.name}</Link>
                <span class="sub">
                  {" "}
                  {formatWords(t.format)}, tables of {t.seats}
                  {t.rated ? ", rated" : ""} · {t.entrantCount}
                  {t.entryLimit != null ? ` of ${t.entryLimit}` : ""} entrants
                  {t.status === "OPEN" &&
                    (t.startsAt ? ` · starts ${new Date(t.startsAt).toLocaleString()}` : " · starts when full")}
                  {t.status === "RUNNING" && ` · round ${t.round}${t.roundCount != null ? ` of ${t.roundCount}` : ""}`}
                </span>
              </li>
            ))}
          </ul>
          {after && (
            <button type="button" onClick={() => void load(status, after)}>
              More tournaments
            </button>
          )}
        </>
      )}
    </div>
  );
}

type PoolMap = { key: string; name: string; territoryCount: number };

export function NewTournamentPage() {
  const [maps, setMaps] = useState<PoolMap[] | null>(null);
  const [name, setName] = useState("");
  const [format, setFormat] = useState<TournamentFormat>("SWISS");
  const [seats, setSeats] = useState(4);
  const [pool, setPool] = useState<string[]>(["classic"]);
  const [hours, setHours] = useState(36);
  const [rated, setRated] = useState(true);
  const [limit, setLimit] = useState("8");
  const [whenFull, setWhenFull] = useState(true);
  const [startsAt, setStartsAt] = useState("");
  const [rounds, setRounds] = useState("");
  const [errs, setErrs] = useState<ReadonlyArray<{ field?: readonly string[] | null; message: string; code: string }>>(
    [],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    query(TournamentMapsQuery, {})
      .then((d) =>
        setMaps(
          d.maps.edges
            .map((e) => e.node)
            .filter((m) => m.visibility === "PUBLIC")
            .map((m) => ({ key: m.key, name: m.name, territoryCount: m.territoryCount })),
        ),
      )
      .catch((e) => setError(e instanceof APIError ? e.message : "The maps cannot be read."));
  }, []);

  async function submit(ev: Event) {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const d = await mutate(CreateTournamentMutation, {
        input: {
          name,
          format,
          seats,
          maps: pool,
          turnLimitSeconds: Math.round(hours * 3600),
          rated,
          entryLimit: limit.trim() === "" ? null : Number(limit),
          startsAt: whenFull || startsAt === "" ? null : new Date(startsAt).toISOString(),
          rounds: format === "SWISS" && rounds.trim() !== "" ? Number(rounds) : null,
        },
      });
      const p = d.createTournament;
      setErrs(p.userErrors);
      const other = p.userErrors.filter((e) => !e.field);
      setError(other.length > 0 ? userErrorText(other) : p.userErrors.length > 0 ? "Please check the settings." : null);
      if (p.tournament) navigate(`/tournaments/${encodeURIComponent(p.tournament.id)}`);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "The tournament was not created.");
    } finally {
      setBusy(false);
    }
  }
  const toggle = (key: string, on: boolean) => setPool((p) => (on ? [...p, key] : p.filter((k) => k !== key)));

  return (
    <form class="new-tournament" onSubmit={(e) => void submit(e)} noValidate>
      <h1>Create a tournament</h1>
      <Field label="Name" id="t-name" error={fieldError(errs, "name")}>
        <input id="t-name" value={name} maxLength={60} required onInput={(e) => setName(e.currentTarget.value)} />
      </Field>
      <ChoiceSelect
        label="Format"
        id="t-format"
        choices={FORMATS}
        value={format}
        onChange={(v) => setFormat(v as TournamentFormat)}
      />
      <Field label="Seats a table" id="t-seats" hint="2 to 6 players a table" error={fieldError(errs, "seats")}>
        <input
          id="t-seats"
          type="number"
          min={2}
          max={6}
          value={seats}
          onInput={(e) => setSeats(Number(e.currentTarget.value))}
        />
      </Field>
      <fieldset class="map-pool" aria-describedby={fieldError(errs, "maps") ? "t-maps-error" : undefined}>
        <legend>Map pool</legend>
        <p class="hint">The tables are played on these maps in turn. Public maps only, each seating a table.</p>
        {maps === null && <p role="status">Loading the maps…</p>}
        {maps?.map((m) => (
          <div class="field check" key={m.key}>
            <input
              id={`t-map-${m.key}`}
              type="checkbox"
              checked={pool.includes(m.key)}
              onChange={(e) => toggle(m.key, e.currentTarget.checked)}
            />
            <label for={`t-map-${m.key}`}>
              <strong>{m.name}</strong>: <span class="hint">{m.territoryCount} territories</span>
            </label>
          </div>
        ))}
        {fieldError(errs, "maps") && (
          <small id="t-maps-error" class="error">
            {fieldError(errs, "maps")}
          </small>
        )}
      </fieldset>
      <Field
        label="Turn limit (hours)"
        id="t-turn"
        hint="1 hour to 30 days"
        error={fieldError(errs, "turnLimitSeconds")}
      >
        <input
          id="t-turn"
          type="number"
          min={1}
          max={720}
          value={hours}
          onInput={(e) => setHours(Number(e.currentTarget.value))}
        />
      </Field>
      <div class="field check">
        <input id="t-rated" type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} />
        <label for="t-rated">
          <strong>Rated</strong>: <span class="hint">the tables' games change the players' ratings</span>
        </label>
      </div>
      <Field
        label="Entry limit"
        id="t-limit"
        hint="2 to 10,000 entrants (16 for a round robin); empty for none"
        error={fieldError(errs, "entryLimit")}
      >
        <input id="t-limit" inputMode="numeric" value={limit} onInput={(e) => setLimit(e.currentTarget.value)} />
      </Field>
      <div class="field check">
        <input id="t-full" type="checkbox" checked={whenFull} onChange={(e) => setWhenFull(e.currentTarget.checked)} />
        <label for="t-full">
          <strong>Start when full</strong>: <span class="hint">as soon as the entry limit is reached</span>
        </label>
      </div>
      {!whenFull && (
        <Field label="Start time" id="t-start" error={fieldError(errs, "startsAt")}>
          <input
            id="t-start"
            type="datetime-local"
            value={startsAt}
            onInput={(e) => setStartsAt(e.currentTarget.value)}
          />
        </Field>
      )}
      {whenFull && fieldError(errs, "startsAt") && <p class="error">{fieldError(errs, "startsAt")}</p>}
      {format === "SWISS" && (
        <Field
          label="Rounds"
          id="t-rounds"
          hint="1 to 20; empty: enough for one entrant to win them all"
          error={fieldError(errs, "rounds")}
        >
          <input id="t-rounds" inputMode="numeric" value={rounds} onInput={(e) => setRounds(e.currentTarget.value)} />
        </Field>
      )}
      <ErrorLine text={error} />
      <button type="submit" disabled={busy}>
        Create the tournament
      </button>
    </form>
  );
}
