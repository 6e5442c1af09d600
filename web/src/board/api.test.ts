// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBoard, type Board } from "./api";
import { keyAction, territoryOf } from "./events";
import { geometryFromMapFile, type MapFile } from "./geometry";
import { AREA_COLORS } from "./palette";

const classic = JSON.parse(readFileSync(join(__dirname, "../../../maps/builtin/classic.json"), "utf8")) as MapFile;
const geometry = geometryFromMapFile(classic);
const seats = [
  { seat: 0, color: "red", name: "Red (alice)" },
  { seat: 1, color: "blue", name: "Blue (CPU)" },
];
const idx = (k: string) => geometry.territories.findIndex((t) => t.key === k);

describe("keyAction", () => {
  it("maps keys to board actions, leaving modified keys to the browser", () => {
    expect(keyAction({ key: "ArrowLeft", shiftKey: false, ctrlKey: false, metaKey: false, altKey: false })).toEqual({
      kind: "move",
      dir: "left",
    });
    expect(keyAction({ key: "Tab", shiftKey: true, ctrlKey: false, metaKey: false, altKey: false })).toEqual({
      kind: "cycle",
      step: -1,
    });
    expect(keyAction({ key: "Enter", shiftKey: false, ctrlKey: false, metaKey: false, altKey: false })).toEqual({
      kind: "select",
    });
    expect(keyAction({ key: "Escape", shiftKey: false, ctrlKey: false, metaKey: false, altKey: false })).toEqual({
      kind: "clear",
    });
    expect(keyAction({ key: "ArrowLeft", shiftKey: false, ctrlKey: true, metaKey: false, altKey: false })).toBeNull();
    expect(keyAction({ key: "x", shiftKey: false, ctrlKey: false, metaKey: false, altKey: false })).toBeNull();
  });
});

describe("createBoard", () => {
  let el: HTMLDivElement;
  let board: Board;
  beforeEach(() => {
    el = document.createElement("div");
    document.body.append(el);
    board = createBoard(el, {
      geometry,
      seats,
      labels: "always",
      territories: geometry.territories.map((_, i) => ({ owner: i % 2, neutral: false, armies: 1 + (i % 5) })),
    });
  });
  afterEach(() => {
    board.destroy();
    el.remove();
  });

  it("draws one labelled button and one army count per territory", () => {
    const r = board.renderer;
    expect(r.cells).toHaveLength(42);
    expect(r.labels).toHaveLength(42);
    const peru = idx("peru");
    expect(r.cells[peru].getAttribute("role")).toBe("button");
    const n = 1 + (peru % 5);
    expect(r.cells[peru].getAttribute("aria-label")).toBe(
      `Peru, South America: ${peru % 2 ? "Blue (CPU)" : "Red (alice)"}, ${n} ${n === 1 ? "army" : "armies"}`,
    );
    expect(r.cells[peru].getAttribute("d")).toMatch(/^M[\d.,L-]+Z$/);
    expect(r.labels[peru].textContent).toBe(String(1 + (peru % 5)));
    expect(r.root.getAttribute("aria-label")).toBe("Map: Classic World");
    // Exactly one territory is in the tab order.
    expect(r.root.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    // Patterns for the seats, not colour alone.
    expect(r.root.querySelectorAll("pattern").length).toBeGreaterThanOrEqual(2);
  });

  it("updates only the territories that changed", async () => {
    const r = board.renderer;
    const touched = new Set<Node>();
    const mo = new MutationObserver((ms) =>
      ms.forEach((m) => touched.add(m.target.nodeType === 3 ? m.target.parentNode! : m.target)),
    );
    mo.observe(r.root, { subtree: true, attributes: true, childList: true, characterData: true });
    const peru = idx("peru");
    const brazil = idx("brazil");
    const changed = board.setState([
      { key: "peru", owner: 0, neutral: false, armies: 9 },
      { key: "brazil", owner: brazil % 2, neutral: false, armies: 1 + (brazil % 5) }, // as it was
    ]);
    expect(changed).toEqual([peru]);
    await Promise.resolve();
    mo.disconnect();
    expect([...touched].every((n) => n === r.cells[peru] || n === r.labels[peru] || n === r.names[peru])).toBe(true);
    expect(r.labels[peru].textContent).toBe("9");
    expect(r.cells[peru].getAttribute("aria-label")).toContain("Red (alice), 9 armies");
  });

  it("draws fogged territories dark with no count, and a seen owner's hidden armies as ?", () => {
    const r = board.renderer;
    const peru = idx("peru");
    const brazil = idx("brazil");
    const colour = r.cells[brazil].getAttribute("fill");
    expect(
      board.setState([
        { key: "peru", owner: null, neutral: false, armies: null, sight: "hidden" },
        { key: "brazil", owner: brazil % 2, neutral: false, armies: null, sight: "owner" },
      ]),
    ).toEqual([peru, brazil].sort((a, b) => a - b));
    expect(r.cells[peru].getAttribute("fill")).toBe(`url(#${r.uid}-fog)`);
    expect(r.cells[peru].classList.contains("rb-fog")).toBe(true);
    expect(r.root.querySelector(`#${r.uid}-fog`)).not.toBeNull();
    expect(r.labels[peru].textContent).toBe("");
    expect(r.cells[peru].getAttribute("aria-label")).toBe("Peru, South America: hidden by fog");
    expect(r.cells[brazil].getAttribute("fill")).toBe(colour);
    expect(r.labels[brazil].textContent).toBe("?");
    expect(r.cells[brazil].getAttribute("aria-label")).toMatch(/^Brazil, South America: .+, armies hidden$/);
    // Seen again: the owner's colour and the count come back.
    board.setState([{ key: "peru", owner: 0, neutral: false, armies: 4, sight: "full" }]);
    expect(r.cells[peru].classList.contains("rb-fog")).toBe(false);
    expect(r.labels[peru].textContent).toBe("4");
  });

  it("selects by click and by keyboard, and moves the focus with the arrows", () => {
    const picked: Array<string | null> = [];
    board.onSelect((k) => picked.push(k));
    const r = board.renderer;
    r.cells[idx("brazil")].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(picked).toEqual(["brazil"]);
    expect(board.state.focus).toBe(idx("brazil"));
    // Brazil's neighbour to the left (west) is Peru.
    r.cells[idx("brazil")].dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(board.state.focus).toBe(idx("peru"));
    expect(r.cells[idx("peru")].getAttribute("tabindex")).toBe("0");
    expect(r.cells[idx("brazil")].hasAttribute("tabindex")).toBe(false);
    r.cells[idx("peru")].dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    r.cells[idx("peru")].dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(picked).toEqual(["brazil", "peru", null]);
    // The tooltip says the territory's name, area, owner, armies and neighbours.
    expect(r.tooltip.hidden).toBe(false);
    expect(r.tooltip.textContent).toContain("Peru");
    expect(r.tooltip.textContent).toContain("South America");
    expect(r.tooltip.textContent).toContain("Borders");
  });

  it("highlights legal targets, dims the rest, and tabs through the targets only", () => {
    const r = board.renderer;
    board.setHighlights(["argentina", "venezuela"]);
    expect(r.root.classList.contains("rb-choosing")).toBe(true);
    expect(r.cells.filter((c) => c.classList.contains("rb-hl")).map((c) => territoryOf(c))).toEqual(
      [idx("venezuela"), idx("argentina")].sort((a, b) => a - b),
    );
    board.setFocus("alaska");
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    r.cells[idx("alaska")].dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(board.state.focus).toBe(idx("venezuela"));
    r.cells[idx("venezuela")].dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(board.state.focus).toBe(idx("argentina"));
    const out = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    r.cells[idx("argentina")].dispatchEvent(out);
    expect(out.defaultPrevented).toBe(false); // the focus leaves the board
    board.setHighlights(
      ["argentina", "venezuela"],
      new Map([
        ["argentina", "attack"],
        ["venezuela", "fortify"],
      ]),
    );
    expect(r.cells[idx("argentina")].classList.contains("rb-hl-attack")).toBe(true);
    expect(r.cells[idx("venezuela")].classList.contains("rb-hl-fortify")).toBe(true);
    expect(r.cells[idx("argentina")].getAttribute("aria-label")).toMatch(/can be attacked$/);
    board.setHighlights([]);
    expect(r.cells[idx("argentina")].classList.contains("rb-hl-attack")).toBe(false);
    expect(r.root.classList.contains("rb-choosing")).toBe(false);
    expect(r.root.querySelectorAll(".rb-hl")).toHaveLength(0);
  });

  it("marks the selection for sight and screen readers, outlined without covering its army count", () => {
    const r = board.renderer;
    board.setSelection("peru");
    expect(r.cells[idx("peru")].getAttribute("aria-pressed")).toBe("true");
    // The outline on top is the cell's outline alone: a copy of the cell (<use>) would paint its fill, and
    // so hide the army count drawn on the cell.
    const sel = r.svg.querySelector(".rb-sel-o")!;
    expect(sel.tagName).toBe("path");
    expect(sel.getAttribute("d")).toBe(r.cells[idx("peru")].getAttribute("d"));
    expect(sel.getAttribute("fill")).toBe("none");
    board.setSelection(null);
    expect(r.cells[idx("peru")].hasAttribute("aria-pressed")).toBe(false);
    expect(r.svg.querySelector(".rb-sel-o")!.getAttribute("display")).toBe("none");
  });

  it("draws the count of the selection and of the target above their outlines, in distinct marks", () => {
    const r = board.renderer;
    board.setSelection("peru");
    board.setTarget("brazil");
    const over = r.svg.querySelector(".rb-over")!;
    // The outlines come before the count copies, which are painted above them.
    const order = Array.from(over.querySelectorAll("path, text")).map((e) => e.getAttribute("class"));
    expect(order.indexOf("rb-sel-n")).toBeGreaterThan(order.indexOf("rb-sel-o"));
    expect(order.indexOf("rb-tgt-n")).toBeGreaterThan(order.indexOf("rb-tgt-o"));
    expect(over.querySelector(".rb-sel-n")!.textContent).toBe(r.labels[idx("peru")].textContent);
    expect(over.querySelector(".rb-tgt-n")!.textContent).toBe(r.labels[idx("brazil")].textContent);
    expect(over.querySelector(".rb-tgt-o")!.getAttribute("d")).toBe(r.cells[idx("brazil")].getAttribute("d"));
    board.setState([{ key: "brazil", owner: 0, neutral: false, armies: 12 }]);
    expect(over.querySelector(".rb-tgt-n")!.textContent).toBe("12");
    board.setTarget(null);
    expect(over.querySelector(".rb-tgt-o")!.getAttribute("display")).toBe("none");
    expect(over.querySelector(".rb-tgt-n")!.getAttribute("display")).toBe("none");
  });

  it("names the territories that fit, by level of detail, and outlines the areas", () => {
    const r = board.renderer;
    // The classic map's real outlines: most territories have room for their name beside the count; thin
    // or small ones (Central Europe, Japan, Great Britain...) are named by the tooltip and the list.
    expect(r.names.filter(Boolean).length).toBeGreaterThan(25);
    const brazil = r.names[idx("brazil")]!;
    expect(brazil.textContent).toBe("Brazil");
    expect(brazil.getAttribute("class")).toMatch(/^rb-name rb-n\d+$/);
    // Area borders: drawn between South America and North America, say, not inside an area.
    expect(r.svg.querySelector(".rb-areas")!.getAttribute("d")!.length).toBeGreaterThan(0);
    // Each territory has a box for zoomTo.
    expect(r.boxes[idx("peru")].x1).toBeGreaterThan(r.boxes[idx("peru")].x0);
  });

  it("makes the army counts only when they are first shown", () => {
    const b = createBoard(el, { geometry, seats }); // jsdom has no layout: "auto" labels stay hidden
    expect(b.renderer.labels).toHaveLength(0);
    expect(b.renderer.root.classList.contains("rb-nolabels")).toBe(true);
    b.setState([{ key: "peru", owner: 0, neutral: false, armies: 4 }]);
    b.renderer.setLabelsVisible(true);
    expect(b.renderer.labels).toHaveLength(42);
    expect(b.renderer.labels[idx("peru")].textContent).toBe("4");
    b.destroy();
  });

  it("removes everything on destroy", () => {
    board.destroy();
    expect(el.children).toHaveLength(0);
    board = createBoard(el, { geometry, seats }); // for afterEach
  });
});

describe("a board in tiles", () => {
  it("spreads the cells over layers and still updates, selects and labels each territory", () => {
    const side = 30;
    const keys = Array.from({ length: side * side }, (_, i) => `t${i}`);
    const territories = keys.map((key, i) => {
      const r = Math.floor(i / side);
      const c = i % side;
      const neighbours = [
        r > 0 && keys[i - side],
        r < side - 1 && keys[i + side],
        c > 0 && keys[i - 1],
        c < side - 1 && keys[i + 1],
      ].filter(Boolean) as string[];
      const x = 10 + 20 * c + (r % 2) * 5;
      const y = 10 + 20 * r;
      return { key, name: `T${i}`, x, y, shape: `M${x - 8},${y - 8}h16v16h-16Z`, neighbours };
    });
    const el = document.createElement("div");
    document.body.append(el);
    const b = createBoard(el, {
      geometry: { width: 610, height: 600, territories, seaLines: [] },
      seats,
      tileSize: 100,
      labels: "always",
    });
    const r = b.renderer;
    expect(r.layers.length).toBeGreaterThan(4);
    expect(r.cells.filter(Boolean)).toHaveLength(900);
    expect(r.labels.filter(Boolean)).toHaveLength(900);
    // Every cell's label sits in its own layer.
    for (const i of [0, 455, 899]) expect(r.cells[i].closest("svg")).toBe(r.labels[i].closest("svg"));
    expect(b.setState([{ key: "t455", owner: 1, neutral: false, armies: 7 }])).toEqual([455]);
    expect(r.labels[455].textContent).toBe("7");
    const picked: Array<string | null> = [];
    b.onSelect((k) => picked.push(k));
    r.cells[899].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(picked).toEqual(["t899"]);
    b.destroy();
    el.remove();
  });
});

describe("bonus areas' outlines", () => {
  it("stroke each cell in the colour of its first area's colorIndex from the API", () => {
    // The classic map's six areas, coloured as the API might: by colorIndex, not by position.
    const colored = { ...geometry, areas: geometry.areas!.map((a, i) => ({ ...a, colorIndex: 5 - i })) };
    const el = document.createElement("div");
    document.body.append(el);
    const b = createBoard(el, { geometry: colored, seats });
    const areaOf = (k: string) => geometry.areas!.findIndex((a) => a.key === geometry.territories[idx(k)].areas![0]);
    for (const k of ["alaska", "peru", "egypt", "siam"])
      expect(b.renderer.cells[idx(k)].getAttribute("stroke")).toBe(AREA_COLORS[5 - areaOf(k)]);
    b.destroy();
    el.remove();
  });
});
