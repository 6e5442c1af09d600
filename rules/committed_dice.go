package rules

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// CommittedScheme names the derivation of CommittedDice, as records and the API write it. A change that
// gives other draws for the same seeds gets a new name. docs/record-format.md ("Committed dice") specifies
// it for other implementations.
const CommittedScheme = "rout-hmac-sha256/1"

// SeedSize is the length in bytes of a seed of committed dice: the server's and each player's.
const SeedSize = 32

// Seed is a seed of committed dice: the server's secret seed of a game, or a seed a player contributes.
type Seed [SeedSize]byte

// Commitment returns the commitment to a server seed that a game publishes while it runs: its SHA-256.
func (s Seed) Commitment() [sha256.Size]byte { return sha256.Sum256(s[:]) }

// keyLabel starts the message of the key's hash, so that the key is never the hash of a seed alone.
const keyLabel = "rout-dice/1"

// DiceKey returns the key of a game's committed dice: the SHA-256 of the ASCII label "rout-dice/1", the
// server's seed, then each seat's seed in seat order, 32 zero bytes for a seat that contributed none.
// players has one entry per seat of the game, nil for none.
func DiceKey(server Seed, players []*Seed) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(keyLabel))
	h.Write(server[:])
	var none Seed
	for _, p := range players {
		if p == nil {
			p = &none
		}
		h.Write(p[:])
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// CommittedDice are the dice of a real game: every number is derived from the game's key (DiceKey) and
// its position in the game, the count of numbers drawn before it, so that anyone who knows the seeds can
// derive every draw again (Draw), and nobody who does not can tell what comes next. They cost more than
// ChaChaDice (an HMAC-SHA256 a draw): simulations and CPU playouts keep those.
//
// A CommittedDice is not safe for concurrent use.
type CommittedDice struct {
	mac   hash.Hash
	draws uint64
	sum   []byte
}

var _ Dice = (*CommittedDice)(nil)

// NewCommittedDice returns the dice of key whose next draw is number draws (counting from 0): a game's
// dice restored after draws numbers were drawn.
func NewCommittedDice(key [sha256.Size]byte, draws uint64) *CommittedDice {
	return &CommittedDice{mac: hmac.New(sha256.New, key[:]), draws: draws, sum: make([]byte, 0, sha256.Size)}
}

// Intn returns the next number in [0, n): Draw of the dice's key, its position and n. For n <= 0, which no
// caller of the engine passes, it returns 0 and draws nothing.
func (d *CommittedDice) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	v := uniform(uint64(n), func(attempt uint32) uint64 { return block(d.mac, d.sum, d.draws, attempt) })
	d.draws++
	return int(v)
}

// Draws returns how many numbers the dice have drawn: the position of the next one.
func (d *CommittedDice) Draws() uint64 { return d.draws }

// Draw returns draw number i (counting from 0) of the committed dice of key, a number in [0, n) for n > 0:
// attempt a = 0, 1, ... takes the first 8 bytes, big-endian, of HMAC-SHA256(key, i as 8 bytes big-endian
// followed by a as 4 bytes big-endian) as x, until x is below the largest multiple of n that 2^64 holds,
// and returns x mod n. So every number in [0, n) is exactly as likely, and nobody without the key can
// tell one draw from another's.
func Draw(key [sha256.Size]byte, i uint64, n int) int {
	if n <= 0 {
		return 0
	}
	mac := hmac.New(sha256.New, key[:])
	return int(uniform(uint64(n), func(attempt uint32) uint64 { return block(mac, nil, i, attempt) }))
}

// block returns x of draw i's attempt: the first 8 bytes of HMAC(i || attempt) of mac, big-endian. sum, if
// not nil, is room for the MAC.
func block(mac hash.Hash, sum []byte, i uint64, attempt uint32) uint64 {
	var msg [12]byte
	binary.BigEndian.PutUint64(msg[:8], i)
	binary.BigEndian.PutUint32(msg[8:], attempt)
	mac.Reset()
	mac.Write(msg[:])
	return binary.BigEndian.Uint64(mac.Sum(sum[:0]))
}

// uniform returns a number in [0, n), n > 0, by rejection sampling over the 64-bit values next gives for
// attempts 0, 1, ...: the first value below the largest multiple of n at most 2^64, mod n.
func uniform(n uint64, next func(attempt uint32) uint64) uint64 {
	rest := -n % n // 2^64 mod n
	for attempt := uint32(0); ; attempt++ {
		x := next(attempt)
		if rest == 0 || x < -rest { // -rest is 2^64 - rest, the largest multiple of n
			return x % n
		}
	}
}
