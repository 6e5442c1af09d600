package game_test

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	"rout/game"
	"rout/rules"
)

// changes records every Change the service hands its Effects.
type changes struct {
	mu  sync.Mutex
	all []game.Change
}

func (c *changes) AfterCommand(_ context.Context, _ *sql.Tx, chs ...game.Change) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.all = append(c.all, chs...)
	return nil
}

func (c *changes) AfterCreate(context.Context, *sql.Tx, game.NewGame) error { return nil }

var _ game.Effects = (*changes)(nil)

// checkSurvivorWon checks that a game is over, won by survivor, who owns every territory in the rows, and
// that its record replays to that end with every check of game.Replay.
func checkSurvivorWon(t *testing.T, e *env, id int, survivor rules.PlayerID) {
	t.Helper()
	var status game.Status
	var winner sql.NullInt64
	if err := e.db.QueryRow(`SELECT status, winner_seat FROM games WHERE id = $1`, id).Scan(&status, &winner); err != nil {
		t.Fatal(err)
	}
	if status != game.StatusFinished || !winner.Valid || rules.PlayerID(winner.Int64) != survivor {
		t.Fatalf("status %s, winner %v: want finished, won by seat %d", status, winner, survivor)
	}
	if got := e.count(`SELECT count(*) FROM territories WHERE game_id = $1 AND owner_seat = $2`, id, int(survivor)); got != 42 {
		t.Errorf("territories of the winner: got %d, want all 42", got)
	}
	s := e.state(id) // GameVerify: the rows are the record's fold
	if s.Player(survivor).Territories != 42 || s.Winner() != survivor {
		t.Errorf("state: winner %d with %d territories", s.Winner(), s.Player(survivor).Territories)
	}
	rec, err := e.svc.GameRecord(e.ctx, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := game.Replay(rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if replayed.Winner() != survivor || replayed.Player(survivor).Territories != 42 {
		t.Errorf("replayed: winner %d with %d territories", replayed.Winner(), replayed.Player(survivor).Territories)
	}
}

// TestLoneSurvivorPlaysOutTheGame pins R43 through the service: when the others resign, the survivor does
// not click through a game against neutral territories. The CPU plays their remaining commands at once, in
// the resignation's transaction, each one an ordinary command recorded with the survivor's seat, until
// they own every territory; and Effects hear it all once.
func TestLoneSurvivorPlaysOutTheGame(t *testing.T) {
	t.Parallel()
	rec := &changes{}
	e := newEnv(t, rec)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	id := e.started(rules.ClaimRandom, rules.CardsClassic, alice, bob, carol)
	users := map[rules.PlayerID]int{0: alice, 1: bob, 2: carol}
	s := e.state(id)
	survivor := s.Current()
	var leavers []rules.PlayerID
	for p := range rules.PlayerID(3) {
		if p != survivor {
			leavers = append(leavers, p)
		}
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[leavers[0]]), Command: rules.Resign{}}); err != nil {
		t.Fatal(err)
	}
	if got := e.state(id); got.Phase() == rules.PhaseOver {
		t.Fatalf("the game is over with two players left")
	}
	before := e.version(id)
	rec.mu.Lock()
	rec.all = nil
	rec.mu.Unlock()
	began := time.Now()
	res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[leavers[1]]), Command: rules.Resign{}})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(began)
	if res.Version != before+1 || len(res.Events) != 1 || res.Events[0].Event.Kind() != "player_resigned" {
		t.Errorf("the resignation's own result: version %d (want %d), events %v", res.Version, before+1, res.Events)
	}
	checkSurvivorWon(t, e, id, survivor)
	played := e.version(id) - res.Version
	if played < 2 {
		t.Fatalf("the service played %d commands for the survivor", played)
	}
	// Every command the CPU played is recorded as the survivor's.
	if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq > $2 AND seat <> $3`, id, res.Events[0].Seq, int(survivor)); got != 0 {
		t.Errorf("%d events after the resignation are not the survivor's", got)
	}
	// ... and caused by the survivor's play, while the resignation is the player's.
	if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq > $2 AND cause IS DISTINCT FROM 'survivor'`, id, res.Events[0].Seq); got != 0 {
		t.Errorf("%d events after the resignation are not caused by the survivor's play", got)
	}
	if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq = $2 AND cause = 'player'`, id, res.Events[0].Seq); got != 1 {
		t.Errorf("the resignation is not recorded as the player's")
	}
	// Effects hear the resignation and the survivor's commands once, as one change.
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.all) != 1 {
		t.Fatalf("effects heard %d changes, want 1", len(rec.all))
	}
	if c := rec.all[0]; int64(c.Commands) != played+1 || c.Cause != game.CausePlayer || c.After.Phase() != rules.PhaseOver ||
		c.Events[0].Seq != res.Events[0].Seq || c.Version != e.version(id) {
		t.Errorf("the change: %d commands (want %d), cause %s, phase %s, first event %d (want %d), version %d (want %d)",
			c.Commands, played+1, c.Cause, c.After.Phase(), c.Events[0].Seq, res.Events[0].Seq, c.Version, e.version(id))
	}
	t.Logf("the CPU played %d commands for the survivor, in a resignation of %v", played, took)
}

// TestLoneSurvivorTakesTheUnclaimedTerritories: when all but one player resign during a round-robin
// claim, the survivor's pick takes every unclaimed territory, and the CPU then conquers the neutral ones
// for them.
func TestLoneSurvivorTakesTheUnclaimedTerritories(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	id := e.started(rules.ClaimRoundRobin, rules.CardsFixed, alice, bob, carol)
	users := map[rules.PlayerID]int{0: alice, 1: bob, 2: carol}
	// Two rounds of picks, then the two players after the first in the order resign.
	for range 6 {
		s := e.state(id)
		if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[s.Current()]),
			Command: rules.Claim{Territory: firstUnclaimed(s)}}); err != nil {
			t.Fatal(err)
		}
	}
	s := e.state(id)
	order := s.Order()
	for _, p := range order[1:] {
		if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: rules.Resign{}}); err != nil {
			t.Fatal(err)
		}
	}
	// The last resignation's events hand every unclaimed territory to the survivor.
	if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND kind = 'territory_claimed'
		AND (payload->>'player')::int = $2`, id, int(order[0])); got != 42-6+2 {
		t.Errorf("claims recorded for the survivor: got %d, want %d", got, 42-6+2)
	}
	checkSurvivorWon(t, e, id, order[0])
}

func firstUnclaimed(s rules.State) rules.TerritoryID {
	for t := range s.Board().Len() {
		if s.Owner(rules.TerritoryID(t)) == rules.Unclaimed {
			return rules.TerritoryID(t)
		}
	}
	return -1
}
