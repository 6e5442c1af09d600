package rules

import (
	"slices"
	"unicode/utf8"
)

// Team games (docs/rules.md, "Team games"): Config.Teams names the teams and each seat's Seat.Team says
// which it plays for. Without teams the game is a free-for-all, in which every seat is a team of one:
// everything below reads the same for both, so the rules have one path.

// Team is one side of a team game.
type Team struct {
	Name string `json:"name"`
}

// Team limits: 2 to 6 teams of 1 to 4 seats, each named in at most MaxTeamName characters.
const (
	MinTeams     = 2
	MaxTeams     = 6
	MaxTeamSeats = 4
	MaxTeamName  = 32
)

// TeamFortify is where a team game's fortify move may go (R87).
type TeamFortify uint8

// The fortify options, from the narrowest.
const (
	FortifyOwn         TeamFortify = iota // from a territory of yours to an adjacent one of yours, as in a free-for-all
	FortifyToTeammate                     // also into an adjacent teammate's territory
	FortifyThroughTeam                    // to any territory of your team's reached through your team's territories
)

var teamFortifyNames = [...]string{"own", "to_teammate", "through_team"}

func (f TeamFortify) String() string { return enumName(teamFortifyNames[:], int(f)) }

// MarshalText encodes the fortify option by name.
func (f TeamFortify) MarshalText() ([]byte, error) { return enumMarshal(teamFortifyNames[:], int(f)) }

// UnmarshalText decodes a fortify option name.
func (f *TeamFortify) UnmarshalText(b []byte) error { return enumUnmarshal(teamFortifyNames[:], b, f) }

// Handover is what becomes of a team game's seat whose player resigns or is removed (R90): with an option
// other than HandoverNone, a resignation hands the seat over (SeatHandedOver) instead of leaving its
// territories neutral; who plays the seat then is the game service's choice, by the option.
type Handover uint8

// The handover options.
const (
	HandoverNone     Handover = iota // the seat resigns: its territories turn neutral (R40)
	HandoverTeammate                 // a teammate still in the game plays the seat
	HandoverCPU                      // a CPU plays the seat
)

var handoverNames = [...]string{"none", "teammate", "cpu"}

func (h Handover) String() string { return enumName(handoverNames[:], int(h)) }

// MarshalText encodes the handover option by name.
func (h Handover) MarshalText() ([]byte, error) { return enumMarshal(handoverNames[:], int(h)) }

// UnmarshalText decodes a handover option name.
func (h *Handover) UnmarshalText(b []byte) error { return enumUnmarshal(handoverNames[:], b, h) }

// TeamRules are a team game's options (R86 to R90), each off (the zero value) unless set.
type TeamRules struct {
	PlaceOnTeammates    bool        `json:"placeOnTeammates,omitempty"`    // R86: armies may be placed on teammates' territories
	Fortify             TeamFortify `json:"fortify,omitempty"`             // R87
	AttackTeammates     bool        `json:"attackTeammates,omitempty"`     // R88: teammates' territories may be attacked
	NoCardFromTeammates bool        `json:"noCardFromTeammates,omitempty"` // R89: conquering a teammate's territory earns no card
	Handover            Handover    `json:"handover,omitempty"`            // R90
}

// validateTeams checks the teams and their options (R83).
func (c Config) validateTeams() error {
	if len(c.Teams) == 0 {
		for i, s := range c.Seats {
			if s.Team != 0 {
				return errorf(CodeInvalidConfig, "seat %d plays for team %d, but the game has no teams", i, s.Team)
			}
		}
		if c.TeamRules != (TeamRules{}) {
			return errorf(CodeInvalidConfig, "team options need teams")
		}
		return nil
	}
	if len(c.Teams) < MinTeams || len(c.Teams) > MaxTeams {
		return errorf(CodeInvalidConfig, "a team game has %d to %d teams, got %d", MinTeams, MaxTeams, len(c.Teams))
	}
	names := make(map[string]bool, len(c.Teams))
	for i, t := range c.Teams {
		switch {
		case t.Name == "" || utf8.RuneCountInString(t.Name) > MaxTeamName || !utf8.ValidString(t.Name):
			return errorf(CodeInvalidConfig, "team %d needs a name of 1 to %d characters", i, MaxTeamName)
		case names[t.Name]:
			return errorf(CodeInvalidConfig, "team name %q is taken", t.Name)
		}
		names[t.Name] = true
	}
	size := make([]int, len(c.Teams))
	for i, s := range c.Seats {
		if s.Team < 0 || s.Team >= len(c.Teams) {
			return errorf(CodeInvalidConfig, "seat %d plays for team %d: there are teams 0 to %d", i, s.Team, len(c.Teams)-1)
		}
		size[s.Team]++
	}
	for i, n := range size {
		if n < 1 || n > MaxTeamSeats {
			return errorf(CodeInvalidConfig, "team %q has %d seats: a team has 1 to %d", c.Teams[i].Name, n, MaxTeamSeats)
		}
	}
	if int(c.TeamRules.Fortify) >= len(teamFortifyNames) {
		return errorf(CodeInvalidConfig, "unknown fortify option %d", c.TeamRules.Fortify)
	}
	if int(c.TeamRules.Handover) >= len(handoverNames) {
		return errorf(CodeInvalidConfig, "unknown handover option %d", c.TeamRules.Handover)
	}
	return nil
}

// TeamOf returns the team seat p plays for; in a free-for-all, each seat is a team of its own, numbered
// as the seat.
func (c Config) TeamOf(p PlayerID) int {
	if len(c.Teams) == 0 {
		return int(p)
	}
	return c.Seats[p].Team
}

// Allied reports whether p and q are seats of one team: the same seat, or teammates. Owners that are not
// seats (Neutral, Unclaimed, UnknownPlayer) are nobody's allies.
func (c Config) Allied(p, q PlayerID) bool {
	if p < 0 || q < 0 || int(p) >= len(c.Seats) || int(q) >= len(c.Seats) {
		return false
	}
	return p == q || (len(c.Teams) > 0 && c.Seats[p].Team == c.Seats[q].Team)
}

// Teammates returns the seats of p's team, p included, in seat order.
func (c Config) Teammates(p PlayerID) []PlayerID {
	if len(c.Teams) == 0 {
		return []PlayerID{p}
	}
	var out []PlayerID
	for q, s := range c.Seats {
		if s.Team == c.Seats[p].Team {
			out = append(out, PlayerID(q))
		}
	}
	return out
}

// turnOrder draws the turn order (R84): the seats shuffled in a free-for-all; in a team game the teams
// shuffled and each team's seats shuffled, then one seat of each team in turn (A1, B1, A2, B2, ...), a
// team that runs out of seats dropping out of the alternation.
func (c Config) turnOrder(d Dice) []PlayerID {
	if len(c.Teams) == 0 {
		order := make([]PlayerID, len(c.Seats))
		for i := range order {
			order[i] = PlayerID(i)
		}
		shuffle(d, order)
		return order
	}
	teams := make([]int, len(c.Teams))
	for i := range teams {
		teams[i] = i
	}
	shuffle(d, teams)
	members := make([][]PlayerID, len(c.Teams))
	for _, t := range teams {
		for q, s := range c.Seats {
			if s.Team == t {
				members[t] = append(members[t], PlayerID(q))
			}
		}
		shuffle(d, members[t])
	}
	return interleave(teams, members)
}

// interleave lists one seat of each team in the teams' order, round after round.
func interleave(teams []int, members [][]PlayerID) []PlayerID {
	var order []PlayerID
	for round := 0; ; round++ {
		added := false
		for _, t := range teams {
			if round < len(members[t]) {
				order = append(order, members[t][round])
				added = true
			}
		}
		if !added {
			return order
		}
	}
}

// alternates reports whether a turn order (a permutation of the seats) is one turnOrder can draw.
func (c Config) alternates(order []PlayerID) bool {
	if len(c.Teams) == 0 {
		return true
	}
	teams, members := c.split(order)
	return slices.Equal(interleave(teams, members), order)
}

// split returns the teams of a team game's turn order (a permutation of the seats) in the order of their
// first seats, and each team's seats in turn order.
func (c Config) split(order []PlayerID) (teams []int, members [][]PlayerID) {
	members = make([][]PlayerID, len(c.Teams))
	for _, p := range order {
		t := c.Seats[p].Team
		if members[t] == nil {
			teams = append(teams, t)
		}
		members[t] = append(members[t], p)
	}
	return teams, members
}

// orderDraws returns the dice draws with which turnOrder draws order, nil when no draws do.
func (c Config) orderDraws(order []PlayerID) []int {
	if len(c.Teams) == 0 {
		return unshuffle(order, len(c.Seats))
	}
	if unshuffle(order, len(c.Seats)) == nil && len(c.Seats) > 1 {
		return nil // not a permutation of the seats
	}
	teams, members := c.split(order)
	draws := unshuffle(teams, len(c.Teams))
	for _, t := range teams {
		seats := c.Teammates(members[t][0]) // the team's seats in seat order, as turnOrder shuffles them
		at := make([]int, len(members[t]))
		for i, p := range members[t] {
			at[i] = slices.Index(seats, p)
		}
		draws = append(draws, unshuffle(at, len(seats))...)
	}
	return draws
}

// teamHoldsAll reports whether p's team (p alone in a free-for-all) owns every territory: the end of the
// game (R85).
func (s State) teamHoldsAll(p PlayerID) bool {
	n := 0
	for _, q := range s.cfg.Teammates(p) {
		n += s.players[q].Territories
	}
	return n == s.board.Len()
}

// winnersWith returns who wins when seat p's team holds every territory (R85): in a free-for-all p; in a
// team game every seat of p's team but those whose player left (resigned, or handed the seat over: R90),
// in seat order.
func (s State) winnersWith(p PlayerID) []PlayerID {
	var out []PlayerID
	for _, q := range s.cfg.Teammates(p) {
		if s.players[q].Status != Resigned && !s.HandedOver(q) {
			out = append(out, q)
		}
	}
	return out
}

// Winners returns the seats that won (R85), in seat order: the winner alone in a free-for-all, every seat
// of the winning team whose player did not leave (winnersWith) in a team game; nil while the game goes on.
func (s State) Winners() []PlayerID {
	if s.winner == NoPlayer {
		return nil
	}
	return s.winnersWith(s.winner)
}

// Allied reports whether seats p and q play for one team (Config.Allied).
func (s State) Allied(p, q PlayerID) bool { return s.cfg.Allied(p, q) }

// mayHold reports whether p may act on territory t as on their own under the option allow: t is p's, or
// a teammate's when allow is set.
func (s State) mayHold(p PlayerID, t TerritoryID, allow bool) bool {
	o := s.Owner(t)
	return o == p || (allow && s.cfg.Allied(p, o))
}

// mayFortify reports whether p may move armies from from to to under the game's fortify option (R87):
// from is p's; to is p's and adjacent (FortifyOwn), or also a teammate's and adjacent (FortifyToTeammate),
// or any territory of p's team reached from from through territories of p's team (FortifyThroughTeam).
// Army counts are checked apart.
func (s State) mayFortify(p PlayerID, from, to TerritoryID) bool {
	if from == to || s.Owner(from) != p {
		return false
	}
	switch s.cfg.TeamRules.Fortify {
	case FortifyToTeammate:
		return s.mayHold(p, to, true) && s.board.Adjacent(from, to)
	case FortifyThroughTeam:
		return s.mayHold(p, to, true) && slices.Contains(s.teamReach(p, from), to)
	}
	return s.Owner(to) == p && s.board.Adjacent(from, to)
}

// teamReach returns the territories of p's team reached from from through territories of p's team, from
// excluded, in the order a breadth-first search finds them.
func (s State) teamReach(p PlayerID, from TerritoryID) []TerritoryID {
	seen := map[TerritoryID]bool{from: true}
	queue := []TerritoryID{from}
	var out []TerritoryID
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, nb := range s.board.Neighbors(t) {
			if !seen[nb] && s.cfg.Allied(p, s.Owner(nb)) {
				seen[nb] = true
				out = append(out, nb)
				queue = append(queue, nb)
			}
		}
	}
	return out
}

// fortifyTargets returns where p may move armies from territory from (mayFortify), in board order of the
// neighbours, or in search order through the team.
func (s State) fortifyTargets(p PlayerID, from TerritoryID) []TerritoryID {
	if s.cfg.TeamRules.Fortify == FortifyThroughTeam {
		return s.teamReach(p, from)
	}
	var out []TerritoryID
	for _, to := range s.board.Neighbors(from) {
		if s.mayFortify(p, from, to) {
			out = append(out, to)
		}
	}
	return out
}

// mayAttack reports whether p may attack territory to, whoever's it is (adjacency and armies apart):
// not their own, and not a teammate's unless the game allows it (R88).
func (s State) mayAttack(p PlayerID, to TerritoryID) bool {
	o := s.Owner(to)
	return o != p && (s.cfg.TeamRules.AttackTeammates || !s.cfg.Allied(p, o))
}

// earnsCard reports whether conquering a territory of previous earns player p the turn's card: always,
// unless the game gives none for a teammate's territory (R89).
func (c Config) earnsCard(p, previous PlayerID) bool {
	return !c.TeamRules.NoCardFromTeammates || !c.Allied(p, previous)
}
