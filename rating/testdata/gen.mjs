// Writes openskill.json: the npm package openskill's ratings after a fixed list of games, which
// package rating's tests check it agrees with. Run `npm ci && node gen.mjs` in this folder (docs/ratings.md)
// and commit the result; the tests read the file and never run this script.
import { readFileSync, writeFileSync } from 'node:fs'
import { rate } from 'openskill'

const options = { limitSigma: true } // as package rating: no game makes a σ grow

const initial = { mu: 25, sigma: 25 / 3 }

// A case is a list of players (by name, with their ratings before the first game) and of games played
// in order, each team a list of names and each rank the team's place (lower is better, equal tied).
const cases = []
const add = (name, players, games) => cases.push({ name, players, games })
const newPlayers = (...names) => Object.fromEntries(names.map((n) => [n, initial]))
const ffa = (...names) => names.map((n) => [n])
const places = (n) => Array.from({ length: n }, (_, i) => i + 1)

add('duel, new players', newPlayers('a', 'b'), [{ teams: ffa('a', 'b'), ranks: [1, 2] }])
add('duel, upset', { strong: { mu: 35, sigma: 3 }, weak: { mu: 15, sigma: 3 } }, [
  { teams: ffa('strong', 'weak'), ranks: [2, 1] },
])
add('duel, expected win by far', { strong: { mu: 60, sigma: 1 }, weak: { mu: 10, sigma: 1 } }, [
  { teams: ffa('strong', 'weak'), ranks: [1, 2] },
])
add('duel, tie', { a: { mu: 30, sigma: 5 }, b: { mu: 22, sigma: 7 } }, [{ teams: ffa('a', 'b'), ranks: [1, 1] }])
add('free-for-all of 4, new players', newPlayers('a', 'b', 'c', 'd'), [
  { teams: ffa('a', 'b', 'c', 'd'), ranks: places(4) },
])
add(
  'free-for-all of 4, seats not in finishing order',
  { a: { mu: 28, sigma: 4 }, b: { mu: 20, sigma: 6 }, c: { mu: 33, sigma: 2.5 }, d: { mu: 25, sigma: 8 } },
  [{ teams: ffa('a', 'b', 'c', 'd'), ranks: [2, 4, 1, 3] }],
)
add('free-for-all of 4, two eliminated at once', newPlayers('a', 'b', 'c', 'd'), [
  { teams: ffa('a', 'b', 'c', 'd'), ranks: [1, 2, 3, 3] },
])
add(
  'free-for-all of 4, tie in the middle',
  { a: { mu: 27, sigma: 5 }, b: { mu: 24, sigma: 6 }, c: { mu: 26, sigma: 3 }, d: { mu: 21, sigma: 7 } },
  [{ teams: ffa('a', 'b', 'c', 'd'), ranks: [4, 2, 1, 2] }],
)
add('free-for-all of 3, all tied', { a: { mu: 30, sigma: 4 }, b: { mu: 25, sigma: 6 }, c: { mu: 20, sigma: 8 } }, [
  { teams: ffa('a', 'b', 'c'), ranks: [1, 1, 1] },
])
add('free-for-all of 6, new players', newPlayers('a', 'b', 'c', 'd', 'e', 'f'), [
  { teams: ffa('a', 'b', 'c', 'd', 'e', 'f'), ranks: places(6) },
])
add(
  'free-for-all of 8, ranks with gaps',
  Object.fromEntries(places(8).map((i) => [`p${i}`, { mu: 15 + 2.5 * i, sigma: 2 + 0.7 * i }])),
  [{ teams: ffa('p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'), ranks: [10, 30, 20, 70, 50, 50, 40, 0] }],
)
add('2v2, new players', newPlayers('a', 'b', 'c', 'd'), [
  { teams: [['a', 'b'], ['c', 'd']], ranks: [1, 2] },
])
add(
  '2v2, mixed ratings, the weaker team wins',
  { a: { mu: 30, sigma: 2 }, b: { mu: 25, sigma: 8 }, c: { mu: 20, sigma: 3 }, d: { mu: 22, sigma: 5 } },
  [{ teams: [['a', 'b'], ['c', 'd']], ranks: [2, 1] }],
)
add('three teams of 2', newPlayers('a', 'b', 'c', 'd', 'e', 'f'), [
  { teams: [['a', 'b'], ['c', 'd'], ['e', 'f']], ranks: [2, 3, 1] },
])
add('three teams of 2, two tied', newPlayers('a', 'b', 'c', 'd', 'e', 'f'), [
  { teams: [['a', 'b'], ['c', 'd'], ['e', 'f']], ranks: [1, 2, 2] },
])
add('uneven teams, 1 against 2', newPlayers('a', 'b', 'c'), [{ teams: [['a'], ['b', 'c']], ranks: [1, 2] }])
add(
  'uneven teams, 2 against 3 against 1',
  { a: { mu: 31, sigma: 3 }, b: { mu: 19, sigma: 6 }, c: { mu: 24, sigma: 4 }, d: { mu: 26, sigma: 7 }, e: { mu: 22, sigma: 2 }, f: { mu: 40, sigma: 1.5 } },
  [{ teams: [['a', 'b'], ['c', 'd', 'e'], ['f']], ranks: [1, 3, 2] }],
)
add(
  'extreme ratings',
  { high: { mu: 100, sigma: 20 }, low: { mu: -50, sigma: 0.01 }, sure: { mu: 25, sigma: 0.001 }, vague: { mu: 0, sigma: 200 } },
  [{ teams: ffa('high', 'low', 'sure', 'vague'), ranks: [4, 1, 2, 3] }],
)
add('vague players, the floor of the shrink', { a: { mu: 25, sigma: 50 }, b: { mu: 25, sigma: 50 } }, [
  { teams: ffa('a', 'b'), ranks: [1, 2] },
])

// Sequences: the ratings each game leaves are the next game's, so that errors would add up.
const rotations = (names, n) =>
  Array.from({ length: n }, (_, g) => ({
    teams: ffa(...names),
    // A fixed, uneven pattern of places: the player g mod n wins, others follow in a shuffled order.
    ranks: names.map((_, i) => ((i - g) * (g % 3 === 0 ? 1 : 3) + 100 * names.length) % names.length),
  }))
add('30 duels', newPlayers('a', 'b'), Array.from({ length: 30 }, (_, g) => ({
  teams: ffa('a', 'b'),
  ranks: g % 3 === 2 ? [2, 1] : g % 7 === 6 ? [1, 1] : [1, 2],
})))
add('20 free-for-alls of 4', newPlayers('a', 'b', 'c', 'd'), rotations(['a', 'b', 'c', 'd'], 20))
add('12 free-for-alls of 5 with ties', newPlayers('a', 'b', 'c', 'd', 'e'), Array.from({ length: 12 }, (_, g) => ({
  teams: ffa('a', 'b', 'c', 'd', 'e'),
  ranks: [0, 1, 2, 3, 4].map((i) => Math.min(3, (i + g) % 5)),
})))
add('team games among 6 players in changing teams', newPlayers('a', 'b', 'c', 'd', 'e', 'f'), [
  { teams: [['a', 'b', 'c'], ['d', 'e', 'f']], ranks: [1, 2] },
  { teams: [['a', 'd'], ['b', 'e'], ['c', 'f']], ranks: [3, 1, 2] },
  { teams: [['a'], ['b', 'c'], ['d', 'e', 'f']], ranks: [2, 1, 2] },
  { teams: [['f', 'a'], ['e', 'b'], ['d', 'c']], ranks: [1, 3, 2] },
  { teams: ffa('a', 'b', 'c', 'd', 'e', 'f'), ranks: [6, 5, 4, 3, 2, 1] },
])

for (const c of cases) {
  const ratings = { ...c.players }
  for (const g of c.games) {
    const out = rate(g.teams.map((t) => t.map((n) => ratings[n])), { ...options, rank: g.ranks })
    g.teams.forEach((t, i) => t.forEach((n, j) => (ratings[n] = { mu: out[i][j].mu, sigma: out[i][j].sigma })))
    g.after = Object.fromEntries(g.teams.flat().map((n) => [n, ratings[n]]))
  }
}

const { version } = JSON.parse(readFileSync(new URL('./node_modules/openskill/package.json', import.meta.url)))
// One line per game, so that a change of the reference shows as a readable diff.
const json = (v) => JSON.stringify(v)
const body = cases.map(
  (c) =>
    ` {"name": ${json(c.name)}, "players": ${json(c.players)}, "games": [\n` +
    c.games.map((g) => `  ${json(g)}`).join(',\n') +
    '\n ]}',
)
writeFileSync(
  new URL('./openskill.json', import.meta.url),
  `{"reference": ${json(`openskill ${version}`)}, "options": ${json(options)}, "cases": [\n${body.join(',\n')}\n]}\n`,
)
