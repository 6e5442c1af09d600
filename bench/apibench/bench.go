package apibench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os/exec"
	"slices"
	"sync"
	"time"

	"rout/account"
	"rout/bench/benchstat"
	"rout/rules"

	"github.com/lib/pq"
)

// The measurements Run can make.
const (
	MeasureCommands  = "commands"
	MeasureBoard     = "board"
	MeasureCount     = "count"
	MeasureCPU       = "cpu"
	MeasureDeadlines = "deadlines"
)

// AllMeasurements are the measurements, in the order Run makes them.
var AllMeasurements = []string{MeasureCommands, MeasureBoard, MeasureCount, MeasureCPU, MeasureDeadlines}

// Config is one run of the benchmark.
type Config struct {
	// DatabaseURL is, without URL, a PostgreSQL server on which the benchmark creates (and drops) a
	// throwaway database for the server it starts; with URL, that server's own database. Required.
	DatabaseURL string
	// URL, when set, is the base URL of a running Rout server (http://127.0.0.1:8080) to measure instead
	// of starting one; it must have its rate limits off and ROUT_CPU_DELAY=0s (see ServeEnv). The
	// server's CPU time is then not measured.
	URL string
	// ServeCommand returns the command that runs `rout serve` in a new process, its environment and
	// standard error unset. Required without URL.
	ServeCommand func() (*exec.Cmd, error)
	// PlainHTTPCommand returns the command that runs ServePlainHTTP in a new process (`rout bench
	// api-plain`), its environment and standard error unset. Required for MeasureCommands.
	PlainHTTPCommand func() (*exec.Cmd, error)
	// Measurements are the measurements to make (AllMeasurements when empty).
	Measurements []string
	// Games are the numbers of games played at once, each beside as many plain clients. Default 1, 16.
	Games []int
	// Commands is the number of commands each game plays (and transactions each plain client runs), and
	// the number counted by MeasureCount. Default 200.
	Commands int
	// Map is the map of every game. Default classic.
	Map string
	// Fog, when not none, measures the commands in fog games too: for each number of games, as many
	// games with this fog of war play beside the games without, taking their turns after them
	// (CommandRun.Fog), so that the report compares a command with fog to the same without.
	Fog rules.Fog
	// Reads is the number of board reads of each kind. Default 200.
	Reads int
	// CPUTurns is the number of CPU turns timed. Default 20.
	CPUTurns int
	// Deadlines is the number of games whose deadlines fall due at once. Default 1000.
	Deadlines int
	// BurstPlayers is the number of players the deadline burst's games are spread over, two to a game
	// (game i between players 2i and 2i+1, modulo BurstPlayers). Default 2: every game between the same
	// two players, whose notices then commit one after another (see docs/benchmarks.md).
	BurstPlayers int
	// CPUGames is the number of games of CPUs that play on during the deadline burst (each created with a
	// player and two CPU seats, normal, and resigned by the player at once), so that the burst meets CPU
	// turns; 0 for none.
	CPUGames int
	// Idle is how long the server's CPU is measured before the deadline games are created and again
	// while they wait. Default 10 s.
	Idle time.Duration
	// BurstTimeout bounds the wait for the takeovers of the deadline burst; the turns left then are
	// reported. Default 5 minutes.
	BurstTimeout time.Duration
	// Timeout bounds each measurement (and the server's start). Default 10 minutes.
	Timeout time.Duration
	// Progress receives one line per step; nil discards them.
	Progress io.Writer
	// ProfileDir, when set, is an existing folder that receives CPU profiles of the server, read from
	// its /debug/pprof/profile: ProfileSeconds of each command run from its start (commands-N.cpu.pprof
	// for N games), of the board reads from their start (board.cpu.pprof) and of the deadline burst from the
	// moment the deadlines fall due (deadlines.cpu.pprof).
	ProfileDir string
	// ProfileSeconds is the length of each profile. Default 5.
	ProfileSeconds int
	// AdminToken opens the profiles of the server at URL (its ROUT_ADMIN_TOKEN); the benchmark makes
	// one up for a server it starts.
	AdminToken string
}

func (c *Config) validate() error {
	var errs []error
	if c.DatabaseURL == "" {
		errs = append(errs, errors.New("a database is required (DATABASE_URL)"))
	}
	if c.URL != "" {
		if u, err := url.Parse(c.URL); err != nil || !slices.Contains([]string{"127.0.0.1", "localhost", "::1"}, u.Hostname()) {
			errs = append(errs, fmt.Errorf("the server's URL %q is not on loopback", c.URL))
		}
	}
	if c.URL == "" && c.ServeCommand == nil {
		errs = append(errs, errors.New("ServeCommand is required without URL"))
	}
	if len(c.Measurements) == 0 {
		c.Measurements = AllMeasurements
	}
	for _, m := range c.Measurements {
		if !slices.Contains(AllMeasurements, m) {
			errs = append(errs, fmt.Errorf("unknown measurement %q (want some of %v)", m, AllMeasurements))
		}
	}
	if slices.Contains(c.Measurements, MeasureCommands) && c.PlainHTTPCommand == nil {
		errs = append(errs, errors.New("PlainHTTPCommand is required to measure commands"))
	}
	if len(c.Games) == 0 {
		c.Games = []int{1, 16}
	}
	for _, n := range c.Games {
		if n < 1 || n > 64 {
			errs = append(errs, fmt.Errorf("games at once must be from 1 to 64, not %d", n))
		}
	}
	def := func(v *int, d, most int, name string) {
		if *v == 0 {
			*v = d
		}
		if *v < 1 || *v > most {
			errs = append(errs, fmt.Errorf("%s must be from 1 to %d, not %d", name, most, *v))
		}
	}
	def(&c.Commands, 200, 100_000, "commands")
	def(&c.Reads, 200, 100_000, "reads")
	def(&c.CPUTurns, 20, 1000, "CPU turns")
	def(&c.Deadlines, 1000, 20_000, "deadlines")
	if c.BurstPlayers == 0 {
		c.BurstPlayers = 2
	}
	if c.BurstPlayers < 2 || c.BurstPlayers%2 != 0 || c.BurstPlayers > 2*c.Deadlines {
		errs = append(errs, fmt.Errorf("the burst's players must be an even number from 2 to twice the deadlines, not %d", c.BurstPlayers))
	}
	if c.CPUGames < 0 || c.CPUGames > 1000 {
		errs = append(errs, fmt.Errorf("CPU games must be from 0 to 1000, not %d", c.CPUGames))
	}
	if c.ProfileSeconds <= 0 {
		c.ProfileSeconds = 5
	}
	if c.Map == "" {
		c.Map = "classic"
	}
	if c.Idle <= 0 {
		c.Idle = 10 * time.Second
	}
	if c.BurstTimeout <= 0 {
		c.BurstTimeout = 5 * time.Minute
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Minute
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	return errors.Join(errs...)
}

// Results are what Run measured; a measurement not made is nil.
type Results struct {
	Map string
	Fog rules.Fog // the fog of the fog games of the command runs; none when they were not played
	// Commands are the command runs: for each number of games, the plain transaction and the API.
	Commands []CommandRun
	Board    *BoardRun
	Count    *CountRun
	CPU      *CPURun
	Burst    *BurstRun
}

// CommandRun is one number of games against as many clients of the plain transaction and as many of
// the plain HTTP handler, and with Config.Fog as many games with fog.
type CommandRun struct {
	Games                 int
	Plain, PlainHTTP, API playResult
	Fog                   playResult // no commands without Config.Fog
}

// ServerlessCeiling is the highest throughput the API could reach over the plain transaction's were the
// server to use no CPU at all, when both runs are held back by the same cores: the plain transaction's
// CPU (its client's and PostgreSQL's) per transaction over the load client's and PostgreSQL's per
// command. False when the client's or PostgreSQL's CPU was not measured.
func (c CommandRun) ServerlessCeiling() (float64, bool) {
	a, p := c.API.CPU, c.Plain.CPU
	if !a.ClientKnown || !a.PostgresKnown || !p.ClientKnown || !p.PostgresKnown || c.API.Commands == 0 || c.Plain.Commands == 0 {
		return 0, false
	}
	api := (a.Client + a.Postgres).Seconds() / float64(c.API.Commands)
	plain := (p.Client + p.Postgres).Seconds() / float64(c.Plain.Commands)
	if api <= 0 {
		return 0, false
	}
	return plain / api, true
}

// BoardRun compares reading a game's board through GraphQL with the raw SQL read of its rows.
type BoardRun struct {
	Territories       int
	GraphQL, RawSQL   []time.Duration
	GraphQLQuery, SQL string
}

// CountRun is what PostgreSQL counted for Commands commands of one game, less the server's background
// work over as long a time with no command.
type CountRun struct {
	Commands        int
	Transactions    float64 // committed and rolled back, per command
	GameScans       float64 // sequential and index scans of games, per command
	Scans           float64 // scans of every table, per command
	RowsWritten     float64 // rows inserted, updated and deleted, per command
	Background      float64 // transactions a second with no command
	BackgroundScans float64
}

// CPURun is the CPU turns of a game against the CPU, as River worked them.
type CPURun struct {
	Turns []time.Duration
	Games int // games played against the CPU
}

// BurstRun is the deadline burst.
type BurstRun struct {
	Games   int
	Players int // the players the games are spread over
	// IdleCPU is the server's CPU time per second of wall time while the games waited for their
	// deadlines, and EmptyCPU the same before they were created (-1 when not measured); Idle is how long
	// each was measured.
	IdleCPU, EmptyCPU float64
	Idle              time.Duration
	// Done is from the moment the deadlines fell due until every turn was taken over (its game's
	// deadline no longer the moved one; seen within 100 ms), or until Config.BurstTimeout with Left turns
	// not taken over. Jobs are the deadline jobs that completed (the sweeper takes over the others),
	// Cancelled those cancelled because another deadline job took their turn over with its own (jobs.Config.TakeoverBatch)
	// and Failed those that failed; BurstCPU is the server's CPU time per second during Done.
	Done      time.Duration
	Left      int
	Jobs      int
	Cancelled int
	Failed    int
	BurstCPU  float64
	// Late are the started deadline jobs' lateness: from the moment they fell due to their start (River's
	// attempted_at; a job's completion may be recorded a moment after its takeover committed).
	Late []time.Duration
	// CPUGames are the games of CPUs that played during the burst (Config.CPUGames), and CPUTurns the CPU
	// turns completed while it lasted.
	CPUGames, CPUTurns int
}

// Run starts (or reaches) the server and makes the measurements of cfg in order; it stops at the first
// error and returns what it measured until then with it.
func Run(ctx context.Context, cfg Config) (res *Results, err error) {
	if err := cfg.validate(); err != nil {
		return nil, fmt.Errorf("error in the benchmark's configuration: %w", err)
	}
	res = &Results{Map: cfg.Map, Fog: cfg.Fog}
	fmt.Fprintln(cfg.Progress, "starting the server")
	srv, err := startServer(ctx, &cfg)
	if err != nil {
		return res, err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		_, derr := srv.db.ExecContext(cctx, plainDrop)
		err = errors.Join(err, derr, srv.close())
	}()
	accounts, err := account.New(account.Opts{DB: srv.db})
	if err != nil {
		return res, err
	}
	b := &bench{cfg: &cfg, srv: srv, accounts: accounts, res: res, suffix: fmt.Sprintf("%x", time.Now().UnixNano()&0xffffff),
		tables: map[rules.Fog][]*table{}}
	b.c = newAPIClient(srv.url, 64)
	for _, m := range cfg.Measurements {
		fmt.Fprintf(cfg.Progress, "measuring %s\n", m)
		mctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
		err := map[string]func(context.Context) error{
			MeasureCommands: b.commands, MeasureBoard: b.board, MeasureCount: b.count,
			MeasureCPU: b.cpu, MeasureDeadlines: b.deadlines,
		}[m](mctx)
		cancel()
		if err != nil {
			return res, fmt.Errorf("error measuring %s: %w", m, err)
		}
	}
	return res, nil
}

// bench is one run's state.
type bench struct {
	cfg      *Config
	srv      *routServer
	accounts *account.Service // finds the players' users
	c        *apiClient
	res      *Results
	suffix   string                 // makes the users' names unique on a server that is not the benchmark's own
	players  []player               // signed up so far
	tables   map[rules.Fog][]*table // games for the command runs, by fog
}

// userID returns the id of player p's user.
func (b *bench) userID(ctx context.Context, p player) (int, error) {
	id, err := b.accounts.UserByEmail(ctx, b.srv.db, p.email())
	if err == nil && id == 0 {
		err = fmt.Errorf("no user %s", p.name)
	}
	return id, err
}

// signUpPlayers makes sure n players are signed up.
func (b *bench) signUpPlayers(ctx context.Context, n int) error {
	for len(b.players) < n {
		p, err := b.c.signUp(ctx, fmt.Sprintf("b%s_%d", b.suffix, len(b.players)))
		if err != nil {
			return err
		}
		b.players = append(b.players, p)
	}
	return nil
}

// tablesFor makes sure n games of two players each with fog are running and returns them. The games
// of each fog are between the same players, and game i's chooser has the same seed.
func (b *bench) tablesFor(ctx context.Context, n int, fog rules.Fog) ([]*table, error) {
	if err := b.signUpPlayers(ctx, 2*n); err != nil {
		return nil, err
	}
	for len(b.tables[fog]) < n {
		i := len(b.tables[fog])
		t, err := newTable(ctx, b.c, b.cfg.Map, fog, uint64(i+1), b.players[2*i], b.players[2*i+1])
		if err != nil {
			return nil, err
		}
		b.tables[fog] = append(b.tables[fog], t)
	}
	return b.tables[fog][:n], nil
}

// turnCommands is how many commands each client plays in a turn of a command run.
const turnCommands = 25

// commandTurn is one party of a command run: what it is, where its results go, the server whose CPU it
// is charged, and the play of k commands by each of its clients.
type commandTurn struct {
	what   string
	res    *playResult
	server *process
	play   func(k int) (playResult, error)
}

// commands runs, for each number of games N, N clients of the plain transaction, N clients of the plain
// HTTP handler, N games and with Config.Fog N games with fog at once, in turns.
func (b *bench) commands(ctx context.Context) (err error) {
	cmd, err := b.cfg.PlainHTTPCommand()
	if err != nil {
		return err
	}
	cmd.Env = append(withoutRout(cmd.Env), "DATABASE_URL="+b.srv.dsn)
	var plainServer process
	defer func() { err = errors.Join(err, plainServer.stop()) }()
	addr, err := plainServer.start(ctx, "the plain HTTP handler", cmd, b.cfg.Progress, b.cfg.Timeout)
	if err != nil {
		return err
	}
	plainHTTP := newPlainHTTPClient("http://"+addr, 64)
	for _, n := range b.cfg.Games {
		if err := preparePlain(ctx, b.srv.db, n); err != nil {
			return err
		}
		run := CommandRun{Games: n}
		// Each is charged the CPU of its own server: none for the plain transaction, whose client is the
		// benchmark.
		turns := []commandTurn{
			{"plain transaction clients", &run.Plain, nil, func(k int) (playResult, error) { return playPlain(ctx, b.srv.db, n, k) }},
			{"plain HTTP clients", &run.PlainHTTP, &plainServer, func(k int) (playResult, error) { return playPlainHTTP(ctx, plainHTTP, n, k) }},
		}
		fogs := []rules.Fog{rules.FogNone}
		if b.cfg.Fog != rules.FogNone {
			fogs = append(fogs, b.cfg.Fog)
		}
		for _, fog := range fogs {
			tables, err := b.tablesFor(ctx, n, fog)
			if err != nil {
				return err
			}
			what, res := "games", &run.API
			if fog != rules.FogNone {
				what, res = "games with "+fog.String()+" fog", &run.Fog
			}
			turns = append(turns, commandTurn{what, res, &b.srv.proc, func(k int) (playResult, error) { return playTables(ctx, tables, k) }})
		}
		// A few commands first, so that every game is past its first reads and connections are open.
		for _, t := range turns[1:] {
			if _, err := t.play(3); err != nil {
				return err
			}
		}
		profiled := b.startProfile(ctx, fmt.Sprintf("commands-%d", n), 0)
		// In turns of turnCommands commands: the plain transaction, the plain HTTP handler, the games,
		// then the games with fog, so that all meet the same moments of a shared machine.
		for done := 0; done < b.cfg.Commands; done += turnCommands {
			k := min(turnCommands, b.cfg.Commands-done)
			for _, t := range turns {
				before := sampleCPU(t.server)
				r, err := t.play(k)
				if err != nil {
					return errors.Join(err, <-profiled)
				}
				r.CPU = sampleCPU(t.server).since(before)
				t.res.add(r)
			}
		}
		if err := <-profiled; err != nil {
			return err
		}
		for _, t := range turns {
			fmt.Fprintf(b.cfg.Progress, "%d %s: %.0f commands/s, p50 %s\n", n, t.what, t.res.PerSecond(), benchstat.Ms(benchstat.Percentile(t.res.Latencies, 0.5)))
		}
		b.res.Commands = append(b.res.Commands, run)
	}
	return nil
}

// boardQuery is the board read through GraphQL; boardSQL the raw read of the same rows.
const (
	boardQuery = `query($id: ID!) { game(id: $id) { board { key name owner neutral armies } } }`
	boardSQL   = `SELECT t.idx, t.owner_seat, t.armies FROM territories t JOIN games g ON g.id = t.game_id WHERE g.id = $1 ORDER BY t.idx`
)

// board reads one game's board in turns through GraphQL and with raw SQL.
func (b *bench) board(ctx context.Context) error {
	tables, err := b.tablesFor(ctx, 1, rules.FogNone)
	if err != nil {
		return err
	}
	t := tables[0]
	var id int
	creator, err := b.userID(ctx, t.players[0])
	if err != nil {
		return err
	}
	if err := b.srv.db.QueryRowContext(ctx, `SELECT max(id) FROM games WHERE creator_id = $1`, creator).Scan(&id); err != nil {
		return fmt.Errorf("error finding the board's game: %w", err)
	}
	run := &BoardRun{GraphQLQuery: boardQuery, SQL: boardSQL}
	profiled := b.startProfile(ctx, "board", 0)
	if err := b.readBoard(ctx, t, id, run); err != nil {
		return errors.Join(err, <-profiled)
	}
	if err := <-profiled; err != nil {
		return err
	}
	b.res.Board = run
	return nil
}

// readBoard reads the board of game id (t's) Config.Reads times of each kind, in turns, into run.
func (b *bench) readBoard(ctx context.Context, t *table, id int, run *BoardRun) error {
	for range b.cfg.Reads {
		began := time.Now()
		var out struct {
			Game struct{ Board []struct{ Key string } }
		}
		if err := b.c.do(ctx, t.players[0].token, boardQuery, map[string]any{"id": t.view.ID}, &out); err != nil {
			return err
		}
		run.GraphQL = append(run.GraphQL, time.Since(began))
		run.Territories = len(out.Game.Board)
		began = time.Now()
		n, err := readRows(ctx, b.srv.db, id)
		if err != nil {
			return err
		}
		run.RawSQL = append(run.RawSQL, time.Since(began))
		if n != run.Territories {
			return fmt.Errorf("the raw read found %d territories, GraphQL %d", n, run.Territories)
		}
	}
	return nil
}

// readRows reads the board's rows of game id and returns how many there are.
func readRows(ctx context.Context, db *sql.DB, id int) (int, error) {
	rows, err := db.QueryContext(ctx, boardSQL, id)
	if err != nil {
		return 0, fmt.Errorf("error reading the board: %w", err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var idx, owner, armies int
		if err := rows.Scan(&idx, &owner, &armies); err != nil {
			return 0, err
		}
		n++
	}
	return n, rows.Err()
}

// statsFlush is how long PostgreSQL's backends may keep their counters before they report them.
const statsFlush = 11 * time.Second

// counters are PostgreSQL's counters of the database.
type counters struct {
	at                 time.Time
	xacts, gameScans   int64
	scans, rowsWritten int64
}

func readCounters(ctx context.Context, db *sql.DB) (counters, error) {
	c := counters{at: time.Now()}
	err := db.QueryRowContext(ctx, `SELECT
  (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()),
  (SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)) FILTER (WHERE relname = 'games'), 0)::bigint
     + 0 FROM pg_stat_user_tables),
  (SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0)::bigint FROM pg_stat_user_tables),
  (SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint FROM pg_stat_user_tables)`).
		Scan(&c.xacts, &c.gameScans, &c.scans, &c.rowsWritten)
	if err != nil {
		return c, fmt.Errorf("error reading PostgreSQL's counters: %w", err)
	}
	return c, nil
}

// wait sleeps for d or until ctx ends.
func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// count plays Commands commands of one game between two readings of PostgreSQL's counters, each after
// the backends have reported theirs, and subtracts the background: the quieter rate of the spans of
// statsFlush with no command before and after.
func (b *bench) count(ctx context.Context) error {
	tables, err := b.tablesFor(ctx, 1, rules.FogNone)
	if err != nil {
		return err
	}
	if err := wait(ctx, statsFlush); err != nil {
		return err
	}
	c0, err := readCounters(ctx, b.srv.db)
	if err != nil {
		return err
	}
	if err := wait(ctx, statsFlush); err != nil {
		return err
	}
	c1, err := readCounters(ctx, b.srv.db)
	if err != nil {
		return err
	}
	run, err := playTables(ctx, tables, b.cfg.Commands)
	if err != nil {
		return err
	}
	if err := wait(ctx, statsFlush); err != nil {
		return err
	}
	c2, err := readCounters(ctx, b.srv.db)
	if err != nil {
		return err
	}
	if err := wait(ctx, statsFlush); err != nil {
		return err
	}
	c3, err := readCounters(ctx, b.srv.db)
	if err != nil {
		return err
	}
	// The background is the quieter of the idle spans before and after: the server's maintenance comes
	// in bursts (River's cleaners, the sweeper) that would otherwise be taken for a steady rate.
	busy := c2.at.Sub(c1.at).Seconds()
	rate := func(f func(counters) int64) float64 {
		return min(float64(f(c1)-f(c0))/c1.at.Sub(c0.at).Seconds(), float64(f(c3)-f(c2))/c3.at.Sub(c2.at).Seconds())
	}
	per := func(f func(counters) int64) float64 {
		return (float64(f(c2)-f(c1)) - rate(f)*busy) / float64(run.Commands)
	}
	xacts := func(c counters) int64 { return c.xacts }
	scans := func(c counters) int64 { return c.scans }
	b.res.Count = &CountRun{
		Commands:        run.Commands,
		Transactions:    per(xacts),
		GameScans:       per(func(c counters) int64 { return c.gameScans }),
		Scans:           per(scans),
		RowsWritten:     per(func(c counters) int64 { return c.rowsWritten }),
		Background:      rate(xacts),
		BackgroundScans: rate(scans),
	}
	// The reads of the game when the turn passed are queries of their own: say how many.
	fmt.Fprintf(b.cfg.Progress, "counted %d commands (and %d reads of the game when the turn passed)\n", run.Commands, run.Reads)
	return nil
}

// cpu plays games against a CPU seat (normal), a new one when one ends, until CPUTurns CPU game turns
// have been worked, and reads how long River's job of each took. A CPU's first turn, its placement
// turn, is not counted.
func (b *bench) cpu(ctx context.Context) error {
	human, err := b.c.signUp(ctx, "c"+b.suffix)
	if err != nil {
		return err
	}
	var ids []int64
	ch := chooser{rng: newRand(7)}
	turns := func() ([]time.Duration, error) {
		rows, err := b.srv.db.QueryContext(ctx, `SELECT s FROM (
  SELECT extract(epoch FROM finalized_at - attempted_at)::float8 AS s, row_number() OVER (PARTITION BY args->>'game_id' ORDER BY id) AS n
  FROM river_job WHERE kind = 'rout_cpu_turn' AND state = 'completed' AND (args->>'game_id')::bigint = ANY($1)) j WHERE n > 1`, pq.Array(ids))
		if err != nil {
			return nil, fmt.Errorf("error reading the CPU's jobs: %w", err)
		}
		defer rows.Close()
		var ds []time.Duration
		for rows.Next() {
			var s float64
			if err := rows.Scan(&s); err != nil {
				return nil, err
			}
			ds = append(ds, time.Duration(s*float64(time.Second)))
		}
		return ds, rows.Err()
	}
	var g *gameView
	for {
		if g == nil || g.Status != "active" {
			if len(ids) >= 100 {
				return fmt.Errorf("%d games against the CPU ended before %d CPU turns", len(ids), b.cfg.CPUTurns)
			}
			if g, err = b.c.newGame(ctx, b.cfg.Map, rules.FogNone, human, []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue", "difficulty": "normal"}}); err != nil {
				return err
			}
			var id int64
			creator, err := b.userID(ctx, human)
			if err != nil {
				return err
			}
			if err := b.srv.db.QueryRowContext(ctx, `SELECT max(id) FROM games WHERE creator_id = $1`, creator).Scan(&id); err != nil {
				return fmt.Errorf("error finding the CPU's game: %w", err)
			}
			ids = append(ids, id)
		}
		if g.CurrentSeat != nil && *g.CurrentSeat == 0 && canAct(g.ViewerActions) {
			ds, err := turns()
			if err != nil {
				return err
			}
			if len(ds) >= b.cfg.CPUTurns {
				b.res.CPU = &CPURun{Turns: ds, Games: len(ids)}
				return nil
			}
			field, inputType, input, ok := ch.next(g.ID, g.ViewerActions)
			if !ok {
				return fmt.Errorf("game %s: no command among %+v", g.ID, g.ViewerActions)
			}
			if g, err = b.c.command(ctx, human.token, field, inputType, input); err != nil {
				return err
			}
			continue
		}
		// The CPU's turn: look again in a moment.
		if err := wait(ctx, 20*time.Millisecond); err != nil {
			return err
		}
		if g, err = b.c.view(ctx, human.token, g.ID); err != nil {
			return err
		}
	}
}

// burstLead is how far ahead of the moment they are moved the deadlines of the burst fall due.
const burstLead = 5 * time.Second

// deadlines starts Deadlines games of two players, measures the server's CPU while they wait, moves
// every deadline to one moment and times the takeovers.
func (b *bench) deadlines(ctx context.Context) error {
	// Players of their own, so that their games are the burst's only: game i is between players 2i and
	// 2i+1, modulo BurstPlayers.
	players := make([]player, b.cfg.BurstPlayers)
	for i := range players {
		p, err := b.c.signUp(ctx, fmt.Sprintf("d%s_%d", b.suffix, i))
		if err != nil {
			return err
		}
		players[i] = p
	}
	run := &BurstRun{Games: b.cfg.Deadlines, Players: len(players), IdleCPU: -1, EmptyCPU: -1}
	if cpu, ok := b.idleCPU(ctx); ok {
		run.EmptyCPU = cpu
	} else if ctx.Err() != nil {
		return ctx.Err()
	}
	ids := make([]string, b.cfg.Deadlines)
	errs := make([]error, 8)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	began := time.Now()
	for w := range errs {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(ids) || errs[w] != nil {
					return
				}
				a, o := players[2*i%len(players)], players[(2*i+1)%len(players)]
				g, err := b.c.newGame(ctx, b.cfg.Map, rules.FogNone, a, twoSeats, o)
				if err != nil {
					errs[w] = err
					return
				}
				ids[i] = g.ID
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	fmt.Fprintf(b.cfg.Progress, "started %d games in %s\n", len(ids), time.Since(began).Round(time.Millisecond))
	var gameIDs []int64
	creators := make([]int64, len(players))
	for i, p := range players {
		id, err := b.userID(ctx, p)
		if err != nil {
			return err
		}
		creators[i] = int64(id)
	}
	rows, err := b.srv.db.QueryContext(ctx, `SELECT id FROM games WHERE creator_id = ANY($1)`, pq.Array(creators))
	if err != nil {
		return fmt.Errorf("error reading the burst's games: %w", err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		gameIDs = append(gameIDs, id)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return fmt.Errorf("error reading the burst's games: %w", err)
	}
	// The deadline jobs of the burst's games, joined by hash rather than searched game by game.
	const burstJobs = `FROM river_job j JOIN unnest($1::bigint[]) AS g(id) ON (j.args->>'game_id')::bigint = g.id
WHERE j.kind = 'rout_turn_deadline' AND j.state = 'scheduled'`
	// Every game's deadline job must be in, scheduled.
	for {
		var n int
		if err := b.srv.db.QueryRowContext(ctx, `SELECT count(*) `+burstJobs, pq.Array(gameIDs)).Scan(&n); err != nil {
			return fmt.Errorf("error counting the deadline jobs: %w", err)
		}
		if n >= len(ids) {
			break
		}
		if err := wait(ctx, 100*time.Millisecond); err != nil {
			return fmt.Errorf("%d of %d deadline jobs scheduled: %w", n, len(ids), err)
		}
	}
	if cpu, ok := b.idleCPU(ctx); ok {
		run.IdleCPU = cpu
	} else if ctx.Err() != nil {
		return ctx.Err()
	}
	run.Idle = b.cfg.Idle
	if err := b.cpuGames(ctx, run); err != nil {
		return err
	}
	// The deadlines of the games and of their jobs, a moment from now, in the database's precision.
	due := time.Now().Add(burstLead).UTC().Truncate(time.Microsecond)
	dueText := due.Format(time.RFC3339Nano)
	tx, err := b.srv.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE games SET turn_deadline = $2 WHERE id = ANY($1)`, pq.Array(gameIDs), due); err != nil {
		return fmt.Errorf("error moving the games' deadlines: %w", err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE river_job SET scheduled_at = $2, args = jsonb_set(args, '{deadline}', to_jsonb($3::text))
WHERE id IN (SELECT j.id `+burstJobs+`)`, pq.Array(gameIDs), due, dueText)
	if err != nil {
		return fmt.Errorf("error moving the deadline jobs: %w", err)
	}
	if n, _ := res.RowsAffected(); int(n) != len(ids) {
		return fmt.Errorf("moved %d deadline jobs, not %d", n, len(ids))
	}
	// Statistics as autovacuum would keep them for jobs that came due in their own time: with the
	// planner's estimates from before the move (a few rows due), River's scheduler joins every due job
	// with every other, and at 10,000 its pass outlasts its 30 s timeout again and again. They are taken
	// in the move's transaction (ANALYZE counts its rows), so that they are new when the moved jobs are:
	// taken after the commit, a scheduler pass planned in between lost the first 30 s of a burst of
	// 10,000 to its timeout.
	if _, err := tx.ExecContext(ctx, `ANALYZE river_job`); err != nil {
		return fmt.Errorf("error analyzing the jobs: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if late := time.Since(due); late > 0 {
		return fmt.Errorf("moving the deadlines took %s, past the moment they fall due (%s ahead)", late.Round(time.Millisecond), burstLead)
	}
	if err := wait(ctx, time.Until(due)); err != nil {
		return err
	}
	profiled := b.startProfile(ctx, "deadlines", 0)
	cpu0, ok := b.srv.cpuTime()
	cpuFrom := time.Now()
	// A turn is taken over when its game's deadline is no longer the moved one: the next turn has its own
	// (or the game is over). Whoever does it, the deadline job or the sweeper, counts.
	for {
		var left, done, cancelled, failed int
		err := b.srv.db.QueryRowContext(ctx, `SELECT
  (SELECT count(*) FROM games WHERE id = ANY($1) AND turn_deadline = $2),
  (SELECT count(*) FROM river_job WHERE kind = 'rout_turn_deadline' AND args->>'deadline' = $3 AND state = 'completed'),
  (SELECT count(*) FROM river_job WHERE kind = 'rout_turn_deadline' AND args->>'deadline' = $3 AND state = 'cancelled'),
  (SELECT count(*) FROM river_job WHERE kind = 'rout_turn_deadline' AND args->>'deadline' = $3 AND state IN ('discarded', 'retryable'))`,
			pq.Array(gameIDs), due, dueText).Scan(&left, &done, &cancelled, &failed)
		if err != nil {
			return fmt.Errorf("error counting the takeovers: %w", err)
		}
		waited := time.Since(due)
		if left == 0 || waited > b.cfg.BurstTimeout {
			run.Done, run.Left, run.Jobs, run.Cancelled, run.Failed = waited, left, done, cancelled, failed
			if cpu1, ok1 := b.srv.cpuTime(); ok && ok1 {
				run.BurstCPU = (cpu1 - cpu0).Seconds() / time.Since(cpuFrom).Seconds()
			}
			if err := b.lateness(ctx, run, due, dueText); err != nil {
				return err
			}
			b.res.Burst = run
			return <-profiled
		}
		if err := wait(ctx, 100*time.Millisecond); err != nil {
			return fmt.Errorf("%d of %d turns taken over: %w", len(ids)-left, len(ids), err)
		}
	}
}

// cpuGames starts Config.CPUGames games of a player and two CPU seats and has the player resign each at
// once, so that their CPUs play on, turn after turn, during the burst.
func (b *bench) cpuGames(ctx context.Context, run *BurstRun) error {
	if b.cfg.CPUGames == 0 {
		return nil
	}
	p, err := b.c.signUp(ctx, "dc"+b.suffix)
	if err != nil {
		return err
	}
	seats := []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue", "difficulty": "normal"},
		{"kind": "CPU", "color": "green", "difficulty": "normal"}}
	for range b.cfg.CPUGames {
		g, err := b.c.newGame(ctx, b.cfg.Map, rules.FogNone, p, seats)
		if err != nil {
			return err
		}
		if _, err := b.c.command(ctx, p.token, "resign", "TurnInput", map[string]any{"gameId": g.ID}); err != nil {
			return err
		}
	}
	run.CPUGames = b.cfg.CPUGames
	fmt.Fprintf(b.cfg.Progress, "started %d games of CPUs\n", b.cfg.CPUGames)
	return nil
}

// lateness reads how late each deadline job of the burst started, and the CPU turns completed while the
// burst lasted.
func (b *bench) lateness(ctx context.Context, run *BurstRun, due time.Time, dueText string) error {
	rows, err := b.srv.db.QueryContext(ctx, `SELECT extract(epoch FROM attempted_at - $2)::float8 FROM river_job
WHERE kind = 'rout_turn_deadline' AND args->>'deadline' = $1 AND attempted_at IS NOT NULL`, dueText, due)
	if err != nil {
		return fmt.Errorf("error reading the deadline jobs' starts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s float64
		if err := rows.Scan(&s); err != nil {
			return err
		}
		run.Late = append(run.Late, time.Duration(s*float64(time.Second)))
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("error reading the deadline jobs' starts: %w", err)
	}
	err = b.srv.db.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = 'rout_cpu_turn' AND state = 'completed'
AND finalized_at BETWEEN $1 AND $2`, due, due.Add(run.Done)).Scan(&run.CPUTurns)
	if err != nil {
		return fmt.Errorf("error counting the CPU turns of the burst: %w", err)
	}
	return nil
}

// startProfile writes a CPU profile of the server named name, of Config.ProfileSeconds from after
// delay, when Config.ProfileDir is set; the channel gives its error once it is written.
func (b *bench) startProfile(ctx context.Context, name string, delay time.Duration) <-chan error {
	done := make(chan error, 1)
	if b.cfg.ProfileDir == "" {
		done <- nil
		return done
	}
	go func() {
		if err := wait(ctx, delay); err != nil {
			done <- err
			return
		}
		done <- b.srv.profile(ctx, b.cfg.ProfileDir, name, b.cfg.ProfileSeconds)
	}()
	return done
}

// idleCPU returns the server's CPU time per second over Config.Idle; false when it cannot be measured
// (a server the benchmark did not start) or ctx ended.
func (b *bench) idleCPU(ctx context.Context) (float64, bool) {
	cpu0, ok := b.srv.cpuTime()
	from := time.Now()
	if !ok || wait(ctx, b.cfg.Idle) != nil {
		return 0, false
	}
	cpu1, ok := b.srv.cpuTime()
	return (cpu1 - cpu0).Seconds() / time.Since(from).Seconds(), ok
}
