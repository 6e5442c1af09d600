package ai

import (
	"rout/rules"
)

// Team games (docs/rules.md, "Team games"; docs/ai.md, "Team games"). A CPU player treats its teammates'
// territories as friendly: they are no front, no threat and no target, and their bonus areas are theirs to
// complete. It never attacks a teammate, even where the game allows it (newLegal leaves those attacks
// out): the team wins together, and a teammate's armies lost are the team's. Where the game's options
// allow it, it places armies on a teammate's threatened border (teamNeeds) and fortifies into a teammate's
// territory (teamFortify). In a free-for-all every seat is a team of its own and none of this changes the
// play.

// enemy reports whether q is an opponent still in the game: an active seat of another team.
func (v *view) enemy(q rules.PlayerID) bool {
	return q >= 0 && int(q) < len(v.seats) && v.seats[q].enemy
}

// opponents returns the number of active seats of other teams.
func (v *view) opponents() int { return v.opponentN }

// rivals returns the number of other teams with a seat still in the game: the sides the player fights
// (opponents in a free-for-all).
func (v *view) rivals() int { return v.rivalN }

// mayAttack reports whether p may attack territory t under the game's options: it is not p's, nor a
// teammate's unless the game allows that (R88). Adjacency and armies are checked apart.
func mayAttack(s rules.State, p rules.PlayerID, t rules.TerritoryID) bool {
	o := s.Owner(t)
	return o != p && (s.Config().TeamRules.AttackTeammates || !s.Allied(p, o))
}

// teamNeeds lists, when the game lets the player place on teammates' territories (R86), the teammates'
// borders that guard a bonus area the teammate holds whole and are outnumbered by the largest opposing
// army bordering them: armies there keep the team's income. Their priority counts as the player's own
// borders' do (needs).
func (c *cpu) teamNeeds() []need {
	if !c.s.Config().TeamRules.PlaceOnTeammates {
		return nil
	}
	var out []need
	for _, a := range c.l.places {
		t := a.Command.(rules.Place).Placements[0].Territory
		o := c.s.Owner(t)
		if o == c.me {
			continue
		}
		held := 0
		for _, area := range c.v.b.AreasOf(t) {
			if c.s.AreaHolder(area) == o && c.v.areas[area].Bonus > 0 {
				held += c.v.areas[area].Bonus
			}
		}
		if held == 0 {
			continue
		}
		if threat := c.threatAround(t, nil); threat > c.s.Armies(t) {
			out = append(out, need{t: t, deficit: threat - c.s.Armies(t), priority: float64(held+1) * float64(threat)})
		}
	}
	return out
}

// teamFortify returns the best fortify move into a teammate's territory, where the game allows one (R87),
// and its score on fortify's scale: armies of the player's that no opponent borders and that cannot reach
// a front of the player's own (dist, frontDistance, is -1 there) go to the teammate's territory facing the
// largest opposing army. It returns a zero score when there is no such move.
func (c *cpu) teamFortify(dist []int32) (rules.Fortify, float64) {
	var best rules.Fortify
	bestScore := 0.0
	if c.s.Config().TeamRules.Fortify == rules.FortifyOwn {
		return best, 0
	}
	for _, a := range c.l.fortifies {
		f := a.Command.(rules.Fortify)
		if c.s.Owner(f.To) == c.me || c.v.front[f.From] || dist[f.From] >= 0 {
			continue
		}
		threat := c.threatAround(f.To, nil)
		if threat == 0 {
			continue
		}
		surplus := min(a.Max, c.s.Armies(f.From)-1)
		if surplus < 1 {
			continue
		}
		// As a move toward a front one step away, with the largest threats first on a tie.
		if score := float64(surplus)*2 + float64(threat)/1000; score > bestScore {
			best, bestScore = rules.Fortify{From: f.From, To: f.To, Armies: surplus}, score
		}
	}
	return best, bestScore
}

// teamAlone reports whether every seat still in the game is the player's or a teammate's.
func (c *cpu) teamAlone() bool {
	for q := range c.s.Players() {
		id := rules.PlayerID(q)
		if c.s.Player(id).Status == rules.Active && !c.s.Allied(c.me, id) {
			return false
		}
	}
	return true
}

// teammateCompletes reports whether a teammate holds every territory of area a but t: conquering t would
// then be the teammate's completion of the area, and the player's keeps the area's bonus from the team
// (R92: a bonus counts only for one player holding all of the area).
func (c *cpu) teammateCompletes(t rules.TerritoryID, a int) bool {
	mate := rules.NoPlayer
	for _, x := range c.v.areas[a].Territories {
		if x == t {
			continue
		}
		o := c.s.Owner(x)
		if o == c.me || !c.s.Allied(c.me, o) || mate != rules.NoPlayer && o != mate {
			return false
		}
		mate = o
	}
	return mate != rules.NoPlayer
}

// teamGame reports whether s is a team game.
func teamGame(s rules.State) bool { return len(s.Config().Teams) > 0 }

// teamActive reports whether p or a teammate of p's is still in the game.
func teamActive(s rules.State, p rules.PlayerID) bool {
	for _, q := range s.Config().Teammates(p) {
		if s.Player(q).Status == rules.Active {
			return true
		}
	}
	return false
}

// teamHunt reports whether the player hunts on any board: in a team game, when its style focuses (the
// rival teams' weakest seat is the prey, so that the team's attacks meet).
func (c *cpu) teamHunt() bool {
	return c.st.teamFocus && teamGame(c.s)
}
