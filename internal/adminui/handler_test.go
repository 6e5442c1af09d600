package adminui_test

import (
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"rout/dbtest"
	"rout/ent"
	"rout/ent/token"
	"rout/internal/adminui"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

const operatorToken = "operator-secret-0123456789abcdef"

// Secrets of the tokens fixture makes, shaped like Rout's.
const (
	adminAPI       = "rout_a_adminAPIadminAPIadminAPIadminAPIadminAPIadm"
	adminSession   = "rout_s_adminSESSIONadminSESSIONadminSESSIONadminSE"
	playerSession  = "rout_s_playerSESSIONplayerSESSIONplayerSESSIONplay"
	revokedAdmin   = "rout_a_revokedrevokedrevokedrevokedrevokedrevokedr"
	expiredAdmin   = "rout_s_expiredexpiredexpiredexpiredexpiredexpiredex"
	unknownSession = "rout_s_unknownunknownunknownunknownunknownunknownu"
)

type uiArgs struct{ N int }

func (uiArgs) Kind() string { return "adminui_test" }

// fixture returns a server with the UI mounted like Rout's, on a migrated database with an admin, a
// player, their tokens and three jobs, and an Ent client of that database.
func fixture(t *testing.T) (*httptest.Server, *ent.Client) {
	t.Helper()
	ctx := t.Context()
	db := dbtest.Migrated(t)
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
	admin := client.User.Create().SetName("ada").SetEmail("ada@example.com").SetPasswordHash("-").SetAdmin(true).SaveX(ctx)
	player := client.User.Create().SetName("pat").SetEmail("pat@example.com").SetPasswordHash("-").SaveX(ctx)
	past := time.Now().Add(-time.Hour)
	for _, tok := range []struct {
		user    *ent.User
		kind    token.Kind
		secret  string
		revoked bool
		expired bool
	}{
		{admin, token.KindAPI, adminAPI, false, false},
		{admin, token.KindSession, adminSession, false, false},
		{player, token.KindSession, playerSession, false, false},
		{admin, token.KindAPI, revokedAdmin, true, false},
		{admin, token.KindSession, expiredAdmin, false, true},
	} {
		sum := sha256.Sum256([]byte(tok.secret))
		c := client.Token.Create().SetUser(tok.user).SetKind(tok.kind).SetHash(sum[:]).SetName(tok.secret[:12])
		if tok.revoked {
			c.SetRevokedAt(past)
		}
		if tok.expired {
			c.SetExpiresAt(past)
		}
		c.SaveX(ctx)
	}
	insertJobs(t, db)

	ui, err := adminui.New(adminui.Opts{DB: db, Admins: adminui.TokenAdmins(liveTokens(t, db)), AdminToken: operatorToken})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(adminui.Path, ui)
	mux.Handle(adminui.Path+"/", ui)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, client
}

// liveTokens reads db's tokens as Rout's server does.
func liveTokens(t *testing.T, db *sql.DB) adminui.LiveToken {
	return dbtest.Accounts(t, db).LiveToken
}

// insertJobs inserts three jobs of kind adminui_test with an insert-only client.
func insertJobs(t *testing.T, db *sql.DB) {
	t.Helper()
	inserter, err := river.NewClient(riverdatabasesql.New(db), &river.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = inserter.InsertMany(t.Context(), []river.InsertManyParams{{Args: uiArgs{1}}, {Args: uiArgs{2}}, {Args: uiArgs{3}}})
	if err != nil {
		t.Fatal(err)
	}
}

// get sends method path to srv with the Authorization header auth (none when empty) and the extra
// headers, and returns the response with its body read.
func do(t *testing.T, srv *httptest.Server, method, path, auth string, body io.Reader, headers ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return res, string(b)
}

// basic returns the Authorization header of Basic credentials with any user name and password secret.
func basic(secret string) string {
	req, _ := http.NewRequest(http.MethodGet, "/", nil)
	req.SetBasicAuth("admin", secret)
	return req.Header.Get("Authorization")
}

func TestRefused(t *testing.T) {
	t.Parallel()
	srv, _ := fixture(t)
	for _, tc := range []struct {
		name   string
		auth   string
		status int
	}{
		{"anonymous", "", http.StatusUnauthorized},
		{"a player's session", basic(playerSession), http.StatusForbidden},
		{"a player's session as bearer", "Bearer " + playerSession, http.StatusForbidden},
		{"an unknown token", basic(unknownSession), http.StatusUnauthorized},
		{"a revoked admin token", basic(revokedAdmin), http.StatusUnauthorized},
		{"an expired admin session", basic(expiredAdmin), http.StatusUnauthorized},
		{"a wrong operator token", basic(operatorToken + "x"), http.StatusUnauthorized},
		{"a truncated operator token", basic(operatorToken[:len(operatorToken)-1]), http.StatusUnauthorized},
		{"an empty password", basic(""), http.StatusUnauthorized},
		{"another scheme", "Token " + adminAPI, http.StatusUnauthorized},
	} {
		for _, path := range []string{"/riverui/", "/riverui/jobs", "/riverui/api/jobs?state=available", "/riverui/api/features"} {
			res, body := do(t, srv, http.MethodGet, path, tc.auth, nil)
			if res.StatusCode != tc.status {
				t.Errorf("%s: GET %s = %d, want %d", tc.name, path, res.StatusCode, tc.status)
			}
			if tc.status == http.StatusUnauthorized && res.Header.Get("WWW-Authenticate") == "" {
				t.Errorf("%s: GET %s = 401 without WWW-Authenticate", tc.name, path)
			}
			if strings.Contains(body, "<script") || strings.Contains(body, "adminui_test") {
				t.Errorf("%s: GET %s served the UI or its data: %.200q", tc.name, path, body)
			}
		}
	}
}

func TestServedToAdmins(t *testing.T) {
	t.Parallel()
	srv, client := fixture(t)
	for _, tc := range []struct {
		name string
		auth string
	}{
		{"an admin's API token", basic(adminAPI)},
		{"an admin's session", basic(adminSession)},
		{"an admin's API token as bearer", "Bearer " + adminAPI},
		{"the operator token", basic(operatorToken)},
		{"the operator token as bearer", "Bearer " + operatorToken},
	} {
		res, body := do(t, srv, http.MethodGet, "/riverui/", tc.auth, nil, "Accept", "text/html")
		if res.StatusCode != http.StatusOK || !strings.Contains(body, "<script") {
			t.Errorf("%s: GET /riverui/ = %d %.200q, want 200 and the UI's page", tc.name, res.StatusCode, body)
		}
		if got := res.Header.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s: GET /riverui/ X-Frame-Options = %q, want DENY", tc.name, got)
		}

		res, body = do(t, srv, http.MethodGet, "/riverui/api/jobs?state=available&limit=20", tc.auth, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: GET /riverui/api/jobs = %d %q, want 200", tc.name, res.StatusCode, body)
		}
		var list struct {
			Data []struct {
				ID    int64  `json:"id"`
				Kind  string `json:"kind"`
				State string `json:"state"`
			} `json:"data"`
		}
		if err := json.Unmarshal([]byte(body), &list); err != nil {
			t.Fatalf("%s: GET /riverui/api/jobs: %v in %q", tc.name, err, body)
		}
		if len(list.Data) != 3 {
			t.Fatalf("%s: GET /riverui/api/jobs listed %d jobs, want 3: %s", tc.name, len(list.Data), body)
		}
		for _, j := range list.Data {
			if j.Kind != "adminui_test" || j.State != "available" {
				t.Errorf("%s: GET /riverui/api/jobs listed %+v, want an available adminui_test job", tc.name, j)
			}
		}
	}

	// The counts by state, which River UI reads with its own queries through the database/sql driver.
	res, body := do(t, srv, http.MethodGet, "/riverui/api/states", basic(adminAPI), nil)
	var states struct {
		Available struct {
			Count int `json:"count"`
		} `json:"available"`
	}
	if err := json.Unmarshal([]byte(body), &states); err != nil || res.StatusCode != http.StatusOK || states.Available.Count != 3 {
		t.Errorf("GET /riverui/api/states = %d %q (%v), want 200 and 3 available jobs", res.StatusCode, body, err)
	}

	// An asset the page loads.
	_, body = do(t, srv, http.MethodGet, "/riverui/", basic(adminAPI), nil, "Accept", "text/html")
	start := strings.Index(body, `src="/riverui/assets/`)
	if start < 0 {
		t.Fatalf("the UI's page loads no script under /riverui/assets/: %.500q", body)
	}
	asset := body[start+len(`src="`):]
	asset = asset[:strings.IndexByte(asset, '"')]
	if res, _ = do(t, srv, http.MethodGet, asset, basic(adminAPI), nil); res.StatusCode != http.StatusOK {
		t.Errorf("GET %s = %d, want 200", asset, res.StatusCode)
	}
	if res, _ = do(t, srv, http.MethodGet, asset, "", nil); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("GET %s anonymously = %d, want 401", asset, res.StatusCode)
	}

	// The tokens the UI took are marked used, as the API marks them: soon after, off the requests' path.
	for _, secret := range []string{adminAPI, adminSession} {
		sum := sha256.Sum256([]byte(secret))
		deadline := time.Now().Add(time.Minute) // a safety net: the write is soon, but a loaded machine is slow
		for client.Token.Query().Where(token.Hash(sum[:])).OnlyX(t.Context()).LastUsedAt == nil {
			if time.Now().After(deadline) {
				t.Errorf("the token %.12s… has no last_used_at a minute after the UI took it", secret)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// Actions go through the UI's API too, from the UI's own origin only.
func TestJobActions(t *testing.T) {
	t.Parallel()
	srv, _ := fixture(t)
	auth := basic(adminAPI)
	_, body := do(t, srv, http.MethodGet, "/riverui/api/jobs?state=available", auth, nil)
	var list struct {
		Data []struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &list); err != nil || len(list.Data) == 0 {
		t.Fatalf("GET /riverui/api/jobs: %v, %q", err, body)
	}
	cancel := func(origin string) int {
		payload := strings.NewReader(`{"ids":["` + jsonID(list.Data[0].ID) + `"]}`)
		res, _ := do(t, srv, http.MethodPost, "/riverui/api/jobs/cancel", auth, payload,
			"Content-Type", "application/json", "Origin", origin, "Sec-Fetch-Site", map[bool]string{true: "same-origin", false: "cross-site"}[origin == srv.URL])
		return res.StatusCode
	}
	if status := cancel("https://evil.example"); status != http.StatusForbidden {
		t.Errorf("a cross-site cancel = %d, want 403", status)
	}
	if status := cancel(srv.URL); status != http.StatusOK {
		t.Errorf("a same-origin cancel = %d, want 200", status)
	}
	_, body = do(t, srv, http.MethodGet, "/riverui/api/jobs?state=cancelled", auth, nil)
	if !strings.Contains(body, `"id":`+jsonID(list.Data[0].ID)) && !strings.Contains(body, `"id":"`+jsonID(list.Data[0].ID)+`"`) {
		t.Errorf("the cancelled job is not listed as cancelled: %s", body)
	}
}

// jsonID formats a job id.
func jsonID(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}

// A database that fails makes the check fail closed (500, nothing of the UI); the operator token does
// not need the database.
func TestDatabaseDown(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	ui, err := adminui.New(adminui.Opts{DB: db, Admins: adminui.TokenAdmins(liveTokens(t, db)), AdminToken: operatorToken})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ui)
	t.Cleanup(srv.Close)
	db.Close()
	res, body := do(t, srv, http.MethodGet, "/riverui/", basic(adminAPI), nil)
	if res.StatusCode != http.StatusInternalServerError || strings.Contains(body, "<script") {
		t.Errorf("GET /riverui/ with the database down = %d %.200q, want 500 without the UI", res.StatusCode, body)
	}
	res, body = do(t, srv, http.MethodGet, "/riverui/", basic(operatorToken), nil, "Accept", "text/html")
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "<script") {
		t.Errorf("GET /riverui/ with the operator token and the database down = %d, want 200 and the page", res.StatusCode)
	}
}

func TestNewRequires(t *testing.T) {
	t.Parallel()
	if _, err := adminui.New(adminui.Opts{}); err == nil {
		t.Error("New without DB and Admins succeeded, want an error")
	}
}
