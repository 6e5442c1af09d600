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
	"time"

	"rout/rules"
)

// The commands the parent writes to a target's server process, one a line.
const (
	commandMemory      = "memory"
	commandSubscribers = "subscribers"
	commandPublish     = "publish"
	commandHeapProfile = "heap-profile"
	commandStartCPU    = "cpu-profile-start"
	commandStopCPU     = "cpu-profile-stop"
)

const (
	// serverCloseTimeout bounds the stopping of a server in its process: Rout's drops its database.
	serverCloseTimeout = time.Minute
	// serverStopTimeout is how long a server's process may take to end once asked before it is killed.
	serverStopTimeout = serverCloseTimeout + 30*time.Second
)

// ServerConfig tells a target's server process which target to serve. The parent sends it as the first
// line of the child's standard input.
type ServerConfig struct {
	// Target is TargetBaseline, TargetRout, TargetRoutFog or TargetRoutChat.
	Target string `json:"target"`
	// Subscribers is how many clients will subscribe: the process answers their configuration.
	Subscribers int `json:"subscribers"`
	// DatabaseURL, Games, Fog and Events configure the Rout targets (RoutOpts); TargetRout has no fog.
	DatabaseURL string    `json:"databaseUrl,omitempty"`
	Games       int       `json:"games,omitempty"`
	Fog         rules.Fog `json:"fog,omitempty"`
	Events      int       `json:"events,omitempty"`
	// ProfileDir is the folder of the profiles the commands heap-profile and cpu-profile-start write,
	// named after the target and the subscribers (rout-fog-10000.heap.pprof, rout-fog-10000.cpu.pprof).
	ProfileDir string `json:"profileDir,omitempty"`
}

// profilePrefix names the profiles of the server.
func (c *ServerConfig) profilePrefix() string { return fmt.Sprintf("%s-%d", c.Target, c.Subscribers) }

// target is a server that the clients subscribe to, as its process serves it.
type target interface {
	// clients returns the configuration of n clients of the target.
	clients(n int) ClientsConfig
	// subscribers returns how many subscriptions the server holds.
	subscribers() int
	// rotation returns how many games the events rotate over: the warm-up publishes one in each.
	rotation() int
	// publish makes the next event.
	publish(ctx context.Context) (publication, error)
	// close stops the target's server and releases what it holds.
	close(ctx context.Context) error
}

// publication is one event a target published.
type publication struct {
	// Deliveries are the groups of clients it is for, with its number as each sees it.
	Deliveries []delivery `json:"deliveries"`
	// Called is just before the publishing call: Baseline.Publish, Rout's game.Service.TurnSubmit, or
	// the HTTP request of its chat's sendChatMessage.
	Called time.Time `json:"called"`
	// Published is when the event was published: for the baseline when the broadcast began, for Rout
	// when the command's transaction began to commit, its rows, events and notification written (the
	// commit makes the event visible to the hub); for its chat likewise, when the line's transaction
	// began to commit, its row and notification written.
	Published time.Time `json:"published"`
	// Took is how long the publishing call took (for Rout: TurnSubmit, commit included).
	Took time.Duration `json:"took"`
}

// startTarget starts the target of cfg in this process.
func startTarget(ctx context.Context, cfg *ServerConfig) (target, error) {
	switch cfg.Target {
	case TargetBaseline:
		b, err := StartBaseline()
		if err != nil {
			return nil, err
		}
		return baselineTarget{b}, nil
	case TargetRout, TargetRoutFog, TargetRoutChat:
		opts := RoutOpts{DatabaseURL: cfg.DatabaseURL, Games: cfg.Games, Events: cfg.Events, Chat: cfg.Target == TargetRoutChat}
		if cfg.Target == TargetRoutFog {
			opts.Fog = cfg.Fog
		}
		return StartRout(ctx, opts)
	}
	return nil, fmt.Errorf("unknown target %q", cfg.Target)
}

// ServeTarget is a target's server process (`rout bench live-server`). It reads a ServerConfig line from
// in, starts the target's server on loopback and writes a "listening" line to out: the configuration of
// the clients, how many games the events rotate over, and the process's live heap and goroutine stacks
// (after a garbage collection) and goroutines from before the server started. Then it answers each
// command line of in: "memory" (the same, now), "subscribers" (how many clients have subscribed),
// "publish" (the next event: its deliveries, when its publishing call began, when it was published and
// how long the call took), "heap-profile" (writes the heap profile), "cpu-profile-start" and
// "cpu-profile-stop" (the CPU profile), the last three answered by a "profiled" line. It stops the server
// and returns when in ends; an error line has been written for every error it returns after reading
// the configuration.
func ServeTarget(ctx context.Context, in io.Reader, out io.Writer) (err error) {
	var cfg ServerConfig
	commands, err := readConfigLine(in, &cfg, "the server's")
	if err != nil {
		return err
	}
	w := &lineWriter{w: out}
	defer func() {
		if err != nil {
			w.write(line{Type: lineError, Error: err.Error()})
		}
	}()
	if cfg.Subscribers < 1 {
		return fmt.Errorf("the server's configuration: subscribers must be at least 1, not %d", cfg.Subscribers)
	}
	// The subscribers' connections, and room for the rest (the database's, the profiles').
	if err := raiseOpenFiles(uint64(cfg.Subscribers + 1024)); err != nil {
		return err
	}
	// Before the server starts: the server's own costs count too, spread over the subscribers.
	before, goroutines := liveMemory(), runtime.NumGoroutine()
	t, err := startTarget(ctx, &cfg)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), serverCloseTimeout)
		defer cancel()
		err = errors.Join(err, t.close(closeCtx))
	}()
	clients := t.clients(cfg.Subscribers)
	w.write(line{Type: lineListening, Clients: &clients, Rotation: t.rotation(), Bytes: before, Goroutines: goroutines})
	stopCPU := func() error { return errors.New("no CPU profile was started") }
	defer func() { _ = stopCPU() }() // the profile of a server ended early, if any
	for commands.Scan() {
		switch command := commands.Text(); command {
		case commandMemory:
			w.write(line{Type: lineMemory, Bytes: liveMemory(), Goroutines: runtime.NumGoroutine()})
		case commandSubscribers:
			w.write(line{Type: lineSubscribers, Count: t.subscribers()})
		case commandPublish:
			p, err := t.publish(ctx)
			if err != nil {
				return err
			}
			w.write(line{Type: linePublished, Publication: &p})
		case commandHeapProfile:
			if err := writeHeapProfile(cfg.ProfileDir, cfg.profilePrefix()); err != nil {
				return err
			}
			w.write(line{Type: lineProfiled})
		case commandStartCPU:
			stop, err := startCPUProfile(cfg.ProfileDir, cfg.profilePrefix())
			if err != nil {
				return err
			}
			stopCPU = stop
			w.write(line{Type: lineProfiled})
		case commandStopCPU:
			if err := stopCPU(); err != nil {
				return err
			}
			stopCPU = func() error { return nil }
			w.write(line{Type: lineProfiled})
		default:
			return fmt.Errorf("unknown command %q", command)
		}
	}
	return commands.Err()
}

// baselineTarget is the baseline as a target.
type baselineTarget struct{ b *Baseline }

// clients implements target: n clients in one group, with no token.
func (t baselineTarget) clients(n int) ClientsConfig {
	return ClientsConfig{URL: t.b.URL(), Query: RoutQuery, Field: "gameEvents", Groups: []ClientGroup{{Clients: n}}}
}

func (t baselineTarget) subscribers() int { return t.b.Subscribers() }

// rotation implements target: the baseline has one stream of events.
func (t baselineTarget) rotation() int { return 1 }

// publish implements target: the next event to every client, the one group.
func (t baselineTarget) publish(ctx context.Context) (publication, error) {
	start := time.Now()
	seq, err := t.b.Publish(ctx)
	return publication{Deliveries: []delivery{{Group: 0, Seq: seq}}, Called: start, Published: start, Took: time.Since(start)}, err
}

func (t baselineTarget) close(ctx context.Context) error { return t.b.Close(ctx) }

// serverProcess is, in the benchmark's process, a target's server running in a process of its own
// (ServeTarget), so that its connections and its memory are apart from the other targets'.
type serverProcess struct {
	c        *child
	timeout  time.Duration // bounds each answer
	clients  ClientsConfig // of the configuration's subscribers
	rotation int
	before   line // the memory before the server started
}

// startServerProcess starts a server's process with cmd (whose standard input and output must be unset)
// for cfg and waits, for at most timeout, until it listens.
func startServerProcess(ctx context.Context, cmd *exec.Cmd, cfg ServerConfig, timeout time.Duration) (*serverProcess, error) {
	c, err := startChild("the "+cfg.Target+" server", cmd, cfg, serverStopTimeout)
	if err != nil {
		return nil, err
	}
	l, err := c.next(ctx, lineListening, timeout)
	if err == nil && l.Clients == nil {
		err = fmt.Errorf("the %s server listens without the clients' configuration", cfg.Target)
	}
	if err != nil {
		return nil, errors.Join(err, c.stop())
	}
	return &serverProcess{c: c, timeout: timeout, clients: *l.Clients, rotation: l.Rotation, before: l}, nil
}

// ask writes command and returns the answer of type want, waiting for at most p.timeout.
func (p *serverProcess) ask(ctx context.Context, command, want string) (line, error) {
	if err := p.c.send(command); err != nil {
		return line{}, err
	}
	return p.c.next(ctx, want, p.timeout)
}

// memory returns the server process's live heap and goroutine stacks after a garbage collection, and its
// goroutines.
func (p *serverProcess) memory(ctx context.Context) (uint64, int, error) {
	l, err := p.ask(ctx, commandMemory, lineMemory)
	return l.Bytes, l.Goroutines, err
}

// subscribers returns how many subscriptions the server holds.
func (p *serverProcess) subscribers(ctx context.Context) (int, error) {
	l, err := p.ask(ctx, commandSubscribers, lineSubscribers)
	return l.Count, err
}

// publish makes the next event.
func (p *serverProcess) publish(ctx context.Context) (publication, error) {
	l, err := p.ask(ctx, commandPublish, linePublished)
	if err == nil && l.Publication == nil {
		err = errors.New("a publish answer without its publication")
	}
	if err != nil {
		return publication{}, err
	}
	return *l.Publication, nil
}

// profile writes command (commandHeapProfile, commandStartCPU, commandStopCPU) and waits until it is done.
func (p *serverProcess) profile(ctx context.Context, command string) error {
	_, err := p.ask(ctx, command, lineProfiled)
	return err
}

// close ends the process, which stops the server.
func (p *serverProcess) close() error { return p.c.stop() }

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

// writeHeapProfile writes the heap profile of prefix into dir (nothing when dir is empty).
func writeHeapProfile(dir, prefix string) error {
	if dir == "" {
		return nil
	}
	heap, err := os.Create(filepath.Join(dir, prefix+".heap.pprof"))
	if err != nil {
		return fmt.Errorf("error writing the heap profile: %w", err)
	}
	err = pprof.Lookup("heap").WriteTo(heap, 0)
	if cerr := heap.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("error writing the heap profile: %w", err)
	}
	return nil
}

// startCPUProfile starts the CPU profile of prefix in dir; the function it returns stops it. Both do
// nothing when dir is empty.
func startCPUProfile(dir, prefix string) (stop func() error, err error) {
	if dir == "" {
		return func() error { return nil }, nil
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
