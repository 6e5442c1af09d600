package graph_test

import (
	"testing"
	"time"

	"rout/account"
	"rout/graph"
	"rout/live"
)

// viewerID asks r who tok is, and returns the viewer's id, or "" and the error code when the request is
// refused.
func viewerID(t *testing.T, r *replica, tok string) (id, code string) {
	t.Helper()
	res := r.gql(tok, `{ viewer { id } }`, nil)
	if len(res.Errors) > 0 {
		return "", res.code(t)
	}
	var out struct {
		Viewer struct{ ID string } `json:"viewer"`
	}
	res.decode(t, &out)
	return out.Viewer.ID, ""
}

// TestSignOutIsRefusedOnEveryReplica signs a session out on replica A: the next HTTP request with it on
// replica B, which holds the session in its token cache, is refused. The revocation's notification made B
// drop it: the replicas' clocks stand still, so the cache's time never runs out here (see
// TestTokenCacheServesUntilItsTimeRunsOut for what the cache would answer otherwise). B's socket of the
// session closes once B has dropped the token, which tells the test that the notification arrived.
func TestSignOutIsRefusedOnEveryReplica(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{})
	a, b := rs[0], rs[1]
	tok, _ := a.signUp("sig")
	other, _ := a.signUp("sue") // another session: untouched
	for _, s := range []string{tok, other} {
		if id, code := viewerID(t, b, s); id == "" {
			t.Fatalf("before the sign-out, replica B refused a session: %s", code)
		}
	}
	sock := dialWS(t, b, map[string]any{"token": tok})
	sock.subscribe("events", viewerEventsSubscription, nil)
	var out struct {
		SignOut struct{ Revoked bool } `json:"signOut"`
	}
	a.gql(tok, `mutation { signOut { revoked } }`, nil).decode(t, &out)
	if !out.SignOut.Revoked {
		t.Fatal("signOut revoked nothing")
	}
	sock.expectClosed(4403, string(graph.CodeUnauthenticated))
	if id, code := viewerID(t, b, tok); id != "" || code != string(graph.CodeUnauthenticated) {
		t.Errorf("after the sign-out on A, replica B answered the session as %q (code %q), want UNAUTHENTICATED", id, code)
	}
	if id, code := viewerID(t, a, tok); id != "" || code != string(graph.CodeUnauthenticated) {
		t.Errorf("after the sign-out, replica A answered the session as %q (code %q), want UNAUTHENTICATED", id, code)
	}
	if id, code := viewerID(t, b, other); id == "" {
		t.Errorf("after sue's neighbour signed out, replica B refused sue: %s", code)
	}
}

// TestTokenCacheServesUntilItsTimeRunsOut: a token revoked behind the API's back (no notification) is
// still served from a replica's cache, for at most account.TokenCacheTTL, and refused after it.
func TestTokenCacheServesUntilItsTimeRunsOut(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	tok, _ := r.signUp("tom")
	if id, code := viewerID(t, r, tok); id == "" {
		t.Fatalf("a new session refused: %s", code)
	}
	if _, err := r.db.ExecContext(t.Context(), `UPDATE tokens SET revoked_at = now()`); err != nil {
		t.Fatal(err)
	}
	if id, _ := viewerID(t, r, tok); id == "" {
		t.Fatal("the token was looked up again: the replica does not cache it")
	}
	r.clock.Advance(account.TokenCacheTTL)
	if id, code := viewerID(t, r, tok); id != "" || code != string(graph.CodeUnauthenticated) {
		t.Errorf("after the cache's time, the revoked token answered as %q (code %q), want UNAUTHENTICATED", id, code)
	}
}

// TestTokenCacheIsForgottenWhenTheListenerReconnects: a token revoked while the replica may have missed
// the notification (here: with none, and the hub's LISTEN connection dropped) is refused once the
// connection is back, well within the cache's time: the replica forgets every token it cached.
func TestTokenCacheIsForgottenWhenTheListenerReconnects(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{MinReconnect: 10 * time.Millisecond}, nil)[0]
	tok, _ := r.signUp("uli")
	sock := dialWS(t, r, map[string]any{"token": tok})
	// An answered operation: the socket's token was checked before the revocation, so that only the
	// reconnection's check of every socket can close it (an operation still being admitted after the
	// revocation would close it first, before the cache forgot).
	sock.mustAnswer(sock.query("q", `{ viewer { id } }`))
	if id, code := viewerID(t, r, tok); id == "" {
		t.Fatalf("a new session refused: %s", code)
	}
	if _, err := r.db.ExecContext(t.Context(), `UPDATE tokens SET revoked_at = now()`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := r.db.QueryRowContext(t.Context(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("terminating the LISTEN connection: %d, %v", n, err)
	}
	// Once reconnected, the hub has the tokens forgotten, then the sockets' tokens checked: the socket
	// closes after the cache forgot.
	sock.expectClosed(4403, string(graph.CodeUnauthenticated))
	if id, code := viewerID(t, r, tok); id != "" || code != string(graph.CodeUnauthenticated) {
		t.Errorf("after the reconnection, the revoked token answered as %q (code %q), want UNAUTHENTICATED", id, code)
	}
}

// TestCachedViewerSeesTheirOwnChangesOnEveryReplica: a user's settings changed through replica A are what
// replica B shows them, though B holds their token (and their row as it was) in its cache.
func TestCachedViewerSeesTheirOwnChangesOnEveryReplica(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{})
	a, b := rs[0], rs[1]
	tok, _ := a.signUp("vic")
	prefs := func(r *replica) notificationPrefs {
		t.Helper()
		var v struct {
			Viewer struct {
				Prefs notificationPrefs `json:"notificationPreferences"`
			} `json:"viewer"`
		}
		r.gql(tok, `{ viewer { `+notificationPrefsFields+` } }`, nil).decode(t, &v)
		return v.Viewer.Prefs
	}
	if p := prefs(b); p.DigestHours != 1 {
		t.Fatalf("defaults on B: %+v", p)
	}
	var out struct {
		UpdateNotificationPreferences struct {
			UserErrors []userError `json:"userErrors"`
		} `json:"updateNotificationPreferences"`
	}
	a.gql(tok, `mutation { updateNotificationPreferences(input: {digestHours: 6, channels: [{kind: CPU_PLAYED, channel: PUSH}]}) { userErrors { code } } }`, nil).decode(t, &out)
	if len(out.UpdateNotificationPreferences.UserErrors) > 0 {
		t.Fatalf("update on A: %+v", out.UpdateNotificationPreferences.UserErrors)
	}
	if p := prefs(b); p.DigestHours != 6 || p.channel("CPU_PLAYED") != "PUSH" {
		t.Errorf("B shows %+v after the change on A, want digestHours 6 and CPU_PLAYED PUSH", p)
	}
	// A change made on B from its cached row keeps what A changed.
	b.gql(tok, `mutation { updateNotificationPreferences(input: {channels: [{kind: GAME_OVER, channel: NONE}]}) { userErrors { code } } }`,
		nil).decode(t, &out)
	if p := prefs(a); p.channel("CPU_PLAYED") != "PUSH" || p.channel("GAME_OVER") != "NONE" {
		t.Errorf("after changes on A then B: %+v, want CPU_PLAYED PUSH and GAME_OVER NONE", p)
	}
}
