package metrics

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// RiverQueryTimeout bounds the queries of River's job table at each scrape. When they fail or time
// out, the scrape goes on without the River series and rout_river_scrape_errors_total counts it.
const RiverQueryTimeout = 2 * time.Second

// River's job table, read at each scrape. The state filter uses River's index that leads with state
// (river_job_prioritized_fetching_index); completed and cancelled jobs, the bulk of the table, are left
// out.
const (
	riverJobCountsQuery = `SELECT kind, state::text, count(*) FROM river_job
WHERE state IN ('available', 'pending', 'retryable', 'running', 'scheduled', 'discarded')
GROUP BY kind, state`
	riverOldestAvailableQuery = `SELECT queue, extract(epoch FROM now() - min(scheduled_at))::float8 FROM river_job
WHERE state = 'available'
GROUP BY queue`
)

// riverCollector reports River's jobs by kind and state from the database, so that every replica
// reports the whole queue.
type riverCollector struct {
	db     *sql.DB
	logger *slog.Logger
	jobs   *prometheus.Desc
	oldest *prometheus.Desc
	errors prometheus.Counter
}

// newRiverCollector returns the collector of River's job table in db.
func newRiverCollector(db *sql.DB, logger *slog.Logger) *riverCollector {
	return &riverCollector{
		db:     db,
		logger: logger,
		jobs: prometheus.NewDesc("rout_river_jobs",
			"River jobs in the database that are not finished, or were discarded, by kind and state.",
			[]string{"kind", "state"}, nil),
		oldest: prometheus.NewDesc("rout_river_oldest_available_job_age_seconds",
			"How long the oldest available River job of each queue has waited to be worked.",
			[]string{"queue"}, nil),
		errors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rout_river_scrape_errors_total",
			Help: "Scrapes whose query of River's job table failed or timed out.",
		}),
	}
}

// Describe implements prometheus.Collector.
func (c *riverCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.jobs
	ch <- c.oldest
	c.errors.Describe(ch)
}

// Collect implements prometheus.Collector.
func (c *riverCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), RiverQueryTimeout)
	defer cancel()
	if err := c.collect(ctx, ch); err != nil {
		c.errors.Inc()
		c.logger.Warn("error reading River's job table for metrics", "error", err)
	}
	c.errors.Collect(ch)
}

// collect sends the series read from the database. On an error, the series sent before it stay.
func (c *riverCollector) collect(ctx context.Context, ch chan<- prometheus.Metric) error {
	err := queryRows(ctx, c.db, riverJobCountsQuery, func(rows *sql.Rows) error {
		var kind, state string
		var n float64
		if err := rows.Scan(&kind, &state, &n); err != nil {
			return err
		}
		ch <- prometheus.MustNewConstMetric(c.jobs, prometheus.GaugeValue, n, kind, state)
		return nil
	})
	if err != nil {
		return fmt.Errorf("error counting River jobs by state: %w", err)
	}
	err = queryRows(ctx, c.db, riverOldestAvailableQuery, func(rows *sql.Rows) error {
		var queue string
		var age float64
		if err := rows.Scan(&queue, &age); err != nil {
			return err
		}
		// A job scheduled a moment ahead of the database clock is not waiting yet.
		ch <- prometheus.MustNewConstMetric(c.oldest, prometheus.GaugeValue, max(age, 0), queue)
		return nil
	})
	if err != nil {
		return fmt.Errorf("error finding the oldest available River job: %w", err)
	}
	return nil
}

// queryRows runs query on db and calls scan for each row.
func queryRows(ctx context.Context, db *sql.DB, query string, scan func(*sql.Rows) error) error {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
