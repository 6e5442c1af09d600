package game

import (
	"context"
	"fmt"
	"math/rand/v2"

	"rout/ai"
	"rout/rules"
)

// lone reports whether a game goes on with a single active player: nobody is left to play against, but
// the neutral territories still have to be conquered (docs/rules.md, R43).
func lone(s rules.State) bool {
	return s.Phase() != rules.PhaseOver && s.Phase() != rules.PhaseSetup && s.ActivePlayers() == 1
}

// playSurvivor adds to batch b the rest of a game whose only active player is the one to move: the
// survivor's commands are chosen by the CPU (ai.Normal: with nobody to beat, the difficulty does not
// matter), each an ordinary command recorded with the survivor's seat and CauseSurvivor, in the
// transaction of the command that left the survivor alone. The choice is seeded by the game, the turn and
// the version, as a CPU turn's is (see seed), so the same game always plays out the same way. It stops
// when the game is over or at the bounds of one play (playBounds), so that the command's transaction stays
// short: the Effects of the batch then schedule the rest (a CPU turn job, which plays on through TurnPlay).
// On the classic map a survivor needs some tens of commands, played in well under a second. Under fog the
// survivor decides from what its seat sees and remembers (believed, its record read with q).
func (s *Service) playSurvivor(ctx context.Context, q querier, b *batch) error {
	bounds := s.bounds()
	for n := 0; lone(b.state) && !bounds.reached(n); n++ {
		seat := b.state.Current()
		believed, err := s.believed(ctx, q, b, seat)
		if err != nil {
			return err
		}
		c := ai.Normal(believed, seat, seed(b.g.id, b.state.Turn(), b.version))
		if c == nil {
			return fmt.Errorf("the CPU found nothing to play for the lone survivor, seat %d, in turn %d of game %d",
				seat, b.state.Turn(), b.g.id)
		}
		if _, err := b.apply(seat, c, CauseSurvivor); err != nil {
			return fmt.Errorf("error playing %s for the lone survivor, seat %d, in game %d: %w", c.Kind(), seat, b.g.id, err)
		}
	}
	return nil
}

// seed returns the source of a CPU's choice of a command: it depends only on the game, the turn and the
// command's place in the game (the version it is chosen at), so the same position gets the same choice,
// on any replica and after any retry.
func seed(gameID, turn int, version int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(gameID)<<32|uint64(uint32(turn)), uint64(version)))
}
