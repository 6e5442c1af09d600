package game

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"time"

	"rout/ai"
	"rout/rules"
)

// The bounds of the commands the service plays for a lone survivor after one command (see
// playSurvivor): at most MaxSurvivorCommands (or Opts.SurvivorCommands), and none started after
// SurvivorPlayTime (or Opts.SurvivorTime), so that the command's transaction stays short. On the classic
// map a survivor needs some tens of commands, played in well under a second; the bounds only matter on
// maps of thousands of territories (or a machine much slower than usual), whose end then takes more
// than one transaction.
const (
	MaxSurvivorCommands = 1000
	SurvivorPlayTime    = 2 * time.Second
)

// lone reports whether a game goes on with a single active player: nobody is left to play against, but
// the neutral territories still have to be conquered (docs/rules.md, R43).
func lone(s rules.State) bool {
	return s.Phase() != rules.PhaseOver && s.Phase() != rules.PhaseSetup && s.ActivePlayers() == 1
}

// playSurvivor plays the rest of a game whose only active player is the one to move: the survivor's
// commands are chosen by the CPU (ai.Normal: with nobody to beat, the difficulty does not matter) and
// each goes through execute like any other command, recorded with the survivor's seat, in the
// transaction of the command that left the survivor alone. The choice is seeded by the game, the turn and
// the version, as a CPU turn's is, so the same game always plays out the same way. It stops when the game
// is over, or at its bounds (MaxSurvivorCommands, SurvivorPlayTime): the Effects of the last command then
// schedule the rest (a CPU turn job, which plays on through TurnSubmit and so through playSurvivor). It
// returns the state after the last command it played (cur when it played none).
func (s *Service) playSurvivor(ctx context.Context, tx *sql.Tx, g *gameRow, cur *cached) (*cached, error) {
	began := time.Now()
	for n := 0; lone(cur.state); n++ {
		seat := cur.state.Current()
		r := rand.New(rand.NewPCG(uint64(g.id)<<32|uint64(uint32(cur.state.Turn())), uint64(g.version)))
		c := ai.Normal(cur.state, seat, r)
		if c == nil {
			return nil, fmt.Errorf("the CPU found nothing to play for the lone survivor, seat %d, in turn %d of game %d",
				seat, cur.state.Turn(), g.id)
		}
		last := n+1 >= s.survivorCommands || time.Since(began) >= s.survivorTime
		res, err := s.execute(ctx, tx, g, cur, seat, c, played{cause: CauseSurvivor, lastSurvivor: last})
		if err != nil {
			return nil, fmt.Errorf("error playing %s for the lone survivor, seat %d, in game %d: %w", c.Kind(), seat, g.id, err)
		}
		cur = res.after
		if last {
			break
		}
	}
	return cur, nil
}
