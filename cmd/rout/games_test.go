package main

import (
	"bytes"
	"context"
	"database/sql"
	"strings"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/migrate"
)

func TestGamesVerify(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := dbtest.URL(t)
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migrate.Up(ctx, db, nil); err != nil {
		t.Fatal(err)
	}
	var alice int
	if err := db.QueryRow(`INSERT INTO users (created_at, updated_at, name, email, password_hash)
		VALUES (now(), now(), 'alice', 'alice@example.com', 'x') RETURNING id`).Scan(&alice); err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	created, err := svc.GameCreate(ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: []game.SeatSpec{
		{Kind: game.SeatUser, UserID: alice, Color: "red"}, {Kind: game.SeatCPU, Color: "blue"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.GameStart(ctx, created.GameID, alice); err != nil {
		t.Fatal(err)
	}
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
