package jobs

import (
	"errors"
	"fmt"
	"time"

	"rout/internal/envconf"
)

// Defaults of Config.
const (
	// DefaultPollInterval is how often an idle worker asks for jobs that have come due. Scheduled jobs
	// (deadlines, warnings) are due at their time but announce nothing, so this bounds how late they run.
	DefaultPollInterval = 200 * time.Millisecond
	// DefaultFetchCooldown is the shortest time between two fetches of jobs by one queue while jobs keep
	// coming (River's FetchCooldown, whose default is 100 ms). River fetches as many jobs as the queue has
	// free workers, and again when one finishes but not sooner than this: with takeovers of a few
	// milliseconds each, a cooldown of 100 ms would cap a burst of due deadlines at MaxWorkers jobs per 100
	// ms (200 a second at the defaults) however fast the database is. An idle queue does not fetch more
	// for it: it asks every PollInterval.
	DefaultFetchCooldown = 5 * time.Millisecond
	// DefaultCPUDelay is the pause before each turn a CPU seat plays, so that viewers can follow a game of
	// CPUs turn by turn (a turn's commands are committed at once).
	DefaultCPUDelay = 500 * time.Millisecond
	// DefaultSweepInterval is how often the sweeper looks for overdue games.
	DefaultSweepInterval = time.Minute
	// DefaultSweepGrace is how long past its deadline a turn must be before the sweeper takes it over
	// (the deadline job normally has by then).
	DefaultSweepGrace = time.Minute
	// DefaultMaxWorkers is how many jobs of the game queue (warnings, deadlines, the sweeper) a process
	// works at once. Each running job holds one database connection while its transaction runs, and the
	// server adds one connection per worker to its pool, so that a burst of due deadlines runs at the
	// database's pace without taking the API's connections. A takeover is one transaction (the whole
	// turn, decided in memory) that mostly waits on its round trips and its commit, so more workers clear
	// a burst faster until the database is busy: on the shared 2-core machine 80 workers took 600
	// takeovers at 83 a second against 58 with 20 (docs/benchmarks.md). The default keeps the pool within
	// PostgreSQL's default max_connections with a few replicas; raise it for a bigger database.
	DefaultMaxWorkers = 20
	// DefaultTakeoverBatch is how many turns whose deadline has passed one deadline job takes over in its
	// transaction: its own and up to this many less one of other games (game.Service.TakeOverDue), whose
	// own deadline jobs are then cancelled. A takeover is a few round trips of its own (its rows, the
	// state of a game this process has not cached) within a transaction of a dozen (the lock, the jobs and
	// notices of the next turns, the commit, River's fetch and completion of the job), so a burst of due
	// deadlines is cleared several times faster in batches (docs/benchmarks.md); a batch holds its games'
	// locks for at most game.PlayTime.
	DefaultTakeoverBatch = 50
	// DefaultCPUWorkers is how many CPU turns (the CPU queue) a process plays at once. A CPU turn is work
	// for this process's cores first (the CPU's decisions) and one transaction after, and it waits
	// Config.CPUDelay before it: a few workers keep a hundred games of CPUs moving, on a queue of their
	// own, so that they never delay a deadline.
	DefaultCPUWorkers = 8
	// MaxNotifyWorkers is the most notifications a process sends at once: they wait on mail and SMS
	// providers, not on the database.
	MaxNotifyWorkers = 20
	// DefaultNotifyAttempts is how many times a notification is tried before it is given up.
	DefaultNotifyAttempts = 12
	// DefaultRescueAfter is how long a job may stay running before River takes it for the job of a dead
	// worker and runs it again: a CPU turn is short, and one caught by a crash resumes soon.
	DefaultRescueAfter = time.Minute
)

// The environment variables ConfigFromEnv reads, one per field of Config.
const (
	EnvPollInterval   = "ROUT_JOBS_POLL_INTERVAL"
	EnvFetchCooldown  = "ROUT_JOBS_FETCH_COOLDOWN"
	EnvCPUDelay       = "ROUT_CPU_DELAY"
	EnvSweepInterval  = "ROUT_SWEEP_INTERVAL"
	EnvSweepGrace     = "ROUT_SWEEP_GRACE"
	EnvMaxWorkers     = "ROUT_JOBS_MAX_WORKERS"
	EnvCPUWorkers     = "ROUT_JOBS_CPU_WORKERS"
	EnvTakeoverBatch  = "ROUT_JOBS_TAKEOVER_BATCH"
	EnvNotifyAttempts = "ROUT_NOTIFY_ATTEMPTS"
	EnvRescueAfter    = "ROUT_JOBS_RESCUE_AFTER"
	EnvNotifyDelay    = "ROUT_NOTIFY_DELAY"
	EnvNotifyPerUser  = "ROUT_NOTIFY_PER_USER_HOUR"
	EnvNotifyRate     = "ROUT_NOTIFY_PER_SECOND"
)

// DefaultNotifyDelay is how long a notification waits before it is sent, so that a player who has the
// game open sees it live first and gets no email or SMS (online suppression).
const DefaultNotifyDelay = 30 * time.Second

// Config is how jobs run. DefaultConfig gives the defaults; the zero Config is not valid.
type Config struct {
	// PollInterval is River's fetch poll interval (ROUT_JOBS_POLL_INTERVAL): how often each queue asks
	// for jobs that have come due. New jobs are announced (LISTEN/NOTIFY) and start at once; scheduled
	// ones are found by this poll, so a deadline runs at most about PollInterval late.
	PollInterval time.Duration
	// FetchCooldown is the shortest time between two fetches of one queue while jobs keep coming
	// (ROUT_JOBS_FETCH_COOLDOWN; River's FetchCooldown), at most PollInterval: see DefaultFetchCooldown.
	FetchCooldown time.Duration
	// CPUDelay is the pause before each turn a CPU seat plays (ROUT_CPU_DELAY); 0 for none. A turn's
	// commands are then committed at once; takeovers do not pause.
	CPUDelay time.Duration
	// SweepInterval is how often the sweeper runs (ROUT_SWEEP_INTERVAL).
	SweepInterval time.Duration
	// SweepGrace is how long past its deadline a turn must be for the sweeper to take it over
	// (ROUT_SWEEP_GRACE).
	SweepGrace time.Duration
	// MaxWorkers is how many jobs of the game queue (warnings, deadlines, the sweeper) this process works
	// at once (ROUT_JOBS_MAX_WORKERS); the notification queue works NotifyWorkers.
	MaxWorkers int
	// CPUWorkers is how many CPU turns (the CPU queue) this process plays at once (ROUT_JOBS_CPU_WORKERS).
	CPUWorkers int
	// TakeoverBatch is how many due turns a deadline job takes over in one transaction, its own among
	// them (ROUT_JOBS_TAKEOVER_BATCH); 1 takes over its own only. See DefaultTakeoverBatch.
	TakeoverBatch int
	// NotifyAttempts is how many times a notification is tried before River discards it
	// (ROUT_NOTIFY_ATTEMPTS); the waits between tries grow as River's default retry policy says
	// (attempt⁴ seconds, with jitter).
	NotifyAttempts int
	// RescueAfter is how long a job may stay running before River's rescuer takes it for the job of a
	// worker that died (kill -9, a lost machine) and schedules it again (ROUT_JOBS_RESCUE_AFTER; River's
	// RescueStuckJobsAfter). Every job is cancelled at JobTimeout, three quarters of it, so that no live
	// job is ever rescued; a CPU turn or takeover that needs longer goes on in a new run of its job.
	RescueAfter time.Duration
	// NotifyDelay is how long after its notice a notification (not a digest) is sent
	// (ROUT_NOTIFY_DELAY): the time a live subscriber has to receive the notice first, which then sends
	// no email or SMS. 0 sends at once.
	NotifyDelay time.Duration
	// NotifyPerUserHour is how many messages one user may get in any hour, all replicas together
	// (ROUT_NOTIFY_PER_USER_HOUR); more are dropped, except "time running out" warnings.
	NotifyPerUserHour int
	// NotifyPerSecond is how many messages all replicas together send a second (ROUT_NOTIFY_PER_SECOND);
	// more wait. Replicas should share one value: each takes from the shared bucket at its own.
	NotifyPerSecond int
}

// NotifyWorkers is how many notifications this process sends at once: MaxWorkers, at most
// MaxNotifyWorkers.
func (c Config) NotifyWorkers() int { return min(c.MaxWorkers, MaxNotifyWorkers) }

// JobTimeout is how long one run of a job may take: three quarters of RescueAfter.
func (c Config) JobTimeout() time.Duration { return c.RescueAfter / 4 * 3 }

// DefaultConfig returns the configuration with every field at its default.
func DefaultConfig() Config {
	return Config{
		PollInterval:   DefaultPollInterval,
		FetchCooldown:  DefaultFetchCooldown,
		CPUDelay:       DefaultCPUDelay,
		SweepInterval:  DefaultSweepInterval,
		SweepGrace:     DefaultSweepGrace,
		MaxWorkers:     DefaultMaxWorkers,
		CPUWorkers:     DefaultCPUWorkers,
		TakeoverBatch:  DefaultTakeoverBatch,
		NotifyAttempts: DefaultNotifyAttempts,
		RescueAfter:    DefaultRescueAfter,
		NotifyDelay:    DefaultNotifyDelay,

		NotifyPerUserHour: DefaultNotifyPerUserHour,
		NotifyPerSecond:   DefaultNotifyPerSecond,
	}
}

// ConfigFromEnv returns DefaultConfig with the values of the environment variables that are set (not
// empty), read through getenv. It fails on a value it cannot parse; Validate checks the rest.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := DefaultConfig()
	env := envconf.New(getenv)
	env.Duration(EnvPollInterval, &cfg.PollInterval)
	env.Duration(EnvFetchCooldown, &cfg.FetchCooldown)
	env.Duration(EnvCPUDelay, &cfg.CPUDelay)
	env.Duration(EnvSweepInterval, &cfg.SweepInterval)
	env.Duration(EnvSweepGrace, &cfg.SweepGrace)
	env.Duration(EnvRescueAfter, &cfg.RescueAfter)
	env.Duration(EnvNotifyDelay, &cfg.NotifyDelay)
	env.Int(EnvNotifyPerUser, &cfg.NotifyPerUserHour)
	env.Int(EnvNotifyRate, &cfg.NotifyPerSecond)
	env.Int(EnvMaxWorkers, &cfg.MaxWorkers)
	env.Int(EnvCPUWorkers, &cfg.CPUWorkers)
	env.Int(EnvTakeoverBatch, &cfg.TakeoverBatch)
	env.Int(EnvNotifyAttempts, &cfg.NotifyAttempts)
	if err := env.Err(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Validate reports every setting jobs cannot run with, each on its own line.
func (c Config) Validate() error {
	var errs []error
	if c.PollInterval < time.Millisecond || c.PollInterval > time.Minute {
		errs = append(errs, fmt.Errorf("%s %v is not from 1ms to 1m", EnvPollInterval, c.PollInterval))
	}
	if c.FetchCooldown < time.Millisecond || c.FetchCooldown > time.Second {
		errs = append(errs, fmt.Errorf("%s %v is not from 1ms to 1s", EnvFetchCooldown, c.FetchCooldown))
	}
	if c.CPUDelay < 0 || c.CPUDelay > time.Minute {
		errs = append(errs, fmt.Errorf("%s %v is not from 0 to 1m", EnvCPUDelay, c.CPUDelay))
	}
	if c.SweepInterval < time.Second {
		errs = append(errs, fmt.Errorf("%s %v is shorter than 1s", EnvSweepInterval, c.SweepInterval))
	}
	if c.SweepGrace < 0 {
		errs = append(errs, fmt.Errorf("%s %v is negative", EnvSweepGrace, c.SweepGrace))
	}
	if c.MaxWorkers < 1 || c.MaxWorkers > 10_000 {
		errs = append(errs, fmt.Errorf("%s %d is not from 1 to 10000", EnvMaxWorkers, c.MaxWorkers))
	}
	if c.CPUWorkers < 1 || c.CPUWorkers > 10_000 {
		errs = append(errs, fmt.Errorf("%s %d is not from 1 to 10000", EnvCPUWorkers, c.CPUWorkers))
	}
	if c.TakeoverBatch < 1 || c.TakeoverBatch > 1000 {
		errs = append(errs, fmt.Errorf("%s %d is not from 1 to 1000", EnvTakeoverBatch, c.TakeoverBatch))
	}
	if c.RescueAfter < 4*time.Second || c.RescueAfter > time.Hour {
		errs = append(errs, fmt.Errorf("%s %v is not from 4s to 1h", EnvRescueAfter, c.RescueAfter))
	} else if c.CPUDelay >= c.JobTimeout()/2 {
		errs = append(errs, fmt.Errorf("%s %v is not shorter than half the job timeout %v (three quarters of %s %v): "+
			"a CPU would play too little per run", EnvCPUDelay, c.CPUDelay, c.JobTimeout(), EnvRescueAfter, c.RescueAfter))
	}
	if c.NotifyAttempts < 1 || c.NotifyAttempts > 100 {
		errs = append(errs, fmt.Errorf("%s %d is not from 1 to 100", EnvNotifyAttempts, c.NotifyAttempts))
	}
	if c.NotifyDelay < 0 || c.NotifyDelay > time.Hour {
		errs = append(errs, fmt.Errorf("%s %v is not from 0 to 1h", EnvNotifyDelay, c.NotifyDelay))
	}
	if c.NotifyPerUserHour < 1 || c.NotifyPerUserHour > 10_000 {
		errs = append(errs, fmt.Errorf("%s %d is not from 1 to 10000", EnvNotifyPerUser, c.NotifyPerUserHour))
	}
	if c.NotifyPerSecond < 1 || c.NotifyPerSecond > 10_000 {
		errs = append(errs, fmt.Errorf("%s %d is not from 1 to 10000", EnvNotifyRate, c.NotifyPerSecond))
	}
	return errors.Join(errs...)
}
