import { describe, expect, it } from "vitest";
import { hintFor, hintsShown } from "./firstgame";

describe("first game hints", () => {
  it("says what to do in each phase of one’s turn", () => {
    for (const p of ["claim", "placement", "reinforce", "attack", "occupy", "fortify"])
      expect(hintFor(p)?.text).toBeTruthy();
    expect(hintFor("reinforce", { trade: true })?.rules).toBe("cards");
    expect(hintFor("over")).toBeNull();
    expect(hintFor("setup")).toBeNull();
  });

  it("shows in the first game played on the device until dismissed", () => {
    expect(hintsShown(null, null, "g1", true)).toEqual({ show: true, adopt: true });
    expect(hintsShown("g1", null, "g1", true)).toEqual({ show: true, adopt: false });
    expect(hintsShown("g1", null, "g2", true)).toEqual({ show: false, adopt: false });
    expect(hintsShown("g1", "off", "g1", true)).toEqual({ show: false, adopt: false });
    // A spectator's game is nobody's first game.
    expect(hintsShown(null, null, "g1", false)).toEqual({ show: false, adopt: false });
  });
});
