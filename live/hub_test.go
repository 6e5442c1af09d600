package live_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lib/pq"

	"rout/account"
	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/internal/testwait"
	"rout/live"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/rules"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var quiet = slog.New(slog.DiscardHandler)

// wait bounds every wait of these tests: generous, for a noisy machine.
const wait = time.Minute

// env is one test's database with Rout's schema, a game service and a started hub on it.
type env struct {
	t     testing.TB
	ctx   context.Context
	dsn   string
	db    *sql.DB
	svc   *game.Service
	hub   *live.Hub
	users []int
	rnd   *rand.Rand
}

func newEnv(t testing.TB, opts live.Opts) *env {
	t.Helper()
	dsn := dbtest.MigratedURL(t)
	e := &env{t: t, ctx: context.Background(), dsn: dsn, db: dbtest.OpenURL(t, dsn), rnd: rand.New(rand.NewPCG(1, 2))}
	e.svc, e.hub = e.newHub(opts)
	return e
}

// newHub starts another replica's game service and hub on the test's database.
func (e *env) newHub(opts live.Opts) (*game.Service, *live.Hub) {
	e.t.Helper()
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Logger: quiet})
	if err != nil {
		e.t.Fatal(err)
	}
	opts.DB, opts.DSN, opts.Game, opts.Logger = e.db, e.dsn, svc, quiet
	hub, err := live.New(opts)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(e.ctx, wait)
	defer cancel()
	if err := hub.Start(ctx); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		if err := hub.Stop(context.Background()); err != nil {
			e.t.Error(err)
		}
	})
	return svc, hub
}

// game creates and starts a game of n new users; e.users holds them by seat.
func (e *env) game(n int) int {
	e.t.Helper()
	e.users = nil
	for range n {
		e.users = append(e.users, int(dbtest.User(e.t, e.db, dbtest.UserOpts{})))
	}
	return dbtest.Game(e.t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(e.users...), Start: true,
		Claim: rules.ClaimRandom, Cards: rules.CardsClassic}).GameID
}

// subscribe subscribes to a game's events after sequence number after, as seat sees them, on the
// test's hub, until the test ends.
func (e *env) subscribe(id int, seat rules.PlayerID, after int64) *live.Subscription[*live.Event] {
	e.t.Helper()
	sub, err := e.hub.GameEvents(e.ctx, id, seat, after)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(sub.Close)
	return sub
}

// play sends n random commands of whoever is to move (fewer when the game ends) through svc, and returns
// the game's last sequence number.
func (e *env) play(svc *game.Service, id, n int) int64 {
	e.t.Helper()
	for range n {
		s, err := svc.GameState(e.ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		if s.Phase() == rules.PhaseOver {
			break
		}
		p := s.Current()
		if _, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(e.users[p]), Command: ai.Random(s, p, e.rnd)}); err != nil {
			e.t.Fatal(err)
		}
	}
	return e.seq(id)
}

// playUntil plays until the game's record holds an event of kind after sequence number after.
func (e *env) playUntil(id int, after int64, kind string) int64 {
	e.t.Helper()
	for range 2000 {
		var n int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM events WHERE game_id = $1 AND seq > $2 AND kind = $3`,
			id, after, kind).Scan(&n); err != nil {
			e.t.Fatal(err)
		}
		if n > 0 {
			return e.seq(id)
		}
		e.play(e.svc, id, 1)
	}
	e.t.Fatalf("no %s event in game %d", kind, id)
	return 0
}

func (e *env) seq(id int) int64 {
	e.t.Helper()
	var seq int64
	if err := e.db.QueryRowContext(e.ctx, `SELECT seq FROM games WHERE id = $1`, id).Scan(&seq); err != nil {
		e.t.Fatal(err)
	}
	return seq
}

// collect reads events from sub until seq upTo, checking that they come in order without gaps after
// after.
func collect(t *testing.T, sub *live.Subscription[*live.Event], after, upTo int64) []*live.Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var out []*live.Event
	for next := after + 1; next <= upTo; next++ {
		ev, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for event %d: %v", next, err)
		}
		if ev.Seq != next {
			t.Fatalf("got event %d, want %d", ev.Seq, next)
		}
		out = append(out, ev)
	}
	return out
}

// checkBoard applies the territories of events to a board and checks it against the game's state.
func (e *env) checkBoard(id int, events []*live.Event) {
	e.t.Helper()
	s, err := e.svc.GameState(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	owners, armies := map[int]int{}, map[int]int{}
	for _, ev := range events {
		for _, tr := range ev.Territories {
			owners[tr.Index], armies[tr.Index] = -1, *tr.Armies
			if tr.Owner != nil {
				owners[tr.Index] = *tr.Owner
			}
		}
	}
	if len(owners) != s.Board().Len() {
		e.t.Fatalf("the events touched %d territories, want all %d", len(owners), s.Board().Len())
	}
	for t := range s.Board().Len() {
		owner := max(int(s.Owner(rules.TerritoryID(t))), -1)
		if owners[t] != owner || armies[t] != s.Armies(rules.TerritoryID(t)) {
			e.t.Fatalf("territory %d: events say owner %d armies %d, the game %d %d", t, owners[t], armies[t], owner, s.Armies(rules.TerritoryID(t)))
		}
	}
	last := events[len(events)-1]
	if last.Phase != s.Phase().String() {
		e.t.Fatalf("phase %s, want %s", last.Phase, s.Phase())
	}
	if cur := s.Current(); (last.CurrentSeat == nil) != (cur < 0) || (cur >= 0 && *last.CurrentSeat != int(cur)) {
		e.t.Fatalf("current seat %v, want %d", last.CurrentSeat, cur)
	}
}

func TestGameEventsCatchUpThenLiveWithBoardState(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{Buffer: 64}) // room for every command's batch: the test reads at the end
	id := e.game(3)
	early := e.play(e.svc, id, 20)
	sub := e.subscribe(id, 0, 0)
	events := collect(t, sub, 0, early)
	head := e.play(e.svc, id, 40)
	events = append(events, collect(t, sub, early, head)...)
	e.checkBoard(id, events)
	var dice int
	for _, ev := range events {
		if (ev.Kind == "battle_rolled") != (ev.Dice != nil) {
			t.Fatalf("event %d (%s): dice %v", ev.Seq, ev.Kind, ev.Dice)
		}
		if ev.Dice != nil {
			dice++
		}
		var m map[string]any
		if err := json.Unmarshal(ev.Payload, &m); err != nil || m["kind"] != nil {
			t.Fatalf("event %d: payload %s (%v)", ev.Seq, ev.Payload, err)
		}
	}
	if dice == 0 {
		t.Fatal("no battle in the game")
	}
}

func TestResumeAfterCloseHasNoGapOrDuplicate(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	id := e.game(2)
	head := e.play(e.svc, id, 10)
	sub, err := e.hub.GameEvents(e.ctx, id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := collect(t, sub, 0, head-3)
	sub.Close()
	head = e.play(e.svc, id, 10) // while nobody listens
	sub, err = e.hub.GameEvents(e.ctx, id, 0, got[len(got)-1].Seq)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	got = append(got, collect(t, sub, got[len(got)-1].Seq, head)...)
	more := e.play(e.svc, id, 10)
	got = append(got, collect(t, sub, head, more)...)
	e.checkBoard(id, got)
}

func TestSlowSubscriberIsDroppedWithResumeError(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{Buffer: 2})
	id := e.game(2)
	start := e.play(e.svc, id, 3)
	slow := e.subscribe(id, 0, start)
	fast := e.subscribe(id, 1, start)
	// The fast one reads each command's events before the next command; the slow one reads none.
	var head int64
	for e.hub.Stats().Dropped == 0 {
		if head > start+500 {
			t.Fatal("the slow subscriber was never dropped")
		}
		prev := head
		head = e.play(e.svc, id, 1)
		collect(t, fast, max(prev, start), head)
	}
	ctx, cancel := context.WithTimeout(e.ctx, wait)
	defer cancel()
	last := start
	for {
		ev, err := slow.Next(ctx)
		var re *live.ResumeError
		if errors.As(err, &re) {
			if re.LastSeq != last {
				t.Fatalf("resume after %d, but the last event delivered was %d", re.LastSeq, last)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		last = ev.Seq
	}
	if last >= head {
		t.Fatalf("the slow subscriber got every event (%d) with a buffer of 2", last)
	}
	again := e.subscribe(id, 0, last)
	collect(t, again, last, head)
}

func TestListenerReconnectCatchesUp(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{MinReconnect: 300 * time.Millisecond})
	id := e.game(2)
	start := e.play(e.svc, id, 2)
	sub := e.subscribe(id, 0, start)
	var killed int
	err := e.db.QueryRowContext(e.ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query ILIKE 'listen%'`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners (%v), want 1", killed, err)
	}
	head := e.play(e.svc, id, 5) // notifications sent while the listener is down are lost
	collect(t, sub, start, head)
	testwait.For(t, "the listener to reconnect", wait, func() bool { return e.hub.Stats().Connects >= 2 })
	more := e.play(e.svc, id, 3)
	collect(t, sub, head, more)
}

// A command committed without its notification (a process that died between its commit and its
// notification) still reaches the subscribers: the hub's check of the games' heads finds it.
func TestLostNotificationIsRepairedByTheHeadCheck(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{HeadCheckInterval: 50 * time.Millisecond})
	heard := listen(t, e.dsn)
	id := e.game(2)
	start := e.play(e.svc, id, 2)
	sub := e.subscribe(id, 0, start)
	silent, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, SkipNotify: true})
	if err != nil {
		t.Fatal(err)
	}
	before := e.settled(heard, id, start)
	head := e.play(silent, id, 5)
	if head <= start {
		t.Fatalf("the game did not move: %d, %d", start, head)
	}
	collect(t, sub, start, head)
	after := e.hub.Stats()
	if after.HeadWakes == before.HeadWakes {
		t.Fatal("the events came without a head check")
	}
	if n := after.Notifications - before.Notifications; n != 0 {
		t.Fatalf("the hub heard %d notifications of commands that sent none", n)
	}
}

// listen listens, until the test ends, on the channels a hub listens on (dbtest.Listen), and returns the
// channel of what it hears. Started before anything is sent, it hears what the test's hub hears.
func listen(t *testing.T, dsn string) <-chan *pq.Notification {
	t.Helper()
	l := dbtest.Listen(t, dsn, game.NotifyChannel)
	for _, ch := range []string{inbox.Channel, game.LobbyChannel, account.RevocationChannel} {
		if err := l.Listen(ch); err != nil {
			t.Fatalf("listening on %s: %v", ch, err)
		}
	}
	return l.Notify
}

// settled returns the hub's statistics once it has heard every notification of the commands before,
// which the service sends after their commit, in the background, coalesced per game: the last of them
// announces game id at seq. It waits until heard, the test's own listener (see listen), has had it, and
// the hub has then counted as many notifications as heard had: a hub that still waits for one is never
// taken for settled, however busy the machine.
func (e *env) settled(heard <-chan *pq.Notification, id int, seq int64) live.Stats {
	e.t.Helper()
	want := strconv.Itoa(id) + ":" + strconv.FormatInt(seq, 10)
	var count int64
	for last := ""; last != want; {
		select {
		case n := <-heard:
			if n != nil { // nil: the listener reconnected
				count, last = count+1, n.Extra
			}
		case <-time.After(wait):
			e.t.Fatalf("waited %v for the notification %q of the last command", wait, want)
		}
	}
	deadline := time.Now().Add(wait)
	for {
		st := e.hub.Stats()
		if st.Notifications == count {
			return st
		}
		if st.Notifications > count || time.Now().After(deadline) {
			e.t.Fatalf("the hub counted %d notifications, the test's listener %d", st.Notifications, count)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestHeadCheckIntervalIsChecked(t *testing.T) {
	db, err := sql.Open("postgres", "postgres://unused")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := live.New(live.Opts{DB: db, DSN: "postgres://unused", Game: svc, HeadCheckInterval: -time.Second}); err == nil {
		t.Fatal("a negative head check interval was accepted")
	}
}

func TestEventsAreEncodedOncePerVisibility(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{Buffer: 1024})
	id := e.game(3)
	start := e.play(e.svc, id, 5)
	seats := []rules.PlayerID{0, 0, 1, 1, 2, 2, rules.NoPlayer, rules.NoPlayer}
	subs := make([]*live.Subscription[*live.Event], len(seats))
	for i, seat := range seats {
		var err error
		if subs[i], err = e.hub.GameEvents(e.ctx, id, seat, start); err != nil {
			t.Fatal(err)
		}
		defer subs[i].Close()
	}
	before := e.hub.Stats()
	head := e.playUntil(id, start, "card_drawn")
	got := make([][]*live.Event, len(seats))
	for i := range subs {
		got[i] = collect(t, subs[i], start, head)
	}
	// The expected encodings: one per event, and one per seat for the events that hide cards.
	events, err := e.svc.Events(e.ctx, id, start, int(head-start))
	if err != nil {
		t.Fatal(err)
	}
	var want int64
	var drawn int
	for i, ev := range events {
		want++
		if _, hidden, _ := rules.HideCards(ev.Event, rules.NoPlayer); hidden {
			want += 3
		}
		cd, ok := ev.Event.(rules.CardDrawn)
		if !ok {
			if got[0][i] != got[2][i] || got[0][i] != got[6][i] {
				t.Fatalf("event %d (%s) was prepared more than once", ev.Seq, ev.Event.Kind())
			}
			continue
		}
		drawn++
		for j, seat := range seats {
			var m map[string]any
			if err := json.Unmarshal(got[j][i].Payload, &m); err != nil {
				t.Fatal(err)
			}
			_, card := m["card"]
			if card != (seat == cd.Player) {
				t.Fatalf("seat %d sees %s of player %d", seat, got[j][i].Payload, cd.Player)
			}
		}
	}
	if drawn == 0 {
		t.Fatal("no card_drawn event")
	}
	for j := 0; j < len(seats); j += 2 {
		for i := range got[j] {
			if got[j][i] != got[j+1][i] {
				t.Fatalf("two subscribers of seat %d got different copies of event %d", seats[j], got[j][i].Seq)
			}
		}
	}
	after := e.hub.Stats()
	if n := after.Encodes - before.Encodes; n != want {
		t.Fatalf("%d encodings for %d events and %d subscribers, want %d", n, len(events), len(seats), want)
	}
	if after.Reads-before.Reads > after.Notifications-before.Notifications+int64(after.Connects)+after.HeadWakes-before.HeadWakes {
		t.Fatalf("%d reads for %d notifications", after.Reads-before.Reads, after.Notifications-before.Notifications)
	}
	t.Logf("%d events to %d subscribers: %d encodings, %d reads, %d notifications", len(events), len(seats),
		after.Encodes-before.Encodes, after.Reads-before.Reads, after.Notifications-before.Notifications)
}

func TestTwoHubsOnOneDatabase(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	svcB, hubB := e.newHub(live.Opts{})
	id := e.game(2)
	start := e.play(e.svc, id, 2)
	subA := e.subscribe(id, 0, start)
	subB, err := hubB.GameEvents(e.ctx, id, 1, start)
	if err != nil {
		t.Fatal(err)
	}
	defer subB.Close()
	mid := e.play(e.svc, id, 5) // commands on replica A
	collect(t, subB, start, mid)
	head := e.play(svcB, id, 5) // commands on replica B
	collect(t, subA, start, head)
	collect(t, subB, mid, head)
}

// notice records a notice (data {"seat":1}) and announces it, in one transaction, as the jobs do.
func (e *env) notice(userID, gameID, turn int, kind notifications.Kind) int64 {
	e.t.Helper()
	seat := 1
	return dbtest.Notice(e.t, e.db, inbox.New{UserID: userID, GameID: gameID, Turn: turn, Kind: kind, Data: inbox.Data{Seat: &seat}})
}

func TestNoticesCatchUpLiveAndResume(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	id := e.game(2)
	me, other := e.users[0], e.users[1]
	first := e.notice(me, id, 1, notifications.KindYourTurn)
	e.notice(other, id, 1, notifications.KindYourTurn)
	sub, err := e.hub.Notices(e.ctx, me, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(e.ctx, wait)
	defer cancel()
	next := func(s *live.Subscription[*live.Notice], want int64, kind string) {
		t.Helper()
		n, err := s.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n.ID != want || n.Kind != kind || n.GameID != id || string(n.Data) != `{"seat":1}` {
			t.Fatalf("got notice %+v, want %d %s", n, want, kind)
		}
	}
	next(sub, first, "your_turn")
	e.notice(other, id, 2, notifications.KindTurnWarning)
	second := e.notice(me, id, 2, notifications.KindTurnWarning)
	next(sub, second, "turn_warning")
	sub.Close()
	third := e.notice(me, id, 3, notifications.KindGameOver)
	again, err := e.hub.Notices(e.ctx, me, second)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	next(again, third, "game_over")
}

func TestStopEndsSubscriptions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	id := e.game(2)
	sub, err := e.hub.GameEvents(e.ctx, id, rules.NoPlayer, e.seq(id))
	if err != nil {
		t.Fatal(err)
	}
	if err := e.hub.Stop(e.ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := sub.Next(e.ctx); !errors.Is(err, live.ErrStopped) {
		t.Fatalf("Next after Stop: %v", err)
	}
	if _, err := e.hub.GameEvents(e.ctx, id, 0, 0); !errors.Is(err, live.ErrStopped) {
		t.Fatalf("GameEvents after Stop: %v", err)
	}
	if s := e.hub.Stats(); s.Topics != 0 || s.Subscribers != 0 {
		t.Fatalf("after Stop: %+v", s)
	}
}

func TestUnknownGameAndBadNumbersAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	if _, err := e.hub.GameEvents(e.ctx, 999999, 0, 0); err == nil {
		t.Fatal("subscribed to a game that does not exist")
	}
	if _, err := e.hub.Notices(e.ctx, 1, -1); err == nil {
		t.Fatal("subscribed after -1")
	}
	if s := e.hub.Stats(); s.Topics != 0 || s.Subscribers != 0 {
		t.Fatalf("refused subscriptions left %+v", s)
	}
}

// TestSubscriberMemory measures what a subscriber costs this replica: the hub's state for it and one
// goroutine waiting in Next (as the API's forwarding goroutine does), with a batch delivered. The aim is at
// most 25 KiB each.
func TestSubscriberMemory(t *testing.T) {
	e := newEnv(t, live.Opts{})
	id := e.game(3)
	start := e.play(e.svc, id, 3)
	const n = 2000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	got := make(chan int64, n)
	e.subscribeReaders(ctx, id, start, n, got)
	head := e.play(e.svc, id, 1)
	for range n * int(head-start) {
		select {
		case <-got:
		case <-time.After(wait):
			t.Fatal("the subscribers did not get the events")
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	used := int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)
	per := used / n
	t.Logf("%d subscribers: %d bytes of heap and stacks each", n, per)
	if per > 25<<10 {
		t.Fatalf("a subscriber costs %d bytes, more than 25 KiB", per)
	}
}

func TestShortResumeIsServedFromRecentEvents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{Buffer: 256})
	id := e.game(2)
	var head int64
	for n := 0; head < 80; n++ { // more events than a topic keeps
		if n > 1000 {
			t.Fatalf("only %d events", head)
		}
		head = e.play(e.svc, id, 5)
	}
	watcher, err := e.hub.GameEvents(e.ctx, id, rules.NoPlayer, head-10) // opens the topic: no catch-up read
	if err != nil {
		t.Fatal(err)
	}
	defer watcher.Close()
	collect(t, watcher, head-10, head)
	if n := e.hub.Stats().CatchUps; n != 0 {
		t.Fatalf("%d catch-ups from the database for a start 10 events back", n)
	}
	more := e.play(e.svc, id, 5)
	collect(t, watcher, head, more)
	resumed := e.subscribe(id, 1, more-20)
	got := collect(t, resumed, more-20, more)
	if n := e.hub.Stats().CatchUps; n != 0 {
		t.Fatalf("%d catch-ups from the database for a resume 20 events back", n)
	}
	full := e.subscribe(id, 1, 0)
	all := collect(t, full, 0, more)
	if n := e.hub.Stats().CatchUps; n != 1 {
		t.Fatalf("%d catch-ups from the database for a start at 0, want 1", n)
	}
	// The recent events and the folded record agree.
	for i, ev := range got {
		want := all[len(all)-len(got)+i]
		a, _ := json.Marshal(ev)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Fatalf("event %d: recent %s, folded %s", ev.Seq, a, b)
		}
	}
	final := e.play(e.svc, id, 5)
	collect(t, full, more, final)
	collect(t, resumed, more, final)
}

// TestConcurrentPlayAndResumesLoseNothing plays three games at once on two replicas while subscribers on
// both keep dropping their subscription and resuming, on either hub, from the last event they got: each
// ends with every event of its game exactly once, in order.
func TestConcurrentPlayAndResumesLoseNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	svcB, hubB := e.newHub(live.Opts{Buffer: 2}) // small: some subscribers are dropped and resume
	hubs, svcs := []*live.Hub{e.hub, hubB}, []*game.Service{e.svc, svcB}
	type played struct {
		id    int
		users []int
	}
	var games []played
	for range 3 {
		id := e.game(3)
		games = append(games, played{id, e.users})
	}
	const commands = 60
	heads := make([]int64, len(games))
	var wg sync.WaitGroup
	for gi, g := range games {
		wg.Add(1)
		go func() { // each game's commands alternate between the replicas
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(gi), 1))
			for i := range commands {
				svc := svcs[i%2]
				s, err := svc.GameState(e.ctx, g.id)
				if err != nil {
					t.Error(err)
					return
				}
				if s.Phase() == rules.PhaseOver {
					break
				}
				p := s.Current()
				if _, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: g.id, Actor: game.User(g.users[p]), Command: ai.Random(s, p, rnd)}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	type watcher struct {
		game int
		got  []int64
	}
	watchers := make([]*watcher, 12)
	done := make(chan struct{})
	var watching sync.WaitGroup
	for i := range watchers {
		w := &watcher{game: i % len(games)}
		watchers[i] = w
		watching.Add(1)
		go func() {
			defer watching.Done()
			rnd := rand.New(rand.NewPCG(uint64(i), 2))
			var last atomic.Int64
			finished := func() bool {
				select {
				case <-done:
					return last.Load() >= heads[w.game]
				default:
					return false
				}
			}
			for !finished() {
				ctx, cancel := context.WithCancel(e.ctx)
				go func() { // stop waiting once the game is over and everything arrived
					select {
					case <-done:
						if finished() {
							cancel()
						}
					case <-ctx.Done():
					}
				}()
				sub, err := hubs[rnd.IntN(2)].GameEvents(ctx, games[w.game].id, rules.PlayerID(i%4-1), last.Load())
				if err != nil {
					cancel()
					if !finished() { // else everything arrived while subscribing, and the wait was cancelled
						t.Error(err)
					}
					return
				}
				for n := 1 + rnd.IntN(40); n > 0 && !finished(); n-- { // then drop the subscription and resume
					ev, err := sub.Next(ctx)
					var resume *live.ResumeError
					if errors.As(err, &resume) || ctx.Err() != nil {
						break
					}
					if err != nil {
						t.Error(err)
						break
					}
					w.got = append(w.got, ev.Seq)
					last.Store(ev.Seq)
				}
				sub.Close()
				cancel()
			}
		}()
	}
	wg.Wait()
	for gi, g := range games {
		heads[gi] = e.seq(g.id)
	}
	close(done)
	finished := make(chan struct{})
	go func() { watching.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(wait):
		t.Fatal("the watchers did not reach the games' last events")
	}
	for i, w := range watchers {
		if int64(len(w.got)) != heads[w.game] {
			t.Fatalf("watcher %d got %d events of game %d, which has %d", i, len(w.got), w.game, heads[w.game])
		}
		for j, seq := range w.got {
			if seq != int64(j+1) {
				t.Fatalf("watcher %d: event %d is %d", i, j+1, seq)
			}
		}
	}
	t.Logf("%d watchers, games of %v events; dropped for falling behind: %d", len(watchers), heads, hubB.Stats().Dropped+e.hub.Stats().Dropped)
}

func TestTryNextTakesWhatIsReadyAndOnReadyAnnouncesMore(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{Buffer: 2})
	id := e.game(2)
	start := e.play(e.svc, id, 2)
	sub := e.subscribe(id, 0, 0)
	ready := make(chan struct{}, 1)
	sub.OnReady(func() {
		select {
		case ready <- struct{}{}:
		default:
		}
	})
	// takeAll takes what TryNext has, in order after last, until it has nothing.
	takeAll := func(last int64) int64 {
		t.Helper()
		for {
			ev, ok, err := sub.TryNext(e.ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				return last
			}
			if ev.Seq != last+1 {
				t.Fatalf("TryNext returned event %d after %d", ev.Seq, last)
			}
			last = ev.Seq
		}
	}
	// The catch-up from the database comes without waiting.
	if got := takeAll(0); got != start {
		t.Fatalf("caught up to %d, want %d", got, start)
	}
	// A command's events are announced, then ready.
	head := e.play(e.svc, id, 1)
	select {
	case <-ready:
	case <-time.After(wait):
		t.Fatal("the hub did not announce the new events")
	}
	if got := takeAll(start); got != head {
		t.Fatalf("took up to %d, want %d", got, head)
	}
	// A subscriber that takes nothing falls behind: the drop is announced, and TryNext returns the
	// resume error after what the channel held.
	for e.hub.Stats().Dropped == 0 {
		if e.seq(id) > head+500 {
			t.Fatal("the subscriber was never dropped")
		}
		e.play(e.svc, id, 1)
	}
	last := head
	for {
		ev, ok, err := sub.TryNext(e.ctx)
		var re *live.ResumeError
		if errors.As(err, &re) {
			if re.LastSeq != last {
				t.Fatalf("resume after %d, but the last event taken was %d", re.LastSeq, last)
			}
			return
		}
		if err != nil || !ok {
			t.Fatalf("TryNext after the drop = %v, %v, %v; want events, then the resume error", ev, ok, err)
		}
		last = ev.Seq
	}
}

// subscribeReaders subscribes n subscribers to game id after start, a quarter per seat of four and a
// quarter spectators, each read by a goroutine of its own that sends the sequence numbers it gets to seqs
// until ctx ends.
func (e *env) subscribeReaders(ctx context.Context, id int, start int64, n int, seqs chan<- int64) {
	e.t.Helper()
	for i := range n {
		sub, err := e.hub.GameEvents(ctx, id, rules.PlayerID(i%4-1), start)
		if err != nil {
			e.t.Fatal(err)
		}
		go func() {
			defer sub.Close()
			for {
				ev, err := sub.Next(ctx)
				if err != nil {
					return
				}
				seqs <- ev.Seq
			}
		}()
	}
}

// TestLostNoticeAnnouncementIsRepairedByTheHeadCheck: notices are announced after their commit, so one
// whose announcement was lost (a crash in between) reaches its user's subscriber through the hub's check
// of the heads of the users it follows.
func TestLostNoticeAnnouncementIsRepairedByTheHeadCheck(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{HeadCheckInterval: 50 * time.Millisecond})
	id := e.game(2)
	me := e.users[0]
	sub, err := e.hub.Notices(e.ctx, me, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	before := e.hub.Stats()
	var silent int64 // a notice committed with no announcement
	if err := e.db.QueryRowContext(e.ctx, `INSERT INTO notices (created_at, user_id, game_id, turn, kind, data)
		VALUES (now(), $1, $2, 1, 'your_turn', '{"seat": 1}') RETURNING id`, me, id).Scan(&silent); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(e.ctx, wait)
	defer cancel()
	n, err := sub.Next(ctx)
	if err != nil || n.ID != silent {
		t.Fatalf("got %+v, %v; want notice %d", n, err, silent)
	}
	if after := e.hub.Stats(); after.HeadWakes == before.HeadWakes {
		t.Fatal("the notice came without a head check")
	}
}
