package apibench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rout/dbtest"
	"rout/rules"
	"rout/server"
)

// serveEnv makes the test binary `rout serve`: TestMain then runs server.Run as the command does.
// plainHTTPEnv makes it `rout bench api-plain`: TestMain then runs ServePlainHTTP.
const (
	serveEnv     = "APIBENCH_TEST_SERVE"
	plainHTTPEnv = "APIBENCH_TEST_PLAIN_HTTP"
)

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		cfg, err := server.ConfigFromEnv(os.Getenv)
		if err == nil {
			err = server.Run(ctx, cfg, server.NewLogger(os.Stderr, cfg))
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv(plainHTTPEnv) != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		if err := ServePlainHTTP(ctx, os.Getenv("DATABASE_URL"), os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "plain HTTP:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	dbtest.Main(m)
}

// selfCommand returns the command that runs the test binary as the child process that env names.
func selfCommand(env string) func() (*exec.Cmd, error) {
	return func() (*exec.Cmd, error) {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), env+"=1")
		return cmd, nil
	}
}

// Every measurement, tiny, against a real server process on real PostgreSQL.
func TestRunMeasuresEverything(t *testing.T) {
	t.Parallel()
	var progress strings.Builder
	profiles := t.TempDir()
	measure := AllMeasurements
	if testing.Short() {
		// The counters' measurement waits 44 s for PostgreSQL's backends to report theirs.
		measure = []string{MeasureCommands, MeasureBoard, MeasureCPU, MeasureDeadlines}
	}
	res, err := Run(t.Context(), Config{
		Measurements:     measure,
		DatabaseURL:      dbtest.URL(t),
		ServeCommand:     selfCommand(serveEnv),
		PlainHTTPCommand: selfCommand(plainHTTPEnv),
		Games:            []int{1, 2},
		Commands:         5,
		Fog:              rules.FogNormal,
		Reads:            3,
		CPUTurns:         1,
		Deadlines:        3,
		BurstPlayers:     4,
		CPUGames:         1,
		Idle:             time.Second,
		Timeout:          3 * time.Minute,
		Progress:         &progress,
		ProfileDir:       profiles,
		ProfileSeconds:   1,
	})
	if err != nil {
		t.Fatalf("Run: %v\nprogress:\n%s", err, progress.String())
	}
	if len(res.Commands) != 2 {
		t.Fatalf("%d command runs, want 2", len(res.Commands))
	}
	for _, c := range res.Commands {
		if c.API.Commands != 5*c.Games || c.Fog.Commands != 5*c.Games || c.Plain.Commands != 5*c.Games || c.PlainHTTP.Commands != 5*c.Games ||
			c.API.Elapsed <= 0 || c.PlainHTTP.Elapsed <= 0 || c.Fog.Elapsed <= 0 {
			t.Errorf("%d games: %d commands, %d with fog, %d plain transactions, %d plain HTTP commands; want %d each", c.Games, c.API.Commands,
				c.Fog.Commands, c.Plain.Commands, c.PlainHTTP.Commands, 5*c.Games)
		}
		// The servers are the benchmark's children and PostgreSQL runs on this machine, as the tests use it.
		for _, u := range []CPUUse{c.API.CPU, c.Fog.CPU, c.PlainHTTP.CPU} {
			if !u.ClientKnown || !u.ServerKnown || !u.PostgresKnown {
				t.Errorf("%d games: CPU %+v; want the client's, the server's and PostgreSQL's measured", c.Games, u)
			}
		}
		if !c.Plain.CPU.ClientKnown || !c.Plain.CPU.PostgresKnown || c.Plain.CPU.ServerKnown {
			t.Errorf("%d games: CPU of the plain transaction %+v; want the client's and PostgreSQL's measured, no server's", c.Games, c.Plain.CPU)
		}
	}
	if b := res.Board; b == nil || len(b.GraphQL) != 3 || len(b.RawSQL) != 3 || b.Territories != 42 {
		t.Errorf("board = %+v, want 3 reads of each kind of 42 territories", b)
	}
	if c := res.Count; !testing.Short() && (c == nil || c.Commands != 5 || c.Transactions <= 0) {
		t.Errorf("count = %+v, want 5 commands with transactions counted", c)
	}
	if c := res.CPU; c == nil || len(c.Turns) < 1 {
		t.Errorf("CPU = %+v, want a turn", c)
	}
	if b := res.Burst; b == nil || b.Games != 3 || b.Left != 0 || b.Failed != 0 || b.Done <= 0 || b.IdleCPU < 0 || b.EmptyCPU < 0 ||
		b.Players != 4 || b.CPUGames != 1 || len(b.Late) == 0 {
		t.Errorf("burst = %+v, want 3 takeovers done and the idle CPU measured", b)
	}
	for _, name := range []string{"commands-1.cpu.pprof", "commands-2.cpu.pprof", "board.cpu.pprof", "deadlines.cpu.pprof"} {
		if fi, err := os.Stat(filepath.Join(profiles, name)); err != nil || fi.Size() == 0 {
			t.Errorf("profile %s: %v, want a file that is not empty", name, err)
		}
	}
	var report strings.Builder
	WriteReport(&report, res)
	for _, want := range []string{"| 1 |", "| 2 |", "Board read of a classic game (42 territories)", "CPU turns on classic",
		"3 games' deadlines due at one moment (4 players, two to a game), 3 turns taken over in", "| command p50 within 2.5×", "| board read within 3×",
		"| command p50 within 2.0× the plain HTTP handler at 1 client |", "| plain HTTP commands/s |", "| 2 | plain HTTP |",
		"| games = clients | run | client | server | PostgreSQL | total | cores busy |", "| 2 | plain |",
		"The same commands in games with normal fog", "| 2 | API with fog |", "| command p50 with normal fog within 1.2× without fog at 2 games |"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report without %q:\n%s", want, report.String())
		}
	}
}

func TestRunRefusesABadConfig(t *testing.T) {
	t.Parallel()
	_, err := Run(t.Context(), Config{Games: []int{0}, Commands: -1, Measurements: []string{"speed", MeasureCommands}, URL: "http://192.0.2.1:8080"})
	for _, want := range []string{"not on loopback", "database is required", `unknown measurement "speed"`, "from 1 to 64", "commands must be",
		"PlainHTTPCommand is required"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Run = %v, want an error with %q", err, want)
		}
	}
}
