package luck

import "rout/rules"

// Sighting is one entry of a viewer's own record of a fog game (rules.Watch's Seen, as stored): the event
// it shows, nil for a change of the view alone or an event the course does not read, the turn it happened
// in, and the territories whose view it changed, as the viewer knew them after it.
type Sighting struct {
	Turn    int
	Event   rules.Event
	Changed []rules.SeenTerritory
}

// CourseSeen is Course for viewer (a seat, or rules.NoPlayer for a spectator) from their own record of a
// fog game in progress, seen: the board as they knew it, folded from the record, is sampled at every game
// turn's start the record shows. A seat's territories and income are known where every owner is seen, its
// armies where every army is, as rules.Project says: always for the viewer's own seat and their team's
// (whose territories their sight includes), and for a seat out of the game (which holds nothing). Income
// is rules.ReinforcementTotal of the territories and the bonus areas held whole, as known. The luck is
// left 0: Line adds it from the rolls of the record.
func CourseSeen(b *rules.Board, cfg rules.Config, viewer rules.PlayerID, seen []Sighting) []Point {
	n := b.Len()
	known := make([]rules.SeenTerritory, n)
	for t := range known { // before the deal, every territory is free and seen whole
		known[t] = rules.SeenTerritory{Territory: rules.TerritoryID(t), Sight: rules.SightFull, Owner: rules.Unclaimed}
	}
	seats := len(cfg.Seats)
	out := make([]bool, seats)
	var points []Point
	round, prev := 0, rules.NoPlayer
	var order []rules.PlayerID
	for _, s := range seen {
		for _, c := range s.Changed {
			if c.Territory >= 0 && int(c.Territory) < n {
				known[c.Territory] = c
			}
		}
		switch ev := s.Event.(type) {
		case rules.GameStarted:
			order = ev.Order
		case rules.PlayerEliminated:
			if ev.Player >= 0 && int(ev.Player) < seats {
				out[ev.Player] = true
			}
		case rules.PlayerResigned:
			if ev.Player >= 0 && int(ev.Player) < seats {
				out[ev.Player] = true
			}
		case rules.TurnStarted:
			if ev.Phase != rules.PhaseReinforce {
				continue
			}
			if round == 0 || position(order, ev.Player) <= position(order, prev) {
				round++ // as the engine counts rounds (rules.State.Round)
			}
			prev = ev.Player
			points = append(points, seenPoint(b, cfg, viewer, known, out, ev.Turn, round, ev.Player))
		}
	}
	return points
}

func position(order []rules.PlayerID, p rules.PlayerID) int {
	for i, q := range order {
		if q == p {
			return i
		}
	}
	return -1
}

// seenPoint returns the point of the board as known.
func seenPoint(b *rules.Board, cfg rules.Config, viewer rules.PlayerID, known []rules.SeenTerritory, out []bool, turn, round int, current rules.PlayerID) Point {
	allOwners, allArmies := true, true
	territories := make([]int, len(out))
	armies := make([]int, len(out))
	for _, k := range known {
		allOwners = allOwners && k.Sight >= rules.SightOwner
		allArmies = allArmies && k.Sight >= rules.SightFull
		if k.Owner >= 0 && int(k.Owner) < len(out) {
			territories[k.Owner]++
			if k.Sight >= rules.SightFull {
				armies[k.Owner] += k.Armies
			}
		}
	}
	pt := Point{Turn: turn, Round: round, Player: current, Seats: make([]SeatPoint, len(out))}
	for p := range pt.Seats {
		sp := SeatPoint{Territories: rules.Unknown, Armies: rules.Unknown, Income: rules.Unknown}
		// The viewer's team's seats, while the viewer and the seat are in the game (a seat out of it sees
		// as a spectator).
		mine := viewer >= 0 && int(viewer) < len(out) && !out[viewer] && !out[p] && cfg.Allied(viewer, rules.PlayerID(p))
		if mine || allOwners || out[p] {
			sp.Territories = territories[p]
			bonus := 0
			for _, a := range b.Areas() {
				if holds(known, a.Territories, rules.PlayerID(p)) {
					bonus += a.Bonus
				}
			}
			sp.Income = rules.ReinforcementTotal(territories[p], bonus)
			if out[p] {
				sp.Income = 0
			}
		}
		if mine || allArmies || out[p] {
			sp.Armies = armies[p]
		}
		pt.Seats[p] = sp
	}
	return pt
}

// holds reports whether p is known to own every territory of ts.
func holds(known []rules.SeenTerritory, ts []rules.TerritoryID, p rules.PlayerID) bool {
	for _, t := range ts {
		if known[t].Owner != p {
			return false
		}
	}
	return len(ts) > 0
}
