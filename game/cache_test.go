package game_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/maps"
	"rout/rules"
)

// TestCachedGamesMatchTheirRows plays random games on small boards with two replicas (two services on
// one database), each command sent to one of them at random: players' commands, legal or refused, with
// stale versions or retried with their idempotency key, resignations, the eliminations the attacks bring, delegations and reclaims, the turns
// of CPU seats and of delegates, takeovers at a deadline (alone or with the other due games) and a lone
// survivor's play. After every command it reads the game from its rows, past every cache, and compares
// it field by field with what each replica caches of that version and with the answer of the command:
// the first differing field fails the test with its path. Each game is seeded: a failure names its seed,
// and -run 'TestCachedGamesMatchTheirRows/games/seed=N' plays it again.
func TestCachedGamesMatchTheirRows(t *testing.T) {
	t.Parallel()
	games, steps := 32, 1000
	if testing.Short() {
		games, steps = 16, 150
	}
	var boards []*maps.Map // a small board, where games end in tens of commands; without -short a larger one too
	for _, n := range []int{12, 30} {
		b, err := maps.Generate(maps.GenerateOpts{Territories: n, Seed: 7, ID: fmt.Sprintf("drift-%d", n)})
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	if testing.Short() {
		boards = boards[:1]
	}
	var eliminated, resigned atomic.Int64 // the games in which a seat was
	t.Run("games", func(t *testing.T) {
		for i := range games {
			seed := uint64(i + 1)
			t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
				t.Parallel()
				d := newDrift(t, boards[int(seed)%len(boards)], seed)
				d.play(steps)
				if d.left[game.SeatStatusEliminated] {
					eliminated.Add(1)
				}
				if d.left[game.SeatStatusResigned] {
					resigned.Add(1)
				}
			})
		}
	})
	if !t.Failed() && (eliminated.Load() == 0 || resigned.Load() == 0) {
		t.Errorf("a seat was eliminated in %d games and resigned in %d: the test did not play both", eliminated.Load(), resigned.Load())
	}
}

// drift is one random game of TestCachedGamesMatchTheirRows.
type drift struct {
	t        *testing.T
	ctx      context.Context
	r        *rand.Rand
	offset   *atomic.Int64 // the replicas' clock is the test's start plus offset
	start    time.Time
	replicas [2]*game.Service
	id       int
	users    map[rules.PlayerID]int // the users' seats
	players  []int                  // the users, in seat order
	step     int
	checked  int                      // comparisons of a replica's cache holding the game's version
	acts     map[string]int           // the actions tried, by kind
	left     map[game.SeatStatus]bool // the seat statuses seen
	keyed    *game.CommandInput       // the last command sent with an idempotency key
}

// newDrift creates and starts a game of two to four seats, one of them perhaps a CPU's, on board.
func newDrift(t *testing.T, board *maps.Map, seed uint64) *drift {
	ctx := t.Context()
	db := dbtest.Migrated(t)
	if err := game.SeedMap(ctx, db, board, false); err != nil {
		t.Fatal(err)
	}
	d := &drift{t: t, ctx: ctx, r: rand.New(rand.NewPCG(seed, 26)), offset: new(atomic.Int64), start: time.Now(),
		users: map[rules.PlayerID]int{}, acts: map[string]int{}, left: map[game.SeatStatus]bool{}}
	clock := func() time.Time { return d.start.Add(time.Duration(d.offset.Load())) }
	for i := range d.replicas {
		svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db), Clock: clock, Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		d.replicas[i] = svc
	}
	var seats []dbtest.SeatOpts
	for i := range 2 + d.r.IntN(3) {
		if i > 0 && d.r.IntN(4) == 0 {
			seats = append(seats, dbtest.SeatOpts{CPU: true, Difficulty: "easy"})
			continue
		}
		u := int(dbtest.User(t, db, dbtest.UserOpts{Name: fmt.Sprintf("s%du%d", seed, i)}))
		seats, d.users[rules.PlayerID(i)], d.players = append(seats, dbtest.SeatOpts{User: u}), u, append(d.players, u)
	}
	d.id = dbtest.Game(t, db, dbtest.GameOpts{Service: d.replicas[0], Map: board.ID, Seats: seats, Start: true,
		Claim: rules.ClaimStrategy(d.r.IntN(2)), TurnLimit: game.MinTurnLimit}).GameID
	return d
}

// play sends up to steps commands, checking the caches after each, until the game is over.
func (d *drift) play(steps int) {
	t := d.t
	now := d.check(nil)
	for d.step = 1; d.step <= steps && now.Status == game.StatusActive; d.step++ {
		d.offset.Add(int64(time.Duration(d.r.IntN(5)) * time.Second))
		svc := d.replicas[d.r.IntN(2)]
		answers, err := d.act(svc, now)
		if err != nil && !refused(err) {
			t.Fatalf("step %d: %v", d.step, err)
		}
		now = d.check(answers)
	}
	if err := d.replicas[0].GameVerify(d.ctx, d.id); err != nil {
		t.Errorf("the record does not replay to the rows: %v", err)
	}
	if d.checked == 0 {
		t.Errorf("no replica's cache held the game's version at any step: nothing was compared")
	}
	t.Logf("%d steps, %s, %d caches compared: %v", d.step-1, now.Status, d.checked, d.acts)
}

// refused says whether err is a refusal the service answers a caller with (a code), not a failure.
func refused(err error) bool {
	return !strings.HasPrefix(code(err), "OTHER: ")
}

// act sends one random command to svc on the game as it stands (now), and returns the games it answered
// with.
func (d *drift) act(svc *game.Service, now game.Snapshot) ([]game.Snapshot, error) {
	st := now.State
	cur := st.Current()
	seat := now.Seats[cur]
	deadline := func() *time.Time {
		if now.Deadline == nil {
			return nil
		}
		dl := *now.Deadline
		d.offset.Store(int64(dl.Sub(d.start) + time.Second)) // the deadline has passed
		return &dl
	}
	played := func(ps ...game.Played) []game.Snapshot {
		var out []game.Snapshot
		for _, p := range ps {
			out = append(out, p.Game)
		}
		return out
	}
	switch n := d.r.IntN(100); {
	case seat.CPU:
		d.acts["cpu"]++
		p, err := svc.TurnPlay(d.ctx, game.PlayInput{GameID: d.id, Seat: int(cur), Turn: st.Turn(), Cause: game.CauseCPU})
		return played(p), err
	case seat.Delegation != nil && n < 60:
		d.acts["delegate"]++
		p, err := svc.TurnPlay(d.ctx, game.PlayInput{GameID: d.id, Seat: int(cur), Turn: st.Turn(), Cause: game.CauseDelegate,
			Difficulty: seat.Delegation.Difficulty})
		return played(p), err
	case n < 6:
		d.acts["takeover"]++
		p, err := svc.TurnPlay(d.ctx, game.PlayInput{GameID: d.id, Seat: int(cur), Turn: st.Turn(), Cause: game.CauseTakeover,
			Deadline: deadline()})
		return played(p), err
	case n < 9:
		d.acts["takeover_due"]++
		ps, err := svc.TakeOverDue(d.ctx, game.PlayInput{GameID: d.id, Seat: int(cur), Turn: st.Turn(), Cause: game.CauseTakeover,
			Deadline: deadline()}, 5)
		return played(ps...), err
	case n < 13:
		d.acts["delegate_seat"]++
		in := game.DelegateInput{GameID: d.id, UserID: d.anyUser(), Difficulty: ai.Names()[d.r.IntN(len(ai.Names()))]}
		if d.r.IntN(2) == 0 {
			turns := 1 + d.r.IntN(3)
			in.Turns = &turns
		}
		if d.r.IntN(3) == 0 {
			until := d.start.Add(time.Duration(d.offset.Load()) + time.Duration(1+d.r.IntN(60))*time.Second)
			in.Until = &until
		}
		snap, err := svc.SeatDelegate(d.ctx, in)
		return []game.Snapshot{snap}, err
	case n < 16:
		d.acts["reclaim_seat"]++
		snap, err := svc.SeatReclaim(d.ctx, d.id, d.anyUser())
		return []game.Snapshot{snap}, err
	case n < 18:
		d.acts["resign"]++
		res, err := svc.TurnSubmit(d.ctx, game.CommandInput{GameID: d.id, Actor: game.User(d.anyUser()), Command: rules.Resign{}})
		return []game.Snapshot{res.Game}, err
	case n < 21:
		d.acts["stale"]++
		stale := now.Version - 1
		res, err := svc.TurnSubmit(d.ctx, game.CommandInput{GameID: d.id, Actor: game.User(d.anyUser()),
			Command: rules.EndTurn{}, ExpectedVersion: &stale})
		return []game.Snapshot{res.Game}, err
	case n < 26 && d.keyed != nil:
		d.acts["retry"]++ // the last command sent with a key, again: its first answer, and the game as it is now
		res, err := svc.TurnSubmit(d.ctx, *d.keyed)
		return []game.Snapshot{res.Game}, err
	case n < 29:
		d.acts["read"]++
		snap, err := svc.GameSnapshot(d.ctx, d.id)
		return []game.Snapshot{snap}, err
	}
	user, ok := d.users[cur]
	if !ok { // a delegate's seat the dice gave no delegate turn: another player tries to move
		user = d.anyUser()
	}
	var c rules.Command
	if legal := rules.LegalCommands(st, cur); len(legal) > 0 && d.r.IntN(4) == 0 {
		d.acts["legal"]++
		c = legal[d.r.IntN(len(legal))].Command
	} else {
		d.acts["normal"]++
		c = ai.Normal(st, cur, d.r)
	}
	if c == nil {
		c = rules.EndTurn{}
	}
	in := game.CommandInput{GameID: d.id, Actor: game.User(user), Command: c}
	if d.r.IntN(3) == 0 {
		in.IdempotencyKey = fmt.Sprintf("k%d", d.step)
		d.keyed = &in
	}
	res, err := svc.TurnSubmit(d.ctx, in)
	return []game.Snapshot{res.Game}, err
}

// anyUser is one of the game's users, at random.
func (d *drift) anyUser() int { return d.players[d.r.IntN(len(d.players))] }

// check reads the game from its rows and compares it with each replica's cache, when it holds the game's
// version, and with answers of that version. It returns the game read.
func (d *drift) check(answers []game.Snapshot) game.Snapshot {
	t := d.t
	t.Helper()
	fresh, err := d.replicas[0].Fresh(d.ctx, d.id)
	if err != nil {
		t.Fatalf("step %d: %v", d.step, err)
	}
	for _, st := range fresh.Seats {
		d.left[st.Status] = true
	}
	want := gameFields{State: fresh.State.Snapshot(), Config: fresh.State.Config(), Seats: fresh.Seats}
	for i, svc := range d.replicas {
		version, state, seats, ok := svc.Cached(d.id)
		if !ok || version != fresh.Version {
			continue
		}
		d.checked++
		got := gameFields{State: state.Snapshot(), Config: state.Config(), Seats: seats}
		if diff := firstDiff("game", reflect.ValueOf(got), reflect.ValueOf(want)); diff != "" {
			t.Fatalf("step %d: replica %d caches version %d unlike its rows: %s", d.step, i, version, diff)
		}
	}
	for _, a := range answers {
		if a.GameID != d.id || a.Version != fresh.Version {
			continue // a refusal's empty answer, or another due game taken over with this one
		}
		got := answerFields{Row: a.Row, gameFields: gameFields{State: a.State.Snapshot(), Config: a.State.Config(), Seats: a.Seats}}
		want := answerFields{Row: fresh.Row, gameFields: want}
		if diff := firstDiff("answer", reflect.ValueOf(got), reflect.ValueOf(want)); diff != "" {
			t.Fatalf("step %d: the answer at version %d is unlike the rows: %s", d.step, a.Version, diff)
		}
	}
	return fresh
}

// gameFields is what a replica caches of a game, as plain values.
type gameFields struct {
	State  rules.Snapshot
	Config rules.Config
	Seats  []game.Seat
}

// answerFields is what a command answers of a game, as plain values.
type answerFields struct {
	Row game.Row
	gameFields
}

// timeType is the type of time.Time, compared by the instant it names.
var timeType = reflect.TypeFor[time.Time]()

// firstDiff returns the path of the first field where a and b differ, with both values, or "" when they
// are equal. Times are equal when they name the same instant, and slices when their elements are (a nil
// slice is an empty one).
func firstDiff(path string, a, b reflect.Value) string {
	if a.Type() == timeType {
		if ta, tb := a.Interface().(time.Time), b.Interface().(time.Time); !ta.Equal(tb) {
			return fmt.Sprintf("%s: %v, want %v", path, ta, tb)
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: %v, want %v", path, a, b)
			}
			return ""
		}
		return firstDiff(path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if d := firstDiff(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %v, want %v", path, a, b)
		}
		for i := range a.Len() {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	default:
		if !a.Equal(b) {
			return fmt.Sprintf("%s: %v, want %v", path, a, b)
		}
		return ""
	}
}
