package rating

import "math"

// SeasonDrift is how far a season's end widens a rating's σ (in quadrature): the skill may have moved
// over a season, as τ lets it move over a game, and SeasonDrift² is about 576 games' worth of τ².
const SeasonDrift = 2.0

// SeasonReset is the soft reset a rating takes into a new season (docs/ratings.md, "Seasons"): μ is kept,
// and σ grows to √(σ² + SeasonDrift²), never above InitialSigma (nor below what it was, when it is above
// already). A settled player (σ ≈ 1) loses about 180 public points, to win back by playing; a new player's
// rating does not change.
func SeasonReset(r Rating) Rating {
	if r.Sigma >= InitialSigma {
		return r
	}
	return Rating{Mu: r.Mu, Sigma: min(InitialSigma, math.Hypot(r.Sigma, SeasonDrift))}
}
