package game_test

import (
	"fmt"
	"testing"

	"rout/game"
	"rout/rules"
)

// TestIdleSeatResignsInAGameOfIdleResigns: in a rated duel created with IdleResigns, the third of alice's
// turns in a row taken over at its deadline resigns her seat instead of handing it to the CPU: her
// resignation is recorded as the takeover's, bob plays on as the lone survivor and wins, and the rating
// counts the game as her loss. In the same game without the option, her seat goes to the CPU and she
// plays on.
func TestIdleSeatResignsInAGameOfIdleResigns(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, idleResigns := range []bool{true, false} {
		alice, bob := e.user(fmt.Sprintf("alice%v", idleResigns)), e.user(fmt.Sprintf("bob%v", idleResigns))
		created, err := e.svc.GameCreate(e.ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Start: true, Rated: true,
			IdleResigns: idleResigns, Seats: []game.SeatSpec{{Kind: game.SeatUser, UserID: alice, Color: "red"},
				{Kind: game.SeatUser, UserID: bob, Color: "blue"}}})
		if err != nil {
			t.Fatal(err)
		}
		id := created.GameID
		aliceSeat := -1
		// Alice's turns are taken over at their deadline, three in a row; bob's are played for him by a CPU
		// (not takeovers, which would count against him).
		for taken := 0; taken < game.AutoDelegateTakeovers; {
			snap, err := e.svc.GameSnapshot(e.ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			seat := int(snap.State.Current())
			if seat < 0 {
				t.Fatalf("no seat to move: status %s, phase %v, turn %d", snap.Status, snap.State.Phase(), snap.State.Turn())
			}
			cause := game.CauseCPU
			if snap.Seats[seat].UserID == alice {
				aliceSeat, cause = seat, game.CauseTakeover
				taken++
			}
			if _, err := e.svc.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: seat, Turn: snap.State.Turn(),
				Cause: cause}); err != nil {
				t.Fatal(err)
			}
		}
		snap, err := e.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		seat := snap.Seats[aliceSeat]
		if !idleResigns {
			if seat.Delegation == nil || !seat.Delegation.Auto || seat.Status != game.SeatStatusActive {
				t.Errorf("without IdleResigns: alice's seat %+v, want handed to the CPU", seat)
			}
			continue
		}
		if seat.Status != game.SeatStatusResigned || seat.Delegation != nil {
			t.Fatalf("alice's seat after %d takeovers: %+v, want resigned", game.AutoDelegateTakeovers, seat)
		}
		var cause string
		if err := e.db.QueryRowContext(e.ctx, `SELECT cause FROM events WHERE game_id = $1 AND kind = 'player_resigned'`,
			id).Scan(&cause); err != nil || cause != "takeover" {
			t.Errorf("the resignation's cause: %q, %v; want takeover", cause, err)
		}
		// The lone survivor plays to the end (the effects would schedule what one play leaves).
		for !snap.Status.Over() {
			if _, err := e.svc.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: int(snap.State.Current()), Turn: snap.State.Turn(),
				Cause: game.CauseSurvivor}); err != nil {
				t.Fatal(err)
			}
			if snap, err = e.svc.GameSnapshot(e.ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		places, err := e.svc.GamePlaces(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if places[aliceSeat] != 2 || places[1-aliceSeat] != 1 {
			t.Errorf("places %v: want alice (seat %d) second", places, aliceSeat)
		}
		var place int
		if err := e.db.QueryRowContext(e.ctx, `SELECT place FROM rating_changes WHERE game_id = $1 AND user_id = $2`,
			id, alice).Scan(&place); err != nil || place != 2 {
			t.Errorf("alice's rated place: %d, %v; want 2 (a loss)", place, err)
		}
		if snap.State.Phase() != rules.PhaseOver {
			t.Errorf("phase %v", snap.State.Phase())
		}
	}
}
