package rating_test

import (
	"math"
	"testing"

	"rout/rating"
)

// TestSeasonReset: μ is kept, σ grows toward InitialSigma and never past it, and the public number never
// rises.
func TestSeasonReset(t *testing.T) {
	t.Parallel()
	for _, r := range []rating.Rating{
		{Mu: 30, Sigma: 1}, {Mu: 25, Sigma: rating.InitialSigma}, {Mu: 10, Sigma: 8}, {Mu: 40, Sigma: 0.5},
		{Mu: 25, Sigma: 9}, // above σ₀ (never made by Rate, but read from the database): left alone
	} {
		got := rating.SeasonReset(r)
		if got.Mu != r.Mu {
			t.Errorf("SeasonReset(%v).Mu = %v, want %v", r, got.Mu, r.Mu)
		}
		if got.Sigma < r.Sigma || got.Sigma > max(r.Sigma, rating.InitialSigma) {
			t.Errorf("SeasonReset(%v).Sigma = %v, want within [%v, max(σ, σ₀)]", r, got.Sigma, r.Sigma)
		}
		if got.Public() > r.Public() {
			t.Errorf("SeasonReset(%v).Public() = %d, above %d", r, got.Public(), r.Public())
		}
	}
	if got := rating.SeasonReset(rating.Rating{Mu: 30, Sigma: 1}).Sigma; math.Abs(got-math.Sqrt(5)) > 1e-12 {
		t.Errorf("σ 1 resets to %v, want √5", got)
	}
}
