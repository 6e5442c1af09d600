package livebench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"time"
)

// The targets Run can measure.
const (
	TargetBaseline = "baseline"
	TargetRout     = "rout"
)

// MaxEvents is the most events Config.Events may ask for: the benchmark's game holds enough armies
// for about 800 attack rolls.
const MaxEvents = 500

// Config is one benchmark run.
type Config struct {
	// Subscribers are the numbers of subscribers to measure, each with every target. Required.
	Subscribers []int
	// Events is how many events are timed for each number and target, after one warm-up event. Required,
	// at most MaxEvents.
	Events int
	// Targets are the targets measured for each number of subscribers, in order: TargetBaseline and
	// TargetRout. Default both.
	Targets []string
	// DatabaseURL is a PostgreSQL server on which the Rout target may create (and drop) a throwaway
	// database. Required with TargetRout.
	DatabaseURL string
	// ClientsCommand returns the command that runs Clients in a new process (`rout bench live-clients`),
	// with its standard input and output unset. Required.
	ClientsCommand func() (*exec.Cmd, error)
	// SetupTimeout bounds the opening of the clients and their subscription. Default 5 minutes.
	SetupTimeout time.Duration
	// EventTimeout bounds the delivery of one event to every client; the first event that takes longer
	// ends the target's measurement (its remaining events count as not published). Default 1 minute.
	EventTimeout time.Duration
	// Progress receives one line per step; nil discards them.
	Progress io.Writer
	// ProfileDir, when set, is an existing folder that receives, for each target and number of
	// subscribers, a heap profile taken after the warm-up event (TARGET-N.heap.pprof) and a CPU profile
	// of the timed events (TARGET-N.cpu.pprof), for `go tool pprof`.
	ProfileDir string
}

func (c *Config) validate() error {
	var errs []error
	if len(c.Subscribers) == 0 {
		errs = append(errs, errors.New("no numbers of subscribers"))
	}
	for _, n := range c.Subscribers {
		if n < 1 {
			errs = append(errs, fmt.Errorf("a number of subscribers must be at least 1, not %d", n))
		}
	}
	if c.Events < 1 || c.Events > MaxEvents {
		errs = append(errs, fmt.Errorf("events must be from 1 to %d, not %d", MaxEvents, c.Events))
	}
	if len(c.Targets) == 0 {
		c.Targets = []string{TargetBaseline, TargetRout}
	}
	for _, t := range c.Targets {
		switch t {
		case TargetBaseline:
		case TargetRout:
			if c.DatabaseURL == "" {
				errs = append(errs, errors.New("the rout target needs a database server (DATABASE_URL)"))
			}
		default:
			errs = append(errs, fmt.Errorf("unknown target %q (want %s or %s)", t, TargetBaseline, TargetRout))
		}
	}
	if c.ClientsCommand == nil {
		errs = append(errs, errors.New("ClientsCommand is required"))
	}
	if c.SetupTimeout < 0 || c.EventTimeout < 0 {
		errs = append(errs, errors.New("timeouts must not be negative"))
	}
	if c.SetupTimeout == 0 {
		c.SetupTimeout = 5 * time.Minute
	}
	if c.EventTimeout == 0 {
		c.EventTimeout = time.Minute
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	return errors.Join(errs...)
}

// Result is the measurement of one target with one number of subscribers.
type Result struct {
	// Target is TargetBaseline or TargetRout.
	Target string
	// Subscribers is the number of subscribers.
	Subscribers int
	// Latencies are the timed events' times from their publication (see target.publish) to the last
	// client's receipt, in order of publication. Fewer than Config.Events when an event timed out.
	Latencies []time.Duration
	// CallLatencies are the same from just before the call that published each event (for Rout: the
	// start of game.Service.TurnSubmit, so the whole command is included).
	CallLatencies []time.Duration
	// Publishing are the times the publishing calls took (for Rout: TurnSubmit, commit included).
	Publishing []time.Duration
	// FirstReceipts are the timed events' times from their publication to the first client's receipt:
	// the latency of the path before the fan-out to the subscribers.
	FirstReceipts []time.Duration
	// MemoryPerSubscriber is the growth of the server process's live heap and goroutine stacks from
	// before the clients connected to after the warm-up event, divided by Subscribers, in bytes.
	MemoryPerSubscriber float64
	// GoroutinesPerSubscriber is the growth of the server process's goroutines over the same span,
	// divided by Subscribers: each costs a stack of at least 8 KiB in the memory above.
	GoroutinesPerSubscriber float64
	// Clients is what the clients received.
	Clients Summary
	// Err is why the measurement stopped early (an event that timed out); nil when it ran to the end.
	Err error
}

// Percentile returns the p-th percentile (0 < p ≤ 1) of the latencies (nearest rank), 0 when there are
// none.
func (r *Result) Percentile(p float64) time.Duration { return percentile(r.Latencies, p) }

// percentile returns the p-th percentile (0 < p ≤ 1) of ds (nearest rank), 0 when ds is empty.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s))*p+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// target is a server that the clients subscribe to.
type target interface {
	// clients returns the configuration of n clients of the target.
	clients(n int) ClientsConfig
	// subscribers returns how many subscriptions the server holds.
	subscribers() int
	// publish makes the next event and returns its sequence number and when it was published: for the
	// baseline when the broadcast began, for Rout when the command's transaction began to commit, its
	// rows, events and notification written (the commit makes the event visible to the hub).
	publish(ctx context.Context) (seq int64, published time.Time, err error)
	// close stops the target's server and releases what it holds.
	close(ctx context.Context) error
}

// Run measures every target of cfg with every number of subscribers, in the order given, and returns
// the results in that order. It stops at the first error; results measured until then are returned
// with it.
func Run(ctx context.Context, cfg Config) ([]Result, error) {
	if err := cfg.validate(); err != nil {
		return nil, fmt.Errorf("error in the benchmark's configuration: %w", err)
	}
	var results []Result
	for _, n := range cfg.Subscribers {
		for _, name := range cfg.Targets {
			fmt.Fprintf(cfg.Progress, "%s with %d subscribers: starting\n", name, n)
			res, err := runTarget(ctx, &cfg, name, n)
			if err != nil {
				return results, fmt.Errorf("error measuring %s with %d subscribers: %w", name, n, err)
			}
			results = append(results, res)
		}
	}
	return results, nil
}

// runTarget starts the target name, measures it with n subscribers and stops it.
func runTarget(ctx context.Context, cfg *Config, name string, n int) (res Result, err error) {
	var t target
	switch name {
	case TargetBaseline:
		b, err := StartBaseline()
		if err != nil {
			return Result{}, err
		}
		t = baselineTarget{b}
	case TargetRout:
		r, err := StartRout(ctx, RoutOpts{DatabaseURL: cfg.DatabaseURL})
		if err != nil {
			return Result{}, err
		}
		t = r
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if cerr := t.close(closeCtx); cerr != nil {
			err = errors.Join(err, fmt.Errorf("error stopping %s: %w", name, cerr))
		}
	}()
	return measure(ctx, cfg, t, name, n)
}

// measure runs one measurement (see the package documentation) of t with n subscribers.
func measure(ctx context.Context, cfg *Config, t target, name string, n int) (res Result, err error) {
	res = Result{Target: name, Subscribers: n}
	before, goroutines := liveMemory(), runtime.NumGoroutine()
	cmd, err := cfg.ClientsCommand()
	if err != nil {
		return res, err
	}
	c, err := startChild(cmd, t.clients(n))
	if err != nil {
		return res, err
	}
	defer func() { err = errors.Join(err, c.stop()) }()

	began := time.Now()
	if _, err := c.next(ctx, lineReady, cfg.SetupTimeout); err != nil {
		return res, err
	}
	for t.subscribers() < n {
		if time.Since(began) > cfg.SetupTimeout {
			return res, fmt.Errorf("%d of %d subscriptions after %s", t.subscribers(), n, cfg.SetupTimeout)
		}
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Fprintf(cfg.Progress, "%s with %d subscribers: subscribed in %s\n", name, n, time.Since(began).Round(time.Millisecond))
	last, _, err := t.publish(ctx)
	if err != nil {
		return res, err
	}
	l, err := c.next(ctx, lineEvent, cfg.EventTimeout)
	if err != nil {
		return res, fmt.Errorf("the warm-up event: %w", err)
	}
	if l.Seq != last {
		return res, fmt.Errorf("the clients completed event %d while the benchmark waited for the warm-up event %d", l.Seq, last)
	}
	res.MemoryPerSubscriber = float64(int64(liveMemory())-int64(before)) / float64(n)
	res.GoroutinesPerSubscriber = float64(runtime.NumGoroutine()-goroutines) / float64(n)
	stopProfile, err := startProfiles(cfg.ProfileDir, fmt.Sprintf("%s-%d", name, n))
	if err != nil {
		return res, err
	}
	defer func() { err = errors.Join(err, stopProfile()) }()

	for range cfg.Events {
		start := time.Now()
		seq, published, err := t.publish(ctx)
		if err != nil {
			return res, err
		}
		res.Publishing = append(res.Publishing, time.Since(start))
		last = seq
		l, err := c.next(ctx, lineEvent, cfg.EventTimeout)
		if err != nil {
			res.Err = fmt.Errorf("event %d: %w", seq, err)
			break
		}
		if l.Seq != seq {
			return res, fmt.Errorf("the clients completed event %d while the benchmark waited for %d", l.Seq, seq)
		}
		res.Latencies = append(res.Latencies, time.Unix(0, l.LastNano).Sub(published))
		res.CallLatencies = append(res.CallLatencies, time.Unix(0, l.LastNano).Sub(start))
		res.FirstReceipts = append(res.FirstReceipts, time.Unix(0, l.FirstNano).Sub(published))
	}
	sum, err := c.finish(ctx, last)
	if err != nil {
		return res, err
	}
	res.Clients = *sum
	fmt.Fprintf(cfg.Progress, "%s with %d subscribers: p50 %s, p99 %s, %.1f KiB per subscriber\n", name, n,
		res.Percentile(0.5), res.Percentile(0.99), res.MemoryPerSubscriber/1024)
	return res, nil
}

// liveMemory returns the process's live heap and goroutine stacks, in bytes, after a garbage collection.
func liveMemory() uint64 {
	runtime.GC()
	samples := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(samples)
	var total uint64
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			total += s.Value.Uint64()
		}
	}
	return total
}

// baselineTarget is the Baseline as a target.
type baselineTarget struct{ b *Baseline }

func (t baselineTarget) clients(n int) ClientsConfig {
	return ClientsConfig{URL: t.b.URL(), Clients: n, Query: RoutQuery, Field: "gameEvents"}
}
func (t baselineTarget) subscribers() int { return t.b.Subscribers() }
func (t baselineTarget) publish(ctx context.Context) (int64, time.Time, error) {
	start := time.Now()
	seq, err := t.b.Publish(ctx)
	return seq, start, err
}
func (t baselineTarget) close(ctx context.Context) error { return t.b.Close(ctx) }

// startProfiles writes the heap profile of prefix into dir and starts the CPU profile; the function it
// returns stops the CPU profile. Both do nothing when dir is empty.
func startProfiles(dir, prefix string) (stop func() error, err error) {
	if dir == "" {
		return func() error { return nil }, nil
	}
	heap, err := os.Create(filepath.Join(dir, prefix+".heap.pprof"))
	if err != nil {
		return nil, fmt.Errorf("error writing the heap profile: %w", err)
	}
	err = pprof.Lookup("heap").WriteTo(heap, 0)
	if cerr := heap.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("error writing the heap profile: %w", err)
	}
	cpu, err := os.Create(filepath.Join(dir, prefix+".cpu.pprof"))
	if err != nil {
		return nil, fmt.Errorf("error writing the CPU profile: %w", err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		cpu.Close()
		return nil, fmt.Errorf("error starting the CPU profile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := cpu.Close(); err != nil {
			return fmt.Errorf("error writing the CPU profile: %w", err)
		}
		return nil
	}, nil
}
