package game_test

import (
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
)

// TestDueReads checks the sweeper's reads: the overdue games by deadline, and the games whose CPU seat to
// move has been idle, paged by their cursor; and the reads of a game's last sequence number and seat
// holders.
func TestDueReads(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.user("alice")
	var ids []int
	for i := range 3 {
		created := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Start: true,
			Seats: []dbtest.SeatOpts{{User: alice}, {CPU: true, Difficulty: "easy"}}})
		ids = append(ids, created.GameID)
		// The CPU (seat 1) to move, idle and overdue since i+1 hours ago, the first game the longest.
		at := time.Now().Add(-time.Duration(3-i) * time.Hour)
		if _, err := e.db.ExecContext(e.ctx, `UPDATE games SET current_seat = 1, turn_deadline = $2 WHERE id = $1`, created.GameID, at); err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.ExecContext(e.ctx, `UPDATE events SET created_at = $2 WHERE game_id = $1`, created.GameID, at); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	overdue, err := e.svc.OverdueGames(e.ctx, now.Add(-90*time.Minute), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(overdue) != 2 || overdue[0] != ids[0] || overdue[1] != ids[1] {
		t.Errorf("overdue games %v, want %v", overdue, ids[:2])
	}
	var got []int
	var after game.IdleTurn
	for range 5 {
		page, err := e.svc.IdleCPUTurns(e.ctx, now, after, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, it := range page {
			got = append(got, it.GameID)
		}
		after = page[len(page)-1]
	}
	if len(got) != 3 || got[0] != ids[0] || got[1] != ids[1] || got[2] != ids[2] {
		t.Errorf("idle CPU turns paged two at a time: %v, want %v", got, ids)
	}
	if seq, err := e.svc.LastSeq(e.ctx, ids[0]); err != nil || seq < 1 {
		t.Errorf("last sequence number of a started game: %d, %v", seq, err)
	}
	if _, err := e.svc.LastSeq(e.ctx, ids[2]+1000); code(err) != "NOT_FOUND" {
		t.Errorf("last sequence number of no game: %v, want NOT_FOUND", err)
	}
	name, user, _, ok, err := e.svc.SeatHolder(e.ctx, ids[0], 0)
	if err != nil || !ok || name != "alice" || user != alice {
		t.Errorf("seat 0: %q %d %v %v, want alice", name, user, ok, err)
	}
	if _, user, difficulty, ok, err := e.svc.SeatHolder(e.ctx, ids[0], 1); err != nil || !ok || user != 0 || difficulty != "easy" {
		t.Errorf("seat 1: user %d, difficulty %q, %v %v; want the easy CPU", user, difficulty, ok, err)
	}
	if _, _, _, ok, err := e.svc.SeatHolder(e.ctx, ids[0], 5); err != nil || ok {
		t.Errorf("seat 5: %v %v, want none", ok, err)
	}
}
