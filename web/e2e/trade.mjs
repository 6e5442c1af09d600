// A forced card trade in real Chromium against a started `rout serve`: two users signed up through the API
// play a classic game through GraphQL, one of them conquering a territory each turn (a card each) while the
// other only places and ends their turns, until the first starts a turn holding 5 cards and must trade.
// Then the browser opens the game as that player: every set on screen shows its worth and bonus as the API
// lists them (`viewerActions(kind: "trade")`), nothing else can be done before a trade, the player trades,
// and the armies the screen then offers to place are what the server granted (the turn's armies and the
// set's, from the game's events) and what its place actions allow.
//
//   node e2e/trade.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS, E2E_HEADED=1). Exits non-zero on failure.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { axe, launch, log, PASSWORD, T, watch } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] || "http://127.0.0.1:8080";
const artifacts = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");

/** One GraphQL request as token; fails on any top-level error or user error. */
async function gql(token, query, variables = {}) {
  const res = await fetch(base + "/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  for (const v of Object.values(body.data ?? {})) {
    if (v?.userErrors?.length) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(v.userErrors)}`);
  }
  return body.data;
}

const fields = `id status phase turn version currentSeat
  seats { seat userName cardCount }
  board { key owner armies }
  viewerActions { kind from to cards min max worth bonusTerritories bonusArmies }`;

async function signUp(name) {
  const d = await gql(
    null,
    `mutation($input: SignUpInput!) { signUp(input: $input) { session { token } userErrors { code message } } }`,
    {
      input: { name, email: `${name}@example.com`, password: PASSWORD },
    },
  );
  return d.signUp.session.token;
}

/** Runs turn command `name` as token and returns the game as it is after it. */
async function command(token, name, input, game) {
  const type = { placeArmies: "PlaceArmiesInput", attack: "AttackInput", occupy: "OccupyInput", endTurn: "TurnInput" }[
    name
  ];
  const d = await gql(
    token,
    `mutation($input: ${type}!) { ${name}(input: $input) { game { ${fields} } userErrors { code message } } }`,
    {
      input: { gameId: game.id, expectedVersion: game.version, ...input },
    },
  );
  return d[name].game;
}

const browser = await launch();
let page = null;
const problems = [];
let failed = false;
try {
  const suffix = Date.now().toString(36).slice(-5);
  const trader = `trader${suffix}`;
  const tokens = [await signUp(trader), await signUp(`idle${suffix}`)];
  const created = await gql(
    tokens[0],
    `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } userErrors { code message } } }`,
    {
      input: {
        mapKey: "classic",
        claim: "random",
        seats: [
          { kind: "HUMAN", color: "red" },
          { kind: "OPEN", color: "blue" },
        ],
      },
    },
  );
  const id = created.createGame.game.id;
  await gql(tokens[1], `mutation($id: ID!) { joinGame(input: {gameId: $id}) { userErrors { code message } } }`, { id });
  await gql(tokens[0], `mutation($id: ID!) { startGame(input: {gameId: $id}) { userErrors { code message } } }`, {
    id,
  });
  const geometry = await gql(
    tokens[0],
    `query($id: ID!) { game(id: $id) { map { territories { key neighbours } } } }`,
    { id },
  );
  const neighbours = new Map(geometry.game.map.territories.map((t) => [t.key, t.neighbours]));
  const seatOf = async (token) => (await gql(token, `query($id: ID!) { game(id: $id) { ${fields} } }`, { id })).game;
  let g = await seatOf(tokens[0]);
  const me = g.seats.find((s) => s.userName === trader).seat;
  log(`game ${id}: ${trader} holds seat ${me}`);

  // Play through the API until the trader starts a turn with 5 cards: the trader piles the reinforcements
  // next to the weakest enemy territory and attacks it until it falls (one conquest a turn, one card); the
  // other player places on their strongest territory and ends the turn.
  let conquered = false;
  let turns = 0;
  for (let commands = 0; ; commands++) {
    if (commands > 400 || turns > 15) throw new Error(`no hand of 5 after ${turns} turns: ${JSON.stringify(g.seats)}`);
    if (g.status !== "active") throw new Error(`the game is ${g.status}`);
    const seat = g.currentSeat;
    const token = tokens[seat === me ? 0 : 1];
    g = await seatOf(token); // the player to move's own actions
    const armies = new Map(g.board.map((t) => [t.key, t.armies]));
    const owner = new Map(g.board.map((t) => [t.key, t.owner]));
    const of = (kind) => g.viewerActions.filter((a) => a.kind === kind);
    if (g.phase === "reinforce" && seat === me && g.seats[me].cardCount >= 5) break;
    const places = of("place");
    if (places.length > 0) {
      const reserve = places[0].max;
      let at = places[0].from;
      if (seat === me) {
        // The own territory beside the enemy territory with the fewest armies.
        let best = Infinity;
        for (const p of places) {
          for (const n of neighbours.get(p.from)) {
            if (owner.get(n) !== me && armies.get(n) - armies.get(p.from) / 100 < best)
              [best, at] = [armies.get(n) - armies.get(p.from) / 100, p.from];
          }
        }
        turns++;
        conquered = false;
      } else {
        at = places.reduce((m, p) => (armies.get(p.from) > armies.get(m.from) ? p : m)).from;
      }
      g = await command(token, "placeArmies", { placements: [{ territory: at, armies: reserve }] }, g);
      continue;
    }
    const occupy = of("occupy");
    if (occupy.length > 0) {
      g = await command(token, "occupy", { armies: occupy[0].max }, g);
      conquered = true;
      continue;
    }
    const attacks =
      seat === me && !conquered ? of("attack").filter((a) => armies.get(a.from) > armies.get(a.to) + 1) : [];
    if (attacks.length > 0) {
      const a = attacks.reduce((m, x) =>
        armies.get(x.from) - armies.get(x.to) > armies.get(m.from) - armies.get(m.to) ? x : m,
      );
      g = await command(token, "attack", { from: a.from, to: a.to, untilConquered: true }, g);
      continue;
    }
    g = await command(token, "endTurn", {}, g);
  }
  log(`the trader starts turn ${g.turn} with ${g.seats[me].cardCount} cards, after ${turns} turns of theirs`);

  // What the API says the sets are worth, read by kind as a big board's client does.
  const sets = (
    await gql(
      tokens[0],
      `query($id: ID!) { game(id: $id) { viewerActions(kind: "trade") { cards worth bonusTerritories bonusArmies } } }`,
      { id },
    )
  ).game.viewerActions;
  if (sets.length === 0 || g.viewerActions.some((a) => a.kind !== "trade" && a.kind !== "resign")) {
    throw new Error(`a hand of 5 must trade first: actions ${JSON.stringify(g.viewerActions)}`);
  }

  // The browser, signed in as the trader.
  const ctx = await browser.newContext({ viewport: { width: 1300, height: 1000 } });
  page = await ctx.newPage();
  watch(page, problems);
  await page.goto(base + "/signin");
  await page.getByLabel("Email or name").fill(`${trader}@example.com`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: /My games/ }).waitFor({ timeout: T });
  await page.goto(`${base}/games/${encodeURIComponent(id)}`);
  await page.locator(".turn-line strong", { hasText: "Your turn" }).waitFor({ timeout: T });

  // Every set the server lists is on screen with its worth and bonus, and nothing but trading is offered.
  const shown = page.locator(".hand .sets li");
  await shown.first().waitFor({ timeout: T });
  const texts = await shown.allTextContents();
  const names = new Map(
    (await gql(tokens[0], `query($id: ID!) { game(id: $id) { board { key name } } }`, { id })).game.board.map((t) => [
      t.key,
      t.name,
    ]),
  );
  if (texts.length !== sets.length)
    throw new Error(`${texts.length} sets on screen, the API lists ${sets.length}: ${JSON.stringify(texts)}`);
  sets.forEach((s, i) => {
    const worth = new RegExp(`: ${s.worth} arm(y|ies)(, and \\+${s.bonusArmies} on |\\s*Trade$)`);
    if (!worth.test(texts[i]) || !s.bonusTerritories.every((k) => texts[i].includes(names.get(k)))) {
      throw new Error(`set ${i} shows ${JSON.stringify(texts[i])}, the API says ${JSON.stringify(s)}`);
    }
  });
  log(`the screen shows the sets as the API lists them: ${JSON.stringify(texts)}`);
  if ((await page.getByRole("button", { name: /^Place \d+ arm/ }).count()) > 0)
    throw new Error("placing is offered before the forced trade");
  await axe(page, "the forced trade");

  // Trade the first set; the screen then offers to place what the server granted.
  await page.locator(".hand .sets li").first().getByRole("button", { name: "Trade" }).click();
  const left = page.locator(".actions .panel p", { hasText: /^\d+ of \d+ left to place/ });
  await left.waitFor({ timeout: T });
  const onScreen = Number(/of (\d+) left/.exec(await left.textContent())[1]);
  const after = (
    await gql(
      tokens[0],
      `query($id: ID!) { game(id: $id) { version viewerActions(kind: "place") { max } events(after: 0, first: 100) { seq kind payload } } }`,
      { id },
    )
  ).game;
  // The events of this turn, page by page: the turn's armies and the set's.
  let events = after.events;
  for (let last = events.at(-1)?.seq; events.length % 100 === 0 && last;) {
    const more = (
      await gql(
        tokens[0],
        `query($id: ID!, $after: Int) { game(id: $id) { events(after: $after, first: 100) { seq kind payload } } }`,
        { id, after: last },
      )
    ).game.events;
    events = events.concat(more);
    last = more.length === 100 ? more.at(-1).seq : 0;
  }
  const start = events.findLastIndex((e) => e.kind === "turn_started");
  const granted = events[start].payload.armies;
  const traded = events
    .slice(start)
    .filter((e) => e.kind === "cards_traded")
    .reduce((n, e) => n + e.payload.armies, 0);
  if (traded !== sets[0].worth) throw new Error(`the trade brought ${traded} armies, the screen said ${sets[0].worth}`);
  if (onScreen !== granted + traded || onScreen !== after.viewerActions[0]?.max) {
    throw new Error(
      `the screen offers ${onScreen} armies to place; the server granted ${granted} + ${traded} and allows ${after.viewerActions[0]?.max}`,
    );
  }
  log(`traded for ${traded}: the screen offers ${onScreen} armies to place, the server granted ${granted} + ${traded}`);
  if (problems.length) throw new Error(problems.join("\n"));
  log("trade e2e passed");
} catch (e) {
  failed = true;
  console.error(`trade e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  if (page) {
    mkdirSync(artifacts, { recursive: true });
    const path = join(artifacts, "trade.png");
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`screenshot: ${path}`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
