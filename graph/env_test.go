package graph_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/99designs/gqlgen/graphql"

	"rout/account"
	"rout/chat"
	"rout/dbtest"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/graph/playground"
	"rout/ladder"
	"rout/live"
	"rout/tournament"
	"rout/tournament/tablegame"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var quiet = slog.New(slog.DiscardHandler)

// env is one test's database with Rout's schema and the API served on it by an httptest.Server.
type env struct {
	t        *testing.T
	db       *sql.DB
	ent      *ent.Client
	accounts *account.Service
	srv      *httptest.Server
	clock    *clock
	logs     *syncBuffer
	tourney  *tournament.Service
}

// clock is a settable clock for Deps.Clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a logger.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newEnv starts the API with DefaultSettings changed by configure (which may be nil).
func newEnv(t *testing.T, configure func(*graph.Settings)) *env {
	t.Helper()
	return newEnvOn(t, dbtest.Migrated(t), configure)
}

// newEnvOn is newEnv on an open, migrated database.
func newEnvOn(t *testing.T, db *sql.DB, configure func(*graph.Settings)) *env {
	t.Helper()
	return newEnvWith(t, db, configure, envOpts{})
}

// envOpts are what some tests add to an env: the game service's effects, extensions of the GraphQL
// server.
type envOpts struct {
	effects    game.Effects
	extensions []graphql.HandlerExtension
}

// newEnvWith is newEnvOn with opts.
func newEnvWith(t *testing.T, db *sql.DB, configure func(*graph.Settings), opts envOpts) *env {
	t.Helper()
	e, _ := serveAPI(t, db, newService(t, db, opts.effects), nil, settings(configure), opts.extensions...)
	return e
}

// settings returns DefaultSettings changed by configure (which may be nil).
func settings(configure func(*graph.Settings)) graph.Settings {
	cfg := graph.DefaultSettings()
	if configure != nil {
		configure(&cfg)
	}
	return cfg
}

// newService returns a game service on db for the API, with effects (nil: none).
func newService(t *testing.T, db *sql.DB, effects game.Effects) *game.Service {
	t.Helper()
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db), Logger: quiet, PlayTime: time.Minute, Effects: effects})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// serveAPI serves the API (GraphQL, records, the playground) of cfg on db through svc and hub (nil: no
// live hub) and the GraphQL server's extensions with an httptest.Server, closed when the test ends, and
// returns it with the GraphQL handler.
func serveAPI(t *testing.T, db *sql.DB, svc *game.Service, hub *live.Hub, cfg graph.Settings, extensions ...graphql.HandlerExtension) (*env, http.Handler) {
	t.Helper()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
	e := &env{t: t, db: db, ent: client, clock: &clock{now: time.Now()}, logs: &syncBuffer{}}
	var err error
	e.accounts, err = account.New(account.Opts{DB: db, Clock: e.clock.Now, SessionTTL: cfg.SessionTTL,
		CacheTokens: hub != nil})
	if err != nil {
		t.Fatal(err)
	}
	e.tourney = tournament.NewService(db, tablegame.Games{Game: svc}, e.clock.Now)
	deps := graph.Deps{
		Ent:         client,
		Game:        svc,
		Accounts:    e.accounts,
		Chat:        chat.NewService(db, e.clock.Now),
		Ladders:     ladder.NewService(ladder.Opts{DB: db, Games: tablegame.Games{Game: svc}}),
		Tournaments: e.tourney,
		Logger:      slog.New(slog.NewTextHandler(e.logs, nil)),
		Clock:       e.clock.Now,

		Extensions: extensions,
	}
	if hub != nil {
		deps.Live = hub
	}
	h, err := graph.NewHandler(cfg, deps)
	if err != nil {
		t.Fatalf("NewHandler: %v", err)
	}
	rh, err := graph.NewRecordHandler(cfg, deps)
	if err != nil {
		t.Fatalf("NewRecordHandler: %v", err)
	}
	ph, err := graph.NewPreviewHandler(cfg, deps)
	if err != nil {
		t.Fatalf("NewPreviewHandler: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle(graph.Path, h)
	mux.Handle(graph.RecordPath, rh)
	mux.Handle(graph.MapPreviewRoute, ph)
	mux.Handle(graph.BoardPreviewRoute, ph)
	mux.Handle("GET "+playground.Path, playground.Handler(graph.Path))
	mux.Handle("GET "+playground.AssetsPath, playground.Handler(graph.Path))
	e.srv = httptest.NewServer(mux)
	t.Cleanup(e.srv.Close)
	return e, h
}

// gqlError is one error of a response.
type gqlError struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

// response is a GraphQL response with its HTTP status and headers.
type response struct {
	Status int
	Header http.Header
	Data   json.RawMessage `json:"data"`
	Errors []gqlError      `json:"errors"`
}

// code returns the extensions.code of the response's only error, failing the test when there is not
// exactly one.
func (r *response) code(t *testing.T) string {
	t.Helper()
	if len(r.Errors) != 1 {
		t.Fatalf("want one error, got %d: %+v (data %s)", len(r.Errors), r.Errors, r.Data)
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

// decode decodes the response's data into v, failing the test on errors.
func (r *response) decode(t *testing.T, v any) {
	t.Helper()
	if len(r.Errors) > 0 {
		t.Fatalf("unexpected errors: %+v", r.Errors)
	}
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("error decoding data %s: %v", r.Data, err)
	}
}

// request is one HTTP request to the API.
type request struct {
	method string // default POST
	token  string
	accept string
	ctype  string // default application/json
	body   string // the raw body; default the JSON of query and vars
	query  string
	vars   map[string]any
	ext    map[string]any
	header map[string]string // more headers
}

// do sends a request and reads its response.
func (e *env) do(req request) *response {
	e.t.Helper()
	if req.method == "" {
		req.method = http.MethodPost
	}
	target := e.srv.URL + graph.Path
	var body io.Reader
	if req.method == http.MethodGet {
		q := make([]string, 0, 3)
		q = append(q, "query="+urlEscape(req.query))
		if req.vars != nil {
			q = append(q, "variables="+urlEscape(mustJSON(e.t, req.vars)))
		}
		if req.ext != nil {
			q = append(q, "extensions="+urlEscape(mustJSON(e.t, req.ext)))
		}
		target += "?" + strings.Join(q, "&")
	} else {
		if req.body == "" {
			m := map[string]any{"query": req.query}
			if req.vars != nil {
				m["variables"] = req.vars
			}
			if req.ext != nil {
				m["extensions"] = req.ext
			}
			req.body = mustJSON(e.t, m)
		}
		body = strings.NewReader(req.body)
	}
	hr, err := http.NewRequestWithContext(e.t.Context(), req.method, target, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if req.method != http.MethodGet {
		if req.ctype == "" {
			req.ctype = "application/json"
		}
		hr.Header.Set("Content-Type", req.ctype)
	}
	if req.token != "" {
		hr.Header.Set("Authorization", "Bearer "+req.token)
	}
	for k, v := range req.header {
		hr.Header.Set(k, v)
	}
	if req.accept != "" {
		hr.Header.Set("Accept", req.accept)
	}
	res, err := e.srv.Client().Do(hr)
	if err != nil {
		e.t.Fatalf("error sending request: %v", err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	out := &response{Status: res.StatusCode, Header: res.Header}
	if err := json.Unmarshal(b, out); err != nil {
		e.t.Fatalf("response (status %d) is not JSON: %v: %s", res.StatusCode, err, b)
	}
	return out
}

// gql posts query with vars as the holder of token ("" for none).
func (e *env) gql(token, query string, vars map[string]any) *response {
	e.t.Helper()
	return e.do(request{token: token, query: query, vars: vars})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func urlEscape(s string) string { return url.QueryEscape(s) }

const signUpMutation = `mutation($input: SignUpInput!) {
	signUp(input: $input) {
		user { id name email phone notify }
		session { token expiresAt }
		userErrors { code field message }
	}
}`

// userError is a UserError of a payload.
type userError struct {
	Code    string   `json:"code"`
	Field   []string `json:"field"`
	Message string   `json:"message"`
}

// userView is a User as the tests read it (the fields a query did not ask for stay empty).
type userView struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Email  *string `json:"email"`
	Phone  *string `json:"phone"`
	Notify *string `json:"notify"`
}

// sessionView is a Session of signUp or signIn.
type sessionView struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// signUpResult is the data of signUpMutation.
type signUpResult struct {
	SignUp struct {
		User       *userView    `json:"user"`
		Session    *sessionView `json:"session"`
		UserErrors []userError  `json:"userErrors"`
	} `json:"signUp"`
}

// signUp creates an account named name (email name@example.com, password "password-"+name) and
// returns its session token and global id.
func (e *env) signUp(name string) (token, id string) {
	e.t.Helper()
	var out signUpResult
	e.gql("", signUpMutation, map[string]any{"input": map[string]any{
		"name": name, "email": name + "@example.com", "password": "password-" + name,
	}}).decode(e.t, &out)
	if len(out.SignUp.UserErrors) > 0 || out.SignUp.Session == nil {
		e.t.Fatalf("signUp %s: %+v", name, out.SignUp.UserErrors)
	}
	return out.SignUp.Session.Token, out.SignUp.User.ID
}

// count runs a count query on the database.
func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	return dbtest.Int(e.t, e.db, query, args...)
}

// codesOf returns the codes of userErrors.
func codesOf(ues []userError) string {
	var s []string
	for _, ue := range ues {
		s = append(s, fmt.Sprintf("%s%v", ue.Code, ue.Field))
	}
	return strings.Join(s, " ")
}

// doRaw posts query with the Authorization header as given ("" for none).
func (e *env) doRaw(authorization, query string) *response {
	e.t.Helper()
	req := request{query: query}
	if authorization != "" {
		req.header = map[string]string{"Authorization": authorization}
	}
	return e.do(req)
}
