package jobs_test

import (
	"testing"
	"time"

	"rout/dbtest"
	"rout/jobs"
)

// TestUserRateHoldsAcrossReplicas invites bob to ten games on three replicas that allow four messages
// a user an hour: the notification jobs spread over the replicas, bob gets exactly four emails, and the
// six others are dropped with the reason user_rate; every job ran once.
func TestUserRateHoldsAcrossReplicas(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	mail := startSMTP(t)
	cfg := testConfig()
	cfg.NotifyPerUserHour = 4
	var replicas []replica
	for range 3 {
		replicas = append(replicas, e.replica(cfg, newRouter(t, mail, nil)))
	}
	owner := e.user("owner", "email")
	e.user("bob", "email")
	const games = 10
	for i := range games {
		dbtest.Game(t, e.db, dbtest.GameOpts{Service: replicas[i%3].svc, Creator: owner,
			Seats: []dbtest.SeatOpts{{User: owner}, {Invite: "bob@example.com"}}})
	}
	e.waitFor("every invitation to be worked", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindNotification) == games
	})
	if n := mail.kinds("bob@example.com")["invited"]; n != cfg.NotifyPerUserHour {
		t.Errorf("bob got %d invitations, want %d", n, cfg.NotifyPerUserHour)
	}
	var sent, dropped int64
	workers := 0
	for _, r := range replicas {
		s := r.jobs.Stats()
		sent += s.NotificationsSent
		dropped += s.NotificationsDropped["user_rate"]
		if s.Kinds[jobs.KindNotification].Done > 0 {
			workers++
		}
	}
	if sent != int64(cfg.NotifyPerUserHour) || dropped != games-int64(cfg.NotifyPerUserHour) {
		t.Errorf("the replicas sent %d and dropped %d for user_rate, want %d and %d", sent, dropped, cfg.NotifyPerUserHour,
			games-cfg.NotifyPerUserHour)
	}
	t.Logf("%d of the 3 replicas worked notification jobs", workers)
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND attempt <> 1`, jobs.KindNotification); n != 0 {
		t.Errorf("%d notification jobs ran more or less than once", n)
	}
}
