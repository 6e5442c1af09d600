package sim

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"rout/rules"
)

// Policy chooses the next command for player p, or nil when p has nothing to do.
type Policy func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command

// Opts tunes Play.
type Opts struct {
	// Check folds every event separately with rules.Evolve and checks rules.CheckInvariants and the
	// conservation of armies after each one, and that the fold equals the engine's own result. It reads
	// the whole board per event: for tests and `rout sim`, not for speed.
	Check bool
	// KeepEvents returns the game's events in the Result.
	KeepEvents bool
	// MaxCommands stops a game that has not ended after this many commands (0 means 1,000,000).
	MaxCommands int
}

// Result is the outcome of one game.
type Result struct {
	Final    rules.State
	Winner   rules.PlayerID // rules.NoPlayer when MaxCommands ran out
	Commands int
	Events   int
	Record   []rules.Event // with Opts.KeepEvents
}

// Play plays one game of board b with config cfg to its end, seat i choosing its commands with
// seats[i]. Every random draw (the engine's dice and the policies' choices) derives from seed, so the same
// arguments give the same game.
func Play(b *rules.Board, cfg rules.Config, seats []Policy, seed uint64, opts Opts) (Result, error) {
	if len(seats) != len(cfg.Seats) {
		return Result{}, fmt.Errorf("%d policies for %d seats", len(seats), len(cfg.Seats))
	}
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	dice := rules.NewDice(key)
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	s, err := rules.New(b, cfg)
	if err != nil {
		return Result{}, err
	}
	res := Result{Winner: rules.NoPlayer}
	// Under fog each seat remembers what its own record shows, as a seat of a game does (game.Service).
	var memories []rules.Memory
	if cfg.Fog != rules.FogNone {
		memories = make([]rules.Memory, len(seats))
		for i := range memories {
			memories[i] = rules.NewMemory(b)
		}
	}
	apply := func(p rules.PlayerID, c rules.Command) error {
		next, events, err := rules.Apply(s, p, c, dice)
		if err != nil {
			return fmt.Errorf("error applying %s by player %d at turn %d: %w", c.Kind(), p, s.Turn(), err)
		}
		for i := range memories {
			if err := memories[i].Watch(s, events, rules.PlayerID(i)); err != nil {
				return fmt.Errorf("error projecting %s by player %d at turn %d for player %d: %w", c.Kind(), p, s.Turn(), i, err)
			}
		}
		if opts.Check {
			if err := checkFold(s, next, events); err != nil {
				return fmt.Errorf("after %s by player %d at turn %d: %w", c.Kind(), p, s.Turn(), err)
			}
		}
		s = next
		res.Commands++
		res.Events += len(events)
		if opts.KeepEvents {
			res.Record = append(res.Record, events...)
		}
		return nil
	}
	if err := apply(rules.NoPlayer, rules.StartGame{}); err != nil {
		return res, err
	}
	limit := opts.MaxCommands
	if limit == 0 {
		limit = 1_000_000
	}
	for s.Phase() != rules.PhaseOver && res.Commands < limit {
		p := s.Current()
		believed := s // under fog, what p's seat sees and remembers
		if memories != nil {
			believed = rules.BelievedFrom(s, p, memories[p])
		}
		c := seats[p](believed, p, r)
		if c == nil {
			return res, fmt.Errorf("player %d has no command in the %s phase at turn %d", p, s.Phase(), s.Turn())
		}
		if err := apply(p, c); err != nil {
			return res, err
		}
	}
	res.Final, res.Winner = s, s.Winner()
	return res, nil
}

// checkFold folds events onto before one at a time, checking the invariants and the conservation of
// armies after each, and that the result equals after.
func checkFold(before, after rules.State, events []rules.Event) error {
	s := before
	for _, e := range events {
		next, err := rules.Evolve(s, e)
		if err != nil {
			return fmt.Errorf("event %s: %w", e.Kind(), err)
		}
		if err := rules.CheckInvariants(next); err != nil {
			return fmt.Errorf("event %s: %w", e.Kind(), err)
		}
		if got, want := boardArmies(next)-boardArmies(s), armyDelta(s, e); got != want {
			return fmt.Errorf("event %s changed the armies on the board by %d, not %d", e.Kind(), got, want)
		}
		s = next
	}
	if diff := rules.Diff(s, after); diff != "" {
		return fmt.Errorf("folding the events gives another state than the engine's: %s", diff)
	}
	return nil
}

func boardArmies(s rules.State) int {
	n := 0
	for t := range s.Board().Len() {
		n += s.Armies(rules.TerritoryID(t))
	}
	return n
}

// armyDelta is how many armies event e adds to the board (negative: removes) in state s.
func armyDelta(s rules.State, e rules.Event) int {
	switch e := e.(type) {
	case rules.TerritoriesDealt:
		return len(e.Owners)
	case rules.TerritoryClaimed:
		return 1
	case rules.ArmiesPlaced:
		n := 0
		for _, p := range e.Placements {
			n += p.Armies
		}
		return n
	case rules.CardsTraded:
		return 2 * len(e.Bonus)
	case rules.BattleRolled:
		return -e.AttackerLosses - e.DefenderLosses
	}
	return 0
}
