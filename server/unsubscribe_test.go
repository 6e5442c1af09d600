package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"rout/dbtest"
	"rout/notifications"
)

// TestUnsubscribeByLink follows an email's List-Unsubscribe link over HTTP, without signing in: GET
// shows a form and changes nothing, the RFC 8058 one-click POST turns the kind off, a second POST
// answers the same, and a token that is not signed by the key is refused.
func TestUnsubscribeByLink(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	user := int(dbtest.User(t, db, dbtest.UserOpts{Name: "Uma"}))
	other := int(dbtest.User(t, db, dbtest.UserOpts{Name: "Vic"}))
	unsub := &notifications.Unsubscribe{Key: []byte(strings.Repeat("k", 32)), BaseURL: "https://rout.example"}
	srv := httptest.NewServer(newMigrated(Opts{DB: db, Unsubscribe: unsub, Accounts: dbtest.Accounts(t, db)}).handler)
	t.Cleanup(srv.Close)
	link, err := url.Parse(unsub.URL(user, notifications.KindYourTurn))
	if err != nil {
		t.Fatal(err)
	}
	target := srv.URL + link.RequestURI()
	channel := func(id int) string {
		var s string
		if err := db.QueryRow(`SELECT COALESCE(notify_kinds->>'your_turn', '') FROM users WHERE id = $1`, id).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	do := func(method, target string) (int, string) {
		t.Helper()
		var body io.Reader
		if method == http.MethodPost {
			body = strings.NewReader("List-Unsubscribe=One-Click")
		}
		req, err := http.NewRequest(method, target, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := do(http.MethodGet, target); code != http.StatusOK || !strings.Contains(body, `method="post"`) {
		t.Errorf("GET = %d %q", code, body)
	}
	if got := channel(user); got != "" {
		t.Errorf("after GET, your_turn channel %q: a GET changed something", got)
	}
	for range 2 {
		if code, body := do(http.MethodPost, target); code != http.StatusOK || !strings.Contains(body, "your_turn") {
			t.Errorf("POST = %d %q", code, body)
		}
		if got := channel(user); got != "none" {
			t.Errorf("after POST, your_turn channel %q, want none", got)
		}
	}
	if n := dbtest.Int(t, db, `SELECT count(*) FROM users WHERE notify_kinds::jsonb = '{"your_turn": "none"}'::jsonb`); n != 1 {
		t.Errorf("%d users unsubscribed, want 1", n)
	}
	forged := strings.Replace(unsub.Token(user, notifications.KindYourTurn), strings.SplitN(unsub.Token(user, notifications.KindYourTurn), ".", 2)[0],
		strconv.Itoa(other), 1)
	for _, bad := range []string{"", "garbage", forged, (&notifications.Unsubscribe{Key: []byte(strings.Repeat("x", 32))}).Token(other, notifications.KindYourTurn)} {
		if code, _ := do(http.MethodPost, srv.URL+notifications.UnsubscribePath+"?token="+url.QueryEscape(bad)); code != http.StatusBadRequest {
			t.Errorf("POST with token %q = %d, want 400", bad, code)
		}
	}
	if got := channel(other); got != "" {
		t.Errorf("a bad token changed vic's channel to %q", got)
	}
}
