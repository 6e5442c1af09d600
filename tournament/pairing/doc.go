// Package pairing seats a tournament's entrants at tables, round by round, and ranks them: Swiss rounds
// with tables of up to six (tables grouped by standing, no repeat meetings where the standing allows),
// single elimination (the winner of each table advances) and round robin for small groups; and it seats
// a ladder's queue at tables of players of close rating who have not just played each other. It is pure
// and deterministic: the same entrants and results give the same tables on every machine.
//
// # Tables
//
// A round of n entrants at tables of at most seats has ceil(n/seats) tables, as even as they can be, the
// larger first: 10 entrants at tables of four sit 4, 3 and 3. No table has fewer than two entrants, so
// nobody sits a round out, except in duels between an odd number of entrants: there, one entrant has a
// bye, a table of one that scores as a win without a game. In a Swiss round the bye goes to the lowest
// in the standings who has not had one; in single elimination, to the highest seed; in a round robin,
// to each entrant once.
//
// # Points
//
// A table's places earn points by place, scaled to the tournament's table size so that a winner scores
// the same at a smaller table: at a table of n in a tournament of tables of seats, place p earns
// (n − p) × (seats − 1) / (n − 1) — at a table of four, 3, 2, 1 and 0; at a table of three in the same
// tournament, 3, 1.5 and 0. Entrants eliminated together share their places' points; a bye scores
// seats − 1, a win.
//
// # Standings
//
// Entrants rank by points, then by the Buchholz score (the sum of the points of everyone they shared a
// table with, once per table shared), then by wins, then by seed (the rating at entry), then by the lower
// ID. Ranks are 1, 2, 3 … in that order; the order is total, so no two entrants share a rank.
package pairing
