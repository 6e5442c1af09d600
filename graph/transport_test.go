package graph_test

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"rout/graph"
)

func TestRequestErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const gqlResponse = "application/graphql-response+json"
	for _, c := range []struct {
		name   string
		req    request
		status int
		code   string
		reason string
	}{
		{"bad JSON", request{body: `{"query": `}, 400, "BAD_USER_INPUT", ""},
		{"JSON not an object", request{body: `["{ viewer { id } }"]`}, 400, "BAD_USER_INPUT", ""},
		{"trailing data", request{body: `{"query": "{ __typename }"} x`}, 400, "BAD_USER_INPUT", ""},
		{"wrong content type", request{ctype: "text/plain", query: "{ __typename }"}, 415, "BAD_USER_INPUT", ""},
		{"syntax error", request{query: "{ viewer { "}, 200, "BAD_USER_INPUT", "GRAPHQL_PARSE_FAILED"},
		{"syntax error, graphql-response", request{query: "{ viewer { ", accept: gqlResponse}, 400, "BAD_USER_INPUT", "GRAPHQL_PARSE_FAILED"},
		{"unknown field", request{query: "{ viewr { id } }"}, 200, "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED"},
		{"unknown field, graphql-response", request{query: "{ viewr { id } }", accept: gqlResponse}, 400, "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED"},
		{"no query", request{body: `{}`, accept: gqlResponse}, 400, "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED"},
		{"bad variables", request{query: "query($n: Int) { apiTokens(first: $n) { totalCount } }", vars: map[string]any{"n": "x"}}, 200, "BAD_USER_INPUT", "WRONG_TYPE"},
		{"GET mutation", request{method: http.MethodGet, query: "mutation { signOut { revoked } }"}, 405, "BAD_USER_INPUT", ""},
		{"PUT", request{method: http.MethodPut, query: "{ __typename }"}, 405, "BAD_USER_INPUT", ""},
		{"subscription", request{body: `{"query": "subscription { x }"}`, accept: gqlResponse}, 400, "BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED"},
	} {
		r := e.do(c.req)
		if r.Status != c.status || r.code(t) != c.code || r.Errors[0].Extensions["reason"] != nilIfEmpty(c.reason) {
			t.Errorf("%s: status %d, errors %+v; want %d %s %s", c.name, r.Status, r.Errors, c.status, c.code, c.reason)
		}
		if strings.Contains(r.Errors[0].Message, "Did you mean") {
			t.Errorf("%s: a suggestion with suggestions off: %s", c.name, r.Errors[0].Message)
		}
		wantType := "application/json"
		if c.req.accept == gqlResponse {
			wantType = gqlResponse
		}
		if got := r.Header.Get("Content-Type"); !strings.HasPrefix(got, wantType) {
			t.Errorf("%s: Content-Type %q, want %s", c.name, got, wantType)
		}
	}
	if r := e.do(request{method: http.MethodGet, query: "mutation { signOut { revoked } }"}); r.Header.Get("Allow") != "POST" {
		t.Errorf("GET mutation: Allow %q, want POST", r.Header.Get("Allow"))
	}

	// GET serves queries.
	r := e.do(request{method: http.MethodGet, query: "query($id: ID!) { node(id: $id) { id } }",
		vars: map[string]any{"id": graph.GlobalID("User", 5)}})
	if r.Status != 200 || r.code(t) != "NOT_FOUND" {
		t.Errorf("GET query: status %d, errors %+v", r.Status, r.Errors)
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func TestSuggestionsWhenTurnedOn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.Suggestions = true })
	r := e.gql("", "{ viewr { id } }", nil)
	if r.code(t) != "BAD_USER_INPUT" || !strings.Contains(r.Errors[0].Message, `Did you mean "viewer"?`) {
		t.Errorf("errors %+v, want a suggestion", r.Errors)
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) {
		c.MaxBodyBytes = 64 << 10
		c.MaxDepth = 3
	})
	session, _ := e.signUp("nina")
	deep := `{ apiTokens { edges { node { id } } } }` // 4 deep
	var aliases strings.Builder
	aliases.WriteString("{")
	for i := range graph.DefaultMaxAliases + 1 {
		aliases.WriteString(" a" + strings.Repeat("x", i) + ": __typename")
	}
	aliases.WriteString(" }")
	// 1 + 100 * (1 + 4 + 1) for each connection: 1202 in all.
	complex := `{ a: apiTokens(first: 100) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
		b: apiTokens(first: 100) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`
	tokens := "{" + strings.Repeat(" __typename", graph.DefaultMaxTokens) + " }"
	for _, c := range []struct{ name, query, reason string }{
		{"depth", deep, "MAX_DEPTH_EXCEEDED"},
		{"depth through a fragment", `{ ...F } fragment F on Query { apiTokens { edges { node { id } } } }`, "MAX_DEPTH_EXCEEDED"},
		{"aliases", aliases.String(), "MAX_ALIASES_EXCEEDED"},
		{"complexity", complex, "COMPLEXITY_LIMIT_EXCEEDED"},
		{"tokens", tokens, "GRAPHQL_PARSE_FAILED"},
	} {
		r := e.do(request{token: session, query: c.query, accept: "application/graphql-response+json"})
		if r.Status != 400 || r.code(t) != "BAD_USER_INPUT" || r.Errors[0].Extensions["reason"] != c.reason {
			t.Errorf("%s: status %d, errors %+v; want 400 BAD_USER_INPUT %s", c.name, r.Status, r.Errors, c.reason)
		}
		if string(r.Data) != "" && string(r.Data) != "null" {
			t.Errorf("%s: data %s, want none", c.name, r.Data)
		}
	}
	// Within the limits.
	if r := e.gql(session, `{ apiTokens { totalCount } }`, nil); len(r.Errors) != 0 {
		t.Errorf("a query within the limits: %+v", r.Errors)
	}
	// Introspection is bounded by its own rule, not by MaxDepth.
	if r := e.gql("", `{ __schema { types { fields { type { ofType { ofType { name } } } } } } }`, nil); len(r.Errors) != 0 {
		t.Errorf("introspection: %+v", r.Errors)
	}

	big := `{"query": "{ __typename }", "padding": "` + strings.Repeat("x", 64<<10) + `"}`
	if r := e.do(request{body: big}); r.Status != http.StatusRequestEntityTooLarge || r.code(t) != "BAD_USER_INPUT" {
		t.Errorf("a body over the limit: status %d, errors %+v", r.Status, r.Errors)
	}
	// Without a Content-Length, the limit is found while reading.
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, e.srv.URL+graph.Path,
		io.MultiReader(strings.NewReader(big)))
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = -1
	res, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a chunked body over the limit: status %d", res.StatusCode)
	}
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	t.Run("per address", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, func(c *graph.Settings) { c.RateIP = graph.RateLimit{Events: 3, Per: time.Hour, Burst: 3} })
		for i := range 3 {
			if r := e.gql("", "{ __typename }", nil); r.Status != 200 || len(r.Errors) != 0 {
				t.Fatalf("request %d: status %d, errors %+v", i, r.Status, r.Errors)
			}
		}
		r := e.gql("", "{ __typename }", nil)
		if r.Status != http.StatusTooManyRequests || r.code(t) != "RATE_LIMITED" || r.Header.Get("Retry-After") == "" {
			t.Errorf("4th request: status %d, Retry-After %q, errors %+v", r.Status, r.Header.Get("Retry-After"), r.Errors)
		}
		// The bucket refills with time.
		e.clock.Advance(20 * time.Minute)
		if r := e.gql("", "{ __typename }", nil); r.Status != 200 {
			t.Errorf("after the wait: status %d, errors %+v", r.Status, r.Errors)
		}
	})
	t.Run("per user", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, func(c *graph.Settings) {
			c.RateIP = graph.RateLimit{}
			c.RateUser = graph.RateLimit{Events: 2, Per: time.Hour, Burst: 2}
		})
		session, _ := e.signUp("olga")
		e.gql(session, viewerQuery, nil)
		e.gql(session, viewerQuery, nil)
		if r := e.gql(session, viewerQuery, nil); r.Status != http.StatusTooManyRequests || r.code(t) != "RATE_LIMITED" {
			t.Errorf("3rd request of the user: status %d, errors %+v", r.Status, r.Errors)
		}
		// Anonymous requests from the same address are not the user's.
		if r := e.gql("", "{ __typename }", nil); r.Status != 200 {
			t.Errorf("anonymous request: status %d", r.Status)
		}
	})
	t.Run("signIn", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, func(c *graph.Settings) { c.RateSignIn = graph.RateLimit{Events: 3, Per: time.Hour, Burst: 3} })
		e.signUp("pat") // one attempt
		e.signIn("pat", "wrong password 1")
		e.signIn("pat", "wrong password 2")
		r := e.gql("", signInMutation, map[string]any{"login": "pat", "password": "password-pat"})
		if r.Status != 200 || r.code(t) != "RATE_LIMITED" || string(r.Data) != "null" {
			t.Errorf("4th attempt: status %d, data %s, errors %+v", r.Status, r.Data, r.Errors)
		}
	})
}

func TestAutomaticPersistedQueries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const q = "{ __typename }"
	sum := sha256.Sum256([]byte(q))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}

	r := e.do(request{method: http.MethodGet, ext: ext})
	if r.code(t) != "BAD_USER_INPUT" || r.Errors[0].Message != "PersistedQueryNotFound" ||
		r.Errors[0].Extensions["reason"] != "PERSISTED_QUERY_NOT_FOUND" {
		t.Fatalf("unknown hash: %+v", r.Errors)
	}
	if r := e.do(request{query: q, ext: ext}); len(r.Errors) != 0 || string(r.Data) != `{"__typename":"Query"}` {
		t.Fatalf("registering: %s %+v", r.Data, r.Errors)
	}
	if r := e.do(request{method: http.MethodGet, ext: ext}); len(r.Errors) != 0 || string(r.Data) != `{"__typename":"Query"}` {
		t.Fatalf("by hash: %s %+v", r.Data, r.Errors)
	}
	bad := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": "00"}}
	if r := e.do(request{query: q, ext: bad}); r.code(t) != "BAD_USER_INPUT" {
		t.Errorf("a hash that does not match: %+v", r.Errors)
	}
}

func TestInternalErrorsAreHidden(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	// With the database gone, a lookup fails.
	e.db.Close()
	r := e.gql("", `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": graph.GlobalID("User", 1)})
	if r.code(t) != "INTERNAL_SERVER_ERROR" || r.Errors[0].Message != "internal error" {
		t.Fatalf("errors %+v, want an internal error", r.Errors)
	}
	id := r.Header.Get("X-Request-Id")
	if id == "" || r.Errors[0].Extensions["requestId"] != id {
		t.Errorf("requestId %v, X-Request-Id %q", r.Errors[0].Extensions["requestId"], id)
	}
	if logs := e.logs.String(); !strings.Contains(logs, "request_id="+id) || !strings.Contains(logs, "database is closed") {
		t.Errorf("the log does not hold the error with its request id:\n%s", logs)
	}
	if strings.Contains(r.Errors[0].Message, "database") {
		t.Errorf("the message reveals the cause: %s", r.Errors[0].Message)
	}
}

func TestRequestTimeout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.RequestTimeout = time.Nanosecond })
	r := e.gql("", `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": graph.GlobalID("User", 1)})
	if r.code(t) != "UNAVAILABLE" || r.Errors[0].Extensions["reason"] != "TIMEOUT" ||
		r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" {
		t.Errorf("%d Retry-After %q %+v, want 503 with Retry-After and an UNAVAILABLE error of reason TIMEOUT",
			r.Status, r.Header.Get("Retry-After"), r.Errors)
	}
}
