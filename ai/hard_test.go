package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// TestHardPlaysOnlyLegalCommands plays Hard against Normal, Easy and Random on the classic map and a
// generated one, in both claim strategies, checking the invariants after every event and every command
// Hard returns against rules.LegalCommands.
func TestHardPlaysOnlyLegalCommands(t *testing.T) {
	t.Parallel()
	hard := ai.NewHard(ai.HardOpts{Budget: testBudget})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	easy := ai.NewEasy(ai.EasyOpts{Budget: testBudget})
	boards := []struct {
		name  string
		board *rules.Board
	}{{"classic", classicBoard(t)}, {"generated-120", generatedBoard(t, 120)}}
	for _, bc := range boards {
		for claim := range 2 {
			for _, cards := range []rules.CardSystem{rules.CardsClassic, rules.CardsFixedTTB} {
				t.Run(fmt.Sprintf("%s/%s/%s", bc.name, rules.ClaimStrategy(claim), cards), func(t *testing.T) {
					t.Parallel()
					policies := []sim.Policy{checked(t, "hard", hard), normal, easy, ai.Random}
					cfg := rules.Config{Seats: seats(4), Claim: rules.ClaimStrategy(claim), Cards: cards, TTBPercent: 5}
					if _, err := sim.Play(bc.board, cfg, policies, uint64(11+claim), sim.Opts{Check: true, MaxCommands: long(3000, 500)}); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}

// TestHardIsDeterministic: the same seed plays the same game, command for command.
func TestHardIsDeterministic(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	hard := ai.NewHard(ai.HardOpts{Budget: testBudget})
	policies := []sim.Policy{hard, ai.NewNormal(ai.NormalOpts{Budget: testBudget}), hard, ai.Random}
	cfg := rules.Config{Seats: seats(4)}
	first, err := sim.Play(b, cfg, policies, 5, sim.Opts{KeepEvents: true, MaxCommands: long(4000, 500)})
	if err != nil {
		t.Fatal(err)
	}
	second, err := sim.Play(b, cfg, policies, 5, sim.Opts{KeepEvents: true, MaxCommands: long(4000, 500)})
	if err != nil {
		t.Fatal(err)
	}
	if first.Commands != second.Commands || len(first.Record) != len(second.Record) {
		t.Fatalf("same seed: %d commands and %d events, then %d and %d", first.Commands, len(first.Record), second.Commands, len(second.Record))
	}
	if diff := rules.Diff(first.Final, second.Final); diff != "" {
		t.Fatalf("same seed, different games: %s", diff)
	}
}

// TestHardTinyBudgetFallsBack: with no time to think, Hard still plays legal commands (its look-ahead
// is skipped and its heuristic falls back to the safe command) and the game goes on.
func TestHardTinyBudgetFallsBack(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	hard := ai.NewHard(ai.HardOpts{Budget: time.Nanosecond})
	attacks := 0
	spy := func(s rules.State, me rules.PlayerID, r *rand.Rand) rules.Command {
		c := hard(s, me, r)
		if _, ok := c.(rules.Attack); ok {
			attacks++
		}
		return c
	}
	policies := []sim.Policy{checked(t, "hard", spy), ai.Random}
	if _, err := sim.Play(b, rules.Config{Seats: seats(2)}, policies, 3, sim.Opts{MaxCommands: 2000}); err != nil {
		t.Fatalf("hard with a tiny budget: %v", err)
	}
	if attacks != 0 {
		t.Errorf("hard with a tiny budget attacked %d times; want the fallback, which ends the attack phase", attacks)
	}
}

// duels plays games one-on-one between a and b on the classic map over fixed seeds (so they cannot
// flake), half with a in seat 0 and half in seat 1 (the turn order is drawn per game), and returns a's
// wins.
func duels(t *testing.T, a, b sim.Policy, games int) int {
	t.Helper()
	board := classicBoard(t)
	wins := 0
	for g := range games {
		policies, mine := []sim.Policy{a, b}, rules.PlayerID(0)
		if g%2 == 1 {
			policies, mine = []sim.Policy{b, a}, 1
		}
		res, err := sim.Play(board, rules.Config{Seats: seats(2)}, policies, uint64(1000+g), sim.Opts{MaxCommands: 20000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == mine {
			wins++
		}
	}
	return wins
}

// TestHardBeatsNormal is a small tournament on fixed seeds (so it cannot flake) on the classic map:
// Hard against three Normals, whose fair share is a quarter of the games, with a loose bound; the full
// form plays more games. The measured rates are in docs/ai.md (about 59%).
func TestHardBeatsNormal(t *testing.T) {
	t.Parallel()
	board := classicBoard(t)
	hard := ai.NewHard(ai.HardOpts{Budget: testBudget})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	games := long(60, 3)
	wins := 0
	for g := range games {
		policies := []sim.Policy{normal, normal, normal, normal}
		mine := rules.PlayerID(g % 4)
		policies[mine] = hard
		res, err := sim.Play(board, rules.Config{Seats: seats(4)}, policies, uint64(2000+g), sim.Opts{MaxCommands: 20000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == mine {
			wins++
		}
	}
	t.Logf("Hard won %d of %d four-player games against three Normals", wins, games)
	if want := long(21, 1); wins < want {
		t.Fatalf("Hard won %d of %d four-player games against three Normals; want at least %d", wins, games, want)
	}
}

// TestHardBeatsRandom: Hard wins most duels against Random. In a duel Hard plays as Normal does
// (TestHardPlaysNormalInADuel), which wins about 90% of them, nearly all when it moves first and about
// 80% when Random does (docs/ai.md); the bound is loose.
func TestHardBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("a tournament: make test-long")
	}
	t.Parallel()
	hard := ai.NewHard(ai.HardOpts{Budget: testBudget})
	wins := duels(t, hard, ai.Random, 60)
	t.Logf("Hard won %d of 60 duels against Random", wins)
	if wins < 50 {
		t.Fatalf("Hard won %d of 60 duels against Random; want at least 50", wins)
	}
}

// TestHardPlaysNormalInADuel: with a single opponent Hard has no leader to hit and no look-ahead, so a
// duel of Hard against Normal is the same game, command for command, as Normal against Normal.
func TestHardPlaysNormalInADuel(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	hard := ai.NewHard(ai.HardOpts{Budget: testBudget})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	cfg := rules.Config{Seats: seats(2)}
	for seed := range uint64(long(6, 2)) {
		want, err := sim.Play(b, cfg, []sim.Policy{normal, normal}, seed, sim.Opts{KeepEvents: true, MaxCommands: 4000})
		if err != nil {
			t.Fatal(err)
		}
		got, err := sim.Play(b, cfg, []sim.Policy{hard, normal}, seed, sim.Opts{KeepEvents: true, MaxCommands: 4000})
		if err != nil {
			t.Fatal(err)
		}
		if got.Commands != want.Commands || got.Winner != want.Winner {
			t.Fatalf("seed %d: Hard against Normal took %d commands (winner %d), Normal against Normal %d (winner %d)", seed, got.Commands, got.Winner, want.Commands, want.Winner)
		}
		if diff := rules.Diff(got.Final, want.Final); diff != "" {
			t.Fatalf("seed %d: Hard against Normal ended otherwise than Normal against Normal: %s", seed, diff)
		}
	}
}
