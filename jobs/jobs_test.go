package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/jobs"
	"rout/rules"
)

// createGame creates and starts a game on the classic map with the given seats, created by creator.
func (e *env) createGame(svc *game.Service, creator int, seats ...dbtest.SeatOpts) int {
	e.t.Helper()
	return dbtest.Game(e.t, e.db, dbtest.GameOpts{Service: svc, Creator: creator, Seats: seats, Start: true,
		TurnLimit: game.MinTurnLimit}).GameID
}

func human(user int) dbtest.SeatOpts { return dbtest.SeatOpts{User: user} }

func cpu(difficulty string) dbtest.SeatOpts {
	return dbtest.SeatOpts{CPU: true, Difficulty: difficulty}
}

// gameInt reads one integer column of a game.
func (e *env) gameInt(id int, column string) int {
	return e.count(`SELECT COALESCE(`+column+`, -1) FROM games WHERE id = $1`, id)
}

// jobsOf counts a game's jobs of kind, in any state, or in state when it is not "".
func (e *env) jobsOf(id int, kind, state string) int {
	return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND (args->>'game_id')::int = $2 AND ($3 = '' OR state::text = $3)`,
		kind, id, state)
}

// notices counts the notices of user in a game, of kind at turn (turn -1: any).
func (e *env) notices(user, id, turn int, kind string) int {
	return e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND game_id = $2 AND ($3 = -1 OR turn = $3) AND kind = $4`,
		user, id, turn, kind)
}

// TestCPUPlayersFinishAGame plays a whole game of four CPU seats through River and the game service.
func TestCPUPlayersFinishAGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	owner := e.user("owner", "email")
	id := e.createGame(r.svc, owner, cpu("normal"), cpu("normal"), cpu("easy"), cpu("easy"))
	e.waitFor("the CPU players to finish the game", 10*time.Minute, func() bool {
		var status game.Status
		if err := e.db.QueryRow(`SELECT status FROM games WHERE id = $1`, id).Scan(&status); err != nil {
			t.Fatal(err)
		}
		return status == game.StatusFinished
	})
	if err := r.svc.GameVerify(e.ctx, id); err != nil {
		t.Fatalf("the finished game's rows differ from its record: %v", err)
	}
	if winner := e.gameInt(id, "winner_seat"); winner < 0 || winner > 3 {
		t.Errorf("winner seat %d", winner)
	}
	turns := e.gameInt(id, "turn")
	e.waitFor("the last CPU turn job to complete", time.Minute, func() bool {
		return e.jobsOf(id, jobs.KindCPUTurn, "completed") == turns
	})
	if got := e.jobsOf(id, jobs.KindCPUTurn, ""); got != turns {
		t.Errorf("CPU turn jobs: got %d, want one per turn, %d", got, turns)
	}
	if got := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seat >= 0 AND kind = 'turn_started'`, id); got != turns-1 {
		t.Errorf("turns handed on by a CPU's command: got %d, want %d", got, turns-1)
	}
	stats := r.jobs.Stats()
	if stats.CPUTurns != int64(turns) || stats.Kinds[jobs.KindCPUTurn].Done != int64(turns) || stats.Kinds[jobs.KindCPUTurn].Failed != 0 {
		t.Errorf("stats: %+v; want %d CPU turns done, none failed", stats, turns)
	}
	if stats.Takeovers != 0 || e.count(`SELECT count(*) FROM notices WHERE game_id = $1`, id) != 0 {
		t.Errorf("a game of CPU seats had takeovers (%d) or notices", stats.Takeovers)
	}
	t.Logf("game %d: %d turns, %d CPU commands, winner seat %d", id, turns, stats.CPUCommands, e.gameInt(id, "winner_seat"))
}

// TestIdlePlayerWarnedThenTakenOverOnce lets a human's turn run out with three replicas working jobs on
// one database: the player is warned, then a CPU plays the turn, and every notice and email of the turn
// is there exactly once.
func TestIdlePlayerWarnedThenTakenOverOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	mail := startSMTP(t)
	var replicas []replica
	for range 3 {
		replicas = append(replicas, e.replica(testConfig(), newRouter(t, mail, nil)))
	}
	alice := e.user("alice", "email")
	id := e.createGame(replicas[0].svc, alice, human(alice), cpu("normal"))
	seat := e.seatOf(id, alice)
	turn := e.waitForOwnTurn(id, seat, -1)
	// Her warning's time comes, then her deadline's: each job is made available as River's scheduler makes
	// it at its time, the deadline's once the warning is recorded, so that nothing waits for an hour's turn
	// to run out, and nothing depends on how fast the machine is.
	timer := `kind = $1 AND (args->>'game_id')::int = $2 AND (args->>'turn')::int = $3 AND state = 'scheduled'`
	e.dueNow(timer, jobs.KindTurnWarning, id, turn)
	e.waitFor("alice's turn_warning notice", time.Minute, func() bool { return e.notices(alice, id, turn, "turn_warning") == 1 })
	e.dueNow(timer, jobs.KindTurnDeadline, id, turn)
	e.waitFor("the game to move past the turn", time.Minute, func() bool { return e.gameInt(id, "turn") > turn })
	e.waitFor("every notification to be sent", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND finalized_at IS NULL`, jobs.KindNotification) == 0
	})

	for _, kind := range []string{"your_turn", "turn_warning", "cpu_played"} {
		if got := e.notices(alice, id, turn, kind); got != 1 {
			t.Errorf("alice's %s notices for turn %d: got %d, want 1", kind, turn, got)
		}
	}
	if e.count(`SELECT count(*) FROM notices w, notices c WHERE w.user_id = $1 AND w.turn = $2 AND w.kind = 'turn_warning'
		AND c.user_id = $1 AND c.turn = $2 AND c.kind = 'cpu_played' AND w.id < c.id`, alice, turn) != 1 {
		t.Errorf("alice was not warned before the CPU played her turn")
	}
	if got := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND turn = $2 AND sent_at IS NULL`, alice, turn); got != 0 {
		t.Errorf("%d notices of turn %d not sent", got, turn)
	}
	got := mail.kinds("alice@example.com")
	if got["turn_warning"] != 1 || got["cpu_played"] != 1 || got["your_turn"] < 1 {
		t.Errorf("emails to alice by kind: %v; want one turn_warning, one cpu_played, your_turn for each of her turns", got)
	}
	// The game goes on: later turns may add your_turn notices, each with at most one email.
	if n := e.notices(alice, id, -1, "your_turn"); got["your_turn"] > n {
		t.Errorf("your_turn emails %d, more than the notices %d", got["your_turn"], n)
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = $2 AND kind <> 'turn_started' AND seat <> $3`,
		id, turn, seat); n != 0 {
		t.Errorf("%d events of alice's turn %d came from another seat", n, turn)
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = $2 AND kind <> 'turn_started'`, id, turn); n == 0 {
		t.Errorf("nobody played alice's turn %d", turn)
	}
	if n := e.count(`SELECT count(*) FROM players WHERE game_id = $1 AND user_id = $2 AND status = 'active'`, id, alice); n != 1 {
		t.Errorf("alice lost her seat")
	}
	var takeovers, deadlinesDone int64
	for _, r := range replicas {
		s := r.jobs.Stats()
		takeovers += s.Takeovers
		deadlinesDone += s.Kinds[jobs.KindTurnDeadline].Done
	}
	if takeovers != 1 || deadlinesDone != 1 {
		t.Errorf("takeovers %d and deadline jobs done %d over the three replicas, want 1 and 1", takeovers, deadlinesDone)
	}
}

// TestStaleDeadlineChangesNothing makes the warning and deadline jobs of a turn the player finished in
// time run: they change nothing.
func TestStaleDeadlineChangesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice, bob := e.user("alice", "email"), e.user("bob", "email")
	id := e.createGame(r.svc, alice, human(alice), human(bob))
	snap, err := r.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	turn, player := snap.State.Turn(), snap.Seats[snap.State.Current()].UserID
	if e.jobsOf(id, jobs.KindTurnDeadline, "scheduled") != 1 || e.jobsOf(id, jobs.KindTurnWarning, "scheduled") != 1 {
		t.Fatalf("a human's turn has no scheduled warning and deadline")
	}
	// The player plays the whole turn, in time.
	for snap.State.Turn() == turn && snap.State.Phase() != rules.PhaseOver {
		cmd := ai.Normal(snap.State, snap.State.Current(), rand.New(rand.NewPCG(1, 2)))
		version := snap.Version
		if _, err := r.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(player), Command: cmd,
			ExpectedVersion: &version}); err != nil {
			t.Fatal(err)
		}
		if snap, err = r.svc.GameSnapshot(e.ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	version := snap.Version
	// The command that ended the turn cancelled its warning and deadline jobs.
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND (args->>'game_id')::int = $3
		AND (args->>'turn')::int = $4 AND state = 'cancelled'`, jobs.KindTurnDeadline, jobs.KindTurnWarning, id, turn); n != 2 {
		t.Errorf("%d of the ended turn's warning and deadline jobs are cancelled, want 2", n)
	}
	// Had they been fetched just before (they run at their time, the turn's hour gone), they change
	// nothing either.
	e.dueNow(`kind IN ($1, $2) AND (args->>'game_id')::int = $3 AND (args->>'turn')::int = $4`,
		jobs.KindTurnDeadline, jobs.KindTurnWarning, id, turn)
	e.waitFor("the stale jobs to run", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE (args->>'game_id')::int = $1 AND (args->>'turn')::int = $2
			AND kind IN ($3, $4) AND state = 'completed'`, id, turn, jobs.KindTurnDeadline, jobs.KindTurnWarning) == 2
	})
	if after := e.gameInt(id, "version"); int64(after) != version {
		t.Errorf("the game's version went from %d to %d", version, after)
	}
	if n := e.notices(player, id, turn, "turn_warning") + e.notices(player, id, turn, "cpu_played"); n != 0 {
		t.Errorf("stale jobs recorded %d notices", n)
	}
	if s := r.jobs.Stats(); s.Takeovers != 0 || s.CPUCommands != 0 {
		t.Errorf("stale jobs played: %+v", s)
	}
}

// TestNotificationRetriedAndDeliveredOnce invites a user who takes SMS; the provider fails the first try.
func TestNotificationRetriedAndDeliveredOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sms := startSMSAPI(t, 1)
	r := e.replica(testConfig(), newRouter(t, nil, sms))
	owner, bob := e.user("owner", "email"), e.user("bob", "sms")
	created := dbtest.Game(t, e.db, dbtest.GameOpts{Service: r.svc, Seats: []dbtest.SeatOpts{{User: owner}, {Invite: "Bob@example.com"}}})
	e.waitFor("the invitation to be sent", time.Minute, func() bool {
		return e.jobsOf(created.GameID, jobs.KindNotification, "") == 0 &&
			e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindNotification) == 1
	})
	if sms.failed.Load() != 1 || sms.delivered.Load() != 1 {
		t.Errorf("SMS API: %d failed, %d delivered; want 1 and 1", sms.failed.Load(), sms.delivered.Load())
	}
	link := "https://rout.example/games/" + strconv.Itoa(created.GameID)
	sms.mu.Lock()
	body := sms.bodies[0]
	sms.mu.Unlock()
	if !strings.HasPrefix(body, "+447700900123 Rout: owner invited you") || !strings.HasSuffix(body, link) {
		t.Errorf("SMS %q", body)
	}
	if n := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind = 'invited' AND sent_at IS NOT NULL`, bob); n != 1 {
		t.Errorf("bob's sent invitation notices: %d, want 1", n)
	}
	if n := e.count(`SELECT attempt FROM river_job WHERE kind = $1`, jobs.KindNotification); n != 2 {
		t.Errorf("the notification took %d attempts, want 2", n)
	}
	s := r.jobs.Stats()
	if k := s.Kinds[jobs.KindNotification]; k.Failed != 1 || k.Done != 1 || s.NotificationsSent != 1 {
		t.Errorf("stats: %+v", s)
	}
}

// TestSweeperRepairsAnOverdueTurn loses a turn's deadline job: the sweeper plays the overdue turn.
func TestSweeperRepairsAnOverdueTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice, bob := e.user("alice", "none"), e.user("bob", "none")
	id := e.createGame(r.svc, alice, human(alice), human(bob))
	turn := e.gameInt(id, "turn")
	player := e.count(`SELECT user_id FROM players WHERE game_id = $1 AND seat = (SELECT current_seat FROM games WHERE id = $1)`, id)
	if n, err := r.jobs.Sweep(e.ctx); err != nil || n != 0 {
		t.Fatalf("a sweep with nothing overdue played %d turns, %v", n, err)
	}
	// The deadline job is lost and the deadline long past.
	if _, err := e.db.Exec(`DELETE FROM river_job WHERE kind = $1`, jobs.KindTurnDeadline); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Exec(`UPDATE games SET turn_deadline = now() - interval '2 minutes' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if n, err := r.jobs.Sweep(e.ctx); err != nil || n != 1 {
		t.Fatalf("the sweep played %d turns, %v; want 1", n, err)
	}
	if got := e.gameInt(id, "turn"); got != turn+1 {
		t.Errorf("turn after the sweep: %d, want %d", got, turn+1)
	}
	if e.notices(player, id, turn, "cpu_played") != 1 {
		t.Errorf("the idle player has no cpu_played notice")
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = $2 AND cause IS DISTINCT FROM 'takeover'
		AND seq > (SELECT min(seq) FROM events WHERE game_id = $1 AND turn = $2)`, id, turn); n != 0 {
		t.Errorf("%d events of the turn taken over are not recorded as the takeover's", n)
	}
	if n, err := r.jobs.Sweep(e.ctx); err != nil || n != 0 {
		t.Errorf("a second sweep played %d turns, %v", n, err)
	}
	if s := r.jobs.Stats(); s.SweeperRepairs != 1 || s.Takeovers != 1 {
		t.Errorf("stats: %+v", s)
	}
}

// TestDeadlineLateness measures how late deadline jobs start with the default poll interval: several
// games whose first turn ends 7 s after it starts (past River's 5 s scheduling look-ahead, as a real
// turn of an hour or more is). It logs the figures docs/operations.md quotes.
func TestDeadlineLateness(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := jobs.DefaultConfig()
	cfg.CPUDelay, cfg.SweepInterval = 0, time.Hour
	r := e.replica(cfg, nil)
	const games = 8
	e.deadlineIn(7 * time.Second)
	var ids []int
	for i := range games {
		a, b := e.user("a"+strconv.Itoa(i), "none"), e.user("b"+strconv.Itoa(i), "none")
		ids = append(ids, e.createGame(r.svc, a, human(a), human(b)))
		time.Sleep(100 * time.Millisecond) // spread the deadlines over the poll interval
	}
	e.offset.Store(0)
	// A deadline job takes over the other due turns with its own (Config.TakeoverBatch), and their
	// deadline jobs are cancelled: every job of the first turns is finalized, completed or cancelled.
	e.waitFor("every first turn to be taken over", 2*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state IN ('completed', 'cancelled') AND (args->>'turn')::int = 1`,
			jobs.KindTurnDeadline) == games
	})
	rows, err := e.db.Query(`SELECT COALESCE(extract(epoch FROM attempted_at - scheduled_at), -1), extract(epoch FROM finalized_at - scheduled_at)
		FROM river_job WHERE kind = $1 AND (args->>'turn')::int = 1`, jobs.KindTurnDeadline)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var start, done []float64
	for rows.Next() {
		var s, d float64
		if err := rows.Scan(&s, &d); err != nil {
			t.Fatal(err)
		}
		if s >= 0 { // a job that ran, not one cancelled by another's takeover
			start = append(start, s)
		}
		done = append(done, d)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("deadline jobs started %s s after their deadline (mean %.3f, max %.3f); takeovers done after %s s (max %.3f), poll interval %v",
		figures(start), mean(start), maxOf(start), figures(done), maxOf(done), cfg.PollInterval)
	for _, id := range ids {
		if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = 2 AND kind = 'turn_started'`, id); n != 1 {
			t.Errorf("game %d did not move on to turn 2", id)
		}
	}
}

func figures(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'f', 3, 64)
	}
	return strings.Join(s, " ")
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func maxOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// TestPermanentFailureCancelsNotification invites a user who takes SMS but has no phone number: the
// notification fails for good at once and is not retried.
func TestPermanentFailureCancelsNotification(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sms := startSMSAPI(t, 0)
	r := e.replica(testConfig(), newRouter(t, nil, sms))
	owner, carol := e.user("owner", "email"), e.user("carol", "sms")
	if _, err := e.db.Exec(`UPDATE users SET phone = NULL WHERE id = $1`, carol); err != nil {
		t.Fatal(err)
	}
	dbtest.Game(t, e.db, dbtest.GameOpts{Service: r.svc, Seats: []dbtest.SeatOpts{{User: owner}, {Invite: "carol@example.com"}}})
	e.waitFor("the notification to be cancelled", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'cancelled'`, jobs.KindNotification) == 1
	})
	if n := e.count(`SELECT attempt FROM river_job WHERE kind = $1`, jobs.KindNotification); n != 1 {
		t.Errorf("attempts: %d, want 1", n)
	}
	if sms.failed.Load()+sms.delivered.Load() != 0 {
		t.Errorf("the SMS API was called")
	}
	if n := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind = 'invited' AND sent_at IS NULL`, carol); n != 1 {
		t.Errorf("carol's unsent invitation notices: %d, want 1", n)
	}
}

// TestEndedTurnsLeaveNoTimer plays turns of two humans in time, then ends the game by a resignation: a
// turn that ends takes its warning and deadline jobs with it, so that only the current turn's wait, and
// none once the game is over.
func TestEndedTurnsLeaveNoTimer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice, bob := e.user("alice", "none"), e.user("bob", "none")
	id := e.createGame(r.svc, alice, human(alice), human(bob))
	waiting := func() int {
		return e.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND (args->>'game_id')::int = $3
			AND state IN ('available', 'retryable', 'scheduled')`, jobs.KindTurnDeadline, jobs.KindTurnWarning, id)
	}
	for range 6 {
		snap, err := r.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		turn := snap.State.Turn()
		for snap.State.Turn() == turn && snap.State.Phase() != rules.PhaseOver {
			player := snap.Seats[snap.State.Current()].UserID
			cmd := ai.Normal(snap.State, snap.State.Current(), rand.New(rand.NewPCG(uint64(turn), 2)))
			version := snap.Version
			if _, err := r.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(player), Command: cmd,
				ExpectedVersion: &version}); err != nil {
				t.Fatal(err)
			}
			if snap, err = r.svc.GameSnapshot(e.ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		if snap.Status != game.StatusActive {
			break
		}
		now := snap.State.Turn()
		if n := waiting(); n != 2 {
			t.Fatalf("after turn %d: %d warning and deadline jobs wait, want the 2 of turn %d", turn, n, now)
		}
		if n := e.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND (args->>'game_id')::int = $3
			AND (args->>'turn')::int = $4 AND state = 'scheduled'`, jobs.KindTurnDeadline, jobs.KindTurnWarning, id, now); n != 2 {
			t.Fatalf("turn %d has %d scheduled warning and deadline jobs, want 2", now, n)
		}
	}
	// The player whose turn it is resigns: that turn's timers go, and none is left once the game is over.
	snap, err := r.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	resigned := snap.State.Turn()
	if _, err := r.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(snap.Seats[snap.State.Current()].UserID),
		Command: rules.Resign{}}); err != nil {
		t.Fatal(err)
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND (args->>'game_id')::int = $3
		AND (args->>'turn')::int = $4 AND state IN ('available', 'retryable', 'scheduled')`,
		jobs.KindTurnDeadline, jobs.KindTurnWarning, id, resigned); n != 0 {
		t.Errorf("%d warning and deadline jobs of the turn ended by a resignation still wait", n)
	}
	over := e.count(`SELECT count(*) FROM games WHERE id = $1 AND status <> 'active'`, id) == 1
	if n := waiting(); (over && n != 0) || n > 2 {
		t.Errorf("after the resignation (game over: %v) %d warning and deadline jobs wait", over, n)
	}
}

// TestSweeperPlaysAStalledCPUTurn starts a game of two CPU seats whose CPU turn job is lost (its service
// enqueues none): once its last event is older than the sweeper's grace, with no CPU turn job waiting,
// the sweeper plays the turn. A job waiting for a retry keeps the sweeper away.
func TestSweeperPlaysAStalledCPUTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	e.waitFor("the sweep at start", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindSweep) == 1
	})
	_, lost := e.inserter()
	owner := e.user("owner", "none")
	id := e.createGame(lost, owner, cpu("easy"), cpu("normal"))
	turn, seat := e.gameInt(id, "turn"), e.gameInt(id, "current_seat")
	if n := e.jobsOf(id, jobs.KindCPUTurn, ""); n != 0 {
		t.Fatalf("the game has %d CPU turn jobs, want none (lost)", n)
	}
	if n, err := r.jobs.Sweep(e.ctx); err != nil || n != 0 {
		t.Fatalf("a sweep within the grace played %d turns, %v; want none", n, err)
	}
	// The last event is older than the grace (a minute).
	if _, err := e.db.Exec(`UPDATE events SET created_at = created_at - interval '1 hour' WHERE game_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	retry := fmt.Sprintf(`{"game_id": %d, "turn": %d, "seat": %d}`, id, turn, seat)
	if _, err := e.db.Exec(`INSERT INTO river_job (kind, args, queue, state, scheduled_at, max_attempts, priority)
		VALUES ($1, $2::jsonb, $3, 'scheduled', now() + interval '1 hour', 25, 1)`, jobs.KindCPUTurn, retry, jobs.QueueGame); err != nil {
		t.Fatal(err)
	}
	if n, err := r.jobs.Sweep(e.ctx); err != nil || n != 0 {
		t.Fatalf("a sweep with the turn's job waiting played %d turns, %v; want none", n, err)
	}
	if _, err := e.db.Exec(`DELETE FROM river_job WHERE kind = $1`, jobs.KindCPUTurn); err != nil {
		t.Fatal(err)
	}
	if n, err := r.jobs.Sweep(e.ctx); err != nil || n != 1 {
		t.Fatalf("the sweep played %d turns, %v; want 1", n, err)
	}
	if got := e.gameInt(id, "turn"); got <= turn {
		t.Errorf("turn after the sweep: %d, want past %d", got, turn)
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = $2 AND cause = 'sweeper'`, id, turn); n == 0 {
		t.Errorf("no event of the stalled turn is recorded as the sweeper's")
	}
	if s := r.jobs.Stats(); s.SweeperRepairs != 1 || s.CPUTurns < 1 {
		t.Errorf("stats: %+v", s)
	}
}

// TestTurnGoesOnInANewRunWhenTheJobsTimeRunsShort plays a CPU turn with too little of a job's time left
// for a play (a quarter of the job's time, and the pause, none here): the turn stops before it and the job
// snoozes for no time, to go on in its next run. A turn longer than one play of the service (here 1 command) commits
// what it played and snoozes too, so that no run holds a worker longer than one play: the next runs go on
// and end the turn.
func TestTurnGoesOnInANewRunWhenTheJobsTimeRunsShort(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	cfg.RescueAfter = 4 * time.Second // a job's time is 3 s, a quarter of it 0.75 s
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, Effects: effects, PlayCommands: 1})
	if err != nil {
		t.Fatal(err)
	}
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, Config: cfg}) // not started: the test runs the job
	if err != nil {
		t.Fatal(err)
	}
	_, lost := e.inserter() // no CPU turn job: the test plays the turn itself
	id := e.createGame(lost, e.user("owner", "none"), cpu("easy"), cpu("normal"))
	turn, seat := e.gameInt(id, "turn"), e.gameInt(id, "current_seat")
	short, cancel := context.WithTimeout(e.ctx, 500*time.Millisecond) // less than 3 s / 4
	defer cancel()
	played, err := j.PlayTurn(short, id, turn, seat)
	var snooze *river.JobSnoozeError
	if !errors.As(err, &snooze) || played != 0 {
		t.Fatalf("with 0.5 s left: played %d, %v; want none and a snooze", played, err)
	}
	if got := e.gameInt(id, "turn"); got != turn {
		t.Fatalf("the turn moved to %d", got)
	}
	// Runs of a job's whole time each play one command, snooze while the turn goes on, and end it.
	for runs := 1; ; runs++ {
		long, cancel := context.WithTimeout(e.ctx, cfg.JobTimeout())
		before := e.gameInt(id, "version")
		played, err := j.PlayTurn(long, id, turn, seat)
		cancel()
		if played != 1 || e.gameInt(id, "version")-before != 1 {
			t.Fatalf("run %d played %d commands (%v), the version moved by %d; want 1 and 1",
				runs, played, err, e.gameInt(id, "version")-before)
		}
		if err == nil {
			if runs < 2 {
				t.Errorf("a turn of one command")
			}
			t.Logf("the turn took %d runs", runs)
			break
		}
		if !errors.As(err, &snooze) || runs == 50 {
			t.Fatalf("run %d: %v; want a snooze, or the turn's end", runs, err)
		}
	}
	if got := e.gameInt(id, "turn"); got <= turn {
		t.Errorf("turn after the runs: %d, want past %d", got, turn)
	}
}

// TestBurstOfDeadlinesTakenOverOnce lets the deadlines of 12 games fall due at one moment before three
// replicas of one worker each, whose deadline jobs take over up to 3 other due turns with their own
// (Config.TakeoverBatch): every turn is taken over exactly once (one cpu_played notice, one takeover on
// the seat, the replicas' takeovers adding up to the games), every deadline job of those turns ends
// completed or cancelled and none fails, some are cancelled (the first batch finds at least 9 due games
// not locked, of which at most 2 are running their own jobs), and every game goes on to its next turn
// with its timers.
func TestBurstOfDeadlinesTakenOverOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	cfg.MaxWorkers, cfg.TakeoverBatch = 1, 4
	var replicas []replica
	for range 3 {
		replicas = append(replicas, e.replica(cfg, nil))
	}
	const games = 12
	// Every turn ends an hour from its start until the burst below moves the first turns' deadlines: on a
	// loaded machine creating the games can take longer than a short deadline, whose turns would then be
	// taken over before the burst, and their next turns too.
	type seat struct{ game, user, seat int }
	var idle []seat
	for i := range games {
		a, b := e.user("a"+strconv.Itoa(i), "none"), e.user("b"+strconv.Itoa(i), "none")
		id := e.createGame(replicas[i%3].svc, a, human(a), human(b))
		s := e.gameInt(id, "current_seat")
		user := e.count(`SELECT user_id FROM players WHERE game_id = $1 AND seat = $2`, id, s)
		idle = append(idle, seat{id, user, s})
	}
	// Every first turn ends at one moment, its deadline job scheduled for it, as the benchmark's burst.
	at := time.Now().Add(2 * time.Second).UTC().Truncate(time.Microsecond)
	if _, err := e.db.Exec(`UPDATE games SET turn_deadline = $1`, at); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Exec(`UPDATE river_job SET scheduled_at = $1, args = jsonb_set(args, '{deadline}', to_jsonb($2::text))
		WHERE kind = $3`, at, at.Format(time.RFC3339Nano), jobs.KindTurnDeadline); err != nil {
		t.Fatal(err)
	}
	e.waitFor("every first turn to be taken over", 2*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM games WHERE turn > 1`) == games
	})
	e.waitFor("every deadline job of the first turns to end", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND finalized_at IS NULL AND (args->>'turn')::int = 1`,
			jobs.KindTurnDeadline) == 0
	})
	for _, s := range idle {
		if n := e.notices(s.user, s.game, 1, "cpu_played"); n != 1 {
			t.Errorf("game %d: %d cpu_played notices for turn 1, want 1", s.game, n)
		}
		if n := e.count(`SELECT takeovers FROM players WHERE game_id = $1 AND seat = $2`, s.game, s.seat); n != 1 {
			t.Errorf("game %d: seat %d has %d takeovers recorded, want 1", s.game, s.seat, n)
		}
		if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = 1 AND cause = 'takeover'`, s.game); n == 0 {
			t.Errorf("game %d: nobody took turn 1 over", s.game)
		}
		if n := e.jobsOf(s.game, jobs.KindTurnDeadline, "scheduled"); n != 1 {
			t.Errorf("game %d: %d deadline jobs waiting for the next turn, want 1", s.game, n)
		}
		if err := replicas[0].svc.GameVerify(e.ctx, s.game); err != nil {
			t.Errorf("game %d: the record does not replay to the rows: %v", s.game, err)
		}
	}
	var takeovers, failed int64
	for _, r := range replicas {
		st := r.jobs.Stats()
		takeovers += st.Takeovers
		failed += st.Kinds[jobs.KindTurnDeadline].Failed
	}
	cancelled := e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'cancelled' AND (args->>'turn')::int = 1`,
		jobs.KindTurnDeadline)
	t.Logf("%d deadline jobs of the first turns cancelled (taken over with another's)", cancelled)
	if cancelled == 0 {
		t.Errorf("no deadline job was cancelled: no takeover took another game over with its own")
	}
	if takeovers != games || failed != 0 {
		t.Errorf("the replicas took over %d turns with %d failed deadline jobs; want %d and none", takeovers, failed, games)
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state NOT IN ('completed', 'cancelled') AND (args->>'turn')::int = 1`,
		jobs.KindTurnDeadline); n != 0 {
		t.Errorf("%d deadline jobs of the first turns neither completed nor cancelled", n)
	}
}
