package game

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"

	"rout/ai"
	"rout/rules"
)

// MaxSurvivorCommands bounds the commands the service plays for a lone survivor after one command (see
// playSurvivor). On the classic map a survivor needs a few dozen; the bound only matters on maps of
// thousands of territories, whose end then takes more than one command's transaction.
const MaxSurvivorCommands = 2000

// lone reports whether a game goes on with a single active player: nobody is left to play against, but
// the neutral territories still have to be conquered (docs/rules.md, R43).
func lone(s rules.State) bool {
	return s.Phase() != rules.PhaseOver && s.Phase() != rules.PhaseSetup && s.ActivePlayers() == 1
}

// survivorPlays reports whether the service plays the next command of a game at once, in the transaction
// of the command that led to after: the game goes on with a lone survivor and the bound is not used up.
// The Effects of such a command schedule nothing for the survivor's turn (Change.SurvivorPlays).
func survivorPlays(ctx context.Context, after rules.State) bool {
	n, _ := ctx.Value(survivorKey{}).(int)
	return lone(after) && n < MaxSurvivorCommands
}

// survivorKey is the context key of the commands played for a lone survivor: its value is how many the
// current transaction has played before this one.
type survivorKey struct{}

// playSurvivor plays the rest of a game whose only active player is the one to move: the survivor's
// commands are chosen by the CPU (ai.Normal: with nobody to beat, the difficulty does not matter) and
// each goes through execute like any other command, recorded with the survivor's seat, in the
// transaction of the command that left the survivor alone. The choice is seeded by the game and the
// version, as a CPU turn is, so the same game always plays out the same way. It stops when the game is
// over, or after MaxSurvivorCommands commands: the last of those schedules the survivor's turn as usual
// (a CPU turn, or a deadline whose takeover plays on). It returns the state after the last command it
// played (cur when it played none).
func (s *Service) playSurvivor(ctx context.Context, tx *sql.Tx, g *gameRow, cur *cached) (*cached, error) {
	for n := 0; n < MaxSurvivorCommands && lone(cur.state); n++ {
		seat := cur.state.Current()
		r := rand.New(rand.NewPCG(uint64(g.id)<<32|uint64(uint32(cur.state.Turn())), uint64(g.version)))
		c := ai.Normal(cur.state, seat, r)
		if c == nil {
			return nil, fmt.Errorf("the CPU found nothing to play for the lone survivor, seat %d, in turn %d of game %d",
				seat, cur.state.Turn(), g.id)
		}
		res, err := s.execute(context.WithValue(ctx, survivorKey{}, n+1), tx, g, cur, seat, c)
		if err != nil {
			return nil, fmt.Errorf("error playing %s for the lone survivor, seat %d, in game %d: %w", c.Kind(), seat, g.id, err)
		}
		cur = res.after
	}
	return cur, nil
}
