package metrics_test

import (
	"database/sql"
	"log"
	"net/http"
	"os"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivertype"

	"rout/internal/metrics"
)

// Serving /metrics, counting every request, and timing every River job.
func ExampleNew() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	m, err := metrics.New(metrics.Opts{DB: db, Token: os.Getenv("ROUT_METRICS_TOKEN")})
	if err != nil {
		log.Fatal(err)
	}
	workers := river.NewWorkers() // river.AddWorker(workers, ...) for each job kind
	jobs, err := river.NewClient(riverdatabasesql.New(db), &river.Config{
		Queues:     map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 10}},
		Workers:    workers,
		Middleware: []rivertype.Middleware{m.JobMiddleware()},
	})
	if err != nil {
		log.Fatal(err)
	}
	_ = jobs // jobs.Start(ctx) ...

	mux := http.NewServeMux()
	mux.Handle("GET "+metrics.Path, m.Handler())
	log.Fatal(http.ListenAndServe("127.0.0.1:8080", m.Middleware(mux)))
}
