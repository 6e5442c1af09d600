package ai

import (
	"rout/rules"
)

// view is what a CPU player reads off a state before it decides: its territories, the threat against
// each, and how every bonus area stands. It costs one pass over the board and the bonus areas (linear in
// the board's size and its borders), and nothing in it outlives the decision.
type view struct {
	s     rules.State
	b     *rules.Board
	me    rules.PlayerID
	areas []rules.BonusArea

	mine []rules.TerritoryID // the player's territories, in id order
	// threat is, for each of the player's territories, the largest army of an active opponent on a
	// bordering territory (neutral territories never attack, nor do teammates); threatSum adds them all up.
	// In a team game an opponent is a seat of another team: teammates are friends (ai/team.go).
	threat    []int32
	threatSum []int32
	// front marks the player's territories with a neighbour that is an opponent's or neutral (a border
	// with a teammate is no front).
	front []bool

	areaMine    []int            // the player's territories in each area
	areaOthers  []int            // other players' and neutral armies in each area
	areaFriends []int            // teammates' territories in each area
	areaTop     []rules.PlayerID // the opponent owning most of each area (NoPlayer when none)
	areaTopN    []int            // how many territories areaTop owns there
	areaEntries []int            // territories of the area that border a territory outside it
	areaReach   []bool           // the player owns or borders a territory of the area

	goal, goal2 int // the most and second most attractive areas to complete, or -1

	team bool // a team game

	// weak lists the territories of every opponent down to weakMax territories or fewer.
	weak map[rules.PlayerID][]rules.TerritoryID

	card float64 // what one more card is worth to the player, in armies

	// seats holds, for every seat, whether it is still in the game and whether it is an opponent (see
	// active and enemy); rivalN and opponentN count the other teams and seats left (see rivals and
	// opponents). The attack search asks them for every battle it looks at.
	seats             []seatStatus
	rivalN, opponentN int
}

// seatStatus is what a view knows of one seat.
type seatStatus struct{ active, enemy bool }

// weakTerritories is the most territories a player may have for an elimination to be planned;
// teamWeakTerritories in a team game, where a seat eliminated takes its turns from its team and the
// team that loses a seat first loses the game.
const (
	weakTerritories     = 4
	teamWeakTerritories = 10
)

// weakMax is the most territories an opponent may have for an elimination to be planned.
func (v *view) weakMax() int {
	if v.team {
		return teamWeakTerritories
	}
	return weakTerritories
}

// newView reads state s for player me.
func newView(s rules.State, me rules.PlayerID) *view {
	b := s.Board()
	n := b.Len()
	v := &view{
		s:         s,
		b:         b,
		me:        me,
		areas:     b.Areas(),
		threat:    make([]int32, n),
		threatSum: make([]int32, n),
		front:     make([]bool, n),
		goal:      -1,
		goal2:     -1,
		team:      teamGame(s),
	}
	v.readSeats()
	weakMax := v.weakMax()
	for t := range n {
		id := rules.TerritoryID(t)
		if o := s.Owner(id); o != me {
			if v.enemy(o) && s.Player(o).Territories <= weakMax {
				if v.weak == nil {
					v.weak = make(map[rules.PlayerID][]rules.TerritoryID)
				}
				v.weak[o] = append(v.weak[o], id)
			}
			continue
		}
		v.mine = append(v.mine, id)
		for _, nb := range b.Neighbors(id) {
			o := s.Owner(nb)
			if s.Allied(me, o) {
				continue
			}
			v.front[t] = true
			if v.enemy(o) {
				a := int32(s.Armies(nb))
				v.threat[t] = max(v.threat[t], a)
				v.threatSum[t] += a
			}
		}
	}
	v.readAreas()
	v.card = cardWorth(s, me)
	return v
}

// readAreas fills the per-area counts and picks the goal areas.
func (v *view) readAreas() {
	k := len(v.areas)
	v.areaMine = make([]int, k)
	v.areaOthers = make([]int, k)
	v.areaFriends = make([]int, k)
	v.areaTop = make([]rules.PlayerID, k)
	v.areaTopN = make([]int, k)
	v.areaEntries = make([]int, k)
	v.areaReach = make([]bool, k)
	counts := make([]int, v.s.Players())
	bestScore, secondScore := 0.0, 0.0
	for a, area := range v.areas {
		clear(counts)
		for _, t := range area.Territories {
			o := v.s.Owner(t)
			switch {
			case o == v.me:
				v.areaMine[a]++
				v.areaReach[a] = true
			case v.s.Allied(v.me, o):
				v.areaFriends[a]++
				v.areaOthers[a] += v.s.Armies(t)
			case o >= 0:
				counts[o]++
				v.areaOthers[a] += v.s.Armies(t)
			default:
				v.areaOthers[a] += v.s.Armies(t)
			}
			entry := false
			for _, nb := range v.b.Neighbors(t) {
				if !v.areaReach[a] && v.s.Owner(nb) == v.me {
					v.areaReach[a] = true
				}
				if !entry && !inArea(v.b, nb, a) {
					entry = true
				}
			}
			if entry {
				v.areaEntries[a]++
			}
		}
		v.areaTop[a] = rules.NoPlayer
		for q, c := range counts {
			if c > v.areaTopN[a] {
				v.areaTop[a], v.areaTopN[a] = rules.PlayerID(q), c
			}
		}
		if score := v.areaScore(a); score > bestScore {
			v.goal2, secondScore = v.goal, bestScore
			v.goal, bestScore = a, score
		} else if score > secondScore {
			v.goal2, secondScore = a, score
		}
	}
}

// areaScore is how attractive completing area a is: its bonus against the armies to beat and the borders
// to hold, higher the more of it the player already owns. Zero for areas held, out of reach or worthless,
// and for areas a teammate has a territory in (the player would have to take it from the teammate).
func (v *view) areaScore(a int) float64 {
	area := v.areas[a]
	size := len(area.Territories)
	if area.Bonus <= 0 || !v.areaReach[a] || v.areaMine[a] == size || v.areaFriends[a] > 0 {
		return 0
	}
	cost := float64(v.areaOthers[a] + size - v.areaMine[a] + 2*v.areaEntries[a] + 1)
	return float64(area.Bonus) / cost * (1 + float64(v.areaMine[a])/float64(size))
}

func inArea(b *rules.Board, t rules.TerritoryID, a int) bool {
	for _, x := range b.AreasOf(t) {
		if x == a {
			return true
		}
	}
	return false
}

// readSeats fills seats, rivalN and opponentN.
func (v *view) readSeats() {
	cfg := v.s.Config()
	v.seats = make([]seatStatus, v.s.Players())
	rivalTeams := make([]bool, len(v.seats)) // by team (by seat in a free-for-all)
	for q := range v.seats {
		id := rules.PlayerID(q)
		active := v.s.Player(id).Status == rules.Active
		enemy := active && !v.s.Allied(v.me, id)
		v.seats[q] = seatStatus{active: active, enemy: enemy}
		if !enemy {
			continue
		}
		v.opponentN++
		if t := cfg.TeamOf(id); !rivalTeams[t] {
			rivalTeams[t] = true
			v.rivalN++
		}
	}
}

// active reports whether q is a player still in the game (not neutral, not out).
func (v *view) active(q rules.PlayerID) bool {
	return q >= 0 && int(q) < len(v.seats) && v.seats[q].active
}

// importance is what holding territory t protects, in armies a turn: the bonus of every area the player
// holds whole that t borders the outside of, and of every area an opponent is about to complete that
// only t (and at most one more of the player's territories) keeps from them.
func (v *view) importance(t rules.TerritoryID) int {
	imp := 0
	for _, a := range v.b.AreasOf(t) {
		area := v.areas[a]
		if area.Bonus <= 0 {
			continue
		}
		size := len(area.Territories)
		switch {
		case v.areaMine[a] == size:
			imp += area.Bonus
		case v.areaTop[a] != rules.NoPlayer && v.areaMine[a] <= 2 && v.areaTopN[a]+v.areaMine[a] == size:
			imp += area.Bonus
		}
	}
	return imp
}

// cardWorth is what one more card is worth to player p, in armies: one, plus a third of what the next
// set would bring.
func cardWorth(s rules.State, p rules.PlayerID) float64 {
	return 1 + float64(nextSetValue(s, p))/3
}

// nextSetValue estimates what the next set traded would be worth to p under the game's card system.
func nextSetValue(s rules.State, p rules.PlayerID) int {
	classic := rules.ClassicValue(s.Trades())
	others := 0
	for q := range s.Players() {
		pl := s.Player(rules.PlayerID(q))
		if rules.PlayerID(q) != p && pl.Status == rules.Active {
			others += pl.Armies
		}
	}
	switch s.Config().Cards {
	case rules.CardsFixed:
		return 7
	case rules.CardsFixedTTB:
		pct := s.Config().TTBPercent
		if pct == 0 {
			pct = rules.DefaultTTBPercent
		}
		return max(7, others*pct/100)
	case rules.CardsClassicScalingTTB:
		return min(classic, others/max(1, s.ActivePlayers()))
	default:
		return classic
	}
}
