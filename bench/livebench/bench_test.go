package livebench

import (
	"context"
	"database/sql"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"rout/dbtest"
	"rout/rules"
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

// Rout with fog against Rout without, the subscribers spread over two games (of two and three seats,
// seven viewers in all).
func TestRunWithFog(t *testing.T) {
	t.Parallel()
	const subscribers, events = 20, 5
	results, err := Run(t.Context(), Config{
		Subscribers:    []int{subscribers},
		Events:         events,
		Games:          2,
		Fog:            rules.FogNormal,
		DatabaseURL:    dbtest.URL(t),
		ClientsCommand: testChild("clients"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[0].Target != TargetRout || results[1].Target != TargetRoutFog {
		t.Fatalf("results = %+v, want Rout's without and with fog", results)
	}
	for _, r := range results {
		if len(r.Latencies) != events || r.Err != nil || r.Clients.Lost != 0 || r.Clients.Duplicated != 0 || r.Clients.Ended != 0 {
			t.Errorf("%s: %d latencies, error %v, clients %+v; want %d, nil, nothing lost, duplicated or ended", r.Target, len(r.Latencies), r.Err, r.Clients, events)
		}
	}
	// Without fog every client gets its game's events: the warm-up's and the timed ones of its game
	// (events 1, 3 and 5 in the first game, 2 and 4 in the second); the first game's 3 viewers have 9
	// clients, the second's 4 viewers 11.
	if got, want := results[0].Clients.Messages, int64(9*(1+3)+11*(1+2)); got != want {
		t.Errorf("rout: %d messages, want %d", got, want)
	}
	var report strings.Builder
	WriteReport(&report, results)
	for _, want := range []string{"| 20 | rout | 5 |", "| 20 | rout-fog | 5 |", "| subscribers | fog / no fog p50 |"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report without %q:\n%s", want, report.String())
		}
	}
	if strings.Contains(report.String(), "Rout / baseline") {
		t.Errorf("report with a ratio to a baseline not measured:\n%s", report.String())
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
	_, err := Run(t.Context(), Config{Subscribers: []int{0}, Events: MaxEvents + 1, Games: 2, Targets: []string{"nginx", TargetRout, TargetBaseline, TargetRoutFog}})
	for _, want := range []string{"at least 1", "events must be", `unknown target "nginx"`, "needs a database", "ClientsCommand", "BaselineCommand",
		"fewer than the 7 viewers of 2 games", "needs a fog level"} {
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
	if len(r.games) != 1 || len(r.views) != 1 {
		t.Fatalf("%d games and %d views, want the one game followed by its attacker", len(r.games), len(r.views))
	}
	head := r.views[0].head
	for want := head + 1; want <= head+3; want++ {
		before := time.Now()
		ds, published, err := r.publish(ctx)
		if err != nil || !slices.Equal(ds, []delivery{{group: 0, seq: want}}) {
			t.Fatalf("publish = %v, %v; want event %d to the one group", ds, err, want)
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

// With many games the clients are spread over every viewer of every game, and an attack goes to the
// viewers of its game: all of them without fog, those who see it with fog, each under their own numbers.
func TestRoutSpreadsTheClientsOverTheViewers(t *testing.T) {
	t.Parallel()
	for _, fog := range []rules.Fog{rules.FogNone, rules.FogNormal} {
		t.Run(fog.String(), func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			const games, rounds = 3, 4
			r, err := StartRout(ctx, RoutOpts{DatabaseURL: dbtest.URL(t), Games: games, Fog: fog, Events: games * rounds})
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := r.Close(context.WithoutCancel(ctx)); err != nil {
					t.Error(err)
				}
			}()
			// Two, three and four seats, and the spectators of each.
			if len(r.games) != games || len(r.views) != Views(games) || Views(games) != 12 {
				t.Fatalf("%d games and %d views, want %d and 12", len(r.games), len(r.views), games)
			}
			// One client a viewer, and the one more to the first.
			cfg := r.clients(Views(games) + 1)
			total := 0
			for i, g := range cfg.Groups {
				total += g.Clients
				want := 1
				if i == 0 {
					want = 2
				}
				if g.Clients != want || g.Token != r.views[i].token || g.After != r.views[i].head {
					t.Errorf("group %d: %+v, want %d clients as its view %+v", i, g, want, r.views[i])
				}
			}
			if total != Views(games)+1 {
				t.Errorf("%d clients in the groups, want %d", total, Views(games)+1)
			}
			// Without fog every viewer numbers a game's events alike; with fog each its own (the seats'
			// placements were hidden from some during the preparation).
			numbered := map[view]bool{} // the views' games and last events
			for _, v := range r.views {
				numbered[view{game: v.game, head: v.head}] = true
			}
			if fog == rules.FogNone && len(numbered) != games || fog != rules.FogNone && len(numbered) <= games {
				t.Errorf("the views' last events %v, want one number a game without fog, more with fog", r.views)
			}
			for i := range games * rounds {
				g := i % games
				before := slices.Clone(r.views)
				ds, _, err := r.publish(ctx)
				if err != nil {
					t.Fatal(err)
				}
				var viewers []int
				for v, view := range before {
					if view.game == g {
						viewers = append(viewers, v)
					}
				}
				if len(ds) < 2 || (fog == rules.FogNone && len(ds) != len(viewers)) {
					t.Fatalf("event %d (game %d): deliveries %v to %d of its %d viewers; want both fighters' at least, and every viewer's without fog",
						i, g, ds, len(ds), len(viewers))
				}
				for _, d := range ds {
					if r.views[d.group].game != g || d.seq != before[d.group].head+1 || r.views[d.group].head != d.seq {
						t.Errorf("event %d (game %d): delivery %+v, want one to a viewer of the game, the viewer's next number", i, g, d)
					}
				}
			}
		})
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
	ds, published, err := p.publish(ctx)
	if err != nil || !slices.Equal(ds, []delivery{{group: 0, seq: 1}}) || published.Before(before) || published.After(time.Now()) {
		t.Fatalf("publish = %v at %v, %v; want event 1 to the one group, published within the call", ds, published, err)
	}
	if _, err := p.ask(ctx, "dance", lineMemory); err == nil || !strings.Contains(err.Error(), `unknown command "dance"`) {
		t.Fatalf("an unknown command: %v, want the baseline's error", err)
	}
	if err := p.close(ctx); err != nil {
		t.Fatal(err)
	}
}
