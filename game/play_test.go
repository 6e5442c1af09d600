package game_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/live"
	"rout/rules"
)

// cpuGame creates and starts a random-claim classic game of the user alice and two CPU seats on svc.
func (e *env) cpuGame(svc *game.Service) int {
	e.t.Helper()
	alice := e.user("alice")
	in := game.CreateInput{CreatorID: alice, MapKey: "classic", Claim: rules.ClaimRandom, Cards: rules.CardsClassic,
		Seats: []game.SeatSpec{
			{Kind: game.SeatUser, UserID: alice, Color: "c0"},
			{Kind: game.SeatCPU, Difficulty: "normal", Color: "c1"},
			{Kind: game.SeatCPU, Difficulty: "easy", Color: "c2"},
		}}
	created, err := svc.GameCreate(e.ctx, in)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := svc.GameStart(e.ctx, created.GameID, alice); err != nil {
		e.t.Fatal(err)
	}
	return created.GameID
}

// playInput returns the input that plays the turn of game id as it stands: a CPU seat's with CauseCPU, the
// user's as a takeover.
func (e *env) playInput(svc *game.Service, id int) game.PlayInput {
	e.t.Helper()
	snap, err := svc.GameSnapshot(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	seat := int(snap.State.Current())
	in := game.PlayInput{GameID: id, Seat: seat, Turn: snap.State.Turn(), Cause: game.CauseTakeover}
	if snap.Seats[seat].CPU {
		in.Cause = game.CauseCPU
	}
	return in
}

// TestCPUTurnIsOneTransaction pins the path of a CPU turn and a takeover: the whole turn, some tens of
// commands, is one transaction with nothing read before or after it, whose events follow the game's
// last one with consecutive sequence numbers, each command a version, each event recorded with its cause;
// Effects hear the turn once; and the record replays to the rows (GameVerify).
func TestCPUTurnIsOneTransaction(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	db, log := dbtest.OpenCounting(t, e.dsn)
	rec := &changes{}
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db), Effects: rec, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	id := e.cpuGame(svc)
	for turn := range 8 {
		in := e.playInput(svc, id)
		seq, version := int64(e.count(`SELECT seq FROM games WHERE id = $1`, id)), e.version(id)
		rec.mu.Lock()
		rec.all = nil
		rec.mu.Unlock()
		log.Start()
		p, err := svc.TurnPlay(e.ctx, in)
		txs, stmts := log.Stop()
		if err != nil {
			t.Fatalf("turn %d: %v", turn, err)
		}
		var report, outside []string
		for _, s := range stmts {
			report = append(report, fmt.Sprintf("tx %d: %.100s", s.Tx, s.SQL))
			if s.Tx == 0 && dbtest.GameTables.MatchString(s.SQL) {
				outside = append(outside, s.SQL)
			}
		}
		if txs != 1 || len(outside) > 0 {
			t.Errorf("turn %d (%d commands): %d transactions, %d statements on the game outside one:\n%s",
				turn, p.Commands, txs, len(outside), strings.Join(report, "\n"))
		}
		if !p.Done || p.Commands < 2 || p.Version != version+int64(p.Commands) || e.version(id) != p.Version {
			t.Errorf("turn %d: done %v, %d commands, version %d from %d (rows %d)", turn, p.Done, p.Commands, p.Version, version, e.version(id))
		}
		for i, ev := range p.Events {
			if ev.Seq != seq+int64(i)+1 {
				t.Fatalf("turn %d: event %d has seq %d, want %d", turn, i, ev.Seq, seq+int64(i)+1)
			}
		}
		if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq > $2 AND cause = $3`, id, seq, in.Cause.String()); got != len(p.Events) {
			t.Errorf("turn %d: %d events recorded with cause %s, want %d", turn, got, in.Cause, len(p.Events))
		}
		rec.mu.Lock()
		if len(rec.all) != 1 || rec.all[0].Commands != p.Commands || len(rec.all[0].Events) != len(p.Events) || rec.all[0].Cause != in.Cause {
			t.Errorf("turn %d: effects heard %d changes, want one of %d commands", turn, len(rec.all), p.Commands)
		}
		rec.mu.Unlock()
		if p.Game.State.Turn() == in.Turn && p.Game.State.Phase() != rules.PhaseOver {
			t.Errorf("turn %d: the play ended with turn %d still on", turn, in.Turn)
		}
		t.Logf("turn %d (seat %d, %s): %d commands, %d events, %d statements", in.Turn, in.Seat, in.Cause, p.Commands, len(p.Events), len(stmts))
		if p.Game.State.Phase() == rules.PhaseOver {
			break
		}
	}
	if err := svc.GameVerify(e.ctx, id); err != nil {
		t.Errorf("the record does not replay to the rows: %v", err)
	}
}

// TestCPUTurnReachesLiveViewersInOrder: a viewer subscribed to a game gets every event of CPU turns and
// takeovers, committed many at once, in order and with no gap, as the plays returned them.
func TestCPUTurnReachesLiveViewersInOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id := e.cpuGame(e.svc)
	hub, err := live.New(live.Opts{DB: e.db, DSN: e.dsn, Game: e.svc, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(e.ctx, time.Minute)
	defer cancel()
	if err := hub.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := hub.Stop(context.Background()); err != nil {
			t.Error(err)
		}
	}()
	head := int64(e.count(`SELECT seq FROM games WHERE id = $1`, id))
	sub, err := hub.GameEvents(ctx, id, rules.NoPlayer, head)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for range 4 {
		p, err := e.svc.TurnPlay(e.ctx, e.playInput(e.svc, id))
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range p.Events {
			want = append(want, fmt.Sprintf("%d %s", ev.Seq, ev.Event.Kind()))
		}
	}
	for i, w := range want {
		ev, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("after %d of %d events: %v", i, len(want), err)
		}
		if got := fmt.Sprintf("%d %s", ev.Seq, ev.Kind); got != w {
			t.Fatalf("event %d: got %q, want %q", i, got, w)
		}
	}
	t.Logf("%d events of 4 turns, in order", len(want))
}

// TestCPUTurnFailingMidTurnLeavesNothing: when a command of a CPU's turn is refused (a CPU's bug) after
// others were decided, the whole turn rolls back: no event, no version, no territory changed, Effects
// heard nothing, and the game plays on from where it was.
func TestCPUTurnFailingMidTurnLeavesNothing(t *testing.T) {
	t.Parallel()
	rec := &changes{}
	e := newEnv(t, rec)
	id := e.cpuGame(e.svc)
	in := e.playInput(e.svc, id)
	board := `SELECT string_agg(owner_seat || ':' || armies, ',' ORDER BY idx) FROM territories WHERE game_id = $1`
	var before, after string
	if err := e.db.QueryRow(board, id).Scan(&before); err != nil {
		t.Fatal(err)
	}
	version, events := e.version(id), e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id)
	seq := int64(e.count(`SELECT seq FROM games WHERE id = $1`, id))
	rec.mu.Lock()
	rec.all = nil
	rec.mu.Unlock()
	calls := 0
	in.Player = func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		calls++
		if calls == 1 {
			return ai.Cautious(s, p, r) // the reinforcement, which does not end the turn
		}
		return rules.Fortify{From: 0, To: 0, Armies: 1000} // refused
	}
	_, err := e.svc.TurnPlay(e.ctx, in)
	if code(err) == "" || calls != 2 {
		t.Fatalf("a turn with a refused second command: %v after %d commands; want an error after 2", err, calls)
	}
	if err := e.db.QueryRow(board, id).Scan(&after); err != nil {
		t.Fatal(err)
	}
	if e.version(id) != version || e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id) != events || after != before {
		t.Errorf("the failed turn left something: version %d (was %d), events %d (were %d), board changed %v",
			e.version(id), version, e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id), events, after != before)
	}
	rec.mu.Lock()
	if len(rec.all) != 0 {
		t.Errorf("effects heard %d changes of a failed turn", len(rec.all))
	}
	rec.mu.Unlock()
	in.Player = nil
	p, err := e.svc.TurnPlay(e.ctx, in)
	if err != nil || !p.Done || p.Events[0].Seq != seq+1 {
		t.Fatalf("the turn played again: done %v, %v; want it done, from seq %d", p.Done, err, seq+1)
	}
	if err := e.svc.GameVerify(e.ctx, id); err != nil {
		t.Errorf("the record does not replay to the rows: %v", err)
	}
}

// TestStaleCPUTurnIsRefused: a play for a turn that is over, for a seat not to move, for a deadline that
// is not the turn's, or on a game that is over changes nothing and is refused with CONFLICT; a cause that
// is not a CPU's is BAD_USER_INPUT.
func TestStaleCPUTurnIsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id := e.cpuGame(e.svc)
	in := e.playInput(e.svc, id)
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	version := e.version(id)
	elsewhere := *snap.Deadline
	elsewhere = elsewhere.Add(time.Hour)
	for name, c := range map[string]struct {
		change func(*game.PlayInput)
		want   string
	}{
		"an earlier turn":     {func(p *game.PlayInput) { p.Turn-- }, "CONFLICT"},
		"a later turn":        {func(p *game.PlayInput) { p.Turn++ }, "CONFLICT"},
		"another seat":        {func(p *game.PlayInput) { p.Seat = (p.Seat + 1) % 3 }, "CONFLICT"},
		"another deadline":    {func(p *game.PlayInput) { p.Deadline = &elsewhere }, "CONFLICT"},
		"no seat":             {func(p *game.PlayInput) { p.Seat = 7 }, "NOT_FOUND"},
		"no game":             {func(p *game.PlayInput) { p.GameID = -1 }, "NOT_FOUND"},
		"the player's action": {func(p *game.PlayInput) { p.Cause = game.CausePlayer }, "BAD_USER_INPUT"},
	} {
		stale := in
		c.change(&stale)
		if _, err := e.svc.TurnPlay(e.ctx, stale); code(err) != c.want {
			t.Errorf("%s: %v, want %s", name, err, c.want)
		}
	}
	if got := e.version(id); got != version {
		t.Fatalf("refused plays moved the game from version %d to %d", version, got)
	}
	// The turn's own deadline is the job's: the play goes on; once it is over, the same play is stale.
	in.Deadline = snap.Deadline
	if _, err := e.svc.TurnPlay(e.ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.TurnPlay(e.ctx, in); code(err) != "CONFLICT" {
		t.Errorf("the same play again: %v, want CONFLICT", err)
	}
}

// TestCPUTurnStopsAtItsBounds: a turn longer than one play's bound commits what it played, says it is not
// done, and goes on in the next play until it is over.
func TestCPUTurnStopsAtItsBounds(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, PlayCommands: 1})
	if err != nil {
		t.Fatal(err)
	}
	bounded := e.cpuGame(svc)
	in := e.playInput(svc, bounded)
	plays := 0
	for {
		p, err := svc.TurnPlay(e.ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		plays++
		if p.Commands != 1 {
			t.Fatalf("play %d: %d commands, want 1", plays, p.Commands)
		}
		if p.Done {
			break
		}
		if plays > 200 {
			t.Fatal("the turn never ended")
		}
	}
	if plays < 2 {
		t.Errorf("a turn of %d command", plays)
	}
	if err := svc.GameVerify(e.ctx, bounded); err != nil {
		t.Errorf("the record does not replay to the rows: %v", err)
	}
	t.Logf("the turn took %d plays of one command", plays)
}
