package sim_test

import (
	"slices"
	"testing"

	"rout/rules"
	"rout/sim"
)

func TestTeamShape(t *testing.T) {
	t.Parallel()
	for shape, want := range map[string][]int{
		"2v2":   {0, 1, 0, 1},
		"3v3":   {0, 1, 0, 1, 0, 1},
		"2v2v2": {0, 1, 2, 0, 1, 2},
		"2v1":   {0, 1, 0},
		"1v3":   {0, 1, 1, 1},
	} {
		teams, got, err := sim.TeamShape(shape)
		if err != nil {
			t.Errorf("%s: %v", shape, err)
			continue
		}
		if !slices.Equal(got, want) || teams[0].Name != "A" || teams[1].Name != "B" {
			t.Errorf("%s: teams %v, seats %v; want seats %v", shape, teams, got, want)
		}
	}
	for _, bad := range []string{"", "2", "0v2", "5v1", "2v2v2v2v2v2v2", "av2", "2x2"} {
		if _, _, err := sim.TeamShape(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestRandomTeamGamesKeepInvariants is the property test of team games: random games of every team
// shape the sim offers, with every combination of the team options, checking the engine's invariants after
// every event (sim.Opts.Check), and that every game ends with exactly the seats of one team, but those that
// resigned, as winners, that team owning every territory (R85).
func TestRandomTeamGamesKeepInvariants(t *testing.T) {
	t.Parallel()
	b := classic(t)
	shapes := []string{"2v2", "3v3", "4v4", "2v2v2", "3v3v3", "2v1", "1v1v1v1v1v1", "4v2"}
	games := long(400, 64)
	for g := range games {
		teams, of, err := sim.TeamShape(shapes[g%len(shapes)])
		if err != nil {
			t.Fatal(err)
		}
		cfg := rules.Config{Seats: seats(len(of)), Teams: teams, Claim: rules.ClaimStrategy(g % 2), Cards: rules.CardSystem(g / 2 % 4),
			TeamRules: rules.TeamRules{PlaceOnTeammates: g/8%2 == 1, Fortify: rules.TeamFortify(g / 16 % 3),
				AttackTeammates: g/48%2 == 1, NoCardFromTeammates: g/96%2 == 1}}
		for i, team := range of {
			cfg.Seats[i].Team = team
		}
		res, err := sim.Play(b, cfg, randomPolicies(len(of)), uint64(g), sim.Opts{Check: true, MaxCommands: 200_000})
		if err != nil {
			t.Fatalf("game %d (%s, %+v): %v", g, shapes[g%len(shapes)], cfg.TeamRules, err)
		}
		if res.Winner < 0 {
			t.Fatalf("game %d did not end after %d commands", g, res.Commands)
		}
		team := cfg.TeamOf(res.Winner)
		for tt := range b.Len() {
			if o := res.Final.Owner(rules.TerritoryID(tt)); o < 0 || cfg.TeamOf(o) != team {
				t.Fatalf("game %d: team %d won, but territory %d is held by %d", g, team, tt, o)
			}
		}
		var want []rules.PlayerID
		for p := range cfg.Seats {
			if cfg.TeamOf(rules.PlayerID(p)) == team {
				want = append(want, rules.PlayerID(p))
			}
		}
		if got := res.Final.Winners(); !slices.Equal(got, want) {
			t.Fatalf("game %d: winners %v, want team %d's seats %v", g, got, team, want)
		}
	}
}
