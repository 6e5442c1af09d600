import { describe, expect, it } from "vitest";
import { indexActions, indexSummary } from "./actions";
import { whyNot, type ReasonContext } from "./reasons";
import type { Action, ClientGame } from "./types";
import { emptyGame } from "./game";

const a = (kind: string, from?: string, to?: string, min = 0, max = 0): Action => ({ kind, from, to, min, max });

// A corner of the classic map: Alaska (Red, 3), Kamchatka (Blue, 2), Peru (Red, 1), Brazil (Blue, 4),
// Quebec (unclaimed). Red is the viewer.
const keys = ["alaska", "kamchatka", "peru", "brazil", "quebec"];
const names = ["Alaska", "Kamchatka", "Peru", "Brazil", "Quebec"];
const adj: Record<string, string[]> = {
  alaska: ["kamchatka"],
  kamchatka: ["alaska"],
  peru: ["brazil"],
  brazil: ["peru"],
  quebec: [],
};

function game(over: Partial<ClientGame> = {}): ClientGame {
  const g = emptyGame(
    { keys, names, symbols: ["infantry", "cavalry", "artillery", "infantry", "cavalry"] },
    [
      { seat: 0, color: "red", name: "alice" },
      { seat: 1, color: "blue", name: "bob" },
    ],
    { viewerSeat: 0 },
  );
  g.board = [
    { owner: 0, neutral: false, armies: 3, sight: "full" },
    { owner: 1, neutral: false, armies: 2, sight: "full" },
    { owner: 0, neutral: false, armies: 1, sight: "full" },
    { owner: 1, neutral: false, armies: 4, sight: "full" },
    { owner: null, neutral: false, armies: 0, sight: "full" },
  ];
  g.status = "active";
  g.phase = "attack";
  g.currentSeat = 0;
  return { ...g, ...over };
}

function ctx(actions: Action[], over: Partial<ReasonContext> = {}, g = game()): ReasonContext {
  return { game: g, actions: indexActions(actions), mode: { kind: "idle" }, neighbours: (k) => adj[k], ...over };
}

describe("why a pick does nothing", () => {
  const attack = [a("attack", "alaska", "kamchatka", 1, 2), a("end_attack"), a("resign")];

  it("names whose turn it is, or that the game is over, or that the viewer watches", () => {
    expect(whyNot(ctx([], {}, game({ currentSeat: 1 })), "alaska")).toBe("It is not your turn: Blue — bob is playing.");
    expect(whyNot(ctx([], {}, game({ phase: "over", status: "finished" })), "alaska")).toBe("The game is over.");
    expect(whyNot(ctx([], {}, game({ viewerSeat: null })), "alaska")).toBe(
      "You are watching: you have no seat in this game.",
    );
  });

  it("says what must come first: the occupation, a trade, a placement", () => {
    expect(whyNot(ctx([a("occupy", "alaska", "kamchatka", 2, 2)]), "peru")).toBe("Move armies into Kamchatka first.");
    expect(whyNot(ctx([a("trade"), a("resign")]), "peru")).toBe("Trade a set of cards first (Your cards).");
    expect(whyNot(ctx([a("place", "alaska", undefined, 1, 5), a("place", "peru", undefined, 1, 5)]), "kamchatka")).toBe(
      "Kamchatka belongs to Blue — bob: place your armies on one of the highlighted territories.",
    );
    expect(whyNot(ctx([a("place", "alaska", undefined, 1, 5)], { drafted: 5 }), "alaska")).toBe(
      "All 5 armies are drafted: confirm the placement, or take some back.",
    );
    expect(whyNot(ctx([a("place", "alaska", undefined, 1, 5)], { drafted: 2 }), "alaska")).toBeNull();
  });

  it("says a claimed territory is taken", () => {
    expect(whyNot(ctx([a("claim", "quebec")]), "brazil")).toBe("Brazil is taken: it belongs to Blue — bob.");
    expect(whyNot(ctx([a("claim", "quebec")]), "quebec")).toBeNull();
  });

  it("explains an attack target that is not one from the source chosen", () => {
    const from = { mode: { kind: "attack" as const, from: "alaska", to: null } };
    expect(whyNot(ctx(attack, from), "kamchatka")).toBeNull();
    expect(whyNot(ctx(attack, from), "brazil")).toBe("Brazil is not next to Alaska by land or sea.");
    expect(whyNot(ctx(attack, from), "peru")).toBe("Peru is yours: choose an enemy territory next to Alaska.");
    // Without the map's neighbours, the words say only what the actions say.
    expect(whyNot(ctx(attack, { ...from, neighbours: undefined }), "brazil")).toBe("Alaska cannot attack Brazil now.");
  });

  it("explains a source that cannot attack, and a target picked before its source", () => {
    expect(whyNot(ctx(attack), "peru")).toBe("You need at least 2 armies to attack from Peru.");
    expect(whyNot(ctx(attack), "kamchatka")).toBe("Pick where to attack Kamchatka from first: Alaska.");
    expect(whyNot(ctx(attack), "brazil")).toBe("None of your territories that can attack is next to Brazil.");
    expect(whyNot(ctx([a("end_attack")]), "alaska")).toBe("You have no attack left to make: end your attacks.");
    // A big board knows the sources only (the summary): it says to pick one first.
    const big: ReasonContext = {
      ...ctx(attack),
      actions: indexSummary([
        { kind: "attack", count: 1, from: ["alaska"] },
        { kind: "end_attack", count: 1, from: [] },
      ]),
    };
    expect(whyNot(big, "brazil")).toBe("Pick one of your highlighted territories to attack from first.");
    expect(whyNot({ ...big, mode: { kind: "attack", from: "alaska", to: null } }, "brazil")).toBe(
      "Reading what Alaska can attack: a moment.",
    );
  });

  it("explains fortify picks", () => {
    const g = game({
      phase: "fortify",
      board: [...game().board.slice(0, 4), { owner: 0, neutral: false, armies: 2, sight: "full" }],
    });
    const fortify = [a("fortify", "alaska", "quebec", 1, 2), a("end_turn")];
    expect(whyNot(ctx(fortify, {}, g), "kamchatka")).toBe(
      "Kamchatka belongs to Blue — bob: pick one of your territories to move armies from.",
    );
    expect(whyNot(ctx(fortify, {}, g), "peru")).toBe("You need at least 2 armies to move armies from Peru.");
    const from = { mode: { kind: "fortify" as const, from: "alaska", to: null } };
    expect(whyNot(ctx(fortify, from, g), "peru")).toBe("Peru is not next to Alaska by land or sea.");
    expect(whyNot(ctx(fortify, from, g), "quebec")).toBeNull();
    expect(whyNot(ctx([a("end_turn")], {}, g), "alaska")).toBe("You have no move to make: end your turn.");
  });
});
