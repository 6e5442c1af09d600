package server

import (
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rout/account"
	"rout/dbtest"
	"rout/game"
	"rout/graph"
	"rout/ladder"
	"rout/tournament"
	"rout/tournament/tablegame"
)

// opsServer serves the API, /metrics and /riverui as Run does, with cfg's tokens, on a migrated database.
func opsServer(t *testing.T, cfg Config) (*httptest.Server, *sql.DB) {
	t.Helper()
	db := dbtest.Migrated(t)
	accounts, err := account.New(account.Opts{DB: db, Push: cfg.Notify.Push})
	if err != nil {
		t.Fatal(err)
	}
	m, ui, err := newOps(cfg, db, accounts, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: db, Accounts: accounts})
	if err != nil {
		t.Fatal(err)
	}
	api, _, _, err := newAPI(cfg, db, services{game: svc, ladders: ladder.NewService(ladder.Opts{DB: db}),
		tournaments: tournament.NewService(db, tablegame.Games{Game: svc}, nil)}, accounts, nil, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newMigrated(Opts{DB: db, API: api, Metrics: m, RiverUI: ui, Profiles: newProfiles(cfg, accounts, nil)}).handler)
	t.Cleanup(srv.Close)
	return srv, db
}

// request sends method path with the body and headers (name, value, ...) and returns the status and body.
func request(t *testing.T, srv *httptest.Server, method, path, body string, headers ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// graphQL posts a query with the bearer token (none when empty) and decodes its data into out.
func graphQL(t *testing.T, srv *httptest.Server, token, query string, out any) {
	t.Helper()
	headers := []string{"Content-Type", "application/json"}
	if token != "" {
		headers = append(headers, "Authorization", "Bearer "+token)
	}
	body, _ := json.Marshal(map[string]string{"query": query})
	status, resp := request(t, srv, http.MethodPost, graph.Path, string(body), headers...)
	var r struct {
		Data   json.RawMessage `json:"data"`
		Errors []any           `json:"errors"`
	}
	if err := json.Unmarshal([]byte(resp), &r); err != nil || status != http.StatusOK || len(r.Errors) > 0 {
		t.Fatalf("POST %s %q = %d %s (%v)", graph.Path, query, status, resp, err)
	}
	if err := json.Unmarshal(r.Data, out); err != nil {
		t.Fatalf("POST %s: data %s: %v", graph.Path, r.Data, err)
	}
}

// signUp creates a user through the API and returns their session token.
func signUp(t *testing.T, srv *httptest.Server, name string) string {
	t.Helper()
	var data struct {
		SignUp struct {
			Session struct{ Token string }
		}
	}
	graphQL(t, srv, "", `mutation { signUp(input: {name: "`+name+`", email: "`+name+`@example.com", password: "correct horse battery"}) { session { token } } }`, &data)
	if data.SignUp.Session.Token == "" {
		t.Fatalf("signUp %s gave no session", name)
	}
	return data.SignUp.Session.Token
}

func basicAuth(secret string) string {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.SetBasicAuth("rout", secret)
	return req.Header.Get("Authorization")
}

// The tokens the API issues open the River UI to admins only; /metrics counts it all behind its token.
func TestOpsEndpoints(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MetricsToken = "metrics-token-0123456789abcdef"
	cfg.AdminToken = "admin-token-0123456789abcdef"
	srv, db := opsServer(t, cfg)

	adaSession := signUp(t, srv, "ada")
	patSession := signUp(t, srv, "pat")
	var data struct {
		CreateAPIToken struct{ Secret string } `json:"createApiToken"`
	}
	graphQL(t, srv, adaSession, `mutation { createApiToken(input: {name: "ops"}) { secret } }`, &data)
	adaAPI := data.CreateAPIToken.Secret

	ui := func(auth string) int {
		t.Helper()
		status, body := request(t, srv, http.MethodGet, "/riverui/", "", "Authorization", auth, "Accept", "text/html")
		if served := strings.Contains(body, "<script"); served != (status == http.StatusOK) {
			t.Errorf("GET /riverui/ = %d, and the page served is %v", status, served)
		}
		return status
	}
	if status := ui(basicAuth(adaSession)); status != http.StatusForbidden {
		t.Errorf("GET /riverui/ as ada before she is an admin = %d, want 403", status)
	}
	if _, err := db.ExecContext(t.Context(), "UPDATE users SET admin = true WHERE name = 'ada'"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		auth   string
		status int
	}{
		{"anonymous", "", http.StatusUnauthorized},
		{"pat's session", basicAuth(patSession), http.StatusForbidden},
		{"the metrics token", basicAuth(cfg.MetricsToken), http.StatusUnauthorized},
		{"ada's session", basicAuth(adaSession), http.StatusOK},
		{"ada's API token", basicAuth(adaAPI), http.StatusOK},
		{"ada's API token as bearer", "Bearer " + adaAPI, http.StatusOK},
		{"the admin token", basicAuth(cfg.AdminToken), http.StatusOK},
	} {
		if status := ui(tc.auth); status != tc.status {
			t.Errorf("GET /riverui/ with %s = %d, want %d", tc.name, status, tc.status)
		}
	}
	graphQL(t, srv, adaSession, `mutation { signOut { __typename } }`, &struct{}{})
	if status := ui(basicAuth(adaSession)); status != http.StatusUnauthorized {
		t.Errorf("GET /riverui/ with ada's revoked session = %d, want 401", status)
	}

	if status, _ := request(t, srv, http.MethodGet, "/metrics", ""); status != http.StatusUnauthorized {
		t.Errorf("GET /metrics without the token = %d, want 401", status)
	}
	if status, _ := request(t, srv, http.MethodGet, "/metrics", "", "Authorization", "Bearer "+cfg.AdminToken); status != http.StatusUnauthorized {
		t.Errorf("GET /metrics with the admin token = %d, want 401", status)
	}
	status, body := request(t, srv, http.MethodGet, "/metrics", "", "Authorization", "Bearer "+cfg.MetricsToken)
	if status != http.StatusOK {
		t.Fatalf("GET /metrics with its token = %d %q, want 200", status, body)
	}
	for _, want := range []string{
		`rout_http_requests_total{code="200",route="/graphql"} 4`,
		`rout_http_requests_total{code="200",route="/riverui/"} 4`,
		`rout_http_requests_total{code="401",route="/riverui/"} 3`,
		`rout_http_requests_total{code="403",route="/riverui/"} 2`,
		`rout_http_requests_total{code="401",route="GET /metrics"} 2`,
		`rout_http_request_duration_seconds_count{route="/graphql"} 4`,
		`rout_river_scrape_errors_total 0`,
		`rout_graphql_operations_total{type="mutation"} 4`,
	} {
		if !strings.Contains(body, "\n"+want+"\n") {
			t.Errorf("GET /metrics has no line %q", want)
		}
	}
}

func TestConfigTokens(t *testing.T) {
	t.Parallel()
	env := map[string]string{EnvMetricsToken: "metrics-token-0123456789abcdef", EnvAdminToken: "admin-token-0123456789abcdef"}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MetricsToken != env[EnvMetricsToken] || cfg.AdminToken != env[EnvAdminToken] {
		t.Errorf("ConfigFromEnv tokens = %q, %q, want %q, %q", cfg.MetricsToken, cfg.AdminToken, env[EnvMetricsToken], env[EnvAdminToken])
	}
	if err := cfg.Validate(); err != nil {
		t.Errorf("Validate with good tokens: %v", err)
	}

	for _, tc := range []struct {
		name   string
		secret string
		want   string // in the error; empty: valid
	}{
		{"unset", "", ""},
		{"shortest", strings.Repeat("a", MinSecretLen), ""},
		{"too short", strings.Repeat("a", MinSecretLen-1), "at least 24"},
		{"a space", "secret with a space 0123456789", "has spaces"},
		{"a newline", "secret-0123456789abcdef\n", "has spaces"},
	} {
		for _, key := range []string{EnvMetricsToken, EnvAdminToken} {
			cfg := DefaultConfig()
			if key == EnvMetricsToken {
				cfg.MetricsToken = tc.secret
			} else {
				cfg.AdminToken = tc.secret
			}
			err := cfg.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%s %s: Validate = %v, want nil", key, tc.name, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%s %s: Validate = %v, want an error naming %s and saying %q", key, tc.name, err, key, tc.want)
			case err != nil && tc.secret != "" && strings.Contains(err.Error(), tc.secret):
				t.Errorf("%s %s: Validate = %v quotes the secret", key, tc.name, err)
			}
		}
	}
}

// The Go runtime's profiles are for admins and the operator's token only.
func TestProfilesForAdminsOnly(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.AdminToken = "admin-token-0123456789abcdef"
	srv, db := opsServer(t, cfg)
	adaSession := signUp(t, srv, "ada")
	patSession := signUp(t, srv, "pat")
	if _, err := db.ExecContext(t.Context(), "UPDATE users SET admin = true WHERE name = 'ada'"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path, auth string
		status           int
		want             string
	}{
		{"anonymous", "/debug/pprof/", "", http.StatusUnauthorized, "sign in"},
		{"an unknown token", "/debug/pprof/", "Bearer rout_s_unknownunknownunknownunknownunknown", http.StatusUnauthorized, "unknown"},
		{"pat's session", "/debug/pprof/", basicAuth(patSession), http.StatusForbidden, "admins only"},
		{"pat's session, heap", "/debug/pprof/heap?debug=1", "Bearer " + patSession, http.StatusForbidden, "admins only"},
		{"ada's session", "/debug/pprof/", basicAuth(adaSession), http.StatusOK, "goroutine"},
		{"ada's session as bearer, heap", "/debug/pprof/heap?debug=1", "Bearer " + adaSession, http.StatusOK, "heap profile"},
		{"ada's session, cmdline", "/debug/pprof/cmdline", basicAuth(adaSession), http.StatusOK, ""},
		{"the admin token", "/debug/pprof/goroutine?debug=1", basicAuth(cfg.AdminToken), http.StatusOK, "goroutine profile"},
	} {
		headers := []string{}
		if tc.auth != "" {
			headers = append(headers, "Authorization", tc.auth)
		}
		status, body := request(t, srv, http.MethodGet, tc.path, "", headers...)
		if status != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("GET %s with %s = %d %.80q, want %d with %q", tc.path, tc.name, status, body, tc.status, tc.want)
		}
	}
}
