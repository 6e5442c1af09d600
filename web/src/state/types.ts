// The client's view of a game: plain data, rebuilt by the reducers in game.ts from server events.
// Nothing here knows GraphQL beyond the shapes of the objects the API returns.

import type { TeamView } from "./teams";

/** The engine's phases (docs/rules.md). */
export type Phase = "setup" | "claim" | "placement" | "reinforce" | "attack" | "occupy" | "fortify" | "over";

/**
 * What the viewer sees of a territory under fog of war (TerritoryState.sight): full (owner and armies),
 * owner (the owner, not the armies) or hidden (neither). Always full without fog or once the game is over.
 */
export type Sight = "full" | "owner" | "hidden";

/** One territory as it stands. `owner` is null when unclaimed, neutral or hidden; `armies` null when hidden. */
export interface TerritoryView {
  owner: number | null;
  neutral: boolean;
  armies: number | null;
  sight: Sight;
}

/**
 * One seat as it stands. `cards` is the hand's card ids, known only for the viewer's own seat; the counts
 * are null where fog hides them.
 */
export interface SeatView {
  seat: number;
  color: string;
  /** The seat's team in a team game (an index into ClientGame.teams); null in a free-for-all. */
  team: number | null;
  /** Its team's name (for seatTitle); null in a free-for-all. */
  teamName: string | null;
  name: string | null;
  cpu: boolean;
  difficulty: string | null;
  /** open, invited, active, eliminated or resigned. */
  status: string;
  territories: number | null;
  armies: number | null;
  cardCount: number | null;
  cards: number[] | null;
  /**
   * Its player left it in the game under the team option handover (docs/rules.md R90): a teammate or a
   * CPU plays it now. Absent or false otherwise.
   */
  handedOver?: boolean;
}

/** A conquest waiting for its armies. Under fog, `from` is -1 and `minArmies` null where hidden. */
export interface Conquest {
  from: number;
  to: number;
  minArmies: number | null;
}

/** The last battle roll, to show its dice. */
export interface Battle {
  from: number;
  to: number;
  attacker: number;
  defender: number;
  attackDice: number[];
  defendDice: number[];
  attackerLosses: number;
  defenderLosses: number;
}

/** What the client knows of the map: territory keys and names in board order, card symbols. */
export interface MapInfo {
  keys: string[];
  names: string[];
  /** The symbol of each territory's card (infantry, cavalry, artillery), in board order. */
  symbols: CardSymbol[];
  /** Area names each territory belongs to (for tooltips and the log); may be empty. */
  areas?: string[][];
}

export type CardSymbol = "infantry" | "cavalry" | "artillery" | "wild";

/** A game as one viewer sees it. */
export interface ClientGame {
  /** The sequence number of the last event applied (0: none). */
  seq: number;
  turn: number;
  phase: Phase;
  status: string;
  currentSeat: number | null;
  seats: SeatView[];
  board: TerritoryView[];
  map: MapInfo;
  /** The viewer's seat, or null for a spectator. */
  viewerSeat: number | null;
  /** Armies waiting to be placed by the seat to move (null when unknown: a snapshot without events). */
  reserve: number | null;
  /** The game-wide number of sets traded so far (null when unknown). */
  trades: number | null;
  cardSystem: string;
  ttbPercent: number;
  /** The fog of war: none, light, normal, heavy or complete (docs/rules.md, "Fog of war"). */
  fog: string;
  /** Seats in turn order (empty before the start or when unknown). */
  order: number[];
  startingArmies: number;
  conquest: Conquest | null;
  lastBattle: Battle | null;
  /** The seat whose command ended the game (game_over's `winner`). */
  winner: number | null;
  /** The teams of a team game, in team order; [] in a free-for-all. */
  teams: TeamView[];
  /** Every seat that won, in seat order (a team game's whole winning team); null until the game is over. */
  winners: number[] | null;
}

/** An event as the API sends it: Game.events, GamePayload.events (GameEvent) or gameEvents (LiveEvent). */
export interface ServerEvent {
  seq: number;
  turn: number;
  seat?: number | null;
  kind: string;
  payload: Record<string, unknown>;
  // LiveEvent only: the state the event left.
  phase?: string | null;
  currentSeat?: number | null;
  territories?: LiveTerritory[] | null;
  dice?: { attacker: number[]; defender: number[] } | null;
  winner?: number | null;
}

export interface LiveTerritory {
  index: number;
  key?: string;
  owner: number | null;
  neutral: boolean;
  armies: number | null;
  sight: Sight;
}

/** A legal command, as Game.viewerActions lists it. */
export interface Action {
  kind: string;
  from?: string | null;
  to?: string | null;
  cards?: number[] | null;
  min: number;
  max: number;
  /** A trade's armies now under the game's card system, the territory bonus not counted (trade only). */
  worth?: number | null;
  /** A trade's territory bonus: the keys of the territories that get `bonusArmies` each (trade only). */
  bonusTerritories?: string[] | null;
  bonusArmies?: number | null;
  /** An attack's defending dice: what the engine rolls for the defender (attack only). */
  defendDice?: number | null;
}
