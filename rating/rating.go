package rating

import "math"

// The model's constants: the npm package openskill's defaults, which the fixtures in testdata were made
// with.
const (
	// InitialMu is a new player's μ.
	InitialMu = 25.0
	// InitialSigma is a new player's σ, InitialMu / 3.
	InitialSigma = InitialMu / 3
	// Beta is the spread of a player's performance in one game around their skill, InitialSigma / 2.
	Beta = InitialSigma / 2
	// Tau is how much σ grows before each game (added in quadrature), InitialMu / 300.
	Tau = InitialMu / 300
	// Kappa is the floor of the factor that shrinks σ² in a game, which keeps σ above zero.
	Kappa = 1e-4
	// Z is how many σ the conservative estimate (Ordinal) stands below μ.
	Z = 3
)

// What players see.
const (
	// ProvisionalSigma is the σ above which a rating is provisional. A new player who wins and loses in
	// turn against new players falls below it after 7 duels, or 12 four-player free-for-alls.
	ProvisionalSigma = 7.0
	// PublicBase is the public number of an ordinal of zero, a new player's.
	PublicBase = 1000
	// PublicScale is the public points per unit of ordinal: Beta, the spread of one game's
	// performance, is 200 points.
	PublicScale = 200 / Beta
)

// Rating is the belief about one player's skill: a normal distribution of mean Mu and standard
// deviation Sigma.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Initial is a new player's rating.
var Initial = Rating{Mu: InitialMu, Sigma: InitialSigma}

// Ordinal is the conservative estimate of the skill, μ − 3σ: what leaderboards sort by.
func (r Rating) Ordinal() float64 {
	return r.Mu - Z*r.Sigma
}

// Public is the number players see: PublicBase + PublicScale × Ordinal, rounded to the nearest whole
// number and kept within 0 to math.MaxInt32. It is 1000 for a new player and orders ratings as Ordinal
// does, though ordinals less than 1/48 apart may show the same number.
func (r Rating) Public() int {
	return int(min(max(math.Round(PublicBase+PublicScale*r.Ordinal()), 0), math.MaxInt32))
}

// Provisional reports whether the rating is still uncertain, its σ above ProvisionalSigma: shown with a
// mark beside the public number.
func (r Rating) Provisional() bool {
	return r.Sigma > ProvisionalSigma
}

// valid reports whether the rating can enter a game: finite, with a positive σ.
func (r Rating) valid() bool {
	return !math.IsNaN(r.Mu) && !math.IsInf(r.Mu, 0) && r.Sigma > 0 && !math.IsInf(r.Sigma, 0)
}
