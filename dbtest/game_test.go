package dbtest

import (
	"fmt"
	"testing"
	"time"

	"rout/game"
	"rout/rules"
)

func TestGameMakesSeatsOfEveryKind(t *testing.T) {
	t.Parallel()
	db := Migrated(t)
	alice := int(User(t, db, UserOpts{}))
	svc, err := game.New(game.Opts{DB: db, Accounts: Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	created := Game(t, db, GameOpts{Service: svc, Cards: rules.CardsFixed, Seats: []SeatOpts{
		{User: alice}, {CPU: true, Difficulty: "easy"}, {Invite: "bob@example.com", Color: "teal"}, {}}})
	if created.InviteCode == "" {
		t.Error("a game with an invited seat has no invite code")
	}
	snap, err := svc.GameSnapshot(t.Context(), created.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Status != game.StatusOpen || snap.CreatorID != alice || snap.Cards != rules.CardsFixed {
		t.Errorf("game: status %s, creator %d, cards %s; want open, %d, fixed", snap.Status, snap.CreatorID, snap.Cards, alice)
	}
	var got []string
	for _, s := range snap.Seats {
		got = append(got, fmt.Sprintf("%d %s %d %v %s %s %s", s.Seat, s.Color, s.UserID, s.CPU, s.Difficulty, s.InviteEmail, s.Status))
	}
	want := []string{
		fmt.Sprintf("0 c0 %d false   active", alice),
		"1 c1 0 true easy  active",
		"2 teal 0 false  bob@example.com invited",
		"3 c3 0 false   open",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("seats:\n%q\nwant\n%q", got, want)
	}
}

func TestGameStartsAGameOfUsersAndCPUs(t *testing.T) {
	t.Parallel()
	db := Migrated(t)
	alice, bob := int(User(t, db, UserOpts{})), int(User(t, db, UserOpts{}))
	created := Game(t, db, GameOpts{Seats: append(Users(alice, bob), SeatOpts{CPU: true}), Start: true,
		Claim: rules.ClaimRoundRobin})
	svc, err := game.New(game.Opts{DB: db, Accounts: Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := svc.GameSnapshot(t.Context(), created.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Status != game.StatusActive || snap.CreatorID != alice || snap.Claim != rules.ClaimRoundRobin {
		t.Errorf("game: status %s, creator %d, claim %s; want active, %d, round_robin", snap.Status, snap.CreatorID, snap.Claim, alice)
	}
	if len(snap.Seats) != 3 || snap.Seats[1].UserID != bob || !snap.Seats[2].CPU || snap.Seats[2].Difficulty != "normal" {
		t.Errorf("seats = %+v", snap.Seats)
	}
	if snap.State.Phase() != rules.PhaseClaim {
		t.Errorf("a started game with round-robin claim is in phase %s, want claim", snap.State.Phase())
	}
}

func TestGameTakesTheSettings(t *testing.T) {
	t.Parallel()
	db := Migrated(t)
	created := Game(t, db, GameOpts{Seats: append(Users(int(User(t, db, UserOpts{}))), SeatOpts{}), Private: true,
		TurnLimit: 2 * time.Hour, TTBPercent: 9, Cards: rules.CardsFixedTTB})
	svc, err := game.New(game.Opts{DB: db, Accounts: Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := svc.GameSnapshot(t.Context(), created.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if created.InviteCode == "" || snap.TurnLimit != 2*time.Hour || snap.TTBPercent != 9 || snap.Cards != rules.CardsFixedTTB {
		t.Errorf("game: invite code %q, turn limit %s, ttb %d%%, cards %s; want a code, 2h, 9%%, fixed_ttb",
			created.InviteCode, snap.TurnLimit, snap.TTBPercent, snap.Cards)
	}
}

// TestGameWithoutUsersHasANewCreator: a game of CPU seats alone is created by a new user who holds no
// seat, and starts.
func TestGameWithoutUsersHasANewCreator(t *testing.T) {
	t.Parallel()
	db := Migrated(t)
	created := Game(t, db, GameOpts{Seats: []SeatOpts{{CPU: true}, {CPU: true}}, Start: true})
	var status game.Status
	var creator int
	if err := db.QueryRowContext(t.Context(), "SELECT status, creator_id FROM games WHERE id = $1", created.GameID).
		Scan(&status, &creator); err != nil {
		t.Fatal(err)
	}
	if status != game.StatusActive || creator == 0 {
		t.Errorf("game: status %s, creator %d; want active, a user", status, creator)
	}
}
