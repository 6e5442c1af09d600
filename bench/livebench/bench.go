package livebench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"time"

	"rout/bench/benchstat"
	"rout/rules"
)

// The targets Run can measure: the plain broadcast, Rout without fog, Rout with Config.Fog, and Rout's
// chat (RoutOpts.Chat).
const (
	TargetBaseline = "baseline"
	TargetRout     = "rout"
	TargetRoutFog  = "rout-fog"
	TargetRoutChat = "rout-chat"
)

// MaxEvents is the most events Config.Events may ask for: Rout's games are prepared for as many attack
// rolls (RoutOpts.Events), which takes longer the more rolls a game holds.
const MaxEvents = 500

// Config is one benchmark run.
type Config struct {
	// Subscribers are the numbers of subscribers to measure, each with every target. Required.
	Subscribers []int
	// Events is how many events are timed for each number and target, after one warm-up event, in turns
	// over the targets. Required, at most MaxEvents.
	Events int
	// Targets are the targets measured for each number of subscribers, in order: TargetBaseline,
	// TargetRout, TargetRoutFog and TargetRoutChat. Default TargetBaseline and TargetRout, with Fog
	// TargetRout and TargetRoutFog, with Chat TargetRout and TargetRoutChat.
	Targets []string
	// Games is how many games the subscribers of the Rout targets are spread over (RoutOpts.Games): 0 for
	// one game on the 5,000-territory map followed by its attacker, N for N games of 2 to 6 seats on the
	// classic map followed by every seat and the spectators. Then every number of subscribers must be
	// at least Views(Games).
	Games int
	// Fog is the fog of war of TargetRoutFog's games (TargetRout's have none). Required with it.
	Fog rules.Fog
	// Chat measures Rout's chat against its game events (the default targets TargetRout and
	// TargetRoutChat): TargetRoutChat's subscribers follow the players' room of each of its Games games
	// (one room a game), and an event is a chat line sent through the API. TargetRoutChat needs Games.
	Chat bool
	// DatabaseURL is a PostgreSQL server on which the Rout target may create (and drop) a throwaway
	// database. Required with TargetRout.
	DatabaseURL string
	// ClientsCommand returns the command that runs Clients in a new process (`rout bench live-clients`),
	// with its standard input and output unset. Required.
	ClientsCommand func() (*exec.Cmd, error)
	// ServerCommand returns the command that runs ServeTarget in a new process (`rout bench
	// live-server`), with its standard input and output unset: each target's server runs in one. Required.
	ServerCommand func() (*exec.Cmd, error)
	// SetupTimeout bounds the start of each target's server (Rout prepares its games), the opening of
	// the clients and their subscription, and each answer of a server. Default 5 minutes.
	SetupTimeout time.Duration
	// EventTimeout bounds the delivery of one event to every client; the first event that takes longer
	// ends that target's measurement (its remaining events are not published). Default 1 minute.
	EventTimeout time.Duration
	// Progress receives one line per step; nil discards them.
	Progress io.Writer
	// ProfileDir, when set, is an existing folder that receives, for each number of subscribers N and
	// each target, a heap profile of the target's server process after its warm-up event
	// (TARGET-N.heap.pprof) and a CPU profile of it during the round's timed events (TARGET-N.cpu.pprof),
	// for `go tool pprof`.
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
	if c.Games < 0 {
		errs = append(errs, fmt.Errorf("games must not be negative, not %d", c.Games))
	}
	for _, n := range c.Subscribers {
		if c.Games > 0 && n < Views(c.Games) {
			errs = append(errs, fmt.Errorf("%d subscribers are fewer than the %d viewers of %d games", n, Views(c.Games), c.Games))
		}
	}
	if len(c.Targets) == 0 {
		switch {
		case c.Chat:
			c.Targets = []string{TargetRout, TargetRoutChat}
		case c.Fog != rules.FogNone:
			c.Targets = []string{TargetRout, TargetRoutFog}
		default:
			c.Targets = []string{TargetBaseline, TargetRout}
		}
	}
	for _, t := range c.Targets {
		switch t {
		case TargetBaseline: // needs nothing more
		case TargetRout, TargetRoutFog, TargetRoutChat:
			if c.DatabaseURL == "" {
				errs = append(errs, fmt.Errorf("the %s target needs a database server (DATABASE_URL)", t))
			}
			if t == TargetRoutFog && c.Fog == rules.FogNone {
				errs = append(errs, errors.New("the rout-fog target needs a fog level"))
			}
			if t == TargetRoutChat && c.Games == 0 {
				errs = append(errs, errors.New("the rout-chat target needs games: one chat room a game"))
			}
		default:
			errs = append(errs, fmt.Errorf("unknown target %q (want %s, %s, %s or %s)", t, TargetBaseline, TargetRout, TargetRoutFog, TargetRoutChat))
		}
	}
	if c.ClientsCommand == nil || c.ServerCommand == nil {
		errs = append(errs, errors.New("ClientsCommand and ServerCommand are required"))
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
	// Target is TargetBaseline, TargetRout, TargetRoutFog or TargetRoutChat.
	Target string
	// Subscribers is the number of subscribers.
	Subscribers int
	// Latencies are the timed events' times from their publication (publication.Published) to the last
	// receipt of the clients it was for, in order of publication. Fewer than Config.Events when an event timed out.
	Latencies []time.Duration
	// CallLatencies are the same from just before the call that published each event (for Rout: the
	// start of game.Service.TurnSubmit, so the whole command is included; for its chat: the start of the
	// HTTP request of sendChatMessage).
	CallLatencies []time.Duration
	// Publishing are the times the publishing calls took (for Rout: TurnSubmit, commit included; for its
	// chat: the HTTP request, answer included).
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
func (r *Result) Percentile(p float64) time.Duration { return benchstat.Percentile(r.Latencies, p) }

// Run measures every target of cfg with every number of subscribers and returns the results, by number
// of subscribers and then in the order of cfg.Targets. For each number it runs one round (see the
// package documentation); it stops at the first error and returns the rounds measured until then with it.
func Run(ctx context.Context, cfg Config) ([]Result, error) {
	if err := cfg.validate(); err != nil {
		return nil, fmt.Errorf("error in the benchmark's configuration: %w", err)
	}
	var results []Result
	for _, n := range cfg.Subscribers {
		rs, err := runRound(ctx, &cfg, n)
		if err != nil {
			return results, fmt.Errorf("error measuring %d subscribers: %w", n, err)
		}
		results = append(results, rs...)
	}
	return results, nil
}

// delivery is an event that a group of clients (ClientsConfig.Groups) is to receive: its number as
// they see it.
type delivery struct {
	Group int   `json:"group"`
	Seq   int64 `json:"seq"`
}

// measurement is one target being measured in a round.
type measurement struct {
	name string
	s    *serverProcess
	c    *child // its clients
	res  Result
	last []int64 // by group of clients: the last event published to it
}

// runRound measures every target with n subscribers: it starts each target and its clients in turn
// (measuring the memory each one's subscribers take), then times the events in turns, each event on
// every target before the next, so that all the targets meet the same moments of a shared machine, and
// stops them all.
func runRound(ctx context.Context, cfg *Config, n int) (results []Result, err error) {
	var ms []*measurement
	defer func() {
		for i := len(ms) - 1; i >= 0; i-- {
			err = errors.Join(err, ms[i].stop())
		}
	}()
	for _, name := range cfg.Targets {
		fmt.Fprintf(cfg.Progress, "%s with %d subscribers: starting\n", name, n)
		m, err := startMeasurement(ctx, cfg, name, n)
		if m != nil {
			ms = append(ms, m)
		}
		if err != nil {
			return nil, fmt.Errorf("error starting %s: %w", name, err)
		}
	}
	if err := profile(ctx, cfg, ms, commandStartCPU); err != nil {
		return nil, err
	}
	for range cfg.Events {
		for _, m := range ms {
			if m.res.Err != nil {
				continue // its last event timed out
			}
			if err := m.timeEvent(ctx, cfg); err != nil {
				return nil, fmt.Errorf("error timing %s: %w", m.name, err)
			}
		}
	}
	if err := profile(ctx, cfg, ms, commandStopCPU); err != nil {
		return nil, err
	}
	for _, m := range ms {
		sum, err := m.c.finish(ctx, m.last)
		if err != nil {
			return nil, fmt.Errorf("error finishing %s: %w", m.name, err)
		}
		m.res.Clients = *sum
		fmt.Fprintf(cfg.Progress, "%s with %d subscribers: p50 %s, p99 %s, %.1f KiB per subscriber\n", m.name, n,
			m.res.Percentile(0.5), m.res.Percentile(0.99), m.res.MemoryPerSubscriber/1024)
		results = append(results, m.res)
	}
	return results, nil
}

// profile sends command (commandStartCPU, commandStopCPU) to the server of every measurement, when
// cfg asks for profiles.
func profile(ctx context.Context, cfg *Config, ms []*measurement, command string) error {
	if cfg.ProfileDir == "" {
		return nil
	}
	for _, m := range ms {
		if err := m.s.profile(ctx, command); err != nil {
			return fmt.Errorf("error profiling %s: %w", m.name, err)
		}
	}
	return nil
}

// startMeasurement starts the target name with n subscribers: its server's process, then its clients,
// which it waits for; then one warm-up event in each game of the rotation, after which it reads the
// memory the subscribers take (from before the server started) and has the heap profile written. A
// measurement it returns must be stopped, also with an error.
func startMeasurement(ctx context.Context, cfg *Config, name string, n int) (*measurement, error) {
	m := &measurement{name: name, res: Result{Target: name, Subscribers: n}}
	cmd, err := cfg.ServerCommand()
	if err != nil {
		return nil, err
	}
	server := ServerConfig{Target: name, Subscribers: n, ProfileDir: cfg.ProfileDir}
	if name != TargetBaseline {
		server.DatabaseURL, server.Games, server.Events = cfg.DatabaseURL, cfg.Games, cfg.Events+max(1, cfg.Games)
		server.Fog = cfg.Fog // for TargetRoutFog only: ServeTarget gives TargetRout none
	}
	if m.s, err = startServerProcess(ctx, cmd, server, cfg.SetupTimeout); err != nil {
		return nil, err
	}
	if cmd, err = cfg.ClientsCommand(); err != nil {
		return m, err
	}
	for _, g := range m.s.clients.Groups {
		m.last = append(m.last, g.After)
	}
	if m.c, err = startChild("the clients", cmd, m.s.clients, clientsStopTimeout); err != nil {
		return m, err
	}
	began := time.Now()
	if _, err := m.c.next(ctx, lineReady, cfg.SetupTimeout); err != nil {
		return m, err
	}
	for {
		subscribed, err := m.s.subscribers(ctx)
		if err != nil {
			return m, err
		}
		if subscribed >= n {
			break
		}
		if time.Since(began) > cfg.SetupTimeout {
			return m, fmt.Errorf("%d of %d subscriptions after %s", subscribed, n, cfg.SetupTimeout)
		}
		time.Sleep(10 * time.Millisecond)
	}
	fmt.Fprintf(cfg.Progress, "%s with %d subscribers: subscribed in %s\n", name, n, time.Since(began).Round(time.Millisecond))
	var warmUp []delivery
	for range m.s.rotation {
		p, err := m.s.publish(ctx)
		if err != nil {
			return m, err
		}
		warmUp = append(warmUp, p.Deliveries...)
	}
	if _, _, err := m.receive(ctx, warmUp, cfg.EventTimeout); err != nil {
		return m, fmt.Errorf("the warm-up events: %w", err)
	}
	after, goroutinesAfter, err := m.s.memory(ctx)
	if err != nil {
		return m, err
	}
	m.res.MemoryPerSubscriber = float64(int64(after)-int64(m.s.before.Bytes)) / float64(n)
	m.res.GoroutinesPerSubscriber = float64(goroutinesAfter-m.s.before.Goroutines) / float64(n)
	if cfg.ProfileDir == "" {
		return m, nil
	}
	return m, m.s.profile(ctx, commandHeapProfile)
}

// timeEvent publishes one event and waits until every client it is for has it. An event that takes
// longer than cfg.EventTimeout ends the measurement (m.res.Err); other failures are errors.
func (m *measurement) timeEvent(ctx context.Context, cfg *Config) error {
	p, err := m.s.publish(ctx)
	if err != nil {
		return err
	}
	m.res.Publishing = append(m.res.Publishing, p.Took)
	first, last, err := m.receive(ctx, p.Deliveries, cfg.EventTimeout)
	if errors.Is(err, errUnexpectedEvent) {
		return err
	}
	if err != nil {
		m.res.Err = fmt.Errorf("event %v: %w", p.Deliveries, err)
		return nil
	}
	m.res.Latencies = append(m.res.Latencies, last.Sub(p.Published))
	m.res.CallLatencies = append(m.res.CallLatencies, last.Sub(p.Called))
	m.res.FirstReceipts = append(m.res.FirstReceipts, first.Sub(p.Published))
	return nil
}

// errUnexpectedEvent is the error of receive when the clients complete an event that was not published
// to them.
var errUnexpectedEvent = errors.New("the clients completed an event the benchmark did not wait for")

// receive records the deliveries ds as published and waits, for at most timeout, until the clients have
// every one of them; it returns when the first of these clients received its event and when the last did.
func (m *measurement) receive(ctx context.Context, ds []delivery, timeout time.Duration) (first, last time.Time, err error) {
	if len(ds) == 0 {
		return first, last, errors.New("an event published to no client")
	}
	for _, d := range ds {
		m.last[d.Group] = d.Seq
	}
	pending := slices.Clone(ds)
	deadline := time.Now().Add(timeout)
	for len(pending) > 0 {
		l, err := m.c.next(ctx, lineEvent, time.Until(deadline))
		if err != nil {
			return first, last, err
		}
		i := slices.Index(pending, delivery{Group: l.Group, Seq: l.Seq})
		if i < 0 {
			return first, last, fmt.Errorf("%w: event %d of group %d, while it waited for %v", errUnexpectedEvent, l.Seq, l.Group, pending)
		}
		pending = slices.Delete(pending, i, i+1)
		if at := time.Unix(0, l.FirstNano); first.IsZero() || at.Before(first) {
			first = at
		}
		if at := time.Unix(0, l.LastNano); at.After(last) {
			last = at
		}
	}
	return first, last, nil
}

// stop stops the clients and the target's server.
func (m *measurement) stop() error {
	var err error
	if m.c != nil {
		err = m.c.stop()
	}
	if serr := m.s.close(); serr != nil {
		err = errors.Join(err, fmt.Errorf("error stopping %s: %w", m.name, serr))
	}
	return err
}
