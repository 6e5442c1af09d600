package game_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
)

// heardCalls records every call of AfterCommand, each with its changes.
type heardCalls struct {
	mu    sync.Mutex
	calls [][]game.Change
	fail  bool // every call fails
}

func (h *heardCalls) AfterCommand(_ context.Context, _ *sql.Tx, cs ...game.Change) error {
	if h.fail {
		return errors.New("the job queue is down")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, cs)
	return nil
}

func (h *heardCalls) AfterCreate(context.Context, *sql.Tx, game.NewGame) error { return nil }

var _ game.Effects = (*heardCalls)(nil)

// dueGames creates n started games of two users each on a service whose clock is now, with the shortest
// turn limit, and returns the service, the games and the clock, which the test then moves past their
// deadlines.
func dueGames(t *testing.T, e *env, effects game.Effects, n int) (*game.Service, []int, *atomic.Int64) {
	t.Helper()
	var offset atomic.Int64
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Effects: effects, Logger: quiet,
		Clock: func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for i := range n {
		a, b := e.user(fmt.Sprintf("a%d", i)), e.user(fmt.Sprintf("b%d", i))
		ids = append(ids, dbtest.Game(t, e.db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(a, b), Start: true,
			TurnLimit: game.MinTurnLimit}).GameID)
	}
	return svc, ids, &offset
}

// takeoverInput is the deadline job's input for the turn game id is at.
func takeoverInput(t *testing.T, e *env, svc *game.Service, id int) game.PlayInput {
	t.Helper()
	snap, err := svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Deadline == nil {
		t.Fatalf("game %d has no deadline", id)
	}
	return game.PlayInput{GameID: id, Seat: int(snap.State.Current()), Turn: snap.State.Turn(), Deadline: snap.Deadline,
		Cause: game.CauseTakeover}
}

// TestTakeOverDueTakesOverEveryDueGameOnce: a deadline job's takeover takes over, in its one transaction,
// every other game whose deadline has passed (up to its bound), not the game whose deadline has not; each
// game's events follow its last ones with consecutive sequence numbers, recorded as a takeover's; the
// effects hear all the games in one call; a second takeover of the same turns is refused and changes
// nothing; and every record replays to its rows.
func TestTakeOverDueTakesOverEveryDueGameOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	heard := &heardCalls{}
	svc, ids, offset := dueGames(t, e, heard, 5)
	inputs := make(map[int]game.PlayInput)
	seqs := make(map[int]int64)
	for _, id := range ids {
		inputs[id] = takeoverInput(t, e, svc, id)
		seqs[id] = int64(e.count(`SELECT seq FROM games WHERE id = $1`, id))
	}
	offset.Store(int64(game.MinTurnLimit + time.Second)) // every deadline has passed
	// A game created now has its deadline ahead: not due.
	c, d := e.user("c"), e.user("d")
	later := dbtest.Game(t, e.db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(c, d), Start: true, TurnLimit: game.MinTurnLimit}).GameID
	laterVersion := e.version(later)
	heard.mu.Lock()
	heard.calls = nil
	heard.mu.Unlock()

	// Its bound leaves one due game out.
	played, err := svc.TakeOverDue(e.ctx, inputs[ids[2]], 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 4 || played[0].GameID != ids[2] {
		t.Fatalf("took over %d games (the first %d); want 4, game %d first", len(played), played[0].GameID, ids[2])
	}
	heard.mu.Lock()
	if len(heard.calls) != 1 || len(heard.calls[0]) != 4 {
		t.Errorf("effects heard %d calls; want one of 4 changes", len(heard.calls))
	}
	heard.mu.Unlock()
	took := make(map[int]bool)
	for _, p := range played {
		in := inputs[p.GameID]
		took[p.GameID] = true
		if !p.Done || p.Commands < 1 || p.Game.State.Turn() == in.Turn {
			t.Errorf("game %d: done %v after %d commands, at turn %d (was %d)", p.GameID, p.Done, p.Commands, p.Game.State.Turn(), in.Turn)
		}
		for i, ev := range p.Events {
			if ev.Seq != seqs[p.GameID]+int64(i)+1 {
				t.Fatalf("game %d: event %d has seq %d, want %d", p.GameID, i, ev.Seq, seqs[p.GameID]+int64(i)+1)
			}
		}
		if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq > $2 AND cause = $3`, p.GameID, seqs[p.GameID],
			game.CauseTakeover.String()); n != len(p.Events) {
			t.Errorf("game %d: %d events recorded as a takeover's, want %d", p.GameID, n, len(p.Events))
		}
		if n := e.count(`SELECT takeovers FROM players WHERE game_id = $1 AND seat = $2`, p.GameID, in.Seat); n != 1 {
			t.Errorf("game %d: seat %d has %d takeovers recorded, want 1", p.GameID, in.Seat, n)
		}
	}
	if e.version(later) != laterVersion {
		t.Errorf("the game whose deadline is ahead was played")
	}
	var left int
	for _, id := range ids {
		if !took[id] {
			left = id
		}
	}
	// Again, as the deadline jobs of the games taken over would: refused, nothing changed.
	for _, id := range ids {
		if !took[id] {
			continue
		}
		version := e.version(id)
		if _, err := svc.TakeOverDue(e.ctx, inputs[id], 3); code(err) != string(game.CodeConflict) {
			t.Errorf("game %d taken over again: %v; want CONFLICT", id, err)
		}
		if e.version(id) != version {
			t.Errorf("game %d changed by a refused takeover", id)
		}
	}
	// The game left out is its own deadline job's.
	if p, err := svc.TakeOverDue(e.ctx, inputs[left], 3); err != nil || len(p) != 1 || !p[0].Done {
		t.Errorf("the game left out: %v, %d games; want its own turn alone, done", err, len(p))
	}
	for _, id := range append(ids, later) {
		if err := svc.GameVerify(e.ctx, id); err != nil {
			t.Errorf("game %d: the record does not replay to the rows: %v", id, err)
		}
	}
}

// TestFailedTakeOverDueLeavesNothing: when the effects of a batch of takeovers fail, none of its games
// changes, and the games are taken over afterwards as if nothing had happened.
func TestFailedTakeOverDueLeavesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	heard := &heardCalls{}
	svc, ids, offset := dueGames(t, e, heard, 3)
	type before struct {
		version int64
		seq     int
		board   string
	}
	board := `SELECT string_agg(owner_seat || ':' || armies, ',' ORDER BY idx) FROM territories WHERE game_id = $1`
	was := make(map[int]before)
	for _, id := range ids {
		var b string
		if err := e.db.QueryRow(board, id).Scan(&b); err != nil {
			t.Fatal(err)
		}
		was[id] = before{e.version(id), e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id), b}
	}
	in := takeoverInput(t, e, svc, ids[0])
	offset.Store(int64(game.MinTurnLimit + time.Second))
	heard.fail = true
	if _, err := svc.TakeOverDue(e.ctx, in, 10); err == nil {
		t.Fatal("a batch whose effects failed succeeded")
	}
	for _, id := range ids {
		var b string
		if err := e.db.QueryRow(board, id).Scan(&b); err != nil {
			t.Fatal(err)
		}
		now := before{e.version(id), e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id), b}
		if now != was[id] {
			t.Errorf("game %d changed by a failed batch: version %d, %d events (were %d, %d), board changed %v",
				id, now.version, now.seq, was[id].version, was[id].seq, now.board != was[id].board)
		}
	}
	heard.fail = false
	played, err := svc.TakeOverDue(e.ctx, in, 10)
	if err != nil || len(played) != len(ids) {
		t.Fatalf("the batch again: %v, %d games; want %d", err, len(played), len(ids))
	}
	for _, p := range played {
		if !p.Done || p.Events[0].Seq != int64(was[p.GameID].seq)+1 {
			t.Errorf("game %d: first event %d, want %d", p.GameID, p.Events[0].Seq, was[p.GameID].seq+1)
		}
		if err := svc.GameVerify(e.ctx, p.GameID); err != nil {
			t.Errorf("game %d: the record does not replay to the rows: %v", p.GameID, err)
		}
	}
}
