package maps

import (
	"strconv"

	"rout/rules"
)

// The limits CheckPlayable adds to the format's.
const (
	// MinPlayableTerritories is the fewest territories that seat 2 players (a game seats at most one
	// player per 3 territories).
	MinPlayableTerritories = 2 * 3
	// MaxNeighbours is the most borders one territory may have.
	MaxNeighbours = 200
	// MaxShapePoints is the most points the shapes of one map may have in all.
	MaxShapePoints = 1_000_000
)

// The codes of CheckPlayable's problems. They are stable: clients may rely on them.
const (
	CodeCannotSeat           = "CANNOT_SEAT"             // too few territories to seat 2 players
	CodeBonusOutOfProportion = "BONUS_OUT_OF_PROPORTION" // an area's bonus makes no sense for its size
	CodeTooManyNeighbours    = "TOO_MANY_NEIGHBOURS"     // a territory has more than MaxNeighbours borders
	CodeTooMuchGeometry      = "TOO_MUCH_GEOMETRY"       // the shapes have more than MaxShapePoints points
)

// AnyAreaBonus is the bonus any area may be worth, whatever its size: real maps give a one-territory
// "capital" +5 or more.
const AnyAreaBonus = 10

// MaxAreaBonus is the largest bonus that makes sense for an area of size territories: 2 × size + 2, and
// at least AnyAreaBonus (a one-territory area may be worth 10, the classic Asia of 12 territories up to 26).
func MaxAreaBonus(size int) int { return max(AnyAreaBonus, 2*size+2) }

// MinAreaBonus is the smallest bonus that makes sense for an area of size territories: -size (a penalty of
// at most one army per territory held).
func MinAreaBonus(size int) int { return -size }

// CheckPlayable checks a valid map for what a published map needs beyond the format (docs/maps.md,
// "Publishing"): enough territories to seat 2 players, area bonuses from MinAreaBonus to MaxAreaBonus of
// the area's size, at most MaxNeighbours borders per territory, and at most MaxShapePoints points in the
// shapes, so that the engine's moves and the map's geometry stay within their limits. It returns a
// *ValidationError listing every problem, or nil.
func (m *Map) CheckPlayable() error {
	if err := m.Validate(); err != nil {
		return err
	}
	v := &validator{}
	if n := len(m.Territories); n < MinPlayableTerritories || min(rules.MaxPlayers, n/3) < 2 {
		v.add("territories", CodeCannotSeat, "a game needs 3 territories per player: %d territories cannot seat 2 players (at least %d are needed)", n, MinPlayableTerritories)
	}
	for i, a := range m.BonusAreas {
		size := len(a.Territories)
		if a.Bonus > MaxAreaBonus(size) || a.Bonus < MinAreaBonus(size) {
			v.add("bonusAreas["+strconv.Itoa(i)+"].bonus", CodeBonusOutOfProportion,
				"a bonus of %d makes no sense for an area of %d territories: it must be from %d to %d",
				a.Bonus, size, MinAreaBonus(size), MaxAreaBonus(size))
		}
	}
	degree := make(map[string]int, len(m.Territories))
	for _, b := range m.Borders {
		degree[b[0]]++
		degree[b[1]]++
	}
	points := 0
	for i, t := range m.Territories {
		if d := degree[t.ID]; d > MaxNeighbours {
			v.add("territories["+strconv.Itoa(i)+"]", CodeTooManyNeighbours,
				"territory %q has %d borders; the limit is %d", t.ID, d, MaxNeighbours)
		}
		if t.Shape != "" {
			walkPath(t.Shape, func(point, bool) { points++ })
		}
	}
	if points > MaxShapePoints {
		v.add("territories", CodeTooMuchGeometry, "the shapes have %d points in all; the limit is %d", points, MaxShapePoints)
	}
	return v.err()
}
