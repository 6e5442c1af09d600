package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/maps"
	"rout/rules"
)

func TestGamesVerify(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	alice := int(dbtest.User(t, db, dbtest.UserOpts{Name: "alice"}))
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	created := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: alice, Color: "red"}, {CPU: true, Color: "blue"}}, Start: true})
	env := func(k string) string {
		if k == "DATABASE_URL" {
			return dsn
		}
		return ""
	}
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"games", "verify"}, env, &out, &errOut); err != nil {
		t.Fatalf("rout games verify: %v\n%s%s", err, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "1 games verified, 0 differ") {
		t.Errorf("rout games verify printed:\n%s", out.String())
	}
	// Damage a territory row behind the service's back: verify must notice.
	if _, err := db.Exec(`UPDATE territories SET armies = armies + 1 WHERE game_id = $1 AND idx = 0`, created.GameID); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	err = run(ctx, []string{"games", "verify", "--log-level=error", "1"}, env, &out, &errOut)
	if exitCode(err) != 1 || !strings.Contains(out.String(), "1 games verified, 1 differ") {
		t.Errorf("verify of a damaged game: %v\n%s", err, out.String())
	}
	if _, err := svc.GameState(ctx, 424242); err == nil {
		t.Error("the state of a missing game")
	}
}

func TestGamesReplay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.Migrated(t)
	alice := int(dbtest.User(t, db, dbtest.UserOpts{Name: "alice"}))
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	id := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: alice, Color: "red"}, {CPU: true, Color: "blue"}}, Start: true}).GameID
	// Before the end, the public record hides cards and does not replay.
	r := rand.New(rand.NewPCG(7, 9))
	s, err := svc.GameState(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sawHidden := false
	for n := 0; s.Phase() != rules.PhaseOver; n++ {
		if n > 20000 {
			t.Fatal("the game did not end")
		}
		p := s.Current()
		c := ai.Random(s, p, r)
		res, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: id, Actor: game.Actor{Seat: int(p)}, Command: c, Cause: game.CauseCPU})
		if err != nil {
			t.Fatalf("command %d (%s by %d): %v", n, c.Kind(), p, err)
		}
		for _, ev := range res.Events {
			if s, err = rules.Evolve(s, ev.Event); err != nil {
				t.Fatal(err)
			}
			if _, ok := ev.Event.(rules.CardDrawn); ok && !sawHidden && s.Phase() != rules.PhaseOver {
				sawHidden = true
				rec, err := svc.GameRecord(ctx, id, -1)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := game.Replay(rec); !errors.Is(err, game.ErrHiddenCards) {
					t.Errorf("replay of an unfinished public record: %v", err)
				}
			}
		}
		if s.Phase() != rules.PhaseOver && s.ActivePlayers() == 1 {
			// The service has played the lone survivor's commands (R43): read where they left the game.
			if s, err = svc.GameState(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !sawHidden {
		t.Error("no card was drawn before the end")
	}
	rec, err := svc.GameRecord(ctx, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Format != game.RecordFormat || rec.Status != game.StatusFinished || rec.Winner == nil || rec.Seats[0].Name != "alice" || !rec.Seats[1].CPU {
		t.Fatalf("record header: %+v %+v", rec.Seats, rec.Winner)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "game.json")
	if err := os.WriteFile(good, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"games", "replay", good}, func(string) string { return "" }, &out, &errOut); err != nil {
		t.Fatalf("rout games replay: %v\n%s%s", err, out.String(), errOut.String())
	}
	want := fmt.Sprintf("winner: seat %d", *rec.Winner)
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "map: classic") || !strings.Contains(out.String(), "seat 0: alice (red)") {
		t.Errorf("rout games replay printed:\n%s", out.String())
	}
	// From stdin too.
	stdin = bytes.NewReader(data)
	out.Reset()
	if err := run(ctx, []string{"games", "replay", "-"}, func(string) string { return "" }, &out, &errOut); err != nil || !strings.Contains(out.String(), want) {
		t.Errorf("rout games replay -: %v\n%s", err, out.String())
	}
	// A corrupted record: the winner changed, or the JSON cut short.
	bad := bytes.Replace(data, []byte(`"kind":"game_over","winner":`), []byte(`"kind":"game_over","winner":9`), 1)
	for name, d := range map[string][]byte{"changed": bad, "truncated": data[:len(data)/2]} {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, d, 0o600); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		err := run(ctx, []string{"games", "replay", path}, func(string) string { return "" }, &out, &errOut)
		if exitCode(err) != 1 || !strings.Contains(err.Error(), "bad record") ||
			(name == "changed" && !strings.Contains(err.Error(), "RECORD_EVENT")) {
			t.Errorf("replay of a %s record: %v\n%s", name, err, out.String())
		}
	}
}

// TestGamesReplayHostileRecord: a record nested without end is refused before it is decoded, and one of
// millions of empty events stops at the first; neither allocates more than a small multiple of its size.
func TestGamesReplayHostileRecord(t *testing.T) {
	for _, tt := range []struct{ name, data, want string }{
		{"nested", strings.Repeat("[", 8_000_000), "RECORD_JSON: " + strings.Repeat("[0]", maps.MaxDepth) + ": TOO_DEEP: "},
		{"empty events", `{"format":"rout-record/1","events":[{}` + strings.Repeat(",{}", 16<<20/3) + "]}", "RECORD_"},
	} {
		path := writeMapFile(t, "record.json", tt.data)
		var err error
		n := allocated(func() { _, _, err = runRout(t, "games", "replay", path) })
		if exitCode(err) != 1 || !strings.Contains(fmt.Sprint(err), "bad record: "+tt.want) {
			t.Errorf("%s: rout games replay: %.300v, want exit status 1 and %s", tt.name, err, tt.want)
		}
		if limit := uint64(12*len(tt.data) + 4<<20); n > limit {
			t.Errorf("%s: rout games replay allocated %d bytes, more than %d", tt.name, n, limit)
		}
	}
}
