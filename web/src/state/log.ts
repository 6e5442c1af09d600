// The game log in words: one sentence per event, such as
// "Red attacked Peru from Brazil: 6-5-2 against 4-1, Red lost 1, Peru lost 1". Under fog of war what the
// viewer cannot see is said so: "a hidden territory", "someone", "some armies".

import { seatShort, teamSeatName } from "../ui/format";
import { cardSymbol } from "./cards";
import { fogged, UNKNOWN, UNKNOWN_PLAYER, UNKNOWN_TERRITORY } from "./game";
import type { ClientGame, ServerEvent } from "./types";

/** How the log names seats and territories. */
export interface LogNames {
  seat(seat: number): string;
  territory(index: number): string;
  /** A card's description, such as "Peru (infantry)" or "a wild card". */
  card(card: number): string;
  /** Whether fog hides part of the game: another seat's placements are then only those in sight. */
  fogged: boolean;
  /** A seat's team's name and its player's name ("Red", "Ann") in a team game; null in a free-for-all. */
  team(seat: number): { name: string; player: string } | null;
}

/** Whether an event has a line in the log: not `view_changed`, which only shows the fog moving on the map. */
export function inLog(ev: Pick<ServerEvent, "kind">): boolean {
  return ev.kind !== "view_changed";
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** A seat's name for the log: its colour ("Red"), as the board shows it. */
export function seatLabel(color: string, seat: number): string {
  return color ? capitalise(color) : `Seat ${seat + 1}`;
}

/** A seat's name for the log: its colour in a free-for-all ("Red"), its player and team in a team game ("Ann (Red)"). */
function seatWord(g: Pick<ClientGame, "seats">, i: number): string {
  const s = g.seats[i];
  return s && s.teamName != null ? seatShort(s) : seatLabel(s?.color ?? "", i);
}

/** Names from a game state: seats by colour (by player and team in a team game), territories by their map names. */
export function namesOf(g: Pick<ClientGame, "seats" | "map" | "fog" | "phase">): LogNames {
  return {
    seat: (i) => (i === UNKNOWN_PLAYER ? "someone" : i < 0 ? "neutral" : seatWord(g, i)),
    territory: (i) => (i === UNKNOWN_TERRITORY ? "a hidden territory" : (g.map.names[i] ?? `territory ${i}`)),
    card: (c) => {
      const sym = cardSymbol(g.map, c);
      return sym === "wild" ? "a wild card" : `${g.map.names[c] ?? `territory ${c}`} (${sym})`;
    },
    fogged: fogged(g),
    team: (i) => {
      const s = g.seats[i];
      return s && s.teamName != null ? { name: s.teamName, player: teamSeatName(s) } : null;
    },
  };
}

/** A number of armies in words; -1, a number fog hides, is "some armies". */
export function armies(n: number): string {
  if (n === UNKNOWN) return "some armies";
  return n === 1 ? "1 army" : `${n} armies`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// An event's payload: JSON whose fields depend on the event's kind (docs/rules.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type P = Record<string, any>;

const MAX_PLACEMENTS = 5;

/** One sentence for an event; an unknown kind gets a plain description rather than nothing. */
export function describeEvent(ev: Pick<ServerEvent, "kind" | "payload" | "seat">, n: LogNames): string {
  return capitalise(sentence(ev, n));
}

function sentence(ev: Pick<ServerEvent, "kind" | "payload" | "seat">, n: LogNames): string {
  const p = (ev.payload ?? {}) as P;
  const who = (k = "player") => n.seat(p[k]);
  switch (ev.kind) {
    case "game_started":
      return `The game started. Turn order: ${list((p.order ?? []).map((s: number) => n.seat(s)))}; ${armies(p.startingArmies)} to start with each.`;
    case "territories_dealt":
      return "The territories were dealt at random, one army on each.";
    case "turn_started":
      switch (p.phase) {
        case "claim":
          return `Turn ${p.turn}: ${who()} picks a territory.`;
        case "placement":
          return `Turn ${p.turn}: ${who()} places ${armies(p.armies)} of their starting armies.`;
        default:
          return `Turn ${p.turn}: ${who()}'s turn, with ${armies(p.armies)} to place.`;
      }
    case "phase_changed": {
      const s = typeof ev.seat === "number" && ev.seat >= 0 ? n.seat(ev.seat) : "The game";
      return `${s} moved on to the ${p.phase} phase.`;
    }
    case "territory_claimed":
      return `${who()} claimed ${n.territory(p.territory)}.`;
    case "armies_placed": {
      const pls: Array<{ territory: number; armies: number }> = p.placements ?? [];
      const total = pls.reduce((a, pl) => a + pl.armies, 0);
      if (p.starting)
        return n.fogged
          ? `${who()}'s remaining starting armies were placed at random.`
          : `${who()}'s remaining starting armies (${total}) were placed at random.`;
      const parts = pls.slice(0, MAX_PLACEMENTS).map((pl) => `${pl.armies} on ${n.territory(pl.territory)}`);
      if (pls.length > MAX_PLACEMENTS) parts.push(`${pls.length - MAX_PLACEMENTS} more placements`);
      return `${who()} placed ${list(parts)}${pls.length > 1 ? ` (${armies(total)})` : ""}.`;
    }
    case "cards_traded": {
      const bonus: number[] = p.bonus ?? [];
      const extra = bonus.length
        ? `, and 2 armies${bonus.length > 1 ? " each" : ""} on ${list(bonus.map((t) => n.territory(t)))}`
        : "";
      return `${who()} traded ${list((p.cards ?? []).map((c: number) => n.card(c)))} for ${armies(p.armies)}${extra}.`;
    }
    case "battle_rolled":
      return (
        `${who("attacker")} attacked ${n.territory(p.to)} from ${n.territory(p.from)}: ` +
        `${(p.attackDice ?? []).join("-")} against ${(p.defendDice ?? []).join("-")}, ` +
        `${who("attacker")} lost ${p.attackerLosses}, ${n.territory(p.to)} lost ${p.defenderLosses}`
      );
    case "territory_conquered":
      return `${who()} conquered ${n.territory(p.to)} from ${p.previous >= 0 || p.previous === UNKNOWN_PLAYER ? n.seat(p.previous) : "the neutrals"}.`;
    case "player_eliminated": {
      const count = Array.isArray(p.cards) ? p.cards.length : (p.cardCount ?? 0);
      const takes =
        count < 0
          ? ", who takes their cards"
          : count
            ? `, who takes their ${count === 1 ? "card" : `${count} cards`}`
            : "";
      return `${who()} was eliminated by ${who("by")}${takes}.`;
    }
    case "territory_occupied":
      return `${n.seat(ev.seat ?? -1)} moved ${armies(p.armies)} into ${n.territory(p.to)} from ${n.territory(p.from)}.`;
    case "fortified":
      return `${n.seat(ev.seat ?? -1)} fortified ${n.territory(p.to)} with ${armies(p.armies)} from ${n.territory(p.from)}.`;
    case "deck_reshuffled":
      return "The discard pile was shuffled into a new deck.";
    case "card_drawn":
      return typeof p.card === "number" ? `${who()} drew a card: ${n.card(p.card)}.` : `${who()} drew a card.`;
    case "player_resigned":
      return `${who()} resigned; their territories are neutral now.`;
    case "seat_handed_over":
      return `${who()} left; their team plays their seat now.`;
    case "game_over": {
      const team = n.team(p.winner);
      if (!team || !Array.isArray(p.winners)) return `${who("winner")} won the game.`;
      return `${team.name} won the game: ${list(p.winners.map((w: number) => n.team(w)?.player ?? n.seat(w)))}.`;
    }
    default:
      return `${ev.kind.replace(/_/g, " ")}.`;
  }
}
