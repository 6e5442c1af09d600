package jobs_test

import (
	"net/mail"
	"strings"
	"testing"
	"time"

	"rout/jobs"
	"rout/notifications"
)

// messages returns the messages to address to, with their bodies.
func (r *smtpRecorder) messages(to string) (msgs []*mail.Message, bodies []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, m := range r.msgs {
		if addr, err := mail.ParseAddress(m.Header.Get("To")); err == nil && addr.Address == to {
			msgs, bodies = append(msgs, m), append(bodies, r.bodies[i])
		}
	}
	return msgs, bodies
}

// waitJobsDone waits until no job of the notification queue's kinds is left unfinished.
func (e *env) waitJobsDone(what string) {
	e.t.Helper()
	e.waitFor(what, time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND finalized_at IS NULL
			AND scheduled_at <= now()`, jobs.KindNotification, jobs.KindDigest) == 0
	})
}

// TestTwentyTurnsAtOnceMakeOneDigest starts twenty games on three replicas whose turns all wait on one
// player who batches your_turn notices by the day: one digest job holds them, and, when its window ends,
// one email lists the twenty games; every notification job ran exactly once.
func TestTwentyTurnsAtOnceMakeOneDigest(t *testing.T) {
	t.Parallel()
	if now := time.Now().UTC(); now.Add(10*time.Minute).Day() != now.Day() {
		t.Skip("too close to midnight UTC: the games could fall into two digest windows")
	}
	e := newEnv(t)
	mail := startSMTP(t)
	var replicas []replica
	for range 3 {
		replicas = append(replicas, e.replica(testConfig(), newRouter(t, mail, nil)))
	}
	dora := e.user("dora", "email")
	if _, err := e.db.Exec(`UPDATE users SET digest_hours = 24, time_zone = 'Europe/Paris' WHERE id = $1`, dora); err != nil {
		t.Fatal(err)
	}
	const games = 20
	for i := range games {
		e.createGame(replicas[i%3].svc, dora, human(dora), cpu("normal"))
	}
	e.waitFor("a your_turn notice in every game", time.Minute, func() bool {
		return e.count(`SELECT count(DISTINCT game_id) FROM notices WHERE user_id = $1 AND kind = 'your_turn'`, dora) == games
	})
	digests := func() int {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND (args->>'user_id')::int = $2`, jobs.KindDigest, dora)
	}
	if n := digests(); n != 1 {
		t.Fatalf("%d digest jobs for dora, want one for the day", n)
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1`, jobs.KindNotification); n != 0 {
		t.Errorf("%d notification jobs: want none (the game-over and warning notices are not due)", n)
	}
	if msgs, _ := mail.messages("dora@example.com"); len(msgs) != 0 {
		t.Fatalf("%d emails before the window ended", len(msgs))
	}
	// The window ends: make the digest due now.
	e.dueNow(`kind = $1 AND state = 'scheduled'`, jobs.KindDigest)
	e.waitFor("the digest to be sent", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindDigest) == 1
	})
	msgs, bodies := mail.messages("dora@example.com")
	if len(msgs) != 1 {
		t.Fatalf("%d emails to dora, want one digest", len(msgs))
	}
	if subject := msgs[0].Header.Get("Subject"); subject != "Your turn in 20 games" {
		t.Errorf("subject %q", subject)
	}
	unsub := notifications.Unsubscribe{Key: []byte(testUnsubscribeKey), BaseURL: "https://rout.example"}
	if got, want := msgs[0].Header.Get("List-Unsubscribe"), "<"+unsub.URL(dora, notifications.KindYourTurn)+">"; got != want ||
		msgs[0].Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe %q (want %q), List-Unsubscribe-Post %q", got, want, msgs[0].Header.Get("List-Unsubscribe-Post"))
	}
	if n := strings.Count(bodies[0], "https://rout.example/games/"); n != games {
		t.Errorf("the digest links %d games, want %d:\n%s", n, games, bodies[0])
	}
	if !strings.Contains(bodies[0], "CET") {
		t.Errorf("the digest's deadlines are not in dora's time zone (CET):\n%s", bodies[0])
	}
	if n := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind = 'your_turn' AND sent_at IS NULL`, dora); n != 0 {
		t.Errorf("%d your_turn notices left unsettled", n)
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND attempt <> 1`, jobs.KindDigest, jobs.KindNotification); n != 0 {
		t.Errorf("%d notification jobs ran more or less than once", n)
	}
	// A second digest of the same window (a replica inserting late) finds nothing to send.
	if n := digests(); n != 1 {
		t.Errorf("%d digest jobs after sending, want 1", n)
	}
}

// TestQuietHoursHoldYourTurnButNotTheWarning gives a player quiet hours around now in their time zone:
// the your_turn email waits (its job snoozes until the quiet hours end), the turn warning goes out.
func TestQuietHoursHoldYourTurnButNotTheWarning(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	mail := startSMTP(t)
	r := e.replica(testConfig(), newRouter(t, mail, nil))
	erin := e.user("erin", "email")
	loc, err := notifications.LoadTimeZone("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	local := e.clock().In(loc)
	minute := local.Hour()*60 + local.Minute()
	start, end := (minute+24*60-60)%(24*60), (minute+60)%(24*60)
	if _, err := e.db.Exec(`UPDATE users SET time_zone = 'America/New_York', quiet_start = $2, quiet_end = $3 WHERE id = $1`,
		erin, start, end); err != nil {
		t.Fatal(err)
	}
	// The warning (a quarter of the hour's limit before the deadline) is due at once; the deadline is far
	// enough that no takeover ends the turn before a slow machine runs the warning job.
	e.deadlineIn(10 * time.Minute)
	e.createGame(r.svc, erin, human(erin), cpu("normal"))
	e.waitFor("the warning email", time.Minute, func() bool { return mail.kinds("erin@example.com")["turn_warning"] == 1 })
	e.waitFor("the your_turn job to snooze", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND args->>'kind' = 'your_turn' AND state = 'scheduled'
			AND scheduled_at > now() + interval '50 minutes'`, jobs.KindNotification) >= 1
	})
	if got := mail.kinds("erin@example.com")["your_turn"]; got != 0 {
		t.Errorf("%d your_turn emails during quiet hours", got)
	}
}

// TestSeenNoticeSendsNoEmail: a notice a live subscriber received (seen_at) sends no email, unless the
// user chose always.
func TestSeenNoticeSendsNoEmail(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	mail := startSMTP(t)
	cfg := testConfig()
	cfg.NotifyDelay = time.Hour // the test makes the jobs due once the notices are seen
	r := e.replica(cfg, newRouter(t, mail, nil))
	fay, gus := e.user("fay", "email"), e.user("gus", "email")
	if _, err := e.db.Exec(`UPDATE users SET notify_always = true WHERE id = $1`, gus); err != nil {
		t.Fatal(err)
	}
	for _, u := range []int{fay, gus} {
		e.createGame(r.svc, u, human(u), cpu("normal"))
	}
	e.waitFor("the your_turn notices", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM notices WHERE kind = 'your_turn'`) == 2
	})
	if _, err := e.db.Exec(`UPDATE notices SET seen_at = now()`); err != nil {
		t.Fatal(err)
	}
	e.dueNow(`kind = $1 AND state = 'scheduled'`, jobs.KindNotification)
	e.waitJobsDone("the notifications")
	if got := mail.kinds("fay@example.com")["your_turn"]; got != 0 {
		t.Errorf("%d your_turn emails to fay, who saw it live", got)
	}
	if got := mail.kinds("gus@example.com")["your_turn"]; got != 1 {
		t.Errorf("%d your_turn emails to gus, who chose always: want 1", got)
	}
	if got := r.jobs.Stats().NotificationsDropped["seen_live"]; got != 1 {
		t.Errorf("dropped seen_live %d, want 1", got)
	}
}
