// Screenshots of the main screens, for looking at them: node e2e/shots.mjs http://127.0.0.1:8080 outdir
import { launch, signUp } from "./lib.mjs";
const base = process.argv[2];
const out = process.argv[3] || "e2e-artifacts";
const browser = await launch();
for (const [label, vp] of [
  ["desk", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
]) {
  const p = await browser.newPage({ viewport: vp });
  const n = "shot" + label + Date.now().toString(36).slice(-4);
  await p.goto(base + "/");
  await p.screenshot({ path: `${out}/${label}-signin.png` });
  await signUp(p, base, n);
  await p.waitForTimeout(500);
  await p.screenshot({ path: `${out}/${label}-lobby.png`, fullPage: true });
  await p.goto(base + "/new");
  await p.getByRole("button", { name: "Create the game" }).waitFor();
  await p.waitForTimeout(300);
  await p.screenshot({ path: `${out}/${label}-new.png`, fullPage: true });
  await p.getByRole("button", { name: "Create the game" }).click();
  await p.locator(".live-live").waitFor();
  await p.waitForTimeout(1500);
  await p.screenshot({ path: `${out}/${label}-game.png`, fullPage: true });
  await p.goto(base + "/");
  await p.waitForTimeout(800);
  await p.screenshot({ path: `${out}/${label}-lobby2.png`, fullPage: true });
  await p.goto(base + "/settings");
  await p.waitForTimeout(500);
  await p.screenshot({ path: `${out}/${label}-settings.png`, fullPage: true });
  await p.close();
}
await browser.close();
