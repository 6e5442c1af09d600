package jobs

import (
	"context"
	"sync/atomic"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Stats are what one Jobs has done since New, for metrics: read them with Jobs.Stats as often as needed
// (each call is a consistent-enough snapshot of atomic counters; every count only grows).
type Stats struct {
	// Kinds holds, for every job kind (Kinds), how many jobs this process finished and how many attempts
	// failed (returned an error: River retries them, or discards them after their last attempt).
	Kinds map[string]KindStats
	// CPUTurns counts the turns (game turns, claim picks, placement turns) CPU seats finished playing.
	CPUTurns int64
	// CPUCommands counts the commands CPU players submitted, for CPU seats and takeovers alike.
	CPUCommands int64
	// Takeovers counts the idle players' turns the Cautious CPU played because the deadline passed (by the
	// deadline job or the sweeper).
	Takeovers int64
	// SweeperRepairs counts the overdue turns the sweeper played.
	SweeperRepairs int64
	// NotificationsSent counts the emails and SMS the provider accepted.
	NotificationsSent int64
	// NotificationsDropped counts, by reason, the messages not sent: seen_or_played, seen_or_read, channel_unavailable,
	// permanent_failure, user_rate, seen_live, no_push_device.
	NotificationsDropped map[string]int64
}

// KindStats are the counts of one job kind.
type KindStats struct {
	Done   int64 // attempts that returned nil
	Failed int64 // attempts that returned an error
}

// counters are the atomic counters behind Stats.
type counters struct {
	kinds                                                        map[string]*kindCounters // fixed at New: read-only
	cpuTurns, cpuCommands, takeovers, sweeperRepairs, notifySent atomic.Int64
}

type kindCounters struct{ done, failed atomic.Int64 }

func newCounters() *counters {
	c := &counters{kinds: make(map[string]*kindCounters)}
	for _, k := range Kinds() {
		c.kinds[k] = new(kindCounters)
	}
	return c
}

// Stats returns the counts so far.
func (j *Jobs) Stats() Stats {
	c := j.stats
	s := Stats{Kinds: make(map[string]KindStats, len(c.kinds)),
		CPUTurns: c.cpuTurns.Load(), CPUCommands: c.cpuCommands.Load(), Takeovers: c.takeovers.Load(),
		SweeperRepairs: c.sweeperRepairs.Load(), NotificationsSent: c.notifySent.Load(),
		NotificationsDropped: j.limits.droppedCounts()}
	for k, kc := range c.kinds {
		s.Kinds[k] = KindStats{Done: kc.done.Load(), Failed: kc.failed.Load()}
	}
	return s
}

// countingMiddleware counts every job attempt by kind and outcome.
type countingMiddleware struct {
	river.MiddlewareDefaults
	stats *counters
}

// Work runs the job and counts how it went.
func (m *countingMiddleware) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	err := doInner(ctx)
	if kc, ok := m.stats.kinds[job.Kind]; ok {
		if err != nil {
			kc.failed.Add(1)
		} else {
			kc.done.Add(1)
		}
	}
	return err
}
