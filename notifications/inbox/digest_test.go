package inbox_test

import (
	"database/sql"
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

// insertOne records n in a transaction of its own and reports whether it was new.
func insertOne(t *testing.T, db *sql.DB, n inbox.New) bool {
	t.Helper()
	tx, err := db.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	stmt, err := tx.PrepareContext(t.Context(), inbox.InsertSQL)
	if err != nil {
		t.Fatal(err)
	}
	in, err := inbox.Insert(t.Context(), stmt, time.Now(), n)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return len(in) == 1
}

// TestClaimChatDigest: a user has one unsettled chat notice per game at most, whatever the turn; the
// claim settles them all and lists the games of those not seen live (unless always); after the claim a
// new message makes a new notice; Unclaim gives back a notice unless its game has a newer one. Each
// chat timeout is a notice of its own.
func TestClaimChatDigest(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	ctx := t.Context()
	ada := int(dbtest.User(t, db, dbtest.UserOpts{Name: "ada"}))
	grace := int(dbtest.User(t, db, dbtest.UserOpts{Name: "grace"}))
	one := dbtest.Game(t, db, dbtest.GameOpts{Seats: dbtest.Users(ada, grace), Start: true}).GameID
	two := dbtest.Game(t, db, dbtest.GameOpts{Seats: dbtest.Users(ada, grace), Start: true}).GameID
	chat := func(game, turn int) inbox.New {
		return inbox.New{UserID: ada, GameID: game, Turn: turn, Kind: notifications.KindChat}
	}
	if !insertOne(t, db, chat(one, 1)) || insertOne(t, db, chat(one, 1)) || insertOne(t, db, chat(one, 2)) {
		t.Errorf("want one unsettled chat notice of a game, whatever the turn")
	}
	if !insertOne(t, db, chat(two, 1)) {
		t.Errorf("a chat notice of another game was not recorded")
	}
	seen := dbtest.Int(t, db, `SELECT id FROM notices WHERE game_id = $1 AND kind = 'chat'`, two)
	if err := inbox.MarkSeen(ctx, db, ada, int64(seen), time.Now()); err != nil {
		t.Fatal(err)
	}
	claimed, games, err := inbox.ClaimChatDigest(ctx, db, ada, false, time.Now())
	if err != nil || len(claimed) != 2 || !slices.Equal(games, []int{one}) {
		t.Errorf("claim = %v, %v, %v; want 2 notices and the game %d not seen", claimed, games, err, one)
	}
	if again, _, err := inbox.ClaimChatDigest(ctx, db, ada, false, time.Now()); err != nil || again != nil {
		t.Errorf("a second claim = %v, %v; want nothing", again, err)
	}
	if !insertOne(t, db, chat(one, 2)) {
		t.Errorf("a chat notice after the claim was not recorded")
	}
	if err := inbox.Unclaim(ctx, db, claimed); err != nil {
		t.Fatal(err)
	}
	if n := dbtest.Int(t, db, `SELECT count(*) FROM notices WHERE kind = 'chat' AND sent_at IS NULL`); n != 2 {
		t.Errorf("%d unsettled chat notices after Unclaim, want 2 (the new one of game %d, the old one of game %d)", n, one, two)
	}
	timeout := inbox.New{UserID: ada, GameID: one, Turn: 1, Kind: notifications.KindChatTimeout}
	for i := range 2 {
		if !insertOne(t, db, timeout) {
			t.Errorf("chat timeout %d was not recorded: want each told", i+1)
		}
	}
}
