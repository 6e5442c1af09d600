package main

import (
	"database/sql"
	"net/http"
	"slices"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/internal/testwait"
	"rout/jobs"
)

// TestWorkerPlaysForAPIReplicas runs `rout serve --workers=false` and `rout worker` on one database. A
// game of two CPU seats, started through a game service whose jobs only insert (as an API replica's
// do), is played to its end by the worker; the API replica works no job.
func TestWorkerPlaysForAPIReplicas(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(t)
	api := startServe(t, map[string]string{"DATABASE_URL": dsn, "ROUT_WORKERS": "false"})
	api.waitReady(t)
	worker := startRout(t, "worker", map[string]string{"DATABASE_URL": dsn, "ROUT_CPU_DELAY": "0s",
		"ROUT_JOBS_POLL_INTERVAL": "50ms"})
	worker.waitReady(t)
	if status, _ := worker.get(t, "/graphql"); status != http.StatusNotFound {
		t.Errorf("the worker serves GET /graphql: %d, want 404", status)
	}

	db := dbtest.OpenURL(t, dsn)
	id := cpuGame(t, db)
	if !testwait.Until(5*time.Minute, func() bool {
		var status game.Status
		if err := db.QueryRow(`SELECT status FROM games WHERE id = $1`, id).Scan(&status); err != nil {
			t.Fatal(err)
		}
		return status == game.StatusFinished
	}) {
		t.Fatalf("the worker did not finish the game within 5 minutes; worker log:\n%s", worker.log)
	}
	worker.stop(t)
	api.stop(t)
	if !slices.Contains(worker.log.messages(), "jobs started") {
		t.Errorf("the worker did not log that it works jobs")
	}
	if slices.Contains(api.log.messages(), "jobs started") {
		t.Errorf("rout serve --workers=false works jobs")
	}
}

// cpuGame starts a game of two CPUs (normal and easy) through an API replica's game service, whose jobs
// are only inserted, for a worker to play, and returns its id.
func cpuGame(t *testing.T, db *sql.DB) int {
	t.Helper()
	inserter, err := jobs.NewEffects(jobs.EffectsOpts{DB: db, Accounts: dbtest.Accounts(t, db), Config: jobs.DefaultConfig()})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db), Effects: inserter})
	if err != nil {
		t.Fatal(err)
	}
	return dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Start: true,
		Seats: []dbtest.SeatOpts{{CPU: true, Difficulty: "normal"}, {CPU: true, Difficulty: "easy"}}}).GameID
}
