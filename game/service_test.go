package game_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// env is one test's database with Rout's schema and a service on it.
type env struct {
	t   *testing.T
	ctx context.Context
	db  *sql.DB
	dsn string
	svc *game.Service
	// offset is how far the service's clock runs ahead of the wall clock: advance moves it.
	offset *atomic.Int64
}

func newEnv(t *testing.T, effects game.Effects) *env {
	t.Helper()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	offset := new(atomic.Int64)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db), Effects: effects, Logger: quiet, PlayTime: time.Minute,
		Clock: func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }})
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, ctx: context.Background(), db: db, dsn: dsn, svc: svc, offset: offset}
}

// now is the time on the service's clock.
func (e *env) now() time.Time { return time.Now().Add(time.Duration(e.offset.Load())) }

// advance moves the service's clock d ahead.
func (e *env) advance(d time.Duration) { e.offset.Add(int64(d)) }

func (e *env) user(name string) int {
	e.t.Helper()
	return int(dbtest.User(e.t, e.db, dbtest.UserOpts{Name: name}))
}

// started creates and starts a game of the given humans (each in their own seat).
func (e *env) started(claim rules.ClaimStrategy, cards rules.CardSystem, users ...int) int {
	e.t.Helper()
	return dbtest.Game(e.t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(users...), Start: true,
		Claim: claim, Cards: cards}).GameID
}

// twoPlayers creates alice and bob and starts a game of theirs (random claim, classic cards), alice in
// seat 0.
func (e *env) twoPlayers() (alice, bob, id int) {
	e.t.Helper()
	alice, bob = e.user("alice"), e.user("bob")
	return alice, bob, e.started(rules.ClaimRandom, rules.CardsClassic, alice, bob)
}

// state rebuilds a game's state from its record.
func (e *env) state(gameID int) rules.State {
	e.t.Helper()
	if err := e.svc.GameVerify(e.ctx, gameID); err != nil {
		e.t.Fatal(err)
	}
	s, err := e.svc.GameState(e.ctx, gameID)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

func (e *env) version(gameID int) int64 {
	var v int64
	if err := e.db.QueryRowContext(e.ctx, `SELECT version FROM games WHERE id = $1`, gameID).Scan(&v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	return dbtest.Int(e.t, e.db, query, args...)
}

func code(err error) string {
	var ge *game.Error
	if errors.As(err, &ge) {
		return string(ge.Code)
	}
	var re *rules.Error
	if errors.As(err, &re) {
		return string(re.Code)
	}
	if err == nil {
		return ""
	}
	return "OTHER: " + err.Error()
}

// firstOwned returns the first territory of the player to move.
func firstOwned(s rules.State) rules.TerritoryID {
	for t := range s.Board().Len() {
		if s.Owner(rules.TerritoryID(t)) == s.Current() {
			return rules.TerritoryID(t)
		}
	}
	return -1
}

func TestLobby(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	created, err := e.svc.GameCreate(e.ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: []game.SeatSpec{
		{Kind: game.SeatUser, UserID: alice, Color: "red"},
		{Kind: game.SeatOpen, Color: "blue"},
		{Kind: game.SeatCPU, Difficulty: "easy", Color: "green"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.GameID
	if got := e.count(`SELECT count(*) FROM territories WHERE game_id = $1`, id); got != 42 {
		t.Errorf("territory rows: got %d, want 42", got)
	}
	if got := e.count(`SELECT count(*) FROM cards WHERE game_id = $1 AND location = 'deck'`, id); got != 44 {
		t.Errorf("card rows: got %d, want 44", got)
	}
	if _, err := e.svc.GameStart(e.ctx, id, alice); code(err) != "CONFLICT" {
		t.Errorf("start with an open seat: got %v, want CONFLICT", err)
	}
	if seat, err := e.svc.GameJoin(e.ctx, id, bob, "", game.AnyTeam, ""); err != nil || seat != 1 {
		t.Fatalf("bob joins: seat %d, %v", seat, err)
	}
	if _, err := e.svc.GameJoin(e.ctx, id, carol, "", game.AnyTeam, ""); code(err) != "CONFLICT" {
		t.Errorf("join a full game: got %v, want CONFLICT", err)
	}
	if err := e.svc.GameLeave(e.ctx, id, bob); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.GameJoin(e.ctx, id, carol, "", game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.GameStart(e.ctx, id, carol); code(err) != "FORBIDDEN" {
		t.Errorf("start by a non-creator: got %v, want FORBIDDEN", err)
	}
	if _, err := e.svc.GameStart(e.ctx, id, alice); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.GameStart(e.ctx, id, alice); code(err) != "CONFLICT" {
		t.Errorf("start twice: got %v, want CONFLICT", err)
	}
	if err := e.svc.GameLeave(e.ctx, id, carol); code(err) != "CONFLICT" {
		t.Errorf("leave a started game: got %v, want CONFLICT", err)
	}
	if _, err := e.svc.GameStart(e.ctx, 999999, alice); code(err) != "NOT_FOUND" {
		t.Errorf("start a missing game: got %v, want NOT_FOUND", err)
	}
	s := e.state(id)
	if s.Phase() != rules.PhaseReinforce {
		t.Errorf("phase after a random-claim start: got %s, want reinforce", s.Phase())
	}
	var deadline sql.NullTime
	if err := e.db.QueryRow(`SELECT turn_deadline FROM games WHERE id = $1`, id).Scan(&deadline); err != nil || !deadline.Valid {
		t.Errorf("a started game has a turn deadline: %v %v", deadline, err)
	}
}

func TestPrivateGameNeedsInviteCode(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, dave := e.user("alice"), e.user("bob"), e.user("dave")
	created, err := e.svc.GameCreate(e.ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: []game.SeatSpec{
		{Kind: game.SeatUser, UserID: alice, Color: "red"},
		{Kind: game.SeatInvited, InviteEmail: "bob@example.com", Color: "blue"},
		{Kind: game.SeatOpen, Color: "green"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if created.InviteCode == "" {
		t.Fatal("a game with an invited seat has no invite code")
	}
	// A stranger without the code is told what they would be told of a game that does not exist.
	_, missing := e.svc.GameJoin(e.ctx, created.GameID+1000, dave, "", game.AnyTeam, "")
	for _, c := range []string{"", "wrong"} {
		_, err := e.svc.GameJoin(e.ctx, created.GameID, dave, c, game.AnyTeam, "")
		if code(err) != "NOT_FOUND" || strings.ReplaceAll(err.Error(), fmt.Sprint(created.GameID), "N") !=
			strings.ReplaceAll(missing.Error(), fmt.Sprint(created.GameID+1000), "N") {
			t.Errorf("join with code %q: got %v, want %v", c, err, missing)
		}
	}
	if seat, err := e.svc.GameJoin(e.ctx, created.GameID, bob, "", game.AnyTeam, ""); err != nil || seat != 1 {
		t.Errorf("the invited user joins by email: seat %d, %v", seat, err)
	}
	if seat, err := e.svc.GameJoin(e.ctx, created.GameID, dave, created.InviteCode, game.AnyTeam, ""); err != nil || seat != 2 {
		t.Errorf("join with the code: seat %d, %v", seat, err)
	}
}

// TestPrivateGameLeaveAndStartLookLikeNoGame: the service itself tells a stranger who leaves or starts a
// private game what it tells of a game that does not exist, open or started, before any other refusal.
func TestPrivateGameLeaveAndStartLookLikeNoGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, dave := e.user("alice"), e.user("bob"), e.user("dave")
	private := func(start bool) int {
		created, err := e.svc.GameCreate(e.ctx, game.CreateInput{CreatorID: alice, MapKey: "classic", Private: true, Seats: []game.SeatSpec{
			{Kind: game.SeatUser, UserID: alice, Color: "red"}, {Kind: game.SeatUser, UserID: bob, Color: "blue"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		if start {
			if _, err := e.svc.GameStart(e.ctx, created.GameID, alice); err != nil {
				t.Fatal(err)
			}
		}
		return created.GameID
	}
	for _, started := range []bool{false, true} {
		id := private(started)
		for name, call := range map[string]func(int) error{
			"leave": func(id int) error { return e.svc.GameLeave(e.ctx, id, dave) },
			"start": func(id int) error { _, err := e.svc.GameStart(e.ctx, id, dave); return err },
		} {
			missing := call(id + 1000)
			err := call(id)
			if !game.IsNoGame(err) || !game.IsNoGame(missing) ||
				strings.ReplaceAll(err.Error(), fmt.Sprint(id), "N") != strings.ReplaceAll(missing.Error(), fmt.Sprint(id+1000), "N") {
				t.Errorf("%s a private game (started %v) as a stranger: %v, want %v", name, started, err, missing)
			}
		}
		// Its players are refused for what they did, not hidden from.
		if _, err := e.svc.GameStart(e.ctx, id, bob); code(err) != "FORBIDDEN" {
			t.Errorf("bob starts the private game (started %v): %v, want FORBIDDEN", started, err)
		}
		if err := e.svc.GameLeave(e.ctx, id, bob); game.IsNoGame(err) || (started && code(err) != "CONFLICT") {
			t.Errorf("bob leaves the private game (started %v): %v", started, err)
		}
	}
}

func TestCreateRefusesBadSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice := e.user("alice")
	two := []game.SeatSpec{{Kind: game.SeatUser, UserID: alice, Color: "red"}, {Kind: game.SeatCPU, Color: "blue"}}
	for name, tc := range map[string]struct {
		in   game.CreateInput
		want string
	}{
		"unknown map":     {game.CreateInput{CreatorID: alice, MapKey: "atlantis", Seats: two}, "UNKNOWN_MAP"},
		"short limit":     {game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: two, TurnLimit: time.Minute}, "BAD_USER_INPUT"},
		"long limit":      {game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: two, TurnLimit: 31 * 24 * time.Hour}, "BAD_USER_INPUT"},
		"one seat":        {game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: two[:1]}, "BAD_USER_INPUT"},
		"same colors":     {game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: []game.SeatSpec{two[0], {Kind: game.SeatCPU, Color: "red"}}}, "BAD_USER_INPUT"},
		"bad difficulty":  {game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: []game.SeatSpec{two[0], {Kind: game.SeatCPU, Difficulty: "genius", Color: "b"}}}, "BAD_USER_INPUT"},
		"bad ttb percent": {game.CreateInput{CreatorID: alice, MapKey: "classic", Seats: two, Cards: rules.CardsFixedTTB, TTBPercent: 11}, "BAD_USER_INPUT"},
		"unknown creator": {game.CreateInput{CreatorID: 424242, MapKey: "classic", Seats: two}, "NOT_FOUND"},
	} {
		if _, err := e.svc.GameCreate(e.ctx, tc.in); code(err) != tc.want {
			t.Errorf("%s: got %v, want %s", name, err, tc.want)
		}
	}
	if got := e.count(`SELECT count(*) FROM games`); got != 0 {
		t.Errorf("refused creations left %d games", got)
	}
}

func TestTurnCommands(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	id := e.started(rules.ClaimRoundRobin, rules.CardsFixed, alice, bob)
	s := e.state(id)
	users := map[rules.PlayerID]int{0: alice, 1: bob}
	current, other := users[s.Current()], users[1-s.Current()]
	// A claim pick by the player whose turn it is not.
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(other), Command: rules.Claim{Territory: 0}}); code(err) != "NOT_YOUR_TURN" {
		t.Errorf("claim out of turn: got %v, want NOT_YOUR_TURN", err)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(carol), Command: rules.Claim{Territory: 0}}); code(err) != "FORBIDDEN" {
		t.Errorf("a command from a user without a seat: got %v, want FORBIDDEN", err)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: 424242, Actor: game.User(alice), Command: rules.EndTurn{}}); code(err) != "NOT_FOUND" {
		t.Errorf("a command on a missing game: got %v, want NOT_FOUND", err)
	}
	v := e.version(id)
	res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(current), Command: rules.Claim{Territory: 5}, ExpectedVersion: &v})
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != v+1 || len(res.Events) != 2 {
		t.Errorf("claim: version %d (want %d), %d events (want 2)", res.Version, v+1, len(res.Events))
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(other), Command: rules.Claim{Territory: 6}, ExpectedVersion: &v}); code(err) != "CONFLICT" {
		t.Errorf("a command with a stale version: got %v, want CONFLICT", err)
	}
	// Play the rest of the game through the service with the random player, then check it replays.
	playOut(t, e, id, users)
	if err := e.svc.GameVerify(e.ctx, id); err != nil {
		t.Fatal(err)
	}
	var status game.Status
	var winner sql.NullInt64
	if err := e.db.QueryRow(`SELECT status, winner_seat FROM games WHERE id = $1`, id).Scan(&status, &winner); err != nil {
		t.Fatal(err)
	}
	if status != game.StatusFinished || !winner.Valid {
		t.Errorf("after the last command: status %s, winner %v", status, winner)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(alice), Command: rules.EndTurn{}}); code(err) != "CONFLICT" {
		t.Errorf("a command on a finished game: got %v, want CONFLICT", err)
	}
}

// playOut plays a game to its end with random commands for whoever is to move, each sent by the seat's
// user, checking the service's answers against a state kept beside it.
func playOut(t *testing.T, e *env, id int, users map[rules.PlayerID]int) {
	t.Helper()
	r := rand.New(rand.NewPCG(uint64(id), 9))
	s, err := e.svc.GameState(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; s.Phase() != rules.PhaseOver; n++ {
		if n > 20000 {
			t.Fatalf("game %d did not end", id)
		}
		p := s.Current()
		c := ai.Random(s, p, r)
		res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: c})
		if err != nil {
			t.Fatalf("command %d (%s by %d): %v", n, c.Kind(), p, err)
		}
		for _, ev := range res.Events {
			if s, err = rules.Evolve(s, ev.Event); err != nil {
				t.Fatal(err)
			}
		}
		if res.Seat != p {
			t.Fatalf("command %d: acting seat %d, want %d", n, res.Seat, p)
		}
		if s.Phase() != rules.PhaseOver && s.ActivePlayers() == 1 {
			// The service has played the lone survivor's commands (R43) in the command's transaction: the
			// answer holds the game where they left it.
			s = res.Game.State
		}
		if n%7 == 0 || s.Phase() == rules.PhaseOver {
			checkAnswer(t, e, n, res)
		}
	}
}

// checkAnswer checks that a command's result holds the game as a read finds it right after.
func checkAnswer(t *testing.T, e *env, n int, res game.Result) {
	t.Helper()
	snap, err := e.svc.GameSnapshot(e.ctx, res.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rowText(res.Game.Row), rowText(snap.Row); got != want {
		t.Fatalf("command %d answered with the game row\n%s\nbut a read finds\n%s", n, got, want)
	}
	if d := rules.Diff(res.Game.State, snap.State); d != "" {
		t.Fatalf("command %d answered with another state than a read finds: %s", n, d)
	}
	// The read above found the state in the service's cache (one statement); a replica without it reads
	// the rows (one transaction) and finds the same game.
	cold, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	coldSnap, err := cold.GameSnapshot(e.ctx, res.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rowText(coldSnap.Row), rowText(snap.Row); got != want {
		t.Fatalf("command %d: a replica without the game in its cache reads the row\n%s\nbut the cached read\n%s", n, got, want)
	}
	// The seats' status of a started game is the engine's (the API reads it from the state): a cached
	// seat keeps the status it had when the game was loaded, the row has the last one.
	seatsOf := func(seats []game.Seat) []game.Seat {
		out := slices.Clone(seats)
		for i := range out {
			out[i].Status = ""
		}
		return out
	}
	if d := rules.Diff(coldSnap.State, snap.State); d != "" || !slices.Equal(seatsOf(coldSnap.Seats), seatsOf(snap.Seats)) {
		t.Fatalf("command %d: a replica without the game in its cache reads another game: %s, seats %+v and %+v", n, d,
			coldSnap.Seats, snap.Seats)
	}
	// Past the command's own version only when the service played a lone survivor's commands after it.
	if res.Game.Version < res.Version || res.Game.Seq < res.Events[len(res.Events)-1].Seq ||
		(res.Game.Version > res.Version && res.Game.State.ActivePlayers() != 1) {
		t.Fatalf("command %d: game at version %d, seq %d; result version %d, last event %d", n, res.Game.Version,
			res.Game.Seq, res.Version, res.Events[len(res.Events)-1].Seq)
	}
}

// rowText writes a game row with what its pointers point to and its times in UTC, to compare rows.
func rowText(r game.Row) string {
	utc := func(t *time.Time) any {
		if t == nil {
			return nil
		}
		return t.UTC()
	}
	winner, invite := any(nil), any(nil)
	if r.Winner != nil {
		winner = *r.Winner
	}
	if r.InviteCode != nil {
		invite = *r.InviteCode
	}
	plain := r
	plain.CreatedAt, plain.UpdatedAt = time.Time{}, time.Time{}
	plain.Deadline, plain.WarningAt, plain.StartedAt, plain.FinishedAt, plain.Winner, plain.InviteCode = nil, nil, nil, nil, nil, nil
	return fmt.Sprintf("%+v winner %v invite %v created %v updated %v deadline %v warning %v started %v finished %v", plain,
		winner, invite, r.CreatedAt.UTC(), r.UpdatedAt.UTC(), utc(r.Deadline), utc(r.WarningAt), utc(r.StartedAt), utc(r.FinishedAt))
}

func TestRandomGamesThroughTheServiceReplay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	u := []int{e.user("a"), e.user("b"), e.user("c"), e.user("d")}
	for i, players := range []int{2, 3, 4} {
		id := e.started(rules.ClaimStrategy(i%2), rules.CardSystem(i), u[:players]...)
		users := map[rules.PlayerID]int{}
		for p := range players {
			users[rules.PlayerID(p)] = u[p]
		}
		playOut(t, e, id, users)
		if err := e.svc.GameVerify(e.ctx, id); err != nil {
			t.Fatal(err)
		}
		// A second service (another replica: an empty cache) reads the same state from the rows.
		other, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db)})
		if err != nil {
			t.Fatal(err)
		}
		mine, _ := e.svc.GameState(e.ctx, id)
		theirs, err := other.GameState(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := rules.Diff(mine, theirs); diff != "" {
			t.Fatalf("game %d: replicas disagree: %s", id, diff)
		}
		// The game's record replays with every check of game.Replay (R74), to the same end.
		rec, err := e.svc.GameRecord(e.ctx, id, -1)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := game.Replay(rec)
		if err != nil {
			t.Fatalf("game %d (%s, %s): the record does not replay: %v", id, rules.ClaimStrategy(i%2), rules.CardSystem(i), err)
		}
		if diff := rules.Diff(replayed, mine); diff != "" {
			t.Fatalf("game %d: the replayed record differs: %s", id, diff)
		}
	}
}

func TestConcurrentSameCommandAppliesOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	s := e.state(id)
	users := map[rules.PlayerID]int{0: alice, 1: bob}
	target := firstOwned(s)
	v := e.version(id)
	cmd := rules.Place{Placements: []rules.Placement{{Territory: target, Armies: 1}}}
	var wg sync.WaitGroup
	results := make([]error, 50)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, results[i] = e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[s.Current()]), Command: cmd, ExpectedVersion: &v})
		}()
	}
	wg.Wait()
	applied, conflicts := 0, 0
	for _, err := range results {
		switch code(err) {
		case "":
			applied++
		case "CONFLICT":
			conflicts++
		default:
			t.Errorf("unexpected result: %v", err)
		}
	}
	if applied != 1 || conflicts != 49 {
		t.Errorf("50 identical commands: %d applied, %d conflicts; want 1 and 49", applied, conflicts)
	}
	after := e.state(id)
	if got, want := after.Armies(target), s.Armies(target)+1; got != want {
		t.Errorf("territory %d has %d armies, want %d", target, got, want)
	}
	if e.version(id) != v+1 {
		t.Errorf("version %d, want %d", e.version(id), v+1)
	}
}

func TestIdempotencyKeyReturnsFirstResult(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	s := e.state(id)
	user := map[rules.PlayerID]int{0: alice, 1: bob}[s.Current()]
	target := firstOwned(s)
	in := game.CommandInput{GameID: id, Actor: game.User(user), IdempotencyKey: "k-1",
		Command: rules.Place{Placements: []rules.Placement{{Territory: target, Armies: 1}}}}
	first, err := e.svc.TurnSubmit(e.ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	second, err := e.svc.TurnSubmit(e.ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if !second.Replayed || second.Version != first.Version || len(second.Events) != len(first.Events) || second.Events[0].Seq != first.Events[0].Seq {
		t.Errorf("retry: got %+v, want the first result %+v", second, first)
	}
	if got := e.state(id).Armies(target); got != s.Armies(target)+1 {
		t.Errorf("armies after a retried placement: got %d, want %d", got, s.Armies(target)+1)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.Actor{Seat: 0}, IdempotencyKey: "k", Command: rules.EndTurn{}}); code(err) != "BAD_USER_INPUT" {
		t.Errorf("a system command with a key: got %v, want BAD_USER_INPUT", err)
	}
}

func TestIdempotencyKeyIsBoundToOneCommand(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	s := e.state(id)
	user := map[rules.PlayerID]int{0: alice, 1: bob}[s.Current()]
	var owned []rules.TerritoryID
	for t := range s.Board().Len() {
		if s.Owner(rules.TerritoryID(t)) == s.Current() {
			owned = append(owned, rules.TerritoryID(t))
		}
	}
	place := func(t rules.TerritoryID) game.CommandInput {
		return game.CommandInput{GameID: id, Actor: game.User(user), IdempotencyKey: "same",
			Command: rules.Place{Placements: []rules.Placement{{Territory: t, Armies: 1}}}}
	}
	first, err := e.svc.TurnSubmit(e.ctx, place(owned[0]))
	if err != nil {
		t.Fatal(err)
	}
	// Other placements, and an endTurn, under the same key are refused and change nothing.
	for _, tt := range owned[1:5] {
		if _, err := e.svc.TurnSubmit(e.ctx, place(tt)); code(err) != "IDEMPOTENCY_KEY_REUSED" {
			t.Errorf("another placement under the key: got %v, want IDEMPOTENCY_KEY_REUSED", err)
		}
	}
	other := place(owned[0])
	other.Command = rules.Place{Placements: []rules.Placement{{Territory: owned[0], Armies: 2}}}
	if _, err := e.svc.TurnSubmit(e.ctx, other); code(err) != "IDEMPOTENCY_KEY_REUSED" {
		t.Errorf("the same territory with other armies under the key: got %v, want IDEMPOTENCY_KEY_REUSED", err)
	}
	end := place(owned[0])
	end.Command = rules.EndTurn{}
	if _, err := e.svc.TurnSubmit(e.ctx, end); code(err) != "IDEMPOTENCY_KEY_REUSED" {
		t.Errorf("endTurn under the key: got %v, want IDEMPOTENCY_KEY_REUSED", err)
	}
	if v := e.version(id); v != first.Version {
		t.Errorf("refused reuses changed the game: version %d, want %d", v, first.Version)
	}
	// The game moves on; a retry of the first command still answers with the first call's version and events.
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), IdempotencyKey: "next",
		Command: rules.Place{Placements: []rules.Placement{{Territory: owned[1], Armies: 1}}}}); err != nil {
		t.Fatal(err)
	}
	retry, err := e.svc.TurnSubmit(e.ctx, place(owned[0]))
	if err != nil {
		t.Fatal(err)
	}
	if !retry.Replayed || retry.Version != first.Version || retry.Events[0].Seq != first.Events[0].Seq ||
		retry.Events[len(retry.Events)-1].Seq != first.Events[len(first.Events)-1].Seq {
		t.Errorf("retry: got version %d, events %+v; want version %d, events %+v", retry.Version, retry.Events, first.Version, first.Events)
	}
	if v := e.version(id); v != first.Version+1 {
		t.Errorf("version after the retry: got %d, want %d", v, first.Version+1)
	}
	for i, tt := range owned[:5] {
		want := s.Armies(tt)
		if i < 2 {
			want++
		}
		if got := e.state(id).Armies(tt); got != want {
			t.Errorf("armies on %d: got %d, want %d", tt, got, want)
		}
	}
}

// failingEffects fails every command after the game's rows are written.
type failingEffects struct{}

func (failingEffects) AfterCommand(context.Context, *sql.Tx, ...game.Change) error {
	return errors.New("the job queue is down")
}

func (failingEffects) AfterCreate(context.Context, *sql.Tx, game.NewGame) error { return nil }

var _ game.Effects = failingEffects{}

// preparingEffects have statements of their own to prepare (game.PreparedEffects): they count the
// service's calls of Prepare, and the commands whose effects ran before any.
type preparingEffects struct {
	mu         sync.Mutex
	err        error // what Prepare returns
	prepared   int   // calls of Prepare
	unprepared int   // calls of AfterCommand before a Prepare that succeeded
}

func (p *preparingEffects) Prepare(context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.prepared++
	return p.err
}

func (p *preparingEffects) AfterCommand(context.Context, *sql.Tx, ...game.Change) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.prepared == 0 || p.err != nil {
		p.unprepared++
	}
	return nil
}

func (p *preparingEffects) AfterCreate(context.Context, *sql.Tx, game.NewGame) error { return nil }

var _ game.PreparedEffects = (*preparingEffects)(nil)

// TestEffectsArePreparedBeforeTheTransaction: the service prepares the effects' statements before a
// command's transaction begins (preparing takes a connection of the pool, which a transaction must not
// wait for), and a command whose effects cannot be prepared changes nothing.
func TestEffectsArePreparedBeforeTheTransaction(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	s := e.state(id)
	version := e.version(id)
	fx := &preparingEffects{err: errors.New("the database refuses to prepare")}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Effects: fx})
	if err != nil {
		t.Fatal(err)
	}
	user := map[rules.PlayerID]int{0: alice, 1: bob}[s.Current()]
	cmd := rules.Place{Placements: []rules.Placement{{Territory: firstOwned(s), Armies: s.Reserve()}}}
	if _, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: cmd}); err == nil {
		t.Fatal("the command ran although its effects could not be prepared")
	}
	if e.version(id) != version {
		t.Errorf("version moved to %d from %d", e.version(id), version)
	}
	fx.mu.Lock()
	fx.err = nil
	fx.mu.Unlock()
	if _, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: cmd}); err != nil {
		t.Fatal(err)
	}
	fx.mu.Lock()
	defer fx.mu.Unlock()
	if fx.prepared != 2 || fx.unprepared != 0 {
		t.Errorf("Prepare called %d times, effects run %d times unprepared; want 2 and 0", fx.prepared, fx.unprepared)
	}
}

func TestFailedCommandLeavesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	listener := dbtest.Listen(t, e.dsn, game.NotifyChannel)
	s := e.state(id)
	before := e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id)
	version := e.version(id)
	failing, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Effects: failingEffects{}})
	if err != nil {
		t.Fatal(err)
	}
	user := map[rules.PlayerID]int{0: alice, 1: bob}[s.Current()]
	target := firstOwned(s)
	cmd := rules.Place{Placements: []rules.Placement{{Territory: target, Armies: s.Reserve()}}}
	if _, err := failing.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: cmd, IdempotencyKey: "x"}); err == nil {
		t.Fatal("the command succeeded although its effects failed")
	}
	if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1`, id); got != before {
		t.Errorf("events: %d after the failed command, %d before", got, before)
	}
	if got := e.count(`SELECT count(*) FROM command_keys`); got != 0 {
		t.Errorf("the failed command stored %d idempotency keys", got)
	}
	if e.version(id) != version {
		t.Errorf("version moved to %d from %d", e.version(id), version)
	}
	if diff := rules.Diff(e.state(id), s); diff != "" {
		t.Errorf("the failed command changed the game: %s", diff)
	}
	// The first notification the listener hears is the next successful command's.
	res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	// The start's notification, sent after its commit, may reach the listener after it listened: skip it.
	start := fmt.Sprintf("%d:%d", id, res.Events[0].Seq-1)
	for {
		select {
		case n := <-listener.Notify:
			if n.Extra == start {
				continue
			}
			if want := fmt.Sprintf("%d:%d", id, res.Events[len(res.Events)-1].Seq); n.Extra != want {
				t.Errorf("first notification %q, want %q (the failed command's?)", n.Extra, want)
			}
		case <-time.After(time.Minute):
			t.Fatal("no notification for the successful command")
		}
		return
	}
}

// A command is announced after its commit: when its notification arrives, its events can be read.
func TestNotificationFollowsTheCommit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	listener := dbtest.Listen(t, e.dsn, game.NotifyChannel)
	s := e.state(id)
	user := map[rules.PlayerID]int{0: alice, 1: bob}[s.Current()]
	cmd := rules.Place{Placements: []rules.Placement{{Territory: firstOwned(s), Armies: s.Reserve()}}}
	res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	last := res.Events[len(res.Events)-1].Seq
	for {
		select {
		case n := <-listener.Notify:
			var got, seq int64
			if _, err := fmt.Sscanf(n.Extra, fmt.Sprintf("%d:%%d", id), &seq); err != nil {
				t.Fatalf("notification %q: %v", n.Extra, err)
			}
			got = int64(e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq <= $2`, id, seq))
			if got != seq {
				t.Fatalf("notified of event %d while %d events up to it can be read", seq, got)
			}
			if seq < last {
				continue // the start's, sent after the listener listened
			}
			return
		case <-time.After(time.Minute):
			t.Fatal("no notification for the command")
		}
	}
}

func TestResignTurnsTerritoriesNeutral(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	id := e.started(rules.ClaimRandom, rules.CardsClassic, alice, bob, carol)
	before := e.state(id)
	var deadline1 time.Time
	if err := e.db.QueryRow(`SELECT turn_deadline FROM games WHERE id = $1`, id).Scan(&deadline1); err != nil {
		t.Fatal(err)
	}
	// The player to move resigns: the turn passes and a new deadline starts.
	users := map[rules.PlayerID]int{0: alice, 1: bob, 2: carol}
	resigning := before.Current()
	owned := before.Player(resigning).Territories
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[resigning]), Command: rules.Resign{}}); err != nil {
		t.Fatal(err)
	}
	after := e.state(id)
	if got := e.count(`SELECT count(*) FROM territories WHERE game_id = $1 AND owner_seat = -1`, id); got != owned {
		t.Errorf("neutral territory rows: got %d, want %d", got, owned)
	}
	var status game.SeatStatus
	if err := e.db.QueryRow(`SELECT status FROM players WHERE game_id = $1 AND seat = $2`, id, int(resigning)).Scan(&status); err != nil || status != game.SeatStatusResigned {
		t.Errorf("the resigned seat's status: %q %v", status, err)
	}
	if after.Current() == resigning || after.Phase() != rules.PhaseReinforce {
		t.Errorf("after the resignation: player %d in the %s phase", after.Current(), after.Phase())
	}
	var deadline2, warning time.Time
	if err := e.db.QueryRow(`SELECT turn_deadline, warning_at FROM games WHERE id = $1`, id).Scan(&deadline2, &warning); err != nil {
		t.Fatal(err)
	}
	if !deadline2.After(deadline1) || !warning.Equal(deadline2.Add(-9*time.Hour)) {
		t.Errorf("deadline %v (before %v), warning %v: want a new deadline with the warning a quarter of 36h before", deadline2, deadline1, warning)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[resigning]), Command: rules.Resign{}}); code(err) != "NOT_ACTIVE" {
		t.Errorf("resigning twice: got %v, want NOT_ACTIVE", err)
	}
}
