package luck

import (
	"fmt"

	"rout/rules"
)

// Point is the game as a game turn started (or as it ended: Final), seat by seat.
type Point struct {
	// Turn is the turn that started (the engine's count, claim picks and placement turns included), Round
	// the round it is in; Player the seat whose turn it is (rules.NoPlayer at the end).
	Turn, Round int
	Player      rules.PlayerID
	// Final marks the point after the last event of a finished game.
	Final bool
	// Seats are each seat's figures, by seat.
	Seats []SeatPoint
}

// SeatPoint is one seat at a point. A number the viewer did not know then is rules.Unknown.
type SeatPoint struct {
	Territories int
	Armies      int
	// Income is the reinforcement the seat would receive if its game turn started now
	// (rules.State.Reinforcements): the turn's own for the seat whose turn starts; 0 for a seat out of
	// the game.
	Income int
	// Luck is the seat's luck so far, in armies (Line fills it): the rolls counted before the turn.
	Luck float64
}

// Course replays events (a whole game's, in order) from the state a game of board b and configuration cfg
// starts in, and returns a Point at the start of every game turn (rules.PhaseReinforce) and, when the
// events end the game, a Final one, with everything known: the course as everyone may see it once the game
// is over, and at any time without fog (CourseSeen is a viewer's of a fog game in progress). The luck is
// left 0: Line adds it. It is one pass over the events. An event that does not fit is an error, as in
// rules.Replay.
func Course(b *rules.Board, cfg rules.Config, events []rules.Event) ([]Point, error) {
	var points []Point
	_, err := rules.ReplayEach(b, cfg, events, func(i int, s rules.State) {
		switch ev := events[i].(type) {
		case rules.TurnStarted:
			if ev.Phase == rules.PhaseReinforce {
				points = append(points, pointOf(s, false))
			}
		case rules.GameOver:
			points = append(points, pointOf(s, true))
		}
	})
	if err != nil {
		return nil, fmt.Errorf("error replaying the course: %w", err)
	}
	return points, nil
}

// pointOf returns the point of state s. A seat out of the game has no income.
func pointOf(s rules.State, final bool) Point {
	pt := Point{Turn: s.Turn(), Round: s.Round(), Player: s.Current(), Final: final, Seats: make([]SeatPoint, s.Players())}
	if final {
		pt.Player = rules.NoPlayer
	}
	for p := range pt.Seats {
		pl := s.Player(rules.PlayerID(p))
		pt.Seats[p] = SeatPoint{Territories: pl.Territories, Armies: pl.Armies}
		if pl.Status == rules.Active {
			pt.Seats[p].Income = s.Reinforcements(rules.PlayerID(p))
		}
	}
	return pt
}

// Line sets the luck of every seat at each point: the luck of the rolls (in turn order) before the point's
// turn, and at a Final point every roll's. A seat's luck counts the rolls it attacked or defended in, as a
// Tally does.
func Line(points []Point, rolls []Roll) {
	if len(points) == 0 {
		return
	}
	seats := len(points[0].Seats)
	luck := make([]float64, seats)
	next := 0
	for i := range points {
		for next < len(rolls) && (points[i].Final || rolls[next].Turn < points[i].Turn) {
			r := rolls[next]
			next++
			l := r.Luck()
			if r.Attacker >= 0 && int(r.Attacker) < seats {
				luck[r.Attacker] += l
			}
			if r.Defender >= 0 && int(r.Defender) < seats {
				luck[r.Defender] -= l
			}
		}
		for p := range points[i].Seats {
			points[i].Seats[p].Luck = luck[p]
		}
	}
}
