package game_test

import (
	"testing"

	"rout/game"
)

// TestHardCPUSeat: a CPU seat may be Hard, and the seat keeps its difficulty.
func TestHardCPUSeat(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice := e.user("alice")
	created, err := e.svc.GameCreate(e.ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: []game.SeatSpec{
		{Kind: game.SeatUser, UserID: alice, Color: "red"},
		{Kind: game.SeatCPU, Difficulty: "hard", Color: "blue"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	_, _, difficulty, ok, err := e.svc.SeatHolder(e.ctx, created.GameID, 1)
	if err != nil || !ok || difficulty != "hard" {
		t.Fatalf("seat 1: difficulty %q, found %v, %v; want hard", difficulty, ok, err)
	}
}
