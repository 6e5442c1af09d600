// @vitest-environment jsdom
// Where the focus goes after a command: the same control, what the screen prefers, a panel's first
// control, its heading, the turn line. The browser test checks it after every command in Chromium.
import { describe, expect, it } from "vitest";
import { FocusKeeper, focusTarget } from "./focus";

function screen(html: string): HTMLElement {
  document.body.innerHTML = `<div class="play">${html}</div>`;
  return document.querySelector(".play")!;
}

describe("focus after a command", () => {
  it("prefers the same control, while it is there and enabled", () => {
    const root = screen(`<p class="turn-line">Your turn</p><section class="actions"><h2>Attack</h2>
      <button data-focus="attack-go" data-focus-next>Roll 3 dice</button><button data-focus="end-attack" data-focus-next>End attacks</button></section>`);
    expect(focusTarget(root, "attack-go")?.textContent).toBe("Roll 3 dice");
    root.querySelector<HTMLButtonElement>('[data-focus="attack-go"]')!.disabled = true;
    expect(focusTarget(root, "attack-go")?.textContent).toBe("End attacks");
  });

  it("then what the screen prefers, a panel first control, its heading, the turn line", () => {
    const root =
      screen(`<p class="turn-line">Blue is reinforcing</p><table class="territory-table"><tr class="target"><td class="row-actions"><button>Attack Peru</button></td></tr></table>
      <section class="actions"><h2>Move in</h2><input type="range" data-focus-next></section>`);
    expect(focusTarget(root, "attack-go", [".territory-table tr.target .row-actions button"])?.textContent).toBe(
      "Attack Peru",
    );
    expect(focusTarget(root, "attack-go")?.tagName).toBe("INPUT");
    root.querySelector("input")!.remove();
    expect(focusTarget(root, null)?.textContent).toBe("Move in");
    root.querySelector(".actions")!.remove();
    expect(focusTarget(root, null)?.className).toBe("turn-line");
  });

  it("brings the focus back once the command is done, not while it runs, and not after a click elsewhere", () => {
    const root = screen(`<p class="turn-line">Your turn</p><section class="actions"><h2>Fortify</h2>
      <button data-focus="end-turn" data-focus-next>End turn</button></section>`);
    const k = new FocusKeeper(root);
    const end = root.querySelector("button")!;
    end.focus();
    expect(document.activeElement).toBe(end);
    // The command runs: the button is disabled and the browser drops the focus.
    end.disabled = true;
    end.blur();
    expect(k.settle(true)).toBeNull();
    // The turn passed: the panel went away; the turn line takes the focus.
    root.querySelector(".actions")!.remove();
    expect(k.settle(false)?.className).toBe("turn-line");
    expect(document.activeElement?.className).toBe("turn-line");
    expect(document.activeElement?.getAttribute("tabindex")).toBe("-1");

    // A click on the background (the control still there, no command): the focus stays where it went.
    const b = document.createElement("button");
    root.append(b);
    b.focus();
    b.blur();
    expect(k.settle(false)).toBeNull();
    k.destroy();
  });
});
