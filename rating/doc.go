// Package rating is Rout's skill rating: OpenSkill's Plackett–Luce model (Weng and Lin, "A Bayesian
// Approximation Method for Online Ranking", JMLR 12, 2011), as the npm package openskill computes it
// with its default constants and its limitSigma option. It is pure arithmetic: it imports none of Rout's
// packages and knows nothing of games, users or tables.
//
// # The model
//
// A player's skill is a normal belief, a Rating of mean Mu and standard deviation Sigma, starting at
// Initial (μ = 25, σ = 25/3). A game is a list of teams (a team of one in a duel or a free-for-all) and
// each team's place; Rate returns every player's new rating. Before a game each σ grows by Tau, so that
// a rating can keep moving; after it, a player's σ is never above what it was before the game (the
// reference's limitSigma), so that a game never makes a rating less certain. So no σ ever exceeds
// InitialSigma, and within that range a winner's μ and public number never fall and a last's never rise
// (the property tests). The place of a team is a rank, lower is better; teams with the same rank tied
// (seats eliminated at the same moment).
//
// # What players see
//
// The conservative estimate μ − 3σ (Ordinal) is below the player's skill with about 99.9% belief; Public
// scales it to a whole number from 1000 for a new player, and a rating is Provisional while its σ is
// above ProvisionalSigma.
package rating
