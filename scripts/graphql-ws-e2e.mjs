// Plays a game on a running Rout server over HTTP while the graphql-ws client (the graphql-transport-ws
// protocol's reference client) watches it over a websocket, then resumes on a new connection from a sequence
// number, then reads the record as the playground does (GraphiQL's fetcher, @graphiql/toolkit, with the
// websocket URL built as graph/playground/assets/playground.js builds it and the token in the Headers tab),
// and prints one JSON line: {"ok":true,...} or {"ok":false,"error":...}.
// Usage: node graphql-ws-e2e.mjs http://127.0.0.1:8080/graphql
// The packages graphql-ws, ws and @graphiql/toolkit are resolved from NODE_PATH (the test installs them).
import { createRequire } from 'node:module';

const require = createRequire(process.env.NODE_PATH.split(':')[0] + '/');
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');
const { createGraphiQLFetcher } = require('@graphiql/toolkit');
const { parse } = require('graphql');

const url = process.argv[2];
const wsURL = url.replace(/^http/, 'ws');
const deadline = Date.now() + 60_000;

async function gql(token, query, variables) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = 'Bearer ' + token;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function signUp(name) {
  const d = await gql(null, `mutation($i: SignUpInput!) { signUp(input: $i) { session { token } userErrors { code } } }`,
    { i: { name, email: name + '@example.com', password: 'password-' + name } });
  return d.signUp.session.token;
}

const payload = 'game { id seq currentSeat } userErrors { code message }';

// move plays the first legal action of the player to move, preferring the ones that end a phase.
async function move(tokens, id) {
  const { game } = await gql(null, `query($id: ID!) { game(id: $id) { currentSeat } }`, { id });
  const token = tokens[game.currentSeat];
  const { game: g } = await gql(token, `query($id: ID!) { game(id: $id) { viewerActions { kind from to cards min max } } }`, { id });
  const order = ['claim', 'place', 'trade', 'occupy', 'attack', 'end_attack', 'fortify', 'end_turn'];
  const acts = g.viewerActions.filter((a) => order.includes(a.kind));
  acts.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const a = acts[0];
  const calls = {
    claim: ['claimTerritory', 'ClaimTerritoryInput', { territory: a.from }],
    place: ['placeArmies', 'PlaceArmiesInput', { placements: [{ territory: a.from, armies: a.max }] }],
    trade: ['tradeCards', 'TradeCardsInput', { cards: a.cards }],
    occupy: ['occupy', 'OccupyInput', { armies: a.max }],
    attack: ['attack', 'AttackInput', { from: a.from, to: a.to, dice: a.max }],
    end_attack: ['endAttack', 'TurnInput', {}],
    fortify: ['fortify', 'FortifyInput', { from: a.from, to: a.to, armies: a.min }],
    end_turn: ['endTurn', 'TurnInput', {}],
  };
  const [name, type, input] = calls[a.kind];
  const d = await gql(token, `mutation($i: ${type}!) { ${name}(input: $i) { ${payload} } }`, { i: { gameId: id, ...input } });
  if (d[name].userErrors.length) throw new Error(a.kind + ': ' + JSON.stringify(d[name].userErrors));
  return d[name].game.seq;
}

// watch subscribes to the game's events after `after` as token; it returns the events array it fills.
function watch(token, id, after) {
  const client = createClient({
    url: wsURL, webSocketImpl: WebSocket, connectionParams: { Authorization: 'Bearer ' + token }, retryAttempts: 0,
  });
  const events = [];
  const errors = [];
  const query = `subscription($id: ID!, $after: Int) { gameEvents(gameId: $id, after: $after) {
    seq kind payload phase currentSeat territories { index owner armies } dice { attacker defender } } }`;
  client.subscribe({ query, variables: { id, after } }, {
    next: (m) => (m.errors ? errors.push(m.errors) : events.push(m.data.gameEvents)),
    error: (e) => errors.push(String(e?.message ?? e?.reason ?? e)),
    complete: () => {},
  });
  return { client, events, errors };
}

async function until(cond, what) {
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for ' + what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function checkSeqs(events, after) {
  events.forEach((e, i) => {
    if (e.seq !== after + 1 + i) throw new Error(`event ${i} has seq ${e.seq}, want ${after + 1 + i}`);
  });
}

try {
  const tokens = [await signUp('ws_ana'), await signUp('ws_ben')];
  const created = await gql(tokens[0], `mutation($i: CreateGameInput!) { createGame(input: $i) { ${payload} } }`,
    { i: { mapKey: 'classic', seats: [{ kind: 'HUMAN', color: 'red' }, { kind: 'OPEN', color: 'blue' }] } });
  const id = created.createGame.game.id;
  await gql(tokens[1], `mutation($i: JoinGameInput!) { joinGame(input: $i) { ${payload} } }`, { i: { gameId: id } });
  const first = watch(tokens[1], id, 0); // before the start: the first events arrive live
  const started = await gql(tokens[0], `mutation($i: GameInput!) { startGame(input: $i) { ${payload} } }`, { i: { gameId: id } });
  let seq = started.startGame.game.seq;
  for (let i = 0; i < 15; i++) seq = await move(tokens, id);
  await until(() => first.events.length >= seq || first.errors.length, 'the first subscription');
  if (first.errors.length) throw new Error(JSON.stringify(first.errors));
  checkSeqs(first.events, 0);
  await first.client.dispose();

  const mid = Math.floor(seq / 2);
  const second = watch(tokens[0], id, mid);
  for (let i = 0; i < 10; i++) seq = await move(tokens, id);
  await until(() => second.events.length >= seq - mid || second.errors.length, 'the resumed subscription');
  if (second.errors.length) throw new Error(JSON.stringify(second.errors));
  checkSeqs(second.events, mid);
  await second.client.dispose();

  // The playground: GraphiQL's fetcher sends the Headers tab as the connection_init payload.
  globalThis.WebSocket = WebSocket; // what a browser has
  const endpoint = new URL(url);
  const socket = new URL(endpoint.href);
  socket.protocol = endpoint.protocol === 'https:' ? 'wss:' : 'ws:';
  const fetcher = createGraphiQLFetcher({ url: endpoint.href, subscriptionUrl: socket.href, fetch }); // a browser's window.fetch
  const watchQuery = 'subscription Watch($id: ID!) { gameEvents(gameId: $id, after: 0) { seq kind } }';
  const played = await fetcher( // with the options GraphiQL passes: the Headers tab and the parsed document
    { query: watchQuery, variables: { id }, operationName: 'Watch' },
    { headers: { Authorization: 'Bearer ' + tokens[0] }, documentAST: parse(watchQuery) },
  );
  let playground = 0;
  for await (const m of played) {
    if (m.errors) throw new Error('playground: ' + JSON.stringify(m.errors));
    if (m.data.gameEvents.seq !== playground + 1) throw new Error('playground: event ' + m.data.gameEvents.seq);
    playground++;
    if (playground === seq) break;
  }
  const kinds = [...new Set(first.events.concat(second.events).map((e) => e.kind))].sort();
  console.log(JSON.stringify({ ok: true, first: first.events.length, resumed: second.events.length, after: mid, playground, kinds }));
  process.exit(0); // the playground fetcher's socket would keep the process alive
} catch (e) {
  console.log(JSON.stringify({ ok: false, error: String(e?.stack ?? e) }));
  process.exit(1);
}
