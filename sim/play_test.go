package sim_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"rout/ai"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

func board(t testing.TB, m *maps.Map, err error) *rules.Board {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func classic(t testing.TB) *rules.Board {
	m, ok := maps.Builtin("classic")
	if !ok {
		t.Fatal("no classic map")
	}
	return board(t, m, nil)
}

func generated(t testing.TB, n int) *rules.Board {
	m, err := maps.Generate(maps.GenerateOpts{Territories: n, Seed: 7})
	return board(t, m, err)
}

func seats(n int) []rules.Seat {
	out := make([]rules.Seat, n)
	for i := range out {
		out[i] = rules.Seat{Color: fmt.Sprintf("color-%d", i)}
	}
	return out
}

// long returns full when the tests run in full (make test-long) and short under -short (make test): a
// property run keeps its shape and plays fewer games.
func long[T any](full, short T) T {
	if testing.Short() {
		return short
	}
	return full
}

func randomPolicies(n int) []sim.Policy {
	out := make([]sim.Policy, n)
	for i := range out {
		out[i] = ai.Random
	}
	return out
}

// TestRandomGamesKeepInvariants is the engine's property test: random legal games on the classic map and
// on a generated one, in every card system and claim strategy, with 2 to 6 players, checking after every
// event that each territory has one owner (or is neutral) and an army, that armies and cards are
// conserved, that the phase machine holds, that folding the events gives the engine's own state, and that
// every game ends with a winner.
func TestRandomGamesKeepInvariants(t *testing.T) {
	t.Parallel()
	// The short form still plays every combination of players (2 to 6), claim and card system on both
	// maps: they repeat every 40 games on the classic map and every 20 on the generated one.
	games := long(2000, 200)
	// Random players on a larger map with an escalating card system (classic, classic scaling TTB) pile up
	// thousands of armies and can take millions of commands to finish, so the generated map plays the
	// fixed systems.
	boards := []struct {
		name    string
		board   *rules.Board
		games   int
		systems []rules.CardSystem
	}{
		{"classic", classic(t), games, []rules.CardSystem{rules.CardsClassic, rules.CardsFixed, rules.CardsFixedTTB, rules.CardsClassicScalingTTB}},
		{"generated-150", generated(t, 150), games / 10, []rules.CardSystem{rules.CardsFixed, rules.CardsFixedTTB}},
	}
	for _, bc := range boards {
		t.Run(bc.name, func(t *testing.T) {
			t.Parallel()
			for g := range bc.games {
				players := 2 + g%5
				cfg := rules.Config{
					Seats:      seats(players),
					Claim:      rules.ClaimStrategy(g % 2),
					Cards:      bc.systems[(g/2)%len(bc.systems)],
					TTBPercent: 4 + g%7,
				}
				res, err := sim.Play(bc.board, cfg, randomPolicies(players), uint64(g), sim.Opts{Check: true, MaxCommands: 200_000})
				if err != nil {
					t.Fatalf("game %d (%d players, %s, %s): %v", g, players, cfg.Claim, cfg.Cards, err)
				}
				if res.Winner < 0 {
					t.Fatalf("game %d did not end after %d commands", g, res.Commands)
				}
				if w := res.Final.Player(res.Winner); w.Territories != bc.board.Len() {
					t.Fatalf("game %d: winner %d owns %d of %d territories", g, res.Winner, w.Territories, bc.board.Len())
				}
			}
		})
	}
}

// TestGamesWithResignationsEnd plays random games in which players resign now and then, during the
// claim too: the resigned players' territories turn neutral and must be conquered (R42, R43), so every
// game still ends, with a winner who owns every territory.
func TestGamesWithResignationsEnd(t *testing.T) {
	t.Parallel()
	games := 300
	if testing.Short() {
		games = 60
	}
	b := classic(t)
	for g := range games {
		players := 2 + g%5
		cfg := rules.Config{Seats: seats(players), Claim: rules.ClaimStrategy(g % 2), Cards: rules.CardSystem((g / 2) % 4)}
		policies := make([]sim.Policy, players)
		for i := range policies {
			policies[i] = func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
				if s.ActivePlayers() > 1 && r.IntN(40) == 0 {
					return rules.Resign{}
				}
				return ai.Random(s, p, r)
			}
		}
		res, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{Check: true, MaxCommands: 200_000})
		if err != nil {
			t.Fatalf("game %d (%d players, %s, %s): %v", g, players, cfg.Claim, cfg.Cards, err)
		}
		if res.Winner < 0 {
			t.Fatalf("game %d did not end after %d commands", g, res.Commands)
		}
		if w := res.Final.Player(res.Winner); w.Territories != b.Len() {
			t.Fatalf("game %d: winner %d owns %d of %d territories", g, res.Winner, w.Territories, b.Len())
		}
	}
}

// TestReplayEqualsFinalState folds each game's record from the start and compares it with the state the
// engine reached command by command, and checks that the record survives a JSON round trip.
func TestReplayEqualsFinalState(t *testing.T) {
	t.Parallel()
	b := classic(t)
	for g := range 12 {
		cfg := rules.Config{Seats: seats(4), Claim: rules.ClaimStrategy(g % 2), Cards: rules.CardSystem(g % 4)}
		res, err := sim.Play(b, cfg, randomPolicies(4), uint64(1000+g), sim.Opts{KeepEvents: true})
		if err != nil {
			t.Fatal(err)
		}
		decoded := make([]rules.Event, len(res.Record))
		for i, e := range res.Record {
			data, err := rules.MarshalEvent(e)
			if err != nil {
				t.Fatal(err)
			}
			if decoded[i], err = rules.UnmarshalEvent(data); err != nil {
				t.Fatalf("event %d %s: %v", i, data, err)
			}
		}
		replayed, err := rules.Replay(b, cfg, decoded)
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if diff := rules.Diff(replayed, res.Final); diff != "" {
			t.Fatalf("game %d: replay differs: %s", g, diff)
		}
	}
}

// TestPlayIsDeterministic: the same seed plays the same game.
func TestPlayIsDeterministic(t *testing.T) {
	t.Parallel()
	b := classic(t)
	cfg := rules.Config{Seats: seats(3)}
	first, err := sim.Play(b, cfg, randomPolicies(3), 42, sim.Opts{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := sim.Play(b, cfg, randomPolicies(3), 42, sim.Opts{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := rules.Diff(first.Final, second.Final); diff != "" || first.Commands != second.Commands {
		t.Fatalf("same seed, different games: %s (%d and %d commands)", diff, first.Commands, second.Commands)
	}
}

// TestTouchedCoversEveryChange keeps a copy of the board and the cards as a server keeps its rows, writes
// back after every command only what rules.Touched names, and checks that the copy always equals the
// engine's state and that a state restored from the copy equals it too.
func TestTouchedCoversEveryChange(t *testing.T) {
	t.Parallel()
	b := classic(t)
	for g := range 30 {
		cfg := rules.Config{Seats: seats(2 + g%4), Claim: rules.ClaimStrategy(g % 2), Cards: rules.CardSystem(g % 4)}
		res, err := sim.Play(b, cfg, randomPolicies(len(cfg.Seats)), uint64(500+g), sim.Opts{KeepEvents: true})
		if err != nil {
			t.Fatal(err)
		}
		s, err := rules.New(b, cfg)
		if err != nil {
			t.Fatal(err)
		}
		rows := s.Snapshot()
		places := make([]rules.CardPlace, b.Cards())
		for c := range places {
			places[c] = s.CardPlace(rules.CardID(c))
		}
		// Fold the record one event at a time, as commands of one event each: the strictest case.
		for i, e := range res.Record {
			next, err := rules.Evolve(s, e)
			if err != nil {
				t.Fatal(err)
			}
			ts, cs := rules.Touched(s, next, []rules.Event{e})
			for _, tt := range ts {
				rows.Owners[tt], rows.Armies[tt] = next.Owner(tt), next.Armies(tt)
			}
			for _, c := range cs {
				places[c] = next.CardPlace(c)
			}
			s = next
			for tt := range b.Len() {
				id := rules.TerritoryID(tt)
				if rows.Owners[tt] != s.Owner(id) || rows.Armies[tt] != s.Armies(id) {
					t.Fatalf("game %d event %d (%s): territory %d not written back", g, i, e.Kind(), tt)
				}
			}
			for c := range places {
				if got := s.CardPlace(rules.CardID(c)); places[c] != got {
					t.Fatalf("game %d event %d (%s): card %d is at %+v, the rows say %+v", g, i, e.Kind(), c, got, places[c])
				}
			}
		}
		snap := s.Snapshot()
		restored, err := rules.Restore(b, cfg, snap)
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if diff := rules.Diff(restored, s); diff != "" {
			t.Fatalf("game %d: the restored state differs: %s", g, diff)
		}
	}
}
