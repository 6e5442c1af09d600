package inbox_test

import (
	"slices"
	"testing"
	"time"

	"rout/dbtest"
	"rout/notifications"
	"rout/notifications/inbox"
)

// TestClaimDigest claims a user's unsettled your_turn notices: all of them are settled at once, and the
// digest lists only the games still waiting on the user at the notice's turn and, unless always, not
// seen live, each with the notice's deadline; a second claim finds nothing, and Unclaim gives them back.
func TestClaimDigest(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	ctx := t.Context()
	ada := int(dbtest.User(t, db, dbtest.UserOpts{Name: "ada"}))
	grace := int(dbtest.User(t, db, dbtest.UserOpts{Name: "grace"}))
	start := func() (id, turn int) {
		g := dbtest.Game(t, db, dbtest.GameOpts{Seats: dbtest.Users(ada, grace), Start: true})
		return g.GameID, dbtest.Int(t, db, `SELECT turn FROM games WHERE id = $1`, g.GameID)
	}
	waiting, turn := start()
	seen, seenTurn := start()
	deadline := time.Date(2026, 12, 5, 18, 0, 0, 0, time.UTC)
	at := deadline.Format(time.RFC3339)
	yourTurn := func(gameID, turn int, data inbox.Data) int64 {
		return dbtest.Notice(t, db, inbox.New{UserID: ada, GameID: gameID, Turn: turn, Kind: notifications.KindYourTurn, Data: data})
	}
	ids := []int64{
		yourTurn(waiting, turn, inbox.Data{Deadline: &at}),
		yourTurn(waiting, turn+1, inbox.Data{}), // not the game's turn: settled, not listed
		yourTurn(seen, seenTurn, inbox.Data{}),  // seen live: listed only with always
	}
	if err := inbox.MarkSeen(ctx, db, ada, ids[2], time.Now()); err != nil {
		t.Fatal(err)
	}
	other := dbtest.Notice(t, db, inbox.New{UserID: ada, GameID: waiting, Turn: turn, Kind: notifications.KindTurnWarning})
	theirs := dbtest.Notice(t, db, inbox.New{UserID: grace, GameID: waiting, Turn: turn, Kind: notifications.KindYourTurn})

	now := time.Now()
	claimed, games, err := inbox.ClaimDigest(ctx, db, ada, false, now)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(claimed, ids) {
		t.Errorf("claimed %v, want ada's your_turn notices %v", claimed, ids)
	}
	want := []notifications.DigestGame{{GameID: waiting, Turn: turn, Deadline: deadline}}
	if len(games) != 1 || games[0].GameID != want[0].GameID || games[0].Turn != want[0].Turn || !games[0].Deadline.Equal(deadline) {
		t.Errorf("digest %+v, want %+v", games, want)
	}
	if n := dbtest.Int(t, db, `SELECT count(*) FROM notices WHERE sent_at IS NOT NULL`); n != len(ids) {
		t.Errorf("%d notices settled, want %d (not %d nor %d)", n, len(ids), other, theirs)
	}
	if claimed, games, err := inbox.ClaimDigest(ctx, db, ada, false, now); err != nil || claimed != nil || games != nil {
		t.Errorf("a second claim = %v, %v, %v; want nothing", claimed, games, err)
	}

	if err := inbox.Unclaim(ctx, db, ids); err != nil {
		t.Fatal(err)
	}
	claimed, games, err = inbox.ClaimDigest(ctx, db, ada, true, now)
	if err != nil || !slices.Equal(claimed, ids) || len(games) != 2 || games[0].GameID != waiting || games[1].GameID != seen {
		t.Errorf("after Unclaim, the claim with always = %v, %+v, %v; want %v and games %d, %d", claimed, games, err, ids, waiting, seen)
	}
}
