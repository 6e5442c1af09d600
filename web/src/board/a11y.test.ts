// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import axe from "axe-core";
import { expect, it } from "vitest";
import { createBoard } from "./api";
import { geometryFromMapFile, type MapFile } from "./geometry";

it("has no accessibility violations axe can find without layout", { timeout: 60_000 }, async () => {
  const classic = JSON.parse(readFileSync(join(__dirname, "../../../maps/builtin/classic.json"), "utf8")) as MapFile;
  const geometry = geometryFromMapFile(classic);
  const el = document.createElement("main");
  document.body.append(el);
  document.documentElement.lang = "en";
  document.title = "board";
  const board = createBoard(el, {
    geometry,
    seats: [
      { seat: 0, color: "red", name: "Red (alice)" },
      { seat: 1, color: "blue", name: "Blue (CPU)" },
    ],
    territories: geometry.territories.map((_, i) => ({ owner: i % 2, neutral: false, armies: 2 })),
    labels: "always",
  });
  board.setHighlights(["peru", "brazil"]);
  board.setSelection("peru");
  const res = await axe.run(el, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
  expect(res.violations.map((v) => `${v.id}: ${v.nodes.length} (${v.help})`)).toEqual([]);
  expect(res.passes.map((p) => p.id)).toEqual(expect.arrayContaining(["aria-allowed-attr", "aria-roles"]));
  board.destroy();
  el.remove();
});
