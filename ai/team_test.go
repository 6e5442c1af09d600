package ai_test

import (
	"fmt"
	"testing"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// teamGame returns the config of a team game of the given shape (sim.TeamShape) and options.
func teamGame(t *testing.T, shape string, opts rules.TeamRules) rules.Config {
	t.Helper()
	teams, of, err := sim.TeamShape(shape)
	if err != nil {
		t.Fatal(err)
	}
	cfg := rules.Config{Seats: seats(len(of)), Teams: teams, TeamRules: opts}
	for i, team := range of {
		cfg.Seats[i].Team = team
	}
	return cfg
}

// TestCPUsNeverAttackTeammates plays team games in which attacking a teammate is allowed (R88), with the
// other team options on, every CPU player checked against the legal commands: none attacks a teammate,
// and Random (which may) still plays only legal commands when it is refused.
func TestCPUsNeverAttackTeammates(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	players := cpus()
	names := []string{"easy", "normal", "hard", "cautious"}
	for g, shape := range []string{"2v2", "2v2v2", "3v3", "2v1"} {
		for _, attack := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/attack=%v", shape, attack), func(t *testing.T) {
				t.Parallel()
				cfg := teamGame(t, shape, rules.TeamRules{PlaceOnTeammates: true, Fortify: rules.TeamFortify(1 + g%2), AttackTeammates: attack})
				policies := make([]sim.Policy, len(cfg.Seats))
				cpu := make([]bool, len(cfg.Seats))
				for i := range policies {
					name := names[(g+i)%len(names)]
					policies[i], cpu[i] = checked(t, name, players[name]), true
				}
				policies[len(policies)-1], cpu[len(policies)-1] = ai.Random, false
				res, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{Check: true, KeepEvents: true, MaxCommands: long(5000, 2000)})
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range res.Record {
					if br, ok := e.(rules.BattleRolled); ok && cpu[br.Attacker] && cfg.Allied(br.Attacker, br.Defender) {
						t.Fatalf("seat %d (a CPU) attacked its teammate %d: %+v", br.Attacker, br.Defender, br)
					}
				}
			})
		}
	}
}

// TestNormalTeamBeatsRandomTeam is a short team tournament on the classic map: two Normals against two
// Randoms in a 2v2, over 20 fixed seeds (so it cannot flake). Over 800 games the Normals win about 92%
// (docs/ai.md, "Team games").
func TestNormalTeamBeatsRandomTeam(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	cfg := teamGame(t, "2v2", rules.TeamRules{})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	wins := 0
	for g := range 20 {
		res, err := sim.Play(b, cfg, []sim.Policy{normal, ai.Random, normal, ai.Random}, uint64(g), sim.Opts{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner >= 0 && cfg.TeamOf(res.Winner) == 0 {
			wins++
		}
	}
	t.Logf("the Normals won %d of 20 team games against the Randoms", wins)
	if wins < 17 {
		t.Fatalf("the Normals won %d of 20 team games against the Randoms; want at least 17", wins)
	}
}
