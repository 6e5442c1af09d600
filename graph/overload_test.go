package graph_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
	"time"

	"rout/account"
	"rout/dbtest"
	"rout/graph"
	"rout/live"
)

// overloadTimeout is the request timeout of the servers the overload tests saturate: each waits on
// something a test holds, which never comes, so the timeout only has to end; it is long enough for the
// rest of the request to fit in it on a busy machine.
const overloadTimeout = 2 * time.Second

// mustBeUnavailable fails the test unless r is a 503 with Retry-After whose one error is UNAVAILABLE of
// reason, with the same retry time in extensions.retryAfter.
func mustBeUnavailable(t *testing.T, what string, r *response, reason string) {
	t.Helper()
	if r.Status != http.StatusServiceUnavailable || r.code(t) != string(graph.CodeUnavailable) ||
		r.Errors[0].Extensions["reason"] != reason {
		t.Fatalf("%s: %d %+v, want 503 with an UNAVAILABLE error of reason %s", what, r.Status, r.Errors, reason)
	}
	retry, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || retry < 1 || r.Errors[0].Extensions["retryAfter"] != float64(retry) {
		t.Errorf("%s: Retry-After %q, extensions.retryAfter %v, want the same number of seconds",
			what, r.Header.Get("Retry-After"), r.Errors[0].Extensions["retryAfter"])
	}
}

const uploadMapMutation = `mutation($input: UploadMapInput!) { uploadMap(input: $input) { map { key } userErrors { code } } }`

// uploadVars are the variables of uploadMapMutation, the file sent apart.
var uploadVars = map[string]any{"input": map[string]any{"file": nil, "visibility": "PRIVATE"}}

// TestFullMapChecksAnswerUnavailable holds every map check slot, then the memory of the checks, and
// sends an upload: it waits for its turn until its time runs out, and answers 503 UNAVAILABLE with
// Retry-After (before, INTERNAL_SERVER_ERROR "the request took too long" with HTTP 200). An upload whose
// charge fits in the memory left runs.
func TestFullMapChecksAnswerUnavailable(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	setup := newEnvOn(t, db, nil)
	ann, _ := setup.signUp("ann")
	e, h := serveAPI(t, db, newService(t, db, nil), nil, settings(func(c *graph.Settings) {
		c.RequestTimeout = overloadTimeout
		c.MapCheckMemory = 64 << 20
	}))
	file := testMap(t, "busy", 1, 6)

	release := graph.HoldMapChecks(h, graph.MapCheckSlots(h), 0)
	r := e.uploadRequest(ann, uploadMapMutation, uploadVars, "variables.input.file", file)
	release()
	mustBeUnavailable(t, "every slot taken", r, "MAP_CHECKS_BUSY")

	// The slots are free, but not the memory a check of this file is charged.
	release = graph.HoldMapChecks(h, 0, 64<<20-graph.MapCheckCharge("", int64(len(file)))+1)
	r = e.uploadRequest(ann, uploadMapMutation, uploadVars, "variables.input.file", file)
	release()
	mustBeUnavailable(t, "the memory taken", r, "MAP_CHECKS_BUSY")

	release = graph.HoldMapChecks(h, 0, 64<<20-graph.MapCheckCharge("", int64(len(file))))
	defer release()
	var out struct{ UploadMap mapPayload }
	e.uploadRequest(ann, uploadMapMutation, uploadVars, "variables.input.file", file).decode(t, &out)
	if out.UploadMap.Map == nil || out.UploadMap.Map.Key != "busy" {
		t.Errorf("an upload within the memory left: %+v, want the map stored", out.UploadMap)
	}
}

// TestFullHashSlotsAnswerUnavailable holds every password hashing slot: a signUp waits for one until
// its time runs out, and answers 503 UNAVAILABLE (before, INTERNAL_SERVER_ERROR, as under a heavy load).
func TestFullHashSlotsAnswerUnavailable(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	e, _ := serveAPI(t, db, newService(t, db, nil), nil, settings(func(c *graph.Settings) {
		c.RequestTimeout = overloadTimeout
	}))
	release := e.accounts.HoldHashSlots()
	defer release()
	r := e.gql("", signUpMutation, map[string]any{"input": map[string]any{
		"name": "hal", "email": "hal@example.com", "password": "password-hal"}})
	mustBeUnavailable(t, "signUp", r, "TIMEOUT")
}

// getJSON GETs path of the server, which answers JSON, without credentials.
func (e *env) getJSON(path string) *response {
	e.t.Helper()
	req, err := http.NewRequestWithContext(e.t.Context(), http.MethodGet, e.srv.URL+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := &response{Status: res.StatusCode, Header: res.Header}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		e.t.Fatalf("GET %s (status %d): the answer is not JSON: %v", path, res.StatusCode, err)
	}
	return out
}

// TestFullPoolAnswersUnavailable gives the server a pool of one database connection and takes it: every
// transport's request waits for a connection until its time runs out, and answers UNAVAILABLE (before,
// INTERNAL_SERVER_ERROR over HTTP and multipart, a record's 404, and a websocket's mutation waited as long
// as the socket).
func TestFullPoolAnswersUnavailable(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) { c.RequestTimeout = overloadTimeout })[0]
	// Ann signs up through the service: a sign-up over the API hashes a password, which on a busy
	// machine can take longer than the short request timeout this server has.
	_, session, err := r.accounts.SignUp(t.Context(), account.SignUp{Name: "ann", Email: "ann@example.com", Password: "password-ann"})
	if err != nil {
		t.Fatal(err)
	}
	ann := session.Token
	sock := dialWS(t, r, nil)
	r.db.SetMaxOpenConns(1)
	conn, err := r.db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	signUp := func(name string) map[string]any {
		return map[string]any{"input": map[string]any{"name": name, "email": name + "@example.com", "password": "password-" + name}}
	}
	mustBeUnavailable(t, "signUp over POST", r.gql("", signUpMutation, signUp("bob")), "TIMEOUT")
	mustBeUnavailable(t, "a query with a token over GET",
		r.do(request{method: http.MethodGet, token: ann, query: `{ viewer { id } }`}), "TIMEOUT")
	mustBeUnavailable(t, "an upload",
		r.uploadRequest(ann, uploadMapMutation, uploadVars, "variables.input.file", testMap(t, "pool", 1, 6)), "TIMEOUT")
	mustBeUnavailable(t, "a game's record", r.getJSON("/games/1/record.json"), "TIMEOUT")

	sock.subscribe("1", signUpMutation, signUp("cat"))
	m, err := sock.read()
	if err != nil {
		t.Fatal(err)
	}
	var errs []gqlError
	switch m.Type {
	case "next":
		var p struct{ Errors []gqlError }
		_ = json.Unmarshal(m.Payload, &p)
		errs = p.Errors
	case "error":
		_ = json.Unmarshal(m.Payload, &errs)
	}
	if len(errs) != 1 || errs[0].Extensions["code"] != string(graph.CodeUnavailable) ||
		errs[0].Extensions["reason"] != "TIMEOUT" || errs[0].Extensions["retryAfter"] == nil {
		t.Errorf("signUp over the websocket: %s %s, want an UNAVAILABLE error of reason TIMEOUT with retryAfter", m.Type, m.Payload)
	}
}
