package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strings"
	"testing"

	"rout/dbtest"
)

// benchChildEnv makes TestBenchLiveChildProcess a child process of TestBenchLive: its value is the
// subcommand to run (live-clients, live-server).
const benchChildEnv = "ROUT_TEST_BENCH_CHILD"

// TestBenchLiveChildProcess is a child process of TestBenchLive (`rout bench live-clients` or `rout bench
// live-server`), run in a new process of this test binary; otherwise it skips.
func TestBenchLiveChildProcess(t *testing.T) {
	sub := os.Getenv(benchChildEnv)
	if sub == "" {
		t.Skip("a child process of TestBenchLive: runs only when that test starts it")
	}
	if err := run(context.Background(), []string{"bench", sub}, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, sub+":", err)
		os.Exit(1)
	}
	os.Exit(0) // before the testing package writes PASS on the standard output
}

// benchLiveChild runs `rout bench <sub>` as TestBenchLiveChildProcess in a new process of this test binary.
func benchLiveChild(sub string) (*exec.Cmd, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestBenchLiveChildProcess$")
	cmd.Env = append(os.Environ(), benchChildEnv+"="+sub)
	return cmd, nil
}

func TestBenchLive(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t)}
	var stdout, stderr bytes.Buffer
	err := runBenchLive(t.Context(), []string{"--subscribers", "20,30", "--events", "5"},
		func(k string) string { return env[k] }, &stdout, &stderr, benchLiveChild)
	if err != nil {
		t.Fatalf("bench live: %v\nstderr:\n%s", err, stderr.String())
	}
	out := stdout.String()
	// Every row: 5 events timed, and nothing lost, duplicated or ended early.
	for _, row := range []string{"| 20 | baseline | 5 |", "| 20 | rout | 5 |", "| 30 | baseline | 5 |", "| 30 | rout | 5 |"} {
		i := strings.Index(out, row)
		if i < 0 {
			t.Errorf("no row %q in:\n%s", row, out)
			continue
		}
		line, _, _ := strings.Cut(out[i:], "\n")
		if !strings.HasSuffix(line, "| 0 | 0 | 0 |") {
			t.Errorf("row %q: want nothing lost, duplicated or ended early", line)
		}
	}
	// One ratio row per number of subscribers, with a verdict per goal.
	for _, n := range []int{20, 30} {
		row := regexp.MustCompile(fmt.Sprintf(`\n\| %d( \| [0-9.]+×){4} \|( (met|\*\*not met\*\*) \|){3}\n`, n))
		if !row.MatchString(out) {
			t.Errorf("no ratio row for %d subscribers in:\n%s", n, out)
		}
	}
	if !strings.Contains(stderr.String(), "rout with 30 subscribers: subscribed") {
		t.Errorf("no progress on standard error:\n%s", stderr.String())
	}
}

func TestBenchLiveWithFog(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t)}
	var stdout, stderr bytes.Buffer
	err := runBenchLive(t.Context(), []string{"--subscribers", "20", "--events", "3", "--games", "2", "--fog", "normal"},
		func(k string) string { return env[k] }, &stdout, &stderr, benchLiveChild)
	if err != nil {
		t.Fatalf("bench live: %v\nstderr:\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, row := range []string{"| 20 | rout | 3 |", "| 20 | rout-fog | 3 |"} {
		if !strings.Contains(out, row) {
			t.Errorf("no row %q in:\n%s", row, out)
		}
	}
	// The ratios of fog to no fog, with a verdict per goal.
	row := regexp.MustCompile(`\n\| 20( \| [0-9.]+×){4} \| -?[0-9.]+× \(-?[0-9.]+ / -?[0-9.]+ KiB\) \|( (met|\*\*not met\*\*) \|){3}\n`)
	if !row.MatchString(out) {
		t.Errorf("no fog ratio row in:\n%s", out)
	}
}

func TestBenchLiveWithChat(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t)}
	var stdout, stderr bytes.Buffer
	err := runBenchLive(t.Context(), []string{"--subscribers", "20", "--events", "3", "--games", "3", "--chat"},
		func(k string) string { return env[k] }, &stdout, &stderr, benchLiveChild)
	if err != nil {
		t.Fatalf("bench live: %v\nstderr:\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, row := range []string{"| 20 | rout | 3 |", "| 20 | rout-chat | 3 |"} {
		if !strings.Contains(out, row) {
			t.Errorf("no row %q in:\n%s", row, out)
		}
	}
	// The ratios of the chat to the game events, with a verdict per goal.
	row := regexp.MustCompile(`\n\| 20( \| [0-9.]+×){4} \| -?[0-9.]+× \(-?[0-9.]+ / -?[0-9.]+ KiB\) \|( (met|\*\*not met\*\*) \|){3}\n`)
	if !row.MatchString(out) {
		t.Errorf("no chat ratio row in:\n%s", out)
	}
}

func TestBenchRefusesBadArguments(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"bench"}, "no benchmark", 2},
		{[]string{"bench", "fast"}, `unknown benchmark "fast"`, 2},
		{[]string{"bench", "live", "--subscribers", "ten"}, `"ten" is not a number`, 2},
		{[]string{"bench", "live", "extra"}, `unexpected argument "extra"`, 2},
		{[]string{"bench", "live", "--targets", "rout"}, "needs a database", 1},
		{[]string{"bench", "live", "--events", "0", "--targets", "baseline"}, "events must be", 1},
		{[]string{"bench", "live", "--fog", "dense"}, "--fog", 2},
		{[]string{"bench", "live", "--chat", "--database-url", "x"}, "the rout-chat target needs games", 1},
		{[]string{"bench", "live", "--games", "2", "--subscribers", "3", "--targets", "baseline"}, "fewer than the 7 viewers", 1},
		{[]string{"bench", "api", "--games", "many"}, `"many" is not a number`, 2},
		{[]string{"bench", "api", "extra"}, `unexpected argument "extra"`, 2},
		{[]string{"bench", "api", "--fog", "dense"}, "--fog", 2},
		{[]string{"bench", "api", "--measure", "commands"}, "database is required", 1},
		{[]string{"bench", "api", "--url", "http://192.0.2.1:8080", "--database-url", "x"}, "not on loopback", 1},
	} {
		var stdout, stderr bytes.Buffer
		err := run(t.Context(), tc.args, func(string) string { return "" }, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.want) || exitCode(err) != tc.code {
			t.Errorf("%v: error %v (exit %d), want one with %q (exit %d)", tc.args, err, exitCode(err), tc.want, tc.code)
		}
	}
}

// benchServeEnv makes TestBenchAPIServeProcess a child process of TestBenchAPI: its value is the
// command to run (serve, or bench api-plain).
const benchServeEnv = "TEST_BENCH_API_SERVE" // not ROUT_*: the benchmark leaves those out of the server's environment

// TestBenchAPIServeProcess is `rout serve` or `rout bench api-plain` for TestBenchAPI, run in a new
// process of this test binary; otherwise it skips.
func TestBenchAPIServeProcess(t *testing.T) {
	command := os.Getenv(benchServeEnv)
	if command == "" {
		t.Skip("a child process of TestBenchAPI: runs only when that test starts it")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, strings.Fields(command), os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, command+":", err)
		os.Exit(1)
	}
	os.Exit(0)
}

func TestBenchAPI(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.URL(t)}
	child := func(command string) func() (*exec.Cmd, error) {
		return func() (*exec.Cmd, error) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestBenchAPIServeProcess$")
			cmd.Env = append(os.Environ(), benchServeEnv+"="+command)
			return cmd, nil
		}
	}
	var stdout, stderr bytes.Buffer
	err := runBenchAPI(t.Context(), []string{"--games", "1", "--commands", "3", "--reads", "2", "--measure", "commands,board", "--fog", "normal"},
		func(k string) string { return env[k] }, &stdout, &stderr, child("serve"), child("bench api-plain"))
	if err != nil {
		t.Fatalf("bench api: %v\nstderr:\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"| 1 | ", "Board read of a classic game (42 territories), 2 reads each", "| command p50 within 2.5× the plain transaction at 1 client |",
		"| command p50 within 2.0× the plain HTTP handler at 1 client |", "| command p50 with normal fog within 1.2× without fog at 1 game |"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
