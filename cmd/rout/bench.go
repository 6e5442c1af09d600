package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"rout/bench/apibench"
	"rout/bench/livebench"
)

const benchLiveSummary = `Measures the live subscriptions: for each number of subscribers, a plain gorilla/websocket broadcast
(the baseline) and Rout's API (gameEvents on one game, on a throwaway database created on the server of
--database-url and dropped at the end), each serving from a process of its own, each get that many
websocket clients on loopback, in a process of their own, and one warm-up event; then --events events are timed in turns,
each on both targets before the next. It prints publish-to-last-receipt p50, p99 and max (Rout: from the
event's commit; and from the command's start), the server's memory per subscriber, events lost and
duplicated, and Rout's ratios to the baseline, as Markdown tables. With --games N the subscribers are
spread over N games on the classic map of 2 to 6 seats each, signed in as each seat's user and as a
spectator; with --fog LEVEL the targets are Rout without fog and Rout with that fog, the same games and
subscribers each, and the report gives the ratios of fog to no fog. With --chat (and --games N) the
targets are Rout's game events and Rout's chat: the chat's subscribers follow the players' room of each of
its N games (N rooms, spread evenly over the rooms' seats), an event is a chat line sent with
sendChatMessage through the API by the game's seats in turn (within the chat's limits), timed as a game
event from its transaction's commit, and the report gives the ratios of chat to game events.`

// runBench is `rout bench`: benchmarks, one subcommand each.
func runBench(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: rout bench live|api [flags]")
		return usageError("bench: no benchmark given")
	}
	switch args[0] {
	case "live":
		return runBenchLive(ctx, args[1:], getenv, stdout, stderr, selfChild)
	case "api":
		return runBenchAPI(ctx, args[1:], getenv, stdout, stderr, func() (*exec.Cmd, error) { return selfCommand("serve") },
			func() (*exec.Cmd, error) { return selfChild("api-plain") })
	case "api-plain":
		// The plain HTTP handler of `rout bench api`, in its own process: see package apibench.
		return apibench.ServePlainHTTP(ctx, getenv("DATABASE_URL"), stderr)
	case "live-clients":
		// The clients of `rout bench live`, in their own process: see package livebench.
		return livebench.Clients(ctx, os.Stdin, stdout)
	case "live-server":
		// A target's server of `rout bench live`, in its own process.
		return livebench.ServeTarget(ctx, os.Stdin, stdout)
	}
	fmt.Fprintln(stderr, "usage: rout bench live|api [flags]")
	return usageError(fmt.Sprintf("bench: unknown benchmark %q", args[0]))
}

// selfCommand returns the command that runs this very binary with args.
func selfCommand(args ...string) (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("error finding this program to run %s: %w", strings.Join(args, " "), err)
	}
	return exec.Command(self, args...), nil
}

// selfChild returns the command that runs `rout bench <sub>` (live-clients, live-server, api-plain) with this
// very binary.
func selfChild(sub string) (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("error finding this program to run %s: %w", sub, err)
	}
	return exec.Command(self, "bench", sub), nil
}

// runBenchLive is `rout bench live`; child returns the command of its child processes, `rout bench
// live-clients` and `rout bench live-server` (sub is the subcommand).
func runBenchLive(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer,
	child func(sub string) (*exec.Cmd, error)) error {
	fs := newFlagSet("bench live", "[flags]", benchLiveSummary, stderr)
	subscribers := fs.String("subscribers", "1000,10000", "comma-separated `numbers` of subscribers")
	events := fs.Int("events", 200, fmt.Sprintf("events timed per number of subscribers and target (at most %d)", livebench.MaxEvents))
	targets := fs.String("targets", "", "comma-separated targets: baseline, rout, rout-fog, rout-chat (default baseline,rout, with --fog rout,rout-fog, with --chat rout,rout-chat)")
	games := fs.Int("games", 0, "games on the classic map to spread the subscribers over, every seat and the spectators followed (0: one game on 5,000 territories, followed by its attacker)")
	chat := fs.Bool("chat", false, "measure the chat against the game events: the default targets become rout,rout-chat; needs --games (one chat room a game)")
	fog := fs.String("fog", "none", "fog of war of the rout-fog target: none, light, normal, heavy or complete (with a level, the default targets are rout,rout-fog)")
	databaseURL := getenv("DATABASE_URL")
	fs.Var(secretValue{&databaseURL}, "database-url",
		"PostgreSQL server `string` on which the benchmark may create and drop a database ($DATABASE_URL); required with the rout target")
	eventTimeout := fs.Duration("event-timeout", time.Minute, "how long one event may take to reach every client")
	setupTimeout := fs.Duration("setup-timeout", 5*time.Minute, "how long a target's server may take to start (or answer) and its clients to connect and subscribe")
	profileDir := fs.String("profile-dir", "", "existing `folder` for profiles of each target's server: its heap after the warm-up (TARGET-N.heap.pprof) and its CPU during the timed events (TARGET-N.cpu.pprof)")
	if done, err := parseFlags(fs, args, 0); done {
		return err
	}
	// The child processes write their errors there too.
	stderr = &lockedWriter{w: stderr}
	cfg := livebench.Config{
		Events:       *events,
		Games:        *games,
		Chat:         *chat,
		DatabaseURL:  databaseURL,
		SetupTimeout: *setupTimeout,
		EventTimeout: *eventTimeout,
		Progress:     stderr,
		ProfileDir:   *profileDir,
	}
	if err := cfg.Fog.UnmarshalText([]byte(*fog)); err != nil {
		return usageError("bench live: --fog: " + err.Error())
	}
	if *targets != "" {
		cfg.Targets = strings.Split(*targets, ",")
	}
	for _, s := range strings.Split(*subscribers, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return usageError(fmt.Sprintf("bench live: --subscribers: %q is not a number", s))
		}
		cfg.Subscribers = append(cfg.Subscribers, n)
	}
	command := func(sub string) func() (*exec.Cmd, error) {
		return func() (*exec.Cmd, error) {
			cmd, err := child(sub)
			if err != nil {
				return nil, err
			}
			cmd.Stderr = stderr
			return cmd, nil
		}
	}
	cfg.ClientsCommand, cfg.ServerCommand = command("live-clients"), command("live-server")
	results, err := livebench.Run(ctx, cfg)
	if len(results) > 0 {
		livebench.WriteReport(stdout, results)
	}
	return err
}

// lockedWriter is a writer safe for concurrent use.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

const benchAPISummary = `Measures the real API: starts rout serve on loopback on a throwaway database created on the server of
--database-url (dropped at the end), rate limits off and ROUT_CPU_DELAY=0s (or measures the server at
--url, whose database --database-url must then be). For each number of --games, as many plain clients
run --commands transactions of a command's shape (BEGIN; 2 UPDATEs; 1 INSERT; COMMIT) on the same
database, as many clients post --commands commands each to a plain JSON-over-HTTP handler (net/http
and lib/pq in a process of its own: lock the game, update 2 territories, insert an event, bump the
version), then as many games of signed-up players play --commands legal commands each at once through
/graphql; both HTTP clients keep their connections alive. Then a board read through GraphQL against the raw SQL read, PostgreSQL's
transactions and scans per command, CPU turns, and --deadlines games whose deadlines fall due at one
moment (the server's CPU measured while they wait). With --fog LEVEL the commands are played in as many
games with that fog of war too, in turns with the others. Prints Markdown tables with the ratios and the
goals.`

// runBenchAPI is `rout bench api`; serve returns the command that runs `rout serve`, plainHTTP the one
// that runs the plain HTTP handler (`rout bench api-plain`).
func runBenchAPI(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer,
	serve, plainHTTP func() (*exec.Cmd, error)) error {
	fs := newFlagSet("bench api", "[flags]", benchAPISummary, stderr)
	games := fs.String("games", "1,16", "comma-separated `numbers` of games played at once (and of clients of each plain anchor)")
	commands := fs.Int("commands", 200, "commands each game plays (and each plain client runs)")
	mapKey := fs.String("map", "classic", "the `key` of the games' map")
	fog := fs.String("fog", "none", "fog of war of a second set of command games, measured against the games without: none, light, normal, heavy or complete")
	reads := fs.Int("reads", 200, "board reads of each kind")
	cpuTurns := fs.Int("cpu-turns", 20, "CPU turns timed")
	deadlines := fs.Int("deadlines", 1000, "games whose deadlines fall due at one moment")
	burstPlayers := fs.Int("burst-players", 2, "players the deadline burst's games are spread over, two to a game (an even number)")
	cpuGames := fs.Int("cpu-games", 0, "games of CPUs that play on during the deadline burst (their CPU turns beside the takeovers)")
	idle := fs.Duration("idle", 10*time.Second, "how long the server's CPU is measured before the deadline games are created and while they wait")
	measure := fs.String("measure", strings.Join(apibench.AllMeasurements, ","), "comma-separated measurements to make")
	url := fs.String("url", "", "base `URL` of a running server to measure instead of starting one (loopback)")
	timeout := fs.Duration("timeout", 10*time.Minute, "bound of each measurement")
	burstTimeout := fs.Duration("burst-timeout", 5*time.Minute, "bound of the wait for the deadline burst's takeovers (the turns left are reported)")
	profileDir := fs.String("profile-dir", "", "existing `folder` for CPU profiles of the server: the first --profile-seconds of each command run (commands-N.cpu.pprof), of the board reads (board.cpu.pprof) and of the deadline burst (deadlines.cpu.pprof); with --url, $ROUT_ADMIN_TOKEN must be that server's")
	profileSeconds := fs.Int("profile-seconds", 5, "length of each profile")
	databaseURL := getenv("DATABASE_URL")
	fs.Var(secretValue{&databaseURL}, "database-url",
		"PostgreSQL server `string` on which the benchmark may create and drop a database, or with --url that server's database ($DATABASE_URL)")
	if done, err := parseFlags(fs, args, 0); done {
		return err
	}
	cfg := apibench.Config{
		DatabaseURL: databaseURL, URL: *url, ServeCommand: serve, PlainHTTPCommand: plainHTTP, Measurements: strings.Split(*measure, ","),
		Commands: *commands, Map: *mapKey, Reads: *reads, CPUTurns: *cpuTurns, Deadlines: *deadlines, CPUGames: *cpuGames, BurstPlayers: *burstPlayers,
		Idle: *idle, Timeout: *timeout, BurstTimeout: *burstTimeout, Progress: stderr,
		ProfileDir: *profileDir, ProfileSeconds: *profileSeconds, AdminToken: getenv("ROUT_ADMIN_TOKEN"),
	}
	if err := cfg.Fog.UnmarshalText([]byte(*fog)); err != nil {
		return usageError("bench api: --fog: " + err.Error())
	}
	for _, s := range strings.Split(*games, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return usageError(fmt.Sprintf("bench api: --games: %q is not a number", s))
		}
		cfg.Games = append(cfg.Games, n)
	}
	res, err := apibench.Run(ctx, cfg)
	if res != nil {
		apibench.WriteReport(stdout, res)
	}
	return err
}
