package graph

import (
	"context"
	"fmt"

	"rout/game"
	"rout/luck"
	"rout/rules"
)

// The luck audit and the graphs of a game in the API (Game.luck, Game.graphs, User.luck): package luck
// computes them, from the rolls and events the viewer may know. Under fog, until the end, that is the
// viewer's own record alone (game.Service.BattleRolls of their view, game.Service.Sightings), as every
// surface of a fog game; after the end, and without fog, everything.

// rollsFor returns the battle rolls of snap's game the request's viewer may count, and whether they are
// only the viewer's view of a fog game in progress.
func (r *Resolver) rollsFor(ctx context.Context, snap game.Snapshot) ([]luck.Roll, bool, error) {
	if snap.State.Phase() == rules.PhaseSetup {
		return nil, false, nil
	}
	if snap.Fogged() {
		viewer := viewerIn(ctx, snap)
		rolls, err := r.game.BattleRolls(ctx, snap.GameID, viewer, true, snap.SeqFor(viewer))
		return rolls, true, err
	}
	rolls, err := r.game.BattleRolls(ctx, snap.GameID, rules.NoPlayer, false, snap.Seq)
	return rolls, false, err
}

// gameLuck returns the luck audit of game gameID as the request's viewer may know it.
func (r *Resolver) gameLuck(ctx context.Context, gameID int) (*GameLuck, error) {
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil {
		return nil, err
	}
	rolls, partial, err := r.rollsFor(ctx, snap)
	if err != nil {
		return nil, err
	}
	a := luck.AuditOf(rolls, snap.State.Players())
	out := &GameLuck{Partial: partial, Rolls: a.Game.Rolls, Faces: luckFaces(a.Game.Faces), Pairings: luckPairings(a.Game.Pairings),
		Seats: make([]*SeatLuck, len(a.Seats))}
	for p, f := range a.Seats {
		out.Seats[p] = &SeatLuck{Seat: p, Luck: luckFigures(f)}
	}
	return out, nil
}

// gameGraphs returns the graphs of game gameID as the request's viewer may know them: one replay of the
// game's events (luck.Course) and the luck line of its rolls; under fog until the end, the course of the
// viewer's own record (luck.CourseSeen) and the rolls it shows.
func (r *Resolver) gameGraphs(ctx context.Context, gameID int) (*GameGraphs, error) {
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil {
		return nil, err
	}
	out := &GameGraphs{Partial: snap.Fogged(), Points: []*GraphPoint{}}
	if snap.State.Phase() == rules.PhaseSetup {
		return out, nil
	}
	b, cfg := snap.State.Board(), snap.State.Config()
	var points []luck.Point
	var rolls []luck.Roll
	if snap.Fogged() {
		viewer := viewerIn(ctx, snap)
		seen, err := r.game.Sightings(ctx, gameID, viewer, snap.SeqFor(viewer))
		if err != nil {
			return nil, err
		}
		points = luck.CourseSeen(b, cfg, viewer, seen)
		for _, s := range seen {
			if e, ok := s.Event.(rules.BattleRolled); ok {
				rolls = append(rolls, luck.RollOf(s.Turn, e))
			}
		}
	} else {
		events, err := r.game.Events(ctx, gameID, 0, int(snap.Seq))
		if err != nil {
			return nil, err
		}
		list := make([]rules.Event, len(events))
		for i, e := range events {
			list[i] = e.Event
		}
		rolls = luck.Rolls(list)
		if points, err = luck.Course(b, cfg, list); err != nil {
			return nil, fmt.Errorf("error drawing the graphs of game %d: %w", gameID, err)
		}
	}
	luck.Line(points, rolls)
	for _, pt := range points {
		gp := &GraphPoint{Turn: pt.Turn, Round: pt.Round, Final: pt.Final, Seats: make([]*GraphSeat, len(pt.Seats))}
		if pt.Player >= 0 {
			s := int(pt.Player)
			gp.Seat = &s
		}
		for p, s := range pt.Seats {
			gp.Seats[p] = &GraphSeat{Seat: p, Territories: known(s.Territories), Armies: known(s.Armies), Income: known(s.Income), Luck: s.Luck}
		}
		out.Points = append(out.Points, gp)
	}
	return out, nil
}

// userLuck returns the luck of user userID over their finished games: the public ones, and the private
// ones too when the viewer is the user.
func (r *Resolver) userLuck(ctx context.Context, userID int) (*PlayerLuck, error) {
	me, ok := ViewerID(ctx)
	games, t, err := r.game.UserLuck(ctx, userID, ok && me == userID)
	if err != nil {
		return nil, err
	}
	return &PlayerLuck{Games: games, Luck: luckFigures(t.Figures())}, nil
}

func luckFigures(f luck.Figures) *LuckFigures {
	return &LuckFigures{Rolls: f.Rolls, Attacks: f.Attacks, Defences: f.Defences, ExpectedLosses: f.ExpectedLosses, Losses: f.Losses,
		Luck: f.Luck, StdDev: f.StdDev, Z: f.Z, Percentile: f.Percentile, Faces: luckFaces(f.Faces), Pairings: luckPairings(f.Pairings)}
}

func luckFaces(f luck.FaceTest) *LuckFaces {
	return &LuckFaces{Counts: f.Counts[:], Test: chiSquareTest(f.ChiSquare)}
}

func luckPairings(ps []luck.PairingTest) []*LuckPairing {
	out := make([]*LuckPairing, len(ps))
	for i, p := range ps {
		lp := &LuckPairing{AttackDice: p.AttackDice, DefendDice: p.DefendDice, Rolls: p.Rolls, Test: chiSquareTest(p.ChiSquare),
			Outcomes: make([]*LuckOutcome, len(p.Outcomes))}
		for j, o := range p.Outcomes {
			lp.Outcomes[j] = &LuckOutcome{AttackerLosses: o.AttackerLosses, DefenderLosses: o.DefenderLosses, Probability: o.Probability,
				Observed: o.Observed, Expected: o.Expected}
		}
		out[i] = lp
	}
	return out
}

func chiSquareTest(c luck.ChiSquare) *ChiSquareTest {
	return &ChiSquareTest{Statistic: c.Statistic, DegreesOfFreedom: c.DegreesOfFreedom, PValue: c.PValue, SmallSample: c.SmallSample}
}
