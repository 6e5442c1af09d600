package livebench

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/lib/pq"

	"rout/account"
	"rout/chat"
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

// ChatQuery is the subscription every client of the chat target (RoutOpts.Chat) sends: every field of a
// chat line.
const ChatQuery = `subscription BenchChat($gameId: ID!, $room: String!, $after: Int) {
  chatMessages(gameId: $gameId, room: $room, after: $after) {
    id room seq kind authorId authorName body removed target createdAt
  }
}`

// chatRoom is the room of each game the chat target's subscribers follow and its lines are sent to.
const chatRoom = "players"

// benchMap is the map of the benchmark's one game (RoutOpts.Games 0): on 5,000 territories each of two
// players gets about 830 armies a turn, so that the two territories that fight hold enough for hundreds
// of rolls.
var benchMap = maps.GenerateOpts{Territories: 5000, Seed: 1, ID: "livebench-5000"}

// gamesMap is the map of the games the subscribers are spread over (RoutOpts.Games above 0).
const gamesMap = "classic"

// seatColors are the colours of a game's seats, in seat order.
var seatColors = []string{"red", "blue", "green", "yellow", "purple", "black"}

// seatsOf returns the seats of game g of a run of many games: 2 to 6, in turn.
func seatsOf(g int) int { return 2 + g%5 }

// Views returns how many viewers the subscribers of games games are spread over (every seat of every game,
// and each game's spectators), the fewest subscribers such a run takes; 1 for the one game (games 0).
func Views(games int) int {
	if games == 0 {
		return 1
	}
	n := 0
	for g := range games {
		n += seatsOf(g) + 1
	}
	return n
}

// RoutOpts configure the Rout target.
type RoutOpts struct {
	// DatabaseURL is the PostgreSQL server on which a throwaway database is created (and dropped by
	// Close): a postgres:// URL or lib/pq key=value pairs, whose user may create databases. Required.
	DatabaseURL string
	// Logger receives the server's logs. Nil discards them.
	Logger *slog.Logger
	// Games is how many games the subscribers are spread over: games on the classic map of 2 to 6 seats
	// (seatsOf), every seat played by a user of its own (seat i of every game by the same user) and the
	// subscribers signed in as the seats' users and as a spectator, spread evenly over every viewer of
	// every game (Views). 0 is one game of two seats on a generated 5,000-territory map whose every
	// subscriber signs in as its attacker.
	Games int
	// Fog is the fog of war of every game.
	Fog rules.Fog
	// Events is how many events will be published, rotating over the games (the warm-up's included):
	// each game is prepared for its share of attack rolls. Default MaxEvents and one warm-up event a game.
	Events int
	// Chat makes the target a chat's: the games are started but not played, the subscribers follow the
	// players' room of each game's chat (chatMessages) signed in as its seats' users (no spectators), and
	// an event is one chat line sent through the API's sendChatMessage by a seat of the next game in turn.
	// Requires Games.
	Chat bool
}

// routConns is the most connections the Rout target's pool opens.
const routConns = 20

// maxSubscribers caps the subscribers of one benchmark target: the API's caps on the websockets of one
// address and one user are raised to it, since every client comes from one address as a few users.
const maxSubscribers = 100_000

// Rout is the real API as a benchmark target: graph.NewHandler with the live hub on a throwaway
// database, serving loopback, with started games prepared for attack rolls.
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
	apiURL   string // the API's HTTP URL, where the chat target sends its lines
	chat     bool   // RoutOpts.Chat

	games   []benchGame
	views   []view      // the groups of clients: one viewer of one game each
	next    int         // the game of the next event
	sent    int         // the chat lines sent
	commits commitClock // when the commands commit
}

// benchGame is one game of the target, whose attacker attacks from one territory to a neighbour of
// another seat again and again, each roll one battle_rolled event.
type benchGame struct {
	id       int
	attacker int // the attacking seat's user
	from, to rules.TerritoryID
	// authors are, for the chat target, the sessions of the game's seats' users, who take turns writing
	// its lines.
	authors []string
}

// view is one viewer's record of one game, which one group of clients follows.
type view struct {
	game   int            // in Rout.games
	viewer rules.PlayerID // a seat, or rules.NoPlayer for the spectators
	token  string         // a session of the viewer's user
	head   int64          // the viewer's last event (the chat target: line of the room), numbered as the viewer sees them
}

// StartRout creates the throwaway database, migrates it, starts the hub and the API on a free loopback
// port, signs the players up through the API and prepares their games (RoutOpts). Close undoes it all.
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
	if opts.Games < 0 || opts.Events < 0 {
		return r, errors.New("livebench: RoutOpts.Games and Events must not be negative")
	}
	if opts.Chat && opts.Games == 0 {
		return r, errors.New("livebench: RoutOpts.Chat needs Games: one room a game")
	}
	r.chat = opts.Chat
	if opts.Events == 0 {
		opts.Events = MaxEvents + max(1, opts.Games)
	}
	if r.db, err = sql.Open("postgres", dsn); err != nil {
		return r, fmt.Errorf("error opening the benchmark's database: %w", err)
	}
	// Idle connections kept as `rout serve` keeps them: a fog game's views read at once, and a read on a
	// new connection waits for PostgreSQL to start a backend.
	r.db.SetMaxOpenConns(routConns)
	r.db.SetMaxIdleConns(routConns)
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
	// Every client comes from one address and signs in as one of a few users.
	cfg.RateIP, cfg.RateUser = graph.RateLimit{}, graph.RateLimit{}
	cfg.WSMaxConnsPerAddress, cfg.WSMaxConnsPerUser = maxSubscribers, maxSubscribers
	r.api, err = graph.NewHandler(cfg, graph.Deps{
		Ent: ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, r.db))), Game: r.svc, Accounts: r.accounts, Chat: chat.NewService(r.db, nil), Live: r.hub, Logger: opts.Logger})
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
	r.url, r.apiURL = "ws://"+ln.Addr().String()+graph.Path, "http://"+ln.Addr().String()+graph.Path
	return r, r.prepareGames(ctx, opts)
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

// prepareGames signs the seats' users (and the spectator of many games) up through the API, creates and
// starts the games of opts and prepares each for its share of opts.Events attack rolls (see
// prepareAttack; not for the chat), and lists the views the clients follow.
func (r *Rout) prepareGames(ctx context.Context, opts RoutOpts) error {
	mapKey, seats := gamesMap, seatsOf
	if opts.Games == 0 {
		m, err := maps.Generate(benchMap)
		if err != nil {
			return err
		}
		if err := game.SeedMap(ctx, r.db, m, false); err != nil {
			return err
		}
		mapKey, seats = m.ID, func(int) int { return 2 }
	} else if m, ok := maps.Builtin(gamesMap); !ok {
		return fmt.Errorf("no built-in map %s", gamesMap)
	} else if err := game.SeedMap(ctx, r.db, m, true); err != nil {
		return err
	}
	most := 0
	for g := range max(1, opts.Games) {
		most = max(most, seats(g))
	}
	users := make([]int, most)
	tokens := make([]string, most)
	for i := range users {
		var err error
		if users[i], tokens[i], err = r.signUp(ctx, fmt.Sprintf("bench%d", i)); err != nil {
			return err
		}
	}
	var spectator string
	if opts.Games > 0 {
		var err error
		if _, spectator, err = r.signUp(ctx, "spectator"); err != nil {
			return err
		}
	}
	games := max(1, opts.Games)
	rolls := (opts.Events + games - 1) / games
	for g := range games {
		specs := make([]game.SeatSpec, seats(g))
		for i := range specs {
			specs[i] = game.SeatSpec{Kind: game.SeatUser, UserID: users[i], Color: seatColors[i]}
		}
		created, err := r.svc.GameCreate(ctx, game.CreateInput{CreatorID: users[0], MapKey: mapKey, Seats: specs, Fog: opts.Fog})
		if err != nil {
			return fmt.Errorf("error creating a benchmark game: %w", err)
		}
		started, err := r.svc.GameStart(ctx, created.GameID, users[0])
		if err != nil {
			return fmt.Errorf("error starting a benchmark game: %w", err)
		}
		if opts.Chat { // the players' room, followed by every seat; its lines numbered from 1
			r.games = append(r.games, benchGame{id: started.GameID, authors: tokens[:seats(g)]})
			for v := range seats(g) {
				r.views = append(r.views, view{game: g, viewer: rules.PlayerID(v), token: tokens[v]})
			}
			continue
		}
		bg, snap, err := r.prepareAttack(ctx, started.Game, users, rolls)
		if err != nil {
			return err
		}
		r.games = append(r.games, bg)
		if opts.Games == 0 { // every client is the attacker
			attacker := snap.State.Current()
			r.views = append(r.views, view{game: g, viewer: attacker, token: tokens[attacker], head: snap.SeqFor(attacker)})
			continue
		}
		for v := range seats(g) + 1 {
			viewer, token := rules.PlayerID(v), spectator
			if v < seats(g) {
				token = tokens[v]
			} else {
				viewer = rules.NoPlayer
			}
			r.views = append(r.views, view{game: g, viewer: viewer, token: token, head: snap.SeqFor(viewer)})
		}
	}
	return nil
}

// attackArmies is how many armies each of the two territories that fight holds before rolls attack rolls
// of three dice against two: a roll takes about one army from each side (1.08 from the defender, 0.92
// from the attacker), so with this margin the attack never conquers nor runs out.
func attackArmies(rolls int) int { return rolls + rolls/4 + 10 }

// prepareAttack takes a started game (the game as its start left it; users are the seats' users) to an
// attack phase of its first player with a territory of theirs and a neighbour of another seat's each
// holding attackArmies(rolls): every seat in turn places its reinforcements, the attacker on the one, its
// neighbour's owner on the other, the others on a territory of their own, and ends its turn. It returns
// the game and the snapshot of its last command.
func (r *Rout) prepareAttack(ctx context.Context, snap game.Snapshot, users []int, rolls int) (benchGame, game.Snapshot, error) {
	s := snap.State
	attacker := s.Current()
	bg := benchGame{id: snap.GameID, attacker: users[attacker], from: -1, to: -1}
	for t := range s.Board().Len() {
		from := rules.TerritoryID(t)
		for _, to := range s.Board().Neighbors(from) {
			if bg.from < 0 && s.Owner(from) == attacker && s.Owner(to) != attacker && s.Owner(to) >= 0 {
				bg.from, bg.to = from, to
			}
		}
	}
	if bg.from < 0 {
		return bg, snap, fmt.Errorf("benchmark game %d has no border between two seats", bg.id)
	}
	need := attackArmies(rolls)
	for range 10_000 {
		s = snap.State
		p := s.Current()
		var c rules.Command
		switch s.Phase() {
		case rules.PhaseReinforce:
			stack := bg.from
			switch {
			case p == s.Owner(bg.to):
				stack = bg.to
			case p != attacker:
				stack = firstOwned(s, p)
			}
			c = rules.Place{Placements: []rules.Placement{{Territory: stack, Armies: s.Reserve()}}}
		case rules.PhaseAttack:
			if p == attacker && s.Armies(bg.from) >= need && s.Armies(bg.to) >= need {
				return bg, snap, nil
			}
			c = rules.EndAttack{}
		case rules.PhaseFortify:
			c = rules.EndTurn{}
		default:
			return bg, snap, fmt.Errorf("benchmark game %d is in its %s phase", bg.id, s.Phase())
		}
		res, err := r.svc.TurnSubmit(ctx, game.CommandInput{GameID: bg.id, Actor: game.User(users[p]), Command: c})
		if err != nil {
			return bg, snap, fmt.Errorf("error preparing benchmark game %d (%s): %w", bg.id, c.Kind(), err)
		}
		snap = res.Game
	}
	return bg, snap, fmt.Errorf("benchmark game %d: no attack of %d armies on each side after 10,000 commands", bg.id, need)
}

// firstOwned returns seat p's first territory in board order.
func firstOwned(s rules.State, p rules.PlayerID) rules.TerritoryID {
	for t := range s.Board().Len() {
		if s.Owner(rules.TerritoryID(t)) == p {
			return rules.TerritoryID(t)
		}
	}
	return -1
}

// signUp creates a user through the API's signUp mutation and returns its id and session token.
func (r *Rout) signUp(ctx context.Context, name string) (int, string, error) {
	var out struct {
		SignUp struct {
			Session    *struct{ Token string }
			UserErrors []struct{ Code, Message string }
		}
	}
	err := r.post(ctx, "", `mutation($input: SignUpInput!) { signUp(input: $input) { session { token } userErrors { code message } } }`,
		map[string]any{"input": map[string]string{"name": name, "email": name + "@bench.invalid", "password": "bench-password-" + name}}, &out)
	if err != nil {
		return 0, "", fmt.Errorf("error signing %s up: %w", name, err)
	}
	if out.SignUp.Session == nil {
		return 0, "", fmt.Errorf("error signing %s up: %+v", name, out.SignUp.UserErrors)
	}
	id, err := r.accounts.UserByEmail(ctx, r.db, name+"@bench.invalid")
	if err != nil {
		return 0, "", fmt.Errorf("error finding user %s: %w", name, err)
	}
	if id == 0 {
		return 0, "", fmt.Errorf("error finding user %s: signed up, but not found", name)
	}
	return id, out.SignUp.Session.Token, nil
}

// post sends a GraphQL operation to the API over HTTP, signed in with token (none when empty), as a client
// does, and decodes the answer's data into data; errors in the answer are an error.
func (r *Rout) post(ctx context.Context, token, query string, variables map[string]any, data any) error {
	body, err := json.Marshal(map[string]any{"query": query, "variables": variables})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.apiURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	out := struct {
		Data   any
		Errors []struct{ Message string }
	}{Data: data}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return fmt.Errorf("error reading the API's answer (HTTP %s): %w", resp.Status, err)
	}
	if len(out.Errors) > 0 {
		return fmt.Errorf("the API answered errors: %+v", out.Errors)
	}
	return nil
}

// clients implements target: n clients spread evenly over the views, each group signed in as its viewer's
// user and subscribed to gameEvents of its game after the viewer's last event (the chat target:
// chatMessages of its game's players' room; gameEvents ignores the room).
func (r *Rout) clients(n int) ClientsConfig {
	cfg := ClientsConfig{URL: r.url, Query: RoutQuery, Field: "gameEvents"}
	if r.chat {
		cfg.Query, cfg.Field = ChatQuery, "chatMessages"
	}
	for i, v := range r.views {
		vars, _ := json.Marshal(map[string]any{"gameId": graph.GlobalID("Game", r.games[v.game].id), "after": v.head, "room": chatRoom})
		cfg.Groups = append(cfg.Groups, ClientGroup{Clients: n / len(r.views), Token: v.token, Variables: vars, After: v.head})
		if i < n%len(r.views) {
			cfg.Groups[i].Clients++
		}
	}
	return cfg
}

// subscribers implements target.
func (r *Rout) subscribers() int { return r.hub.Stats().Subscribers }

// rotation implements target.
func (r *Rout) rotation() int { return len(r.games) }

// publish implements target: one attack roll through the game service, in the next game of the
// rotation. Its event goes to every view of the game that it moves on: without fog all of them, with fog
// those who see it (or see what it changed), each under the viewer's next number. The chat target sends
// a line instead (sendLine).
func (r *Rout) publish(ctx context.Context) (publication, error) {
	g := r.next
	r.next = (r.next + 1) % len(r.games)
	if r.chat {
		return r.sendLine(ctx, g)
	}
	bg := r.games[g]
	start := time.Now()
	res, err := r.svc.TurnSubmit(ctx, game.CommandInput{GameID: bg.id, Actor: game.User(bg.attacker),
		Command: rules.Attack{From: bg.from, To: bg.to, Dice: 3}})
	p := publication{Called: start, Published: r.commits.last(), Took: time.Since(start)}
	if err != nil {
		return p, fmt.Errorf("error attacking in game %d: %w", bg.id, err)
	}
	if len(res.Events) != 1 {
		return p, fmt.Errorf("an attack in game %d made %d events, not one (the territories ran out of armies?)", bg.id, len(res.Events))
	}
	for i := range r.views {
		v := &r.views[i]
		if head := res.Game.SeqFor(v.viewer); v.game == g && head > v.head {
			v.head = head
			p.Deliveries = append(p.Deliveries, delivery{Group: i, Seq: head})
		}
	}
	return p, nil
}

// sendChatQuery is the mutation the chat target sends its lines with.
const sendChatQuery = `mutation($input: SendChatMessageInput!) {
  sendChatMessage(input: $input) { message { seq } userErrors { code message } retryAfter }
}`

// sendLine sends the next line of game g's players' room through the API, as a client does, written by
// its seats in turn (each game's first line by a different seat, so that the authors share the lines of
// many games alike). Within the chat's limits: each line says something new, and a flood refusal
// (CHAT_FLOOD, when a room gets more than chat.FloodMessages lines of an author within chat.FloodWindow:
// few rooms and many events) is waited out and the line sent again, timed from that last call. The line is
// published as a command is: when its transaction is about to commit, its row and notification written
// (the game service's chat effects, commitClock). It goes to every seat of the game, numbered in the room.
func (r *Rout) sendLine(ctx context.Context, g int) (publication, error) {
	bg := r.games[g]
	var first *view
	for i := range r.views {
		if r.views[i].game == g {
			first = &r.views[i]
			break
		}
	}
	author := bg.authors[(g+int(first.head))%len(bg.authors)]
	r.sent++
	digest := sha256.Sum256([]byte(strconv.Itoa(r.sent)))
	vars := map[string]any{"input": map[string]any{"gameId": graph.GlobalID("Game", bg.id), "room": chatRoom,
		"body": fmt.Sprintf("good luck all, line %d (%x)", r.sent, digest[:6])}}
	for {
		var out struct {
			SendChatMessage struct {
				Message    *struct{ Seq int64 }
				UserErrors []struct{ Code, Message string }
				RetryAfter *int
			}
		}
		start := time.Now()
		err := r.post(ctx, author, sendChatQuery, vars, &out)
		p := publication{Called: start, Took: time.Since(start)}
		if err != nil {
			return p, fmt.Errorf("error sending a chat line in game %d: %w", bg.id, err)
		}
		res := out.SendChatMessage
		if m := res.Message; m != nil {
			p.Published = r.commits.last()
			for i := range r.views {
				if v := &r.views[i]; v.game == g {
					v.head = m.Seq
					p.Deliveries = append(p.Deliveries, delivery{Group: i, Seq: m.Seq})
				}
			}
			return p, nil
		}
		if len(res.UserErrors) == 0 || chat.Code(res.UserErrors[0].Code) != chat.CodeFlood || res.RetryAfter == nil {
			return p, fmt.Errorf("error sending a chat line in game %d: %+v", bg.id, res.UserErrors)
		}
		select {
		case <-time.After(time.Duration(*res.RetryAfter) * time.Second):
		case <-ctx.Done():
			return p, ctx.Err()
		}
	}
}

// commitClock is the game service's Effects in the benchmark: it records when each command's
// transaction, or each chat line's, is about to commit, its rows, events and notification written.
type commitClock struct{ at atomic.Int64 }

func (c *commitClock) AfterCommand(context.Context, *sql.Tx, ...game.Change) error {
	c.at.Store(time.Now().UnixNano())
	return nil
}

// AfterChatMessage is AfterCommand's clock for a chat line: the chat calls it last in the line's
// transaction.
func (c *commitClock) AfterChatMessage(context.Context, *sql.Tx, game.ChatMessage) error {
	c.at.Store(time.Now().UnixNano())
	return nil
}

// AfterCreate does nothing: the benchmark times commands only.
func (c *commitClock) AfterCreate(context.Context, *sql.Tx, game.NewGame) error { return nil }

// AfterChatTimeout does nothing: the benchmark times lines only.
func (c *commitClock) AfterChatTimeout(context.Context, *sql.Tx, game.ChatTimeout) error { return nil }

var (
	_ game.Effects     = (*commitClock)(nil)
	_ game.ChatEffects = (*commitClock)(nil)
)

// last returns when the last command or chat line began to commit.
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
