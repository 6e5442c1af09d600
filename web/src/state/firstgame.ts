// The first game's hints: one line per phase saying what to do now, shown on the player's turns in the
// first game played on this device, until dismissed (kept in localStorage: `rout.firstGame`, the game's
// id, and `rout.hints`, "off" once dismissed).

/** The localStorage keys: the first game's id, and the hints' switch. */
export const FIRST_GAME_KEY = "rout.firstGame";
export const HINTS_KEY = "rout.hints";

/** A hint: its words and the part of the rules page that says more. */
export interface Hint {
  text: string;
  rules: string;
}

/** What to do in a phase of one's own turn, in one line; null when there is nothing to say. */
export function hintFor(phase: string, opts: { trade?: boolean } = {}): Hint | null {
  switch (phase) {
    case "claim":
      return {
        text: "Pick a territory to claim: it gets one army. Neighbouring territories are easier to hold.",
        rules: "setup",
      };
    case "placement":
      return {
        text: "Place your starting armies on your territories: type a number, or spread them over your borders, then confirm.",
        rules: "reinforce",
      };
    case "reinforce":
      if (opts.trade)
        return { text: "You hold a set of cards: trade it for more armies before you place.", rules: "cards" };
      return {
        text: "Place your new armies, best on territories that border an enemy, then confirm.",
        rules: "reinforce",
      };
    case "attack":
      return {
        text: "Attack from a territory with 2 or more armies into a neighbour, or end the attacks. The defender wins ties.",
        rules: "attack",
      };
    case "occupy":
      return { text: "You took the territory: choose how many armies move in.", rules: "attack" };
    case "fortify":
      return {
        text: "Move armies once between two of your neighbouring territories, or end the turn.",
        rules: "fortify",
      };
    default:
      return null;
  }
}

/**
 * Whether the hints show in this game: it is the first game the device saw the player play (the first
 * one opened with a seat becomes it; `adopt` says to keep it), and they were not dismissed.
 */
export function hintsShown(
  stored: string | null,
  hintsSetting: string | null,
  gameId: string,
  playing: boolean,
): { show: boolean; adopt: boolean } {
  if (hintsSetting === "off" || !playing) return { show: false, adopt: false };
  if (stored === null || stored === "") return { show: true, adopt: true };
  return { show: stored === gameId, adopt: false };
}
