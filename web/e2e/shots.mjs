// Screenshots of the main screens, for looking at them: node e2e/shots.mjs http://127.0.0.1:8080 outdir
import { chromium } from "playwright-core";
const base = process.argv[2];
const out = process.argv[3] || "e2e-artifacts";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const [label, vp] of [
  ["desk", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
]) {
  const p = await browser.newPage({ viewport: vp });
  const n = "shot" + label + Date.now().toString(36).slice(-4);
  await p.goto(base + "/");
  await p.screenshot({ path: `${out}/${label}-signin.png` });
  await p.goto(base + "/signup");
  await p.getByLabel("Display name").fill(n);
  await p.getByLabel("Email").fill(n + "@example.com");
  await p.getByLabel("Password").fill("correct horse battery");
  await p.getByRole("button", { name: "Create account" }).click();
  await p.getByRole("heading", { name: /My games/ }).waitFor();
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
