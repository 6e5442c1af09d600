package livebench

import (
	"context"
	"database/sql"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rout/dbtest"
)

// childEnv makes the test binary a child process: TestMain then runs Clients ("clients") or
// ServeBaseline ("baseline") instead of the tests.
const childEnv = "LIVEBENCH_TEST_CHILD"

func TestMain(m *testing.M) {
	serve := map[string]func(context.Context, io.Reader, io.Writer) error{"clients": Clients, "baseline": ServeBaseline}
	if f := serve[os.Getenv(childEnv)]; f != nil {
		if err := f(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	dbtest.Main(m)
}

// testChild returns the command that runs this test binary as the child process role.
func testChild(role string) func() (*exec.Cmd, error) {
	return func() (*exec.Cmd, error) {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), childEnv+"="+role)
		cmd.Stderr = os.Stderr
		return cmd, nil
	}
}

func TestRun(t *testing.T) {
	t.Parallel()
	const subscribers, events = 20, 5
	profiles := t.TempDir()
	results, err := Run(t.Context(), Config{
		Subscribers:     []int{subscribers},
		Events:          events,
		DatabaseURL:     dbtest.URL(t),
		ClientsCommand:  testChild("clients"),
		BaselineCommand: testChild("baseline"),
		ProfileDir:      profiles,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[0].Target != TargetBaseline || results[1].Target != TargetRout {
		t.Fatalf("results = %+v, want the baseline's and Rout's", results)
	}
	for _, r := range results {
		if r.Subscribers != subscribers || len(r.Latencies) != events || r.Err != nil {
			t.Errorf("%s: %d subscribers, %d latencies, error %v; want %d, %d, nil", r.Target, r.Subscribers, len(r.Latencies), r.Err, subscribers, events)
		}
		for _, l := range r.Latencies {
			if l <= 0 {
				t.Errorf("%s: latency %s, want more than 0", r.Target, l)
			}
		}
		// The warm-up event and the timed ones, to every client, each once.
		if s := r.Clients; s.Messages != subscribers*(events+1) || s.Lost != 0 || s.Duplicated != 0 || s.Ended != 0 {
			t.Errorf("%s: clients %+v, want %d messages and nothing lost, duplicated or ended", r.Target, s, subscribers*(events+1))
		}
	}
	for _, name := range []string{"rout-20.heap.pprof", "20.cpu.pprof"} {
		if fi, err := os.Stat(filepath.Join(profiles, name)); err != nil || fi.Size() == 0 {
			t.Errorf("profile %s: %v, want a file that is not empty", name, err)
		}
	}
	var report strings.Builder
	WriteReport(&report, results)
	for _, want := range []string{"| 20 | baseline | 5 |", "| 20 | rout | 5 |", "Rout / baseline p50"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report without %q:\n%s", want, report.String())
		}
	}
}

func TestRunFailsWhenTheClientsFail(t *testing.T) {
	t.Parallel()
	// The test binary without the environment variable runs no test and ends: no ready line.
	_, err := Run(t.Context(), Config{
		Subscribers: []int{3},
		Events:      1,
		Targets:     []string{TargetBaseline},
		ClientsCommand: func() (*exec.Cmd, error) {
			return exec.Command(os.Args[0], "-test.run=^$"), nil
		},
		BaselineCommand: testChild("baseline"),
	})
	if err == nil || !strings.Contains(err.Error(), "the clients ended") {
		t.Errorf("Run = %v, want an error saying the clients ended", err)
	}
}

func TestRunRefusesABadConfig(t *testing.T) {
	t.Parallel()
	_, err := Run(t.Context(), Config{Subscribers: []int{0}, Events: MaxEvents + 1, Targets: []string{"nginx", TargetRout, TargetBaseline}})
	for _, want := range []string{"at least 1", "events must be", `unknown target "nginx"`, "needs a database", "ClientsCommand", "BaselineCommand"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Run = %v, want an error with %q", err, want)
		}
	}
}

func TestRoutPublishesAttacksAndDropsItsDatabase(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := dbtest.URL(t)
	r, err := StartRout(ctx, RoutOpts{DatabaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	name := r.dbName
	for want := r.after + 1; want <= r.after+3; want++ {
		before := time.Now()
		seq, published, err := r.publish(ctx)
		if err != nil || seq != want {
			t.Fatalf("publish = %d, %v; want %d", seq, err, want)
		}
		// The commit comes after the command's work and before TurnSubmit returns.
		if !published.After(before) || published.After(time.Now()) {
			t.Fatalf("published at %v, not within the call (%v to now)", published, before)
		}
	}
	if n, err := r.subscribers(ctx); n != 0 || err != nil {
		t.Errorf("%d subscribers, %v; want 0", n, err)
	}
	if err := r.Close(ctx); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("postgres", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	if exists {
		t.Errorf("database %s is still there", name)
	}
}

func TestStartRoutFailsWithoutAServer(t *testing.T) {
	t.Parallel()
	// Nothing listens on port 1.
	_, err := StartRout(t.Context(), RoutOpts{DatabaseURL: "host=127.0.0.1 port=1 user=bench sslmode=disable connect_timeout=5"})
	if err == nil || !strings.Contains(err.Error(), "error creating the benchmark's database") {
		t.Errorf("StartRout = %v, want an error creating the database", err)
	}
}

func TestBaselineProcessAnswersItsCommands(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cmd, _ := testChild("baseline")()
	p, err := startBaselineProcess(ctx, cmd, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if bytes, goroutines, err := p.memory(ctx); err != nil || bytes == 0 || goroutines == 0 {
		t.Fatalf("memory = %d bytes, %d goroutines, %v", bytes, goroutines, err)
	}
	if n, err := p.subscribers(ctx); n != 0 || err != nil {
		t.Fatalf("subscribers = %d, %v; want 0", n, err)
	}
	before := time.Now()
	seq, published, err := p.publish(ctx)
	if err != nil || seq != 1 || published.Before(before) || published.After(time.Now()) {
		t.Fatalf("publish = %d at %v, %v; want event 1 published within the call", seq, published, err)
	}
	if _, err := p.ask(ctx, "dance", lineMemory); err == nil || !strings.Contains(err.Error(), `unknown command "dance"`) {
		t.Fatalf("an unknown command: %v, want the baseline's error", err)
	}
	if err := p.close(ctx); err != nil {
		t.Fatal(err)
	}
}
