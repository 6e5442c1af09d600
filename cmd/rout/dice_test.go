package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// playedRecords plays games to their end through the service, a user (with a dice seed) against CPU
// seats, and returns their records.
func playedRecords(t *testing.T, games int) []game.Record {
	t.Helper()
	ctx := context.Background()
	db := dbtest.Migrated(t)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	var out []game.Record
	for g := range games {
		alice := int(dbtest.User(t, db, dbtest.UserOpts{Name: fmt.Sprintf("alice%d", g)}))
		seats := []game.SeatSpec{{Kind: game.SeatUser, UserID: alice, Color: "red"}}
		for i := range 1 + g%3 {
			seats = append(seats, game.SeatSpec{Kind: game.SeatCPU, Color: []string{"blue", "green", "black"}[i]})
		}
		created, err := svc.GameCreate(ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: seats, Start: true,
			Claim: rules.ClaimStrategy(g % 2), Cards: rules.CardSystem(g % 4), DiceSeed: strings.Repeat(fmt.Sprintf("%02x", g+1), 32)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 5))
		for n := 0; ; n++ {
			s, err := svc.GameState(ctx, created.GameID)
			if err != nil {
				t.Fatal(err)
			}
			if s.Phase() == rules.PhaseOver {
				break
			}
			if n > 20000 {
				t.Fatal("the game did not end")
			}
			p := s.Current()
			if _, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: created.GameID, Actor: game.Actor{Seat: int(p)},
				Command: ai.Random(s, p, r), Cause: game.CauseCPU}); err != nil {
				t.Fatal(err)
			}
		}
		rec, err := svc.GameRecord(ctx, created.GameID, -1)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
	return out
}

// TestGamesVerifyDice: rout games verify-dice and the example verifier of the documentation
// (docs/dice-verify.mjs, run with Node.js) agree on recorded games: both accept the honest records, both
// refuse them with a draw, a die of a battle, a seed or the commitment changed; only rout refuses a card
// or a deal changed, which needs the rules. The example also checks the documented vectors.
func TestGamesVerifyDice(t *testing.T) {
	t.Parallel()
	node, nodeErr := exec.LookPath("node")
	if nodeErr != nil {
		t.Log("node is not installed: the example verifier is not run (CI runs it)")
	}
	example := filepath.Join("..", "..", "docs", "dice-verify.mjs")
	runExample := func(path string) (string, bool) {
		out, err := exec.Command(node, example, path).CombinedOutput()
		var exited *exec.ExitError
		if err != nil && !errors.As(err, &exited) {
			t.Fatalf("node %s: %v", example, err)
		}
		return string(out), err == nil
	}
	if nodeErr == nil {
		out, err := exec.Command(node, example, "--vectors", filepath.Join("..", "..", "docs", "record-format.md")).CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "vectors verified") {
			t.Errorf("the example verifier on the documented vectors: %v\n%s", err, out)
		}
	}
	dir := t.TempDir()
	for g, genuine := range playedRecords(t, 3) {
		r := rand.New(rand.NewPCG(uint64(g), 6))
		battles := slices.DeleteFunc(seqs(genuine), func(i int) bool {
			return !strings.Contains(string(genuine.Events[i].Event), `"battle_rolled"`)
		})
		cards := slices.DeleteFunc(seqs(genuine), func(i int) bool {
			return !strings.Contains(string(genuine.Events[i].Event), `"card_drawn"`)
		})
		type forgery struct {
			name    string
			forge   func(rec *game.Record)
			example bool // the example verifier sees it too
		}
		for _, tc := range []forgery{
			{"honest", func(*game.Record) {}, true},
			{"a draw", func(rec *game.Record) {
				i := battles[r.IntN(len(battles))]
				rec.Events[i].Draws = slices.Clone(rec.Events[i].Draws)
				rec.Events[i].Draws[0][1] = (rec.Events[i].Draws[0][1] + 1) % 6
			}, true},
			{"a die", func(rec *game.Record) {
				i := battles[r.IntN(len(battles))]
				var b rules.BattleRolled
				mustUnmarshal(t, rec.Events[i].Event, &b)
				b.DefendDice = slices.Clone(b.DefendDice)
				b.DefendDice[0] = 7 - b.DefendDice[0] // another face: 7 - f is never f
				rec.Events[i].Event = mustMarshal(t, b)
			}, true},
			{"a player's seed", func(rec *game.Record) { rec.Dice.PlayerSeeds[0] = strings.Repeat("ee", 32) }, true},
			{"the commitment", func(rec *game.Record) { rec.Dice.Commitment = strings.Repeat("0", 64) }, true},
			{"a card", func(rec *game.Record) {
				i := cards[r.IntN(len(cards))]
				var c rules.CardDrawn
				mustUnmarshal(t, rec.Events[i].Event, &c)
				c.Card = (c.Card + 1) % 44
				rec.Events[i].Event = mustMarshal(t, c)
			}, false},
		} {
			rec := genuine
			rec.Events = slices.Clone(genuine.Events)
			d := *genuine.Dice
			d.PlayerSeeds = slices.Clone(d.PlayerSeeds)
			rec.Dice = &d
			tc.forge(&rec)
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, fmt.Sprintf("game%d-%s.json", g, strings.ReplaceAll(tc.name, " ", "-")))
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			honest := tc.name == "honest"
			out, _, err := runRout(t, "games", "verify-dice", path)
			if honest != (err == nil) || (honest && !strings.HasPrefix(out, "dice verified: ")) ||
				(!honest && !strings.Contains(err.Error(), "bad dice: RECORD_")) {
				t.Errorf("game %d, %s: rout games verify-dice: %v\n%s", g, tc.name, err, out)
			}
			if nodeErr != nil || (!honest && !tc.example) {
				continue
			}
			if out, ok := runExample(path); ok != honest {
				t.Errorf("game %d, %s: the example verifier says %q; rout says %v", g, tc.name, out, err)
			}
		}
	}
}

// seqs returns the indexes of rec's events.
func seqs(rec game.Record) []int {
	out := make([]int, len(rec.Events))
	for i := range out {
		out[i] = i
	}
	return out
}

func mustUnmarshal(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

func mustMarshal(t *testing.T, e rules.Event) []byte {
	t.Helper()
	data, err := rules.MarshalEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
