package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// teamGame returns the config of a team game of the given shape (sim.TeamShape) and options.
func teamGame(t testing.TB, shape string, opts rules.TeamRules) rules.Config {
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
// Randoms in a 2v2, over 20 fixed seeds in both seat orders (so it cannot flake), won at least 85% of the
// time. Over 9,600 games with a budget that does not run out the Normals win about 95% (docs/ai.md, "Team
// games").
func TestNormalTeamBeatsRandomTeam(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	cfg := teamGame(t, "2v2", rules.TeamRules{})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	const games = 40
	wins := 0
	for g := range games {
		seats, team := []sim.Policy{normal, ai.Random, normal, ai.Random}, 0
		if g%2 == 1 {
			seats, team = []sim.Policy{ai.Random, normal, ai.Random, normal}, 1
		}
		res, err := sim.Play(b, cfg, seats, uint64(g/2), sim.Opts{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner >= 0 && cfg.TeamOf(res.Winner) == team {
			wins++
		}
	}
	t.Logf("the Normals won %d of %d team games against the Randoms", wins, games)
	if wins < games*85/100 {
		t.Fatalf("the Normals won %d of %d team games against the Randoms; want at least %d", wins, games, games*85/100)
	}
}

// TestTeamFinishesNeutrals plays team games in which every rival seat resigns after a few rounds (R43: its
// territories turn neutral): the team left must conquer the neutral territories itself and end the game,
// the team owning every territory (R85). Every CPU player plays, with and without the team options, and in
// some games one of the team's own seats resigns too, so that a lone teammate finishes.
func TestTeamFinishesNeutrals(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	players := cpus()
	names := []string{"normal", "hard", "easy", "cautious"}
	for g, shape := range []string{"2v2", "3v3", "2v2v2", "2v1"} {
		for o, opts := range []rules.TeamRules{{}, {PlaceOnTeammates: true, Fortify: rules.FortifyThroughTeam, AttackTeammates: true}} {
			for _, round := range []int{2, 5} {
				fog := rules.FogNone
				if round == 5 {
					fog = rules.FogNormal
				}
				t.Run(fmt.Sprintf("%s/options=%v/round=%d/fog=%s", shape, o == 1, round, fog), func(t *testing.T) {
					t.Parallel()
					cfg := teamGame(t, shape, opts)
					cfg.Fog = fog
					policies := make([]sim.Policy, len(cfg.Seats))
					for i := range policies {
						name := names[(g+i)%len(names)]
						inner := checked(t, name, players[name])
						team := cfg.TeamOf(rules.PlayerID(i))
						// Seat 2 of team A resigns too in the later games: its teammate finishes alone.
						quits := team != 0 || round == 5 && i == 2 && len(cfg.Teammates(rules.PlayerID(i))) > 1
						policies[i] = func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
							if quits && s.Round() >= round && s.Phase() != rules.PhaseClaim && s.Phase() != rules.PhaseSetup {
								return rules.Resign{}
							}
							return inner(s, p, r)
						}
					}
					res, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{Check: true, KeepEvents: true, MaxCommands: 20_000})
					if err != nil {
						t.Fatal(err)
					}
					resigned := 0
					for _, e := range res.Record {
						if r, ok := e.(rules.PlayerResigned); ok && cfg.TeamOf(r.Player) != 0 {
							resigned++
						}
					}
					if resigned == 0 {
						t.Fatal("no rival seat resigned: no neutral territory to take")
					}
					if res.Winner < 0 {
						t.Fatalf("the game did not end after %d commands", res.Commands)
					}
					if team := cfg.TeamOf(res.Winner); team != 0 {
						t.Fatalf("team %d won; want team 0, the only one left", team)
					}
					for tt := range b.Len() {
						if o := res.Final.Owner(rules.TerritoryID(tt)); o < 0 || cfg.TeamOf(o) != 0 {
							t.Fatalf("territory %d is held by %d at the end", tt, o)
						}
					}
				})
			}
		}
	}
}

// TestCPUsReinforceFronts spies on the CPUs' placements and fortify moves in team games, with and without
// the options that hand armies to a teammate (R86, R87): a territory that borders only the player's own and
// its teammates' territories is no front, so no reinforcement goes there while the player has a front,
// and the armies handed to a teammate (placed on or moved into its territory) go where an opposing army
// borders it.
func TestCPUsReinforceFronts(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	players := cpus()
	front := func(s rules.State, p rules.PlayerID, x rules.TerritoryID) bool {
		for _, nb := range s.Board().Neighbors(x) {
			if !s.Allied(p, s.Owner(nb)) {
				return true
			}
		}
		return false
	}
	opposed := func(s rules.State, p rules.PlayerID, x rules.TerritoryID) bool {
		for _, nb := range s.Board().Neighbors(x) {
			if o := s.Owner(nb); o >= 0 && !s.Allied(p, o) && s.Player(o).Status == rules.Active {
				return true
			}
		}
		return false
	}
	for g, shape := range []string{"2v2", "3v3", "2v2v2"} {
		for _, name := range []string{"normal", "hard"} {
			if name == "hard" && shape != "2v2" && testing.Short() {
				continue // Hard's look-ahead is slow under the race detector; the full run plays every shape
			}
			for o, opts := range []rules.TeamRules{{}, {PlaceOnTeammates: true, Fortify: rules.FortifyToTeammate}, {PlaceOnTeammates: true, Fortify: rules.FortifyThroughTeam}} {
				t.Run(fmt.Sprintf("%s/%s/options=%d", shape, name, o), func(t *testing.T) {
					t.Parallel()
					cfg := teamGame(t, shape, opts)
					placed, handed := 0, 0
					spy := func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
						c := players[name](s, p, r)
						hasFront := false
						for x := range s.Board().Len() {
							if id := rules.TerritoryID(x); s.Owner(id) == p && front(s, p, id) {
								hasFront = true
								break
							}
						}
						switch c := c.(type) {
						case rules.Place:
							if s.Phase() != rules.PhaseReinforce || !hasFront {
								break
							}
							for _, pl := range c.Placements {
								placed++
								if s.Owner(pl.Territory) != p {
									handed++
									if !opposed(s, p, pl.Territory) {
										t.Errorf("turn %d: seat %d placed on its teammate's %d, which no opposing army borders", s.Turn(), p, pl.Territory)
									}
								} else if !front(s, p, pl.Territory) {
									t.Errorf("turn %d: seat %d placed %d armies on %d, behind its own and its teammates' lines", s.Turn(), p, pl.Armies, pl.Territory)
								}
							}
						case rules.Fortify:
							if s.Owner(c.To) != p {
								handed++
								if !opposed(s, p, c.To) {
									t.Errorf("turn %d: seat %d fortified its teammate's %d, which no opposing army borders", s.Turn(), p, c.To)
								}
							}
						}
						return c
					}
					policies := make([]sim.Policy, len(cfg.Seats))
					for i := range policies {
						policies[i] = spy
						if cfg.TeamOf(rules.PlayerID(i)) != 0 {
							policies[i] = ai.Random
						}
					}
					for game := range long(3, 1) {
						if _, err := sim.Play(b, cfg, policies, uint64(10*g+game), sim.Opts{MaxCommands: 5000}); err != nil {
							t.Fatal(err)
						}
					}
					if placed == 0 {
						t.Fatal("no placement checked")
					}
					t.Logf("%d placements checked, %d hand-overs to a teammate", placed, handed)
				})
			}
		}
	}
}
