package livebench

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"rout/account"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/internal/migrate"
	"rout/live"
	"rout/maps"
	"rout/rules"
)

// RoutQuery is the subscription every client of the Rout target sends: every field of a live event.
const RoutQuery = `subscription Bench($gameId: ID!, $after: Int) {
  gameEvents(gameId: $gameId, after: $after) {
    seq turn seat kind payload phase currentSeat
    territories { index key owner neutral armies }
    dice { attacker defender }
    winner
  }
}`

// benchMap is the map of the benchmark's game: on 5,000 territories each of two players gets about 830
// armies a turn, so that the two territories that fight hold enough for hundreds of rolls.
var benchMap = maps.GenerateOpts{Territories: 5000, Seed: 1, ID: "livebench-5000"}

// RoutOpts configure the Rout target.
type RoutOpts struct {
	// DatabaseURL is the PostgreSQL server on which a throwaway database is created (and dropped by
	// Close): a postgres:// URL or lib/pq key=value pairs, whose user may create databases. Required.
	DatabaseURL string
	// Logger receives the server's logs. Nil discards them.
	Logger *slog.Logger
}

// maxSubscribers caps the subscribers of one benchmark target: the API's caps on the websockets of one
// address and one user are raised to it, since every client comes from one address as one user.
const maxSubscribers = 100_000

// Rout is the real API as a benchmark target: graph.NewHandler with the live hub on a throwaway
// database, serving loopback, with one started two-player game prepared for attack rolls.
type Rout struct {
	admin    *sql.DB // the server's database given, where the throwaway one is created and dropped
	dbName   string
	db       *sql.DB
	hub      *live.Hub
	svc      *game.Service
	accounts *account.Service
	api      http.Handler
	srv      *http.Server
	served   chan error
	url      string

	token    string // a session of the attacker, whom every client signs in as
	gameID   int
	attacker int // the attacking user
	from, to rules.TerritoryID
	after    int64       // the game's last event when the target started
	commits  commitClock // when the commands commit
}

// StartRout creates the throwaway database, migrates it, starts the hub and the API on a free loopback
// port, signs two users up through the API and prepares their game. Close undoes it all.
func StartRout(ctx context.Context, opts RoutOpts) (r *Rout, err error) {
	if opts.DatabaseURL == "" {
		return nil, errors.New("livebench: RoutOpts.DatabaseURL is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	r = &Rout{served: make(chan error, 1)}
	defer func() {
		if err != nil {
			closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
			defer cancel()
			err = errors.Join(err, r.Close(closeCtx))
		}
	}()
	dsn, err := r.createDatabase(ctx, opts.DatabaseURL)
	if err != nil {
		return r, err
	}
	if r.db, err = sql.Open("postgres", dsn); err != nil {
		return r, fmt.Errorf("error opening the benchmark's database: %w", err)
	}
	r.db.SetMaxOpenConns(20)
	if err := migrate.Up(ctx, r.db, opts.Logger); err != nil {
		return r, fmt.Errorf("error migrating the benchmark's database: %w", err)
	}
	if r.accounts, err = account.New(account.Opts{DB: r.db, Logger: opts.Logger, CacheTokens: true}); err != nil {
		return r, err
	}
	if r.svc, err = game.New(game.Opts{DB: r.db, Accounts: r.accounts, Logger: opts.Logger, Effects: &r.commits}); err != nil {
		return r, err
	}
	if r.hub, err = live.New(live.Opts{DB: r.db, DSN: dsn, Game: r.svc, Logger: opts.Logger}); err != nil {
		return r, err
	}
	if err := r.hub.Start(ctx); err != nil {
		return r, fmt.Errorf("error starting the hub: %w", err)
	}
	cfg := graph.DefaultSettings()
	// Every client comes from one address and signs in as one user.
	cfg.RateIP, cfg.RateUser = graph.RateLimit{}, graph.RateLimit{}
	cfg.WSMaxConnsPerAddress, cfg.WSMaxConnsPerUser = maxSubscribers, maxSubscribers
	r.api, err = graph.NewHandler(cfg, graph.Deps{
		Ent: ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, r.db))), Game: r.svc, Accounts: r.accounts, Live: r.hub, Logger: opts.Logger})
	if err != nil {
		return r, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return r, fmt.Errorf("error listening for the API: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle(graph.Path, r.api)
	r.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 30 * time.Second}
	go func() { r.served <- r.srv.Serve(ln) }()
	r.url = "ws://" + ln.Addr().String() + graph.Path
	return r, r.prepareGame(ctx, "http://"+ln.Addr().String()+graph.Path)
}

// createDatabase creates the throwaway database on the server of serverURL and returns its connection
// string.
func (r *Rout) createDatabase(ctx context.Context, serverURL string) (string, error) {
	dsn := serverURL
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		var err error
		if dsn, err = pq.ParseURL(dsn); err != nil { //nolint:staticcheck // SA1019: ParseURL is the way to key=value pairs, which take a dbname appended
			return "", fmt.Errorf("error reading the database URL: %w", err)
		}
	}
	admin, err := sql.Open("postgres", dsn)
	if err != nil {
		return "", fmt.Errorf("error opening the database server: %w", err)
	}
	r.admin = admin
	name := make([]byte, 6)
	rand.Read(name)
	r.dbName = "rout_bench_" + hex.EncodeToString(name)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(r.dbName)+" TEMPLATE template0"); err != nil {
		r.dbName = ""
		return "", fmt.Errorf("error creating the benchmark's database: %w", err)
	}
	// In key=value pairs a later key wins.
	return dsn + " dbname=" + r.dbName, nil
}

// prepareGame signs two users up through the API at apiURL, starts their game and plays two turns
// that stack the reinforcements on two neighbouring territories of the two players, so that the next
// player may attack from one to the other again and again, each roll one battle_rolled event.
func (r *Rout) prepareGame(ctx context.Context, apiURL string) error {
	m, err := maps.Generate(benchMap)
	if err != nil {
		return err
	}
	if err := game.SeedMap(ctx, r.db, m, false); err != nil {
		return err
	}
	users := make([]int, 2)
	tokens := make([]string, 2)
	for i := range users {
		if users[i], tokens[i], err = r.signUp(ctx, apiURL, fmt.Sprintf("bench%d", i)); err != nil {
			return err
		}
	}
	created, err := r.svc.GameCreate(ctx, game.CreateInput{CreatorID: users[0], MapKey: m.ID, Seats: []game.SeatSpec{
		{Kind: game.SeatUser, UserID: users[0], Color: "red"}, {Kind: game.SeatUser, UserID: users[1], Color: "blue"}}})
	if err != nil {
		return fmt.Errorf("error creating the benchmark's game: %w", err)
	}
	r.gameID = created.GameID
	if _, err := r.svc.GameStart(ctx, r.gameID, users[0]); err != nil {
		return fmt.Errorf("error starting the benchmark's game: %w", err)
	}
	s, err := r.svc.GameState(ctx, r.gameID)
	if err != nil {
		return err
	}
	attacker := s.Current()
	r.attacker, r.token = users[attacker], tokens[attacker]
	r.from, r.to = -1, -1
	for t := range s.Board().Len() {
		from := rules.TerritoryID(t)
		for _, to := range s.Board().Neighbors(from) {
			if r.from < 0 && s.Owner(from) == attacker && s.Owner(to) != attacker && s.Owner(to) >= 0 {
				r.from, r.to = from, to
			}
		}
	}
	if r.from < 0 {
		return errors.New("the benchmark's game has no border between its players")
	}
	// The attacker's turn, the defender's, and the attacker's reinforcements.
	for i, stack := range []rules.TerritoryID{r.from, r.to, r.from} {
		if s, err = r.svc.GameState(ctx, r.gameID); err != nil {
			return err
		}
		cmds := []rules.Command{rules.Place{Placements: []rules.Placement{{Territory: stack, Armies: s.Reserve()}}}}
		if i < 2 {
			cmds = append(cmds, rules.EndAttack{}, rules.EndTurn{})
		}
		for _, c := range cmds {
			res, err := r.svc.TurnSubmit(ctx, game.CommandInput{GameID: r.gameID, Actor: game.User(users[s.Current()]), Command: c})
			if err != nil {
				return fmt.Errorf("error preparing the benchmark's game (%s): %w", c.Kind(), err)
			}
			r.after = res.Events[len(res.Events)-1].Seq
		}
	}
	if s, err = r.svc.GameState(ctx, r.gameID); err != nil {
		return err
	}
	if s.Current() != attacker || s.Phase() != rules.PhaseAttack {
		return fmt.Errorf("the benchmark's game is at seat %d's %s phase, not the attacker's attack phase", s.Current(), s.Phase())
	}
	return nil
}

// signUp creates a user through the API's signUp mutation and returns its id and session token.
func (r *Rout) signUp(ctx context.Context, apiURL, name string) (int, string, error) {
	body, err := json.Marshal(map[string]any{
		"query": `mutation($input: SignUpInput!) { signUp(input: $input) { session { token } userErrors { code message } } }`,
		"variables": map[string]any{"input": map[string]string{
			"name": name, "email": name + "@bench.invalid", "password": "bench-password-" + name}},
	})
	if err != nil {
		return 0, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, apiURL, bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("error signing %s up: %w", name, err)
	}
	defer resp.Body.Close()
	var out struct {
		Data struct {
			SignUp struct {
				Session    *struct{ Token string }
				UserErrors []struct{ Code, Message string }
			}
		}
		Errors []struct{ Message string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return 0, "", fmt.Errorf("error signing %s up: %w", name, err)
	}
	if out.Data.SignUp.Session == nil {
		return 0, "", fmt.Errorf("error signing %s up: %+v %+v", name, out.Data.SignUp.UserErrors, out.Errors)
	}
	id, err := r.accounts.UserByEmail(ctx, r.db, name+"@bench.invalid")
	if err != nil {
		return 0, "", fmt.Errorf("error finding user %s: %w", name, err)
	}
	if id == 0 {
		return 0, "", fmt.Errorf("error finding user %s: signed up, but not found", name)
	}
	return id, out.Data.SignUp.Session.Token, nil
}

// clients implements target.
func (r *Rout) clients(n int) ClientsConfig {
	vars, _ := json.Marshal(map[string]any{"gameId": graph.GlobalID("Game", r.gameID), "after": r.after})
	return ClientsConfig{URL: r.url, Clients: n, Token: r.token, Query: RoutQuery, Variables: vars,
		Field: "gameEvents", After: r.after}
}

// memory implements target: Rout runs in the benchmark's process.
func (r *Rout) memory(context.Context) (uint64, int, error) {
	return liveMemory(), runtime.NumGoroutine(), nil
}

// subscribers implements target.
func (r *Rout) subscribers(context.Context) (int, error) { return r.hub.Stats().Subscribers, nil }

// publish implements target: one attack roll, through the game service.
func (r *Rout) publish(ctx context.Context) (int64, time.Time, error) {
	res, err := r.svc.TurnSubmit(ctx, game.CommandInput{GameID: r.gameID, Actor: game.User(r.attacker),
		Command: rules.Attack{From: r.from, To: r.to, Dice: 3}})
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("error attacking: %w", err)
	}
	if len(res.Events) != 1 {
		return 0, time.Time{}, fmt.Errorf("an attack made %d events, not one (the territories ran out of armies?)", len(res.Events))
	}
	return res.Events[0].Seq, r.commits.last(), nil
}

// commitClock is the game service's Effects in the benchmark: it records when each command's
// transaction is about to commit, its rows, events and notification written.
type commitClock struct{ at atomic.Int64 }

func (c *commitClock) AfterCommand(context.Context, *sql.Tx, ...game.Change) error {
	c.at.Store(time.Now().UnixNano())
	return nil
}

// AfterCreate does nothing: the benchmark times commands only.
func (c *commitClock) AfterCreate(context.Context, *sql.Tx, game.NewGame) error { return nil }

var _ game.Effects = (*commitClock)(nil)

// last returns when the last command began to commit.
func (c *commitClock) last() time.Time { return time.Unix(0, c.at.Load()) }

// close implements target.
func (r *Rout) close(ctx context.Context) error { return r.Close(ctx) }

// Close stops the API and the hub and drops the throwaway database.
func (r *Rout) Close(ctx context.Context) error {
	var errs []error
	if r.srv != nil {
		// The websockets first: the server's Shutdown does not reach hijacked connections.
		if ws, ok := r.api.(interface{ Shutdown(context.Context) error }); ok {
			if err := ws.Shutdown(ctx); err != nil {
				errs = append(errs, fmt.Errorf("error closing the websockets: %w", err))
			}
		}
		if err := r.srv.Shutdown(ctx); err != nil {
			errs = append(errs, fmt.Errorf("error stopping the API: %w", err))
		}
		if err := <-r.served; !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, err)
		}
	}
	if r.hub != nil {
		if err := r.hub.Stop(ctx); err != nil {
			errs = append(errs, fmt.Errorf("error stopping the hub: %w", err))
		}
	}
	if r.db != nil {
		errs = append(errs, r.db.Close())
	}
	if r.dbName != "" {
		if _, err := r.admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(r.dbName)+" WITH (FORCE)"); err != nil {
			errs = append(errs, fmt.Errorf("error dropping the benchmark's database %s: %w", r.dbName, err))
		}
	}
	if r.admin != nil {
		errs = append(errs, r.admin.Close())
	}
	return errors.Join(errs...)
}
