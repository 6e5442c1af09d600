package graph_test

import (
	"context"
	"database/sql"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"rout/graph"
)

// stalled runs lock in a transaction of its own (a lock another session holds, as a slow migration or a
// long report might) and returns the function that rolls it back; the test's cleanup rolls it back too.
func (e *env) stalled(lock string, args ...any) (release func()) {
	e.t.Helper()
	tx, err := e.db.BeginTx(context.Background(), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := tx.Exec(lock, args...); err != nil {
		_ = tx.Rollback()
		e.t.Fatal(err)
	}
	release = func() { _ = tx.Rollback() }
	e.t.Cleanup(release)
	return release
}

// answer is the outcome of a request sent in the background.
type answer struct {
	status int
	body   string
	err    error
}

// postAsync sends query with the bearer token in the background, without a client timeout: the server's own
// bounds are under test.
func (e *env) postAsync(token, query string) <-chan answer {
	out := make(chan answer, 1)
	go func() {
		req, err := http.NewRequest(http.MethodPost, e.srv.URL+graph.Path,
			strings.NewReader(`{"query":`+mustJSON(e.t, query)+`}`))
		if err != nil {
			out <- answer{err: err}
			return
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			out <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		out <- answer{status: resp.StatusCode, body: string(b), err: err}
	}()
	return out
}

// TestStalledTokenLookupEndsWithTheRequestTimeout holds a lock on the tokens table: an authenticated
// request waits for it within its request timeout, then answers 503 UNAVAILABLE while the lock is still
// held (before, the lookup ran before the timeout began, and waited as long as the lock). The timeout is
// a few seconds, so that the sign-up before the lock fits in it on a busy machine.
func TestStalledTokenLookupEndsWithTheRequestTimeout(t *testing.T) {
	t.Parallel()
	const timeout = 3 * time.Second
	e := newEnv(t, func(c *graph.Settings) { c.RequestTimeout = timeout })
	session, _ := e.signUp("stan")
	e.accounts.WaitTokenUsage()
	release := e.stalled(`LOCK TABLE tokens IN ACCESS EXCLUSIVE MODE`)
	began := time.Now()
	got := e.postAsync(session, viewerQuery)
	// The lock is held for up to five request timeouts: the answer must come before it is released.
	select {
	case a := <-got:
		elapsed := time.Since(began)
		release()
		if a.err != nil {
			t.Fatal(a.err)
		}
		if a.status != http.StatusServiceUnavailable || !strings.Contains(a.body, `"TIMEOUT"`) ||
			!strings.Contains(a.body, `"UNAVAILABLE"`) {
			t.Errorf("answer after %v = %d %s, want 503 with an UNAVAILABLE error of reason TIMEOUT", elapsed, a.status, a.body)
		}
		if elapsed < timeout {
			t.Errorf("answered after %v, before the request timeout %v ran out", elapsed, timeout)
		}
		t.Logf("answered after %v (request timeout %v)", elapsed, timeout)
	case <-time.After(5 * timeout):
		release()
		a := <-got
		t.Errorf("no answer while the tokens were locked for %v (request timeout %v); after the lock: %d %s",
			5*timeout, timeout, a.status, a.body)
	}
}

// TestStalledLastUseWriteDoesNotHoldTheRequest locks the row of a token whose last use is stale: the
// request is answered while the lock is held (a request the write held would end in its timeout's 503),
// and the write of its last use lands once the lock is gone.
func TestStalledLastUseWriteDoesNotHoldTheRequest(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil) // the default request timeout, 10 s
	session, _ := e.signUp("lulu")
	e.accounts.WaitTokenUsage()
	if _, err := e.db.Exec(`UPDATE tokens SET last_used_at = NULL WHERE hash = $1`, sha256Of(session)); err != nil {
		t.Fatal(err)
	}
	release := e.stalled(`SELECT 1 FROM tokens WHERE hash = $1 FOR UPDATE`, sha256Of(session))
	got := e.postAsync(session, viewerQuery)
	select {
	case a := <-got:
		if a.err != nil || a.status != http.StatusOK || !strings.Contains(a.body, `"name":"lulu"`) {
			t.Errorf("answer while the token's row is locked = %d %s %v, want 200 with the viewer", a.status, a.body, a.err)
		}
	case <-time.After(time.Minute): // a safety net: a request held by the write ends in 503 at its timeout
		release()
		a := <-got
		t.Fatalf("no answer within a minute while the token's row was locked; after the lock: %d %s",
			a.status, a.body)
	}
	release()
	e.accounts.WaitTokenUsage()
	var used sql.NullTime
	if err := e.db.QueryRow(`SELECT last_used_at FROM tokens WHERE hash = $1`, sha256Of(session)).Scan(&used); err != nil {
		t.Fatal(err)
	}
	if !used.Valid {
		t.Errorf("last_used_at is still NULL after the lock went")
	}
}
