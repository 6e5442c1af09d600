package rules

import (
	cryptorand "crypto/rand"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Dice is the only source of randomness of the engine: every die roll, deal, shuffle and card draw asks it
// for numbers. Intn returns a uniformly distributed int in [0, n); callers always pass n > 0.
//
// A die showing face f (1 to 6) is produced by Intn(6) returning f-1.
type Dice interface {
	Intn(n int) int
}

// ChaChaDice is a deterministic Dice on the ChaCha8 generator of math/rand/v2. The same seed always gives
// the same numbers, and the generator's state can be saved with MarshalBinary and restored with
// UnmarshalBinary, so a game can persist its dice between commands and replay them exactly.
//
// Create one with NewDice, NewCryptoDice or UnmarshalBinary; a ChaChaDice is not safe for concurrent use.
type ChaChaDice struct {
	src *rand.ChaCha8
	rng *rand.Rand
}

var _ Dice = (*ChaChaDice)(nil)

// NewDice returns a ChaChaDice seeded with seed.
func NewDice(seed [32]byte) *ChaChaDice {
	src := rand.NewChaCha8(seed)
	return &ChaChaDice{src: src, rng: rand.New(src)}
}

// NewCryptoDice returns a ChaChaDice seeded with 32 bytes from crypto/rand.
func NewCryptoDice() (*ChaChaDice, error) {
	var seed [32]byte
	if _, err := cryptorand.Read(seed[:]); err != nil {
		return nil, fmt.Errorf("error reading a dice seed: %w", err)
	}
	return NewDice(seed), nil
}

// Intn returns a uniformly distributed int in [0, n). It uses rand.Rand.IntN, which rejects the values
// that would make some results more likely than others, so there is no modulo bias: each of the six faces
// of a die is exactly equally likely. For n <= 0, which no caller of the engine passes, it returns 0.
func (d *ChaChaDice) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return d.rng.IntN(n)
}

// MarshalBinary returns the generator's state; UnmarshalBinary of it continues the same sequence.
func (d *ChaChaDice) MarshalBinary() ([]byte, error) {
	if d.src == nil {
		return nil, errors.New("error saving dice: generator not initialized")
	}
	b, err := d.src.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("error saving dice: %w", err)
	}
	return b, nil
}

// UnmarshalBinary restores a state returned by MarshalBinary. It may be called on a zero ChaChaDice.
func (d *ChaChaDice) UnmarshalBinary(data []byte) error {
	src := new(rand.ChaCha8)
	if err := src.UnmarshalBinary(data); err != nil {
		return fmt.Errorf("error restoring dice: %w", err)
	}
	d.src, d.rng = src, rand.New(src)
	return nil
}

// rollDice rolls n dice and returns their faces (1 to 6) sorted from highest to lowest.
func rollDice(d Dice, n int) []int { return rollDiceInto(make([]int, n), d) }

// rollDiceInto rolls len(faces) dice into faces, sorted from highest to lowest, and returns faces.
func rollDiceInto(faces []int, d Dice) []int {
	for i := range faces {
		faces[i] = d.Intn(6) + 1
	}
	sortFacesDescending(faces)
	return faces
}

// sortFacesDescending sorts a few dice faces from highest to lowest.
func sortFacesDescending(faces []int) {
	slices.Sort(faces)
	slices.Reverse(faces)
}

// MaxDefendDice is the most dice a defender rolls (R28).
const MaxDefendDice = 2

// DefendDice returns the dice the defender of a territory holding armies armies rolls against an attack:
// as many as its armies, MaxDefendDice at most (R28). The defender is never asked: the engine rolls this
// many for every roll of an attack (Attack, and each roll of a repeated one), and the odds count the same.
// The API shows it on each attack action (Action.defendDice), so that no client copies the rule.
func DefendDice(armies int) int { return min(MaxDefendDice, armies) }

// compareDice compares the attacker's and the defender's dice, both sorted from highest to lowest: the
// highest against the highest, then the second against the second, as many pairs as the shorter side has
// dice. The defender wins ties. Each lost comparison costs that side one army.
func compareDice(attack, defend []int) (attackerLosses, defenderLosses int) {
	for i := range min(len(attack), len(defend)) {
		if attack[i] > defend[i] {
			defenderLosses++
		} else {
			attackerLosses++
		}
	}
	return attackerLosses, defenderLosses
}
