// Creating a game: the map, a free-for-all or a team shape (2v2 ... 3v3v3: the teams' names, which seat is
// the viewer's, the team options), the seats (me, open, invited by email, CPU with a difficulty), their
// colours (a team's seats: shades of its hue), the turn limit, the claim, the card system with its TTB
// percentage, whether it is private, and the fog of war. The last settings used are kept on the device and
// offered again.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { CreateGameMutation, MapsQuery, StartGameMutation } from "../api/operations";
import { newDiceSeed } from "../dice/verify";
import type { SeatKind } from "../gql/graphql";
import { Check, ChoiceSelect, ErrorLine, Field } from "../ui/form";
import { CARD_SYSTEMS, FOG_LEVELS, PALETTE, TURN_LIMITS, colorHex, seatGlyph } from "../ui/format";
import { navigate } from "../ui/router";
import type { Viewer } from "../ui/session";
import {
  moveViewer,
  reshapeTeams,
  TEAM_FORTIFY,
  TEAM_HANDOVER,
  TEAM_HUES,
  TEAM_SHAPES,
  TEAM_SWITCHES,
  teamGameInput,
  teamNamesProblem,
  teamShade,
  type TeamDraft,
  type TeamSeatDraft,
} from "../state/teams";
import {
  DIFFICULTIES,
  NEW_GAME_KEY,
  parseNewGameSettings,
  type NewGameSettings,
  type SeatKindKept,
} from "../state/lobby";

interface SeatDraft {
  kind: SeatKind;
  color: string;
  email: string;
  difficulty: string;
}

const MAX_SEATS = 8;

type GameMap = {
  id: string;
  key: string;
  version: number;
  name: string;
  description: string;
  territoryCount: number;
  bonusAreaCount: number;
  previewUrl: string;
};

export function NewGamePage(props: { viewer: Viewer }) {
  void props.viewer;
  const [last] = useState(() => parseNewGameSettings(localStorage.getItem(NEW_GAME_KEY)));
  const [maps, setMaps] = useState<GameMap[] | null>(null);
  const [mapId, setMapId] = useState<string>("");
  const [seats, setSeats] = useState<SeatDraft[]>(() =>
    last
      ? [{ kind: "HUMAN", color: last.myColor, email: "", difficulty: "" }, ...last.seats]
      : [
          { kind: "HUMAN", color: "red", email: "", difficulty: "" },
          { kind: "CPU", color: "blue", email: "", difficulty: "normal" },
          { kind: "CPU", color: "green", email: "", difficulty: "easy" },
        ],
  );
  const [turnLimit, setTurnLimit] = useState(last?.turnLimit ?? 36 * 3600);
  const [claim, setClaim] = useState(last?.claim ?? "random");
  const [cardSystem, setCardSystem] = useState(last?.cardSystem ?? "classic");
  const [ttb, setTtb] = useState(last?.ttb ?? 6);
  const [priv, setPriv] = useState(last?.private ?? false);
  const [rated, setRated] = useState(last?.rated ?? false);
  const [fog, setFog] = useState(last?.fog ?? "none");
  const [name, setName] = useState(last?.name ?? "");
  const [startNow, setStartNow] = useState(true);
  const [teams, setTeams] = useState<TeamDraft | null>(last?.teams ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    query(MapsQuery, {})
      .then((d) => {
        const list = d.maps.edges.map((e) => e.node);
        setMaps(list);
        if (list.length > 0)
          setMapId(
            (
              list.find((m) => m.key === (last?.mapKey ?? "classic")) ??
              list.find((m) => m.key === "classic") ??
              list[0]
            ).id,
          );
      })
      .catch((e) => setError(e instanceof APIError ? e.message : "Could not load the maps."));
  }, []);

  const setSeat = (i: number, p: Partial<SeatDraft>) =>
    setSeats((l) => l.map((s, j) => (j === i ? { ...s, ...p } : s)));
  const addSeat = () =>
    setSeats((l) => {
      const free = PALETTE.find((p) => !l.some((s) => s.color === p.name));
      return l.length >= MAX_SEATS
        ? l
        : [...l, { kind: "CPU", color: free?.name ?? "grey", email: "", difficulty: "normal" }];
    });
  const removeSeat = (i: number) => setSeats((l) => (l.length <= 2 ? l : l.filter((_, j) => j !== i)));
  const allFilled = (teams ? teams.seats.flat() : seats).every((s) => s.kind === "HUMAN" || s.kind === "CPU");

  async function submit(e: Event) {
    e.preventDefault();
    const map = maps?.find((m) => m.id === mapId);
    if (!map) return setError("Choose a map.");
    const colors = new Set(seats.map((s) => s.color));
    if (!teams && colors.size !== seats.length) return setError("Each seat needs a colour of its own.");
    const namesProblem = teams ? teamNamesProblem(teams.names) : "";
    if (namesProblem) return setError(namesProblem);
    const team = teams ? teamGameInput(teams) : null;
    setBusy(true);
    setError(null);
    try {
      const d = await mutate(CreateGameMutation, {
        input: {
          mapKey: map.key,
          mapVersion: map.version,
          seats: (team?.seats ?? seats.map((s) => ({ ...s, team: null }))).map((s) => ({
            kind: s.kind,
            color: s.color,
            email: s.kind === "INVITED" ? s.email.trim() : null,
            difficulty: s.kind === "CPU" ? s.difficulty : null,
            team: s.team,
          })),
          teams: team?.teams ?? null,
          teamRules: team?.teamRules ?? null,
          turnLimitSeconds: turnLimit,
          claim,
          cardSystem,
          ttbPercent: cardSystem === "fixed_ttb" ? ttb : null,
          private: priv,
          rated,
          fog,
          name: name.trim() || null,
          diceSeed: newDiceSeed(),
        },
      });
      const err = userErrorText(d.createGame.userErrors);
      const game = d.createGame.game;
      if (err || !game) {
        setError(err ?? "The game was not created.");
        return;
      }
      const kept: NewGameSettings = {
        name,
        mapKey: map.key,
        myColor: seats.find((s) => s.kind === "HUMAN")?.color ?? "red",
        seats: seats.flatMap((s) =>
          s.kind === "HUMAN"
            ? []
            : [{ kind: s.kind as SeatKindKept, color: s.color, difficulty: s.difficulty, email: s.email }],
        ),
        turnLimit,
        claim,
        cardSystem,
        ttb,
        private: priv,
        rated,
        fog,
        teams,
      };
      localStorage.setItem(NEW_GAME_KEY, JSON.stringify(kept));
      if (allFilled && startNow) {
        const s = await mutate(StartGameMutation, { input: { gameId: game.id } });
        const serr = userErrorText(s.startGame.userErrors);
        if (serr) setError(serr);
      }
      navigate(`/games/${encodeURIComponent(game.id)}`);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "The game was not created.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="newgame" onSubmit={submit} aria-labelledby="newgame-title">
      <h1 id="newgame-title">New game</h1>
      <ErrorLine text={error} />

      <Field label="Name (optional)" id="gamename" hint="Shown in the lobby and on the game's page.">
        <input
          id="gamename"
          maxLength={60}
          value={name}
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
        />
      </Field>

      <fieldset>
        <legend>Map</legend>
        {!maps && <p role="status">Loading the maps…</p>}
        <div class="map-picker">
          {maps?.map((m) => (
            <label key={m.id} class={`map-choice${m.id === mapId ? " chosen" : ""}`}>
              <input type="radio" name="map" value={m.id} checked={m.id === mapId} onChange={() => setMapId(m.id)} />
              <MapPreview m={m} />
              <span>
                <strong>{m.name}</strong>{" "}
                <small>
                  {m.territoryCount.toLocaleString("en")} territories, {m.bonusAreaCount}{" "}
                  {m.bonusAreaCount === 1 ? "area" : "areas"} ({m.key}, version {m.version})
                </small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>Teams</legend>
        <Check
          id="shape-ffa"
          type="radio"
          name="shape"
          checked={!teams}
          onChange={() => setTeams(null)}
          label="Free-for-all"
          help="every player for themselves."
        />
        {TEAM_SHAPES.map((sh) => (
          <Check
            key={sh.value}
            id={`shape-${sh.value}`}
            type="radio"
            name="shape"
            checked={teams?.shape === sh.value}
            onChange={() => setTeams((d) => reshapeTeams(sh.value, d))}
            label={sh.value}
            help={`${sh.sizes.length} teams of ${sh.sizes[0]}; turns alternate between the teams, and a team wins when it holds every territory.`}
          />
        ))}
      </fieldset>

      {teams ? (
        <TeamSeats draft={teams} onChange={setTeams} />
      ) : (
        <fieldset>
          <legend>Seats</legend>
          <ol class="seat-list">
            {seats.map((s, i) => (
              <li key={i} class="seat-row">
                <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
                  {seatGlyph(i)}
                </span>
                {s.kind === "HUMAN" ? (
                  <span class="seat-me">You</span>
                ) : (
                  <label>
                    <span class="visually-hidden">Seat {i + 1} is</span>
                    <select
                      value={s.kind}
                      onChange={(e) => setSeat(i, { kind: (e.currentTarget as HTMLSelectElement).value as SeatKind })}
                    >
                      <option value="CPU">a CPU</option>
                      <option value="OPEN">open to anyone</option>
                      <option value="INVITED">invited</option>
                    </select>
                  </label>
                )}
                {s.kind === "CPU" && (
                  <label>
                    <span class="visually-hidden">Seat {i + 1} difficulty</span>
                    <select
                      value={s.difficulty}
                      onChange={(e) => setSeat(i, { difficulty: (e.currentTarget as HTMLSelectElement).value })}
                    >
                      {DIFFICULTIES.map((d) => (
                        <option key={d} value={d}>
                          {d}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {s.kind === "INVITED" && (
                  <label>
                    <span class="visually-hidden">Seat {i + 1} email (optional: or share the link)</span>
                    <input
                      type="email"
                      placeholder="email (or share the link)"
                      value={s.email}
                      onInput={(e) => setSeat(i, { email: (e.currentTarget as HTMLInputElement).value })}
                    />
                  </label>
                )}
                <label>
                  <span class="visually-hidden">Seat {i + 1} colour</span>
                  <select
                    value={s.color}
                    onChange={(e) => setSeat(i, { color: (e.currentTarget as HTMLSelectElement).value })}
                  >
                    {PALETTE.map((p) => (
                      <option key={p.name} value={p.name}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </label>
                {s.kind !== "HUMAN" && (
                  <button
                    type="button"
                    class="link"
                    onClick={() => removeSeat(i)}
                    disabled={seats.length <= 2}
                    aria-label={`Remove seat ${i + 1}`}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ol>
          <button type="button" onClick={addSeat} disabled={seats.length >= MAX_SEATS}>
            Add a seat
          </button>
        </fieldset>
      )}

      <fieldset>
        <legend>Rules</legend>
        <Field label="Time for a turn" id="turnlimit" hint="When it runs out, a CPU plays the turn.">
          <select
            id="turnlimit"
            value={String(turnLimit)}
            onChange={(e) => setTurnLimit(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {TURN_LIMITS.map((t) => (
              <option key={t.seconds} value={String(t.seconds)}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Territories at the start" id="claim">
          <select id="claim" value={claim} onChange={(e) => setClaim((e.currentTarget as HTMLSelectElement).value)}>
            <option value="random">dealt at random</option>
            <option value="round_robin">claimed in turn</option>
          </select>
        </Field>
        <Field label="Cards" id="cards" hint={CARD_SYSTEMS.find((c) => c.value === cardSystem)?.help}>
          <select
            id="cards"
            value={cardSystem}
            onChange={(e) => setCardSystem((e.currentTarget as HTMLSelectElement).value)}
          >
            {CARD_SYSTEMS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        {cardSystem === "fixed_ttb" && (
          <Field label="Set worth (% of opponents' armies)" id="ttb" hint="From 4 to 10.">
            <input
              id="ttb"
              type="number"
              min={4}
              max={10}
              value={ttb}
              onInput={(e) => setTtb(Number((e.currentTarget as HTMLInputElement).value))}
            />
          </Field>
        )}
        <div class="field check">
          <input
            id="private"
            type="checkbox"
            checked={priv}
            onChange={(e) => setPriv((e.currentTarget as HTMLInputElement).checked)}
          />
          <label for="private">Private: only people with the invitation link can join</label>
        </div>
        <Check
          id="rated"
          type="checkbox"
          checked={rated}
          onChange={setRated}
          label="Rated"
          help="the end of the game changes the players' ratings. CPUs are not rated, so a rated game needs a second person."
        />
        {allFilled && (
          <div class="field check">
            <input
              id="startnow"
              type="checkbox"
              checked={startNow}
              onChange={(e) => setStartNow((e.currentTarget as HTMLInputElement).checked)}
            />
            <label for="startnow">Start at once (every seat is filled)</label>
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend>Fog of war</legend>
        {FOG_LEVELS.map((f) => (
          <Check
            key={f.value}
            id={`fog-${f.value}`}
            type="radio"
            name="fog"
            checked={fog === f.value}
            onChange={() => setFog(f.value)}
            label={f.label}
            help={f.help}
          />
        ))}
      </fieldset>

      <button type="submit" class="primary" disabled={busy || !mapId}>
        Create the game
      </button>
    </form>
  );
}

/** The map's preview picture (its previewUrl, GET /maps/{key}/{version}.svg); nothing when it cannot be read. */
function MapPreview(props: { m: GameMap }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span class="map-thumb none" aria-hidden="true" />;
  return <img class="map-thumb" src={props.m.previewUrl} alt="" loading="lazy" onError={() => setFailed(true)} />;
}

/**
 * A team game's seats and options: each team with its name (a field) and hue, its seats in shades of the
 * hue, each you, a CPU with its level, open or invited; which seat is yours; and the team options of
 * docs/rules.md (R86 to R90), each with a line saying what it does.
 */
function TeamSeats(props: { draft: TeamDraft; onChange: (d: TeamDraft) => void }) {
  const d = props.draft;
  const set = (p: Partial<TeamDraft>) => props.onChange({ ...d, ...p });
  const setSeat = (t: number, k: number, p: Partial<TeamSeatDraft>) =>
    set({ seats: d.seats.map((team, ti) => team.map((s, ki) => (ti === t && ki === k ? { ...s, ...p } : s))) });
  const mine = d.seats.flatMap((team, t) => team.map((s, k) => ({ s, t, k }))).find((x) => x.s.kind === "HUMAN");
  return (
    <>
      <fieldset>
        <legend>Seats</legend>
        <Field label="Your seat" id="myseat">
          <select
            id="myseat"
            value={mine ? `${mine.t}/${mine.k}` : ""}
            onChange={(e) => {
              const [t, k] = (e.currentTarget as HTMLSelectElement).value.split("/").map(Number);
              props.onChange(moveViewer(d, t, k));
            }}
          >
            {d.seats.map((team, t) =>
              team.map((_, k) => (
                <option key={`${t}/${k}`} value={`${t}/${k}`}>
                  {d.names[t] || TEAM_HUES[t].name}, seat {k + 1}
                </option>
              )),
            )}
          </select>
        </Field>
        {d.seats.map((team, t) => (
          <div key={t} class="team-draft">
            <Field
              label={`Team ${t + 1}'s name`}
              id={`team-${t}-name`}
              hint={`Its colours: shades of ${TEAM_HUES[t].name.toLowerCase()}.`}
            >
              <input
                id={`team-${t}-name`}
                maxLength={32}
                value={d.names[t]}
                onInput={(e) =>
                  set({ names: d.names.map((n, i) => (i === t ? (e.currentTarget as HTMLInputElement).value : n)) })
                }
              />
            </Field>
            <ol class="seat-list">
              {team.map((s, k) => {
                const label = `${d.names[t] || TEAM_HUES[t].name} seat ${k + 1}`;
                return (
                  <li key={k} class="seat-row">
                    <span class="swatch" style={{ background: teamShade(TEAM_HUES[t].hex, k) }} aria-hidden="true" />
                    {s.kind === "HUMAN" ? (
                      <span class="seat-me">You</span>
                    ) : (
                      <label>
                        <span class="visually-hidden">{label} is</span>
                        <select
                          value={s.kind}
                          onChange={(e) =>
                            setSeat(t, k, {
                              kind: (e.currentTarget as HTMLSelectElement).value as TeamSeatDraft["kind"],
                            })
                          }
                        >
                          <option value="CPU">a CPU</option>
                          <option value="OPEN">open to anyone</option>
                          <option value="INVITED">invited</option>
                        </select>
                      </label>
                    )}
                    {s.kind === "CPU" && (
                      <label>
                        <span class="visually-hidden">{label} difficulty</span>
                        <select
                          value={s.difficulty}
                          onChange={(e) => setSeat(t, k, { difficulty: (e.currentTarget as HTMLSelectElement).value })}
                        >
                          {DIFFICULTIES.map((x) => (
                            <option key={x} value={x}>
                              {x}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                    {s.kind === "INVITED" && (
                      <label>
                        <span class="visually-hidden">{label} email (optional: or share the link)</span>
                        <input
                          type="email"
                          placeholder="email (or share the link)"
                          value={s.email}
                          onInput={(e) => setSeat(t, k, { email: (e.currentTarget as HTMLInputElement).value })}
                        />
                      </label>
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
      </fieldset>

      <fieldset>
        <legend>Team options</legend>
        {TEAM_SWITCHES.map((o) => (
          <Check
            key={o.key}
            id={`team-${o.key}`}
            type="checkbox"
            checked={d.rules[o.key]}
            onChange={(on) => set({ rules: { ...d.rules, [o.key]: on } })}
            label={o.label}
            help={o.help}
          />
        ))}
        <ChoiceSelect
          label="Fortify"
          id="team-fortify"
          choices={TEAM_FORTIFY}
          value={d.rules.fortify}
          onChange={(fortify) => set({ rules: { ...d.rules, fortify } })}
        />
        <ChoiceSelect
          label="When a player leaves, their seat is played by"
          id="team-handover"
          choices={TEAM_HANDOVER}
          value={d.rules.handover}
          onChange={(handover) => set({ rules: { ...d.rules, handover } })}
        />
      </fieldset>
    </>
  );
}
