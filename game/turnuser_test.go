package game_test

import (
	"io/fs"
	"strings"
	"testing"

	"rout/game"
	"rout/internal/migrate"
	"rout/rules"
)

// TestTurnUser (games.turn_user_id, Row.TurnUser; the handed-over seats are TestHandoverToTeammate's): a
// running game's turn is its current seat's user's to play, a CPU's turn nobody's, a finished game's
// nobody's; and the migration that added the column fills it for the running games as the commands do.
func TestTurnUser(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	cpu := e.cpuGame(e.svc) // alice's
	bob := e.user("bob")
	duel := e.started(rules.ClaimRandom, rules.CardsClassic, e.user("cy"), bob)
	seatUser := func(id int) int {
		snap, err := e.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if s := snap.Seats[snap.State.Current()]; !s.CPU {
			return s.UserID
		}
		return 0
	}
	cpuTurns := 0
	for range 6 {
		if u, want := e.turnUser(cpu), seatUser(cpu); u != want {
			t.Errorf("turn %d of the CPU game is user %d's to play, want %d", e.state(cpu).Turn(), u, want)
		}
		in := e.playInput(e.svc, cpu)
		if in.Cause == game.CauseCPU {
			cpuTurns++
		}
		if _, err := e.svc.TurnPlay(e.ctx, in); err != nil {
			t.Fatal(err)
		}
	}
	if cpuTurns == 0 {
		t.Fatal("no CPU turn was checked")
	}
	if u, want := e.turnUser(duel), seatUser(duel); u != want || u == 0 {
		t.Errorf("the duel's turn is user %d's to play, want %d", u, want)
	}

	// The migration's fill, run again on the running games with the column cleared, gives what the
	// commands wrote.
	want := map[int]int{duel: e.turnUser(duel), cpu: e.turnUser(cpu)}
	if _, err := e.db.ExecContext(e.ctx, `UPDATE games SET turn_user_id = NULL`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.ExecContext(e.ctx, turnUserFill(t)); err != nil {
		t.Fatal(err)
	}
	for id, u := range want {
		if got := e.turnUser(id); got != u {
			t.Errorf("the migration filled game %d with user %d, the commands %d", id, got, u)
		}
	}

	if _, err := e.resign(duel, game.User(bob)); err != nil {
		t.Fatal(err)
	}
	if e.state(duel).Phase() != rules.PhaseOver {
		t.Fatal("the duel did not end")
	}
	if u := e.turnUser(duel); u != 0 {
		t.Errorf("the finished duel is user %d's to play", u)
	}
}

// turnUserFill returns the statement of the migration that added games.turn_user_id which fills it.
func turnUserFill(t *testing.T) string {
	t.Helper()
	names, err := fs.Glob(migrate.FS(), "migrations/*_game_turn_user.sql")
	if err != nil || len(names) != 1 {
		t.Fatalf("the migration of games.turn_user_id: %v, %v", names, err)
	}
	b, err := fs.ReadFile(migrate.FS(), names[0])
	if err != nil {
		t.Fatal(err)
	}
	at := strings.Index(string(b), "UPDATE")
	if at < 0 {
		t.Fatalf("%s fills nothing", names[0])
	}
	return string(b[at:])
}
