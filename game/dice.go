package game

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"rout/rules"
)

// A game's dice live in its row's dice column (games.dice), in one of two forms:
//
//   - committed dice (rules.CommittedDice), every game created since they exist: a JSON object with the
//     scheme, the server's secret seed, the seed each seat's player contributed when they took the seat
//     (at the creation or on joining), and the number of draws made. The seed's SHA-256 is the game's
//     commitment, public from the creation; the seeds are shown when the game is finished (Dice). The
//     key is derived from them (rules.DiceKey), which no longer change once the game has started.
//   - a ChaCha8 generator's state (rules.ChaChaDice, "chacha8:..."), games created before: they go on
//     with it, and have no commitment.
//
// docs/dice.md tells players what this guarantees, docs/record-format.md implementers how to check it.

// committedDice is the dice column of a game with committed dice.
type committedDice struct {
	Scheme string   `json:"scheme"`
	Server string   `json:"server"` // the server's seed, hex
	Seeds  []string `json:"seeds"`  // each seat's player's seed, hex; "" for none
	Draws  uint64   `json:"draws"`  // the numbers drawn so far
}

// chachaPrefix starts the dice column of a game on a ChaCha8 generator.
const chachaPrefix = "chacha8:"

// newDiceColumn returns the dice column of a new game of seats seats: committed dice with a fresh server
// seed, and the seeds the seats' players brought (nil for none).
func newDiceColumn(seeds []*rules.Seed) ([]byte, error) {
	var server rules.Seed
	if _, err := rand.Read(server[:]); err != nil {
		return nil, fmt.Errorf("error drawing a dice seed: %w", err)
	}
	c := committedDice{Scheme: rules.CommittedScheme, Server: hex.EncodeToString(server[:]), Seeds: make([]string, len(seeds))}
	for i, s := range seeds {
		c.Seeds[i] = seedText(s)
	}
	return json.Marshal(c)
}

// seedText returns a seed as the dice column and the API write it: hex, "" for none.
func seedText(s *rules.Seed) string {
	if s == nil {
		return ""
	}
	return hex.EncodeToString(s[:])
}

// ParseSeed reads a player's dice seed: 64 hexadecimal digits (32 bytes), or "" for none (nil).
func ParseSeed(text string) (*rules.Seed, error) {
	if text == "" {
		return nil, nil
	}
	var s rules.Seed
	if n, err := hex.Decode(s[:], []byte(text)); err != nil || n != rules.SeedSize || len(text) != 2*rules.SeedSize {
		return nil, errorf(CodeBadInput, "a dice seed is %d hexadecimal digits (%d bytes)", 2*rules.SeedSize, rules.SeedSize)
	}
	return &s, nil
}

// withSeed returns the dice column column of an open game with seat's seed set to seed (nil: none).
// A game on ChaCha8 dice takes no seeds: its column is returned as it is.
func withSeed(column []byte, seat int, seed *rules.Seed) ([]byte, error) {
	if bytes.HasPrefix(column, []byte(chachaPrefix)) {
		return column, nil
	}
	c, err := readCommitted(column)
	if err != nil {
		return nil, err
	}
	if seat < 0 || seat >= len(c.Seeds) {
		return nil, fmt.Errorf("error setting the dice seed of seat %d: the game has %d seats", seat, len(c.Seeds))
	}
	c.Seeds[seat] = seedText(seed)
	return json.Marshal(c)
}

// readCommitted decodes the dice column of a game with committed dice, and checks its seeds.
func readCommitted(column []byte) (committedDice, error) {
	var c committedDice
	if err := json.Unmarshal(column, &c); err != nil {
		return c, fmt.Errorf("error reading the dice: %w", err)
	}
	if c.Scheme != rules.CommittedScheme {
		return c, fmt.Errorf("error reading the dice: unknown scheme %q", c.Scheme)
	}
	if _, _, err := c.seeds(); err != nil {
		return c, err
	}
	return c, nil
}

// seeds returns the server's seed and the players' of c.
func (c committedDice) seeds() (rules.Seed, []*rules.Seed, error) {
	var server rules.Seed
	if n, err := hex.Decode(server[:], []byte(c.Server)); err != nil || n != rules.SeedSize {
		return server, nil, fmt.Errorf("error reading the dice: a bad server seed")
	}
	players := make([]*rules.Seed, len(c.Seeds))
	for i, text := range c.Seeds {
		s, err := ParseSeed(text)
		if err != nil {
			return server, nil, fmt.Errorf("error reading the dice: the seed of seat %d: %w", i, err)
		}
		players[i] = s
	}
	return server, players, nil
}

// gameDice are the dice a batch decides with, and can save.
type gameDice interface {
	rules.Dice
	MarshalBinary() ([]byte, error)
}

// restoreDice returns the dice of a game's dice column, at the draw the column is at.
func restoreDice(column []byte) (gameDice, error) {
	if bytes.HasPrefix(column, []byte(chachaPrefix)) {
		d := new(rules.ChaChaDice)
		return d, d.UnmarshalBinary(column)
	}
	c, err := readCommitted(column)
	if err != nil {
		return nil, err
	}
	server, players, _ := c.seeds()
	return &savedDice{CommittedDice: rules.NewCommittedDice(rules.DiceKey(server, players), c.Draws), column: c}, nil
}

// savedDice are committed dice that save as a dice column.
type savedDice struct {
	*rules.CommittedDice
	column committedDice
}

// MarshalBinary returns the dice column at the dice's next draw.
func (d *savedDice) MarshalBinary() ([]byte, error) {
	c := d.column
	c.Draws = d.Draws()
	return json.Marshal(c)
}

// Dice is what a game shows of its committed dice (docs/dice.md): the scheme and the commitment from its
// creation, the seeds once it is finished.
type Dice struct {
	Scheme string
	// Commitment is the SHA-256 of the server's seed, hex.
	Commitment string
	// ServerSeed is the server's seed, hex; "" until the game is finished.
	ServerSeed string
	// PlayerSeeds are the seeds each seat's player contributed, in seat order, hex ("" for a seat that
	// contributed none); nil until the game is finished.
	PlayerSeeds []string
}

// Revealed tells whether the seeds are shown: the game is finished.
func (d Dice) Revealed() bool { return d.ServerSeed != "" }

// diceOf returns what a game whose dice column is column, and whose status is status, shows of its dice;
// nil for a game on ChaCha8 dice.
func diceOf(column []byte, status Status) (*Dice, error) {
	if bytes.HasPrefix(column, []byte(chachaPrefix)) || len(column) == 0 {
		return nil, nil
	}
	c, err := readCommitted(column)
	if err != nil {
		return nil, err
	}
	server, _, _ := c.seeds()
	commitment := server.Commitment()
	d := &Dice{Scheme: c.Scheme, Commitment: hex.EncodeToString(commitment[:])}
	if status == StatusFinished {
		d.ServerSeed, d.PlayerSeeds = c.Server, c.Seeds
	}
	return d, nil
}

// GameDice returns what game gameID shows of its dice (Dice): nil for a game on the dice of before. It does
// not tell whether the caller may see the game.
func (s *Service) GameDice(ctx context.Context, gameID int) (*Dice, error) {
	var column []byte
	var status string
	err := s.db.QueryRowContext(ctx, `SELECT dice, status FROM games WHERE id = $1`, gameID).Scan(&column, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noGame(gameID)
	}
	if err != nil {
		return nil, fmt.Errorf("error reading the dice of game %d: %w", gameID, err)
	}
	return diceOf(column, Status(status))
}
