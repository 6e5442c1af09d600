package maps

import (
	"slices"
	"strings"
)

// A map family groups maps whose games are alike enough to share a leaderboard (docs/ratings.md, "Map
// families"). Each built-in map belongs to one of the built-in families below; an uploaded or imported map
// is a family of its own, named after its key.

// The built-in families.
const (
	FamilyClassic   = "classic"   // the classic world board (classic)
	FamilyRegional  = "regional"  // real regions at country or state scale (europe, us-states)
	FamilyGenerated = "generated" // the generated worlds of 200 to 5,000 territories (world-*)
)

// builtinFamilies is the family of each built-in map, by id. A built-in map missing here is a test's
// failure (TestBuiltinFamilies), not a family of its own.
var builtinFamilies = map[string]string{
	ClassicID:    FamilyClassic,
	"europe":     FamilyRegional,
	"us-states":  FamilyRegional,
	"world-200":  FamilyGenerated,
	"world-1000": FamilyGenerated,
	"world-5000": FamilyGenerated,
}

// uploadedFamilyPrefix starts the family of an uploaded map: "map:" and the map's key, which no built-in
// family's name can equal.
const uploadedFamilyPrefix = "map:"

// Family is the family of the map stored under key: the built-in family of a built-in map, and
// "map:<key>" for an uploaded one (builtin false), every version of a key in the same family.
func Family(key string, builtin bool) string {
	if f, ok := builtinFamilies[key]; ok && builtin {
		return f
	}
	return uploadedFamilyPrefix + key
}

// BuiltinFamilies lists the built-in families, sorted.
func BuiltinFamilies() []string {
	return []string{FamilyClassic, FamilyGenerated, FamilyRegional}
}

// ValidFamily reports whether f can be a family's name: a built-in family, or "map:" and a key of a map.
func ValidFamily(f string) bool {
	if slices.Contains(BuiltinFamilies(), f) {
		return true
	}
	key, ok := strings.CutPrefix(f, uploadedFamilyPrefix)
	return ok && idPattern.MatchString(key) && len(key) <= MaxIDLength
}
