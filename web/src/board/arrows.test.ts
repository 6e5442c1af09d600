// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boardIn, createBoard } from "./api";
import { arrowShape } from "./arrows";
import { geometryFromMapFile, type MapFile } from "./geometry";

describe("arrows", () => {
  it("runs from near one label point to near the other, bending to one side", () => {
    const s = arrowShape(0, 0, 100, 0, 10, 6)!;
    // From 10 units out of the start; the head's point 10 units short of the end.
    expect(s.line.startsWith("M10.0 0.0Q50.0 12.5 ")).toBe(true);
    expect(s.head.startsWith("M90.0 0.0L")).toBe(true);
    expect(s.head.endsWith("Z")).toBe(true);
  });

  it("keeps a short arrow visible and has no shape for no length", () => {
    const s = arrowShape(0, 0, 9, 0, 10, 6)!;
    expect(s.line.startsWith("M3.0 0.0")).toBe(true);
    expect(arrowShape(5, 5, 5, 5, 10, 6)).toBeNull();
  });
});

describe("the arrow layer of a board", () => {
  const classic = JSON.parse(readFileSync(join(__dirname, "../../../maps/builtin/classic.json"), "utf8")) as MapFile;
  const geometry = geometryFromMapFile(classic);

  it("draws the arrows given, skips unknown territories, clears, and goes with the board", () => {
    const el = document.createElement("div");
    document.body.append(el);
    const board = createBoard(el, {
      geometry,
      seats: [
        { seat: 0, color: "red", name: "Red" },
        { seat: 1, color: "blue", name: "Blue" },
      ],
      territories: geometry.territories.map((_, i) => ({ owner: i % 2, neutral: false, armies: 1 })),
    });
    expect(boardIn(el)).toBe(board);
    board.showArrows([
      { from: "brazil", to: "peru", kind: "attack", seat: 0 },
      { from: "alaska", to: "kamchatka", kind: "fortify", seat: 1 },
      { from: "atlantis", to: "peru", kind: "conquest" },
    ]);
    const layer = el.querySelector(".rb-arrows")!;
    expect(layer.getAttribute("aria-hidden")).toBe("true");
    expect(layer.querySelectorAll(".rb-arrow")).toHaveLength(2);
    expect(layer.querySelector(".rb-arrow-fortify path[stroke-dasharray]")).not.toBeNull();
    board.showArrows([{ from: "peru", to: "brazil", kind: "conquest", seat: 1 }]);
    expect(layer.querySelectorAll(".rb-arrow")).toHaveLength(1);
    board.clearArrows();
    expect(layer.querySelectorAll(".rb-arrow")).toHaveLength(0);
    board.destroy();
    expect(boardIn(el)).toBeUndefined();
    expect(el.querySelector(".rb-arrows")).toBeNull();
  });
});
