package livebench

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"rout/chat"
	"rout/dbtest"
	"rout/rules"
)

// childEnv makes the test binary a child process: TestMain then runs Clients ("clients") or
// ServeTarget ("server") instead of the tests, or ("hang") ignores the end of its input for an hour.
const childEnv = "LIVEBENCH_TEST_CHILD"

func TestMain(m *testing.M) {
	serve := map[string]func(context.Context, io.Reader, io.Writer) error{"clients": Clients, "server": ServeTarget}
	if os.Getenv(childEnv) == "hang" {
		time.Sleep(time.Hour)
	}
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
		Subscribers:    []int{subscribers},
		Events:         events,
		DatabaseURL:    dbtest.URL(t),
		ClientsCommand: testChild("clients"),
		ServerCommand:  testChild("server"),
		ProfileDir:     profiles,
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
		for i, l := range r.Latencies {
			if l <= 0 || r.CallLatencies[i] < l {
				t.Errorf("%s: latency %s, %s from the call; want more than 0, and at least as much from the call", r.Target, l, r.CallLatencies[i])
			}
		}
		// Measured in the server's own process, from before it started: it grows with the subscribers.
		if r.MemoryPerSubscriber <= 0 || r.GoroutinesPerSubscriber < 1 {
			t.Errorf("%s: %.0f bytes and %.1f goroutines per subscriber, want more than 0 and at least 1", r.Target, r.MemoryPerSubscriber, r.GoroutinesPerSubscriber)
		}
		// The warm-up event and the timed ones, to every client, each once.
		if s := r.Clients; s.Messages != subscribers*(events+1) || s.Lost != 0 || s.Duplicated != 0 || s.Ended != 0 {
			t.Errorf("%s: clients %+v, want %d messages and nothing lost, duplicated or ended", r.Target, s, subscribers*(events+1))
		}
	}
	for _, name := range []string{"baseline-20.heap.pprof", "baseline-20.cpu.pprof", "rout-20.heap.pprof", "rout-20.cpu.pprof"} {
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
		ServerCommand:  testChild("server"),
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

// Rout's chat against its game events: the chat's subscribers spread over the players' rooms of five games
// (2 to 6 seats: 20 seats), every line sent through the API reaching every subscriber of its room, once.
func TestRunWithChat(t *testing.T) {
	t.Parallel()
	const subscribers, events, games = 40, 10, 5
	results, err := Run(t.Context(), Config{
		Subscribers:    []int{subscribers},
		Events:         events,
		Games:          games,
		Chat:           true,
		DatabaseURL:    dbtest.URL(t),
		ClientsCommand: testChild("clients"),
		ServerCommand:  testChild("server"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[0].Target != TargetRout || results[1].Target != TargetRoutChat {
		t.Fatalf("results = %+v, want Rout's game events and its chat", results)
	}
	for _, r := range results {
		if len(r.Latencies) != events || r.Err != nil || r.Clients.Lost != 0 || r.Clients.Duplicated != 0 || r.Clients.Ended != 0 {
			t.Errorf("%s: %d latencies, error %v, clients %+v; want %d, nil, nothing lost, duplicated or ended", r.Target, len(r.Latencies), r.Err, r.Clients, events)
		}
		for i, l := range r.Latencies {
			if l <= 0 || r.CallLatencies[i] < l {
				t.Errorf("%s: latency %s, %s from the call; want more than 0, and at least as much from the call", r.Target, l, r.CallLatencies[i])
			}
		}
	}
	// Every client has every line of its room: the warm-up's and the timed ones, two in each room. The 40
	// clients are 2 a seat.
	if got, want := results[1].Clients.Messages, int64(subscribers*(1+events/games)); got != want {
		t.Errorf("rout-chat: %d messages, want %d", got, want)
	}
	var report strings.Builder
	WriteReport(&report, results)
	for _, want := range []string{"| 40 | rout | 10 |", "| 40 | rout-chat | 10 |", "| subscribers | chat / game events p50 |"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report without %q:\n%s", want, report.String())
		}
	}
}

// The chat target's clients follow the players' room of each game, signed in as its seats; a line goes to
// the seats of its game, numbered in its room, written by the seats in turn. More lines than the flood rule
// lets an author write in a room within its window are paced, not refused.
func TestRoutChatSendsLinesToItsRoom(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	const games = 2
	r, err := StartRout(ctx, RoutOpts{DatabaseURL: dbtest.URL(t), Games: games, Chat: true})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := r.Close(context.WithoutCancel(ctx)); err != nil {
			t.Error(err)
		}
	}()
	// Two and three seats, no spectators.
	if len(r.games) != games || len(r.views) != 5 {
		t.Fatalf("%d games and %d views, want %d and 5", len(r.games), len(r.views), games)
	}
	cfg := r.clients(5)
	if cfg.Field != "chatMessages" || cfg.Query != ChatQuery || !strings.Contains(string(cfg.Groups[0].Variables), `"room":"players"`) {
		t.Errorf("clients %+v, want chatMessages of the players' room", cfg)
	}
	// Game 0's two seats may write 5 lines each within 10 s: its 11th line waits.
	start := time.Now()
	for i := range 2*chat.FloodMessages + 1 {
		p, err := r.sendLine(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := []delivery{{Group: 0, Seq: int64(i + 1)}, {Group: 1, Seq: int64(i + 1)}}
		if !slices.Equal(p.Deliveries, want) || p.Published.Before(p.Called) || p.Published.After(p.Called.Add(p.Took)) {
			t.Fatalf("line %d: %+v, want %v, written within the call", i+1, p, want)
		}
		if i == 2*chat.FloodMessages && p.Called.Sub(start) < chat.FloodWindow-time.Second {
			t.Errorf("line %d sent %s after the first, want it paced by the flood rule", i+1, p.Called.Sub(start))
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
		ServerCommand: testChild("server"),
	})
	if err == nil || !strings.Contains(err.Error(), "the clients ended") {
		t.Errorf("Run = %v, want an error saying the clients ended", err)
	}
}

func TestRunRefusesABadConfig(t *testing.T) {
	t.Parallel()
	_, err := Run(t.Context(), Config{Subscribers: []int{0}, Events: MaxEvents + 1, Games: 2, Targets: []string{"nginx", TargetRout, TargetBaseline, TargetRoutFog}})
	for _, want := range []string{"at least 1", "events must be", `unknown target "nginx"`, "needs a database", "ClientsCommand and ServerCommand are required",
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
		p, err := r.publish(ctx)
		if err != nil || !slices.Equal(p.Deliveries, []delivery{{Group: 0, Seq: want}}) {
			t.Fatalf("publish = %v, %v; want event %d to the one group", p.Deliveries, err, want)
		}
		// The call begins first; the commit comes after the command's work and before TurnSubmit returns.
		if p.Called.Before(before) || !p.Published.After(p.Called) || p.Published.After(p.Called.Add(p.Took)) || p.Called.Add(p.Took).After(time.Now()) {
			t.Fatalf("called at %v for %v, published at %v; want the call within the test's (%v to now), the commit within the call",
				p.Called, p.Took, p.Published, before)
		}
	}
	if n := r.subscribers(); n != 0 {
		t.Errorf("%d subscribers, want 0", n)
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
			// Without fog every viewer numbers a game's events alike. With fog each numbers the events it
			// sees, and the spectator, who sees only what every seat sees, no more than any seat (how many
			// placements were hidden from whom depends on the deal).
			if fog == rules.FogNone {
				numbered := map[view]bool{} // the views' games and last events
				for _, v := range r.views {
					numbered[view{game: v.game, head: v.head}] = true
				}
				if len(numbered) != games {
					t.Errorf("the views' last events %v, want one number a game without fog", r.views)
				}
			}
			for _, spec := range r.views {
				if spec.viewer != rules.NoPlayer {
					continue
				}
				for _, seat := range r.views {
					if seat.game == spec.game && seat.head < spec.head {
						t.Errorf("the spectator's last event %d is past seat %d's %d in game %d", spec.head, seat.viewer, seat.head, spec.game)
					}
				}
			}
			for i := range games * rounds {
				g := i % games
				before := slices.Clone(r.views)
				p, err := r.publish(ctx)
				if err != nil {
					t.Fatal(err)
				}
				ds := p.Deliveries
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
					if r.views[d.Group].game != g || d.Seq != before[d.Group].head+1 || r.views[d.Group].head != d.Seq {
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

func TestServerProcessAnswersItsCommands(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	profiles := t.TempDir()
	cmd, _ := testChild("server")()
	p, err := startServerProcess(ctx, cmd, ServerConfig{Target: TargetBaseline, Subscribers: 3, ProfileDir: profiles}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if g := p.clients.Groups; !strings.HasPrefix(p.clients.URL, "ws://127.0.0.1:") || len(g) != 1 || g[0].Clients != 3 || p.rotation != 1 {
		t.Errorf("clients %+v, rotation %d; want the 3 clients in one group of the server's URL, one game", p.clients, p.rotation)
	}
	bytes, goroutines, err := p.memory(ctx)
	if err != nil || p.before.Bytes == 0 || p.before.Goroutines == 0 || goroutines <= p.before.Goroutines {
		t.Fatalf("memory = %d bytes, %d goroutines, %v, from %d and %d before the server; want more goroutines with the server",
			bytes, goroutines, err, p.before.Bytes, p.before.Goroutines)
	}
	if n, err := p.subscribers(ctx); n != 0 || err != nil {
		t.Fatalf("subscribers = %d, %v; want 0", n, err)
	}
	before := time.Now()
	pub, err := p.publish(ctx)
	if err != nil || !slices.Equal(pub.Deliveries, []delivery{{Group: 0, Seq: 1}}) || pub.Called.Before(before) ||
		pub.Published.Before(pub.Called) || pub.Took <= 0 || pub.Called.Add(pub.Took).After(time.Now()) {
		t.Fatalf("publish = %+v, %v; want event 1 to the one group, published within the call, within the test's", pub, err)
	}
	for _, command := range []string{commandHeapProfile, commandStartCPU, commandStopCPU} {
		if err := p.profile(ctx, command); err != nil {
			t.Fatalf("%s: %v", command, err)
		}
	}
	for _, name := range []string{"baseline-3.heap.pprof", "baseline-3.cpu.pprof"} {
		if fi, err := os.Stat(filepath.Join(profiles, name)); err != nil || fi.Size() == 0 {
			t.Errorf("profile %s: %v, want a file that is not empty", name, err)
		}
	}
	if _, err := p.ask(ctx, "dance", lineMemory); err == nil || !strings.Contains(err.Error(), `unknown command "dance"`) {
		t.Fatalf("an unknown command: %v, want the server's error", err)
	}
	// The process ended on the unknown command: stop says so.
	if err := p.close(); err == nil || !strings.Contains(err.Error(), "the baseline server failed") {
		t.Fatalf("close = %v, want the server's failure", err)
	}
}

// A Rout target in its own process: its clients follow its games' viewers, and its events are timed from
// the commit, within the call.
func TestRoutServesFromItsOwnProcess(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	cmd, _ := testChild("server")()
	p, err := startServerProcess(ctx, cmd, ServerConfig{Target: TargetRoutFog, Subscribers: Views(2), DatabaseURL: dbtest.URL(t),
		Games: 2, Fog: rules.FogNormal, Events: 4}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.clients.Groups) != Views(2) || p.rotation != 2 {
		t.Errorf("%d groups of clients, rotation %d; want one a viewer (%d), two games", len(p.clients.Groups), p.rotation, Views(2))
	}
	for range 2 {
		pub, err := p.publish(ctx)
		if err != nil || len(pub.Deliveries) < 2 || !pub.Published.After(pub.Called) || pub.Published.After(pub.Called.Add(pub.Took)) {
			t.Fatalf("publish = %+v, %v; want both fighters' deliveries, the commit within the call", pub, err)
		}
	}
	if err := p.close(); err != nil {
		t.Fatal(err)
	}
}

func TestStartServerProcessReportsTheServersError(t *testing.T) {
	t.Parallel()
	cmd, _ := testChild("server")()
	// Nothing listens on port 1.
	_, err := startServerProcess(t.Context(), cmd, ServerConfig{Target: TargetRout, Subscribers: 1,
		DatabaseURL: "host=127.0.0.1 port=1 user=bench sslmode=disable connect_timeout=5"}, time.Minute)
	if err == nil || !strings.Contains(err.Error(), "the rout server failed: error creating the benchmark's database") {
		t.Errorf("startServerProcess = %v, want the server's error", err)
	}
}

func TestAChildThatDoesNotEndIsKilled(t *testing.T) {
	t.Parallel()
	cmd, _ := testChild("hang")()
	c, err := startChild("the hanging child", cmd, ServerConfig{}, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	pid := c.cmd.Process.Pid
	if err := c.stop(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("(pid %d) did not end within 100ms and was killed", pid)) {
		t.Errorf("stop = %v, want an error saying it was killed", err)
	}
}

// A child's line may be as long as a configuration line: a server's listening line holds its clients'
// configuration, 100 KB for the 500 viewers of 100 games.
func TestAChildsLongLineIsRead(t *testing.T) {
	t.Parallel()
	long := line{Type: lineListening, Error: strings.Repeat("x", 1<<20)}
	c, err := startChild("cat", exec.Command("cat"), long, time.Minute) // cat writes its input back
	if err != nil {
		t.Fatal(err)
	}
	if l, err := c.next(t.Context(), lineListening, 10*time.Second); err != nil || l.Error != long.Error {
		t.Errorf("next = a line of %d bytes, %v; want the line of %d", len(l.Error), err, len(long.Error))
	}
	if err := c.stop(); err != nil {
		t.Fatal(err)
	}
}
