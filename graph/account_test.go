package graph_test

import (
	"crypto/sha256"
	"strings"
	"testing"
	"time"

	"rout/account"
	"rout/graph"
)

const viewerQuery = `{ viewer { id name email phone notify } }`

type viewerResult struct {
	Viewer *userView `json:"viewer"`
}

const signInMutation = `mutation($login: String!, $password: String!) {
	signIn(input: {login: $login, password: $password}) {
		user { id name }
		session { token expiresAt }
		userErrors { code field message }
	}
}`

type signInResult struct {
	SignIn struct {
		User       *userView    `json:"user"`
		Session    *sessionView `json:"session"`
		UserErrors []userError  `json:"userErrors"`
	} `json:"signIn"`
}

func (e *env) signIn(login, password string) signInResult {
	e.t.Helper()
	var out signInResult
	e.gql("", signInMutation, map[string]any{"login": login, "password": password}).decode(e.t, &out)
	return out
}

func TestSignUpSignInViewerSignOut(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)

	var up signUpResult
	e.gql("", signUpMutation, map[string]any{"input": map[string]any{
		"name": "Alice", "email": "  Alice@Example.COM ", "password": "correct horse", "phone": "+1 415 555 0123",
	}}).decode(t, &up)
	if len(up.SignUp.UserErrors) != 0 {
		t.Fatalf("signUp: %+v", up.SignUp.UserErrors)
	}
	u := up.SignUp.User
	if u.Name != "Alice" || u.Email == nil || *u.Email != "alice@example.com" || u.Phone == nil || *u.Phone != "+14155550123" ||
		u.Notify == nil || *u.Notify != "EMAIL" {
		t.Errorf("signUp user = %+v", u)
	}
	s := up.SignUp.Session
	if !strings.HasPrefix(s.Token, account.SessionTokenPrefix) || len(s.Token) != len(account.SessionTokenPrefix)+43 {
		t.Errorf("session token %q: want %s and 43 base64url characters", s.Token, account.SessionTokenPrefix)
	}
	if want := e.clock.Now().Add(account.DefaultSessionTTL); s.ExpiresAt.Sub(want).Abs() > time.Second {
		t.Errorf("session expires at %v, want %v", s.ExpiresAt, want)
	}

	var v viewerResult
	e.gql(s.Token, viewerQuery, nil).decode(t, &v)
	if v.Viewer == nil || v.Viewer.ID != u.ID || v.Viewer.Name != "Alice" {
		t.Fatalf("viewer = %+v, want the new user", v.Viewer)
	}

	// Sign in by email (any case) and by name (any case).
	for _, login := range []string{"ALICE@example.com", "alice"} {
		in := e.signIn(login, "correct horse")
		if len(in.SignIn.UserErrors) != 0 || in.SignIn.Session == nil || in.SignIn.User.ID != u.ID {
			t.Fatalf("signIn %q = %+v", login, in.SignIn)
		}
	}
	second := e.signIn("alice", "correct horse").SignIn.Session.Token

	var out struct {
		SignOut struct {
			Revoked    bool        `json:"revoked"`
			UserErrors []userError `json:"userErrors"`
		} `json:"signOut"`
	}
	e.gql(s.Token, `mutation { signOut { revoked userErrors { code field message } } }`, nil).decode(t, &out)
	if !out.SignOut.Revoked || len(out.SignOut.UserErrors) != 0 {
		t.Fatalf("signOut = %+v", out.SignOut)
	}
	if r := e.gql(s.Token, viewerQuery, nil); r.code(t) != "UNAUTHENTICATED" {
		t.Errorf("viewer after signOut: code %s, want UNAUTHENTICATED", r.code(t))
	}
	// The other session still works.
	e.gql(second, viewerQuery, nil).decode(t, &v)
	if v.Viewer == nil || v.Viewer.ID != u.ID {
		t.Errorf("viewer with the other session = %+v", v.Viewer)
	}
}

func TestSignInRefusesWrongCredentials(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.signUp("bob")
	for _, c := range [][2]string{
		{"bob", "wrong password"},
		{"bob@example.com", "password-bo"},
		{"nobody", "password-bob"},
		{"nobody@example.com", "password-bob"},
		{"bob", strings.Repeat("x", 2000)},
	} {
		in := e.signIn(c[0], c[1])
		if in.SignIn.Session != nil || codesOf(in.SignIn.UserErrors) != "INVALID_CREDENTIALS[]" {
			t.Errorf("signIn %q %q = %+v, want INVALID_CREDENTIALS", c[0], c[1], in.SignIn)
		}
	}
}

func TestSignUpValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.RateSignIn = graph.RateLimit{} })
	e.signUp("carol")
	for _, c := range []struct {
		name, email, password string
		phone                 any
		want                  string
	}{
		{"", "a@example.com", "long enough pw", nil, "INVALID_NAME[input name]"},
		{strings.Repeat("n", 41), "a@example.com", "long enough pw", nil, "INVALID_NAME[input name]"},
		{"a@b", "a@example.com", "long enough pw", nil, "INVALID_NAME[input name]"},
		{" dave", "a@example.com", "long enough pw", nil, "INVALID_NAME[input name]"},
		{"dave", "not an email", "long enough pw", nil, "INVALID_EMAIL[input email]"},
		{"dave", "dave@", "long enough pw", nil, "INVALID_EMAIL[input email]"},
		{"dave", "Dave <dave@example.com>", "long enough pw", nil, "INVALID_EMAIL[input email]"},
		{"dave", "dave@example.com", "short", nil, "PASSWORD_TOO_SHORT[input password]"},
		{"dave", "dave@example.com", strings.Repeat("p", 1025), nil, "PASSWORD_TOO_LONG[input password]"},
		{"dave", "dave@example.com", "long enough pw", "555-1234", "INVALID_PHONE[input phone]"},
		{"", "x", "y", nil, "INVALID_NAME[input name] INVALID_EMAIL[input email] PASSWORD_TOO_SHORT[input password]"},
		{"CAROL", "dave@example.com", "long enough pw", nil, "NAME_TAKEN[input name]"},
		{"dave", "Carol@Example.com", "long enough pw", nil, "EMAIL_TAKEN[input email]"},
	} {
		input := map[string]any{"name": c.name, "email": c.email, "password": c.password, "phone": c.phone}
		var out signUpResult
		e.gql("", signUpMutation, map[string]any{"input": input}).decode(t, &out)
		if got := codesOf(out.SignUp.UserErrors); got != c.want || out.SignUp.User != nil || out.SignUp.Session != nil {
			t.Errorf("signUp %q %q %q %v: userErrors %q (user %v), want %q", c.name, c.email, c.password, c.phone,
				got, out.SignUp.User, c.want)
		}
	}
	if n := e.count(`SELECT count(*) FROM users`); n != 1 {
		t.Errorf("%d users, want only carol", n)
	}
}

func TestPasswordsAreArgon2idAndTokensHashed(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("erin")
	var created createTokenResult
	e.gql(session, createTokenMutation, map[string]any{"name": "bot"}).decode(t, &created)
	secret := *created.CreateAPIToken.Secret

	var hash string
	if err := e.db.QueryRowContext(t.Context(), `SELECT password_hash FROM users WHERE name = 'erin'`).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(hash, "password-erin") {
		t.Errorf("password hash %q is not an argon2id PHC string", hash)
	}

	for _, s := range []string{session, secret} {
		sum := sha256.Sum256([]byte(s))
		if n := e.count(`SELECT count(*) FROM tokens WHERE hash = $1`, sum[:]); n != 1 {
			t.Errorf("%d tokens with the SHA-256 of %s..., want 1", n, s[:8])
		}
		// The secret appears in no column of any row, in any form PostgreSQL prints.
		if n := e.count(`SELECT count(*) FROM tokens t WHERE t::text LIKE '%' || $1 || '%'
			OR encode(t.hash, 'escape') LIKE '%' || $1 || '%'`, s[len(account.SessionTokenPrefix):]); n != 0 {
			t.Errorf("a tokens row holds the secret %s...", s[:8])
		}
	}
}

func TestAuthenticationFailures(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("frank")
	if _, err := e.db.ExecContext(t.Context(), `INSERT INTO tokens (created_at, user_id, kind, name, hash, expires_at)
		SELECT now(), id, 'session', '', $1, now() - interval '1 second' FROM users`,
		sha256Of("rout_s_expiredexpiredexpiredexpiredexpiredexpir")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ header, want string }{
		{"", "sign in first"},
		{"Basic Zm9vOmJhcg==", "not \"Bearer <token>\""},
		{"Bearer nope", "unknown, revoked or expired"},
		{"Bearer rout_s_" + strings.Repeat("A", 43), "unknown, revoked or expired"},
		{"Bearer rout_s_expiredexpiredexpiredexpiredexpiredexpir", "unknown, revoked or expired"},
	} {
		r := e.doHeader(c.header, viewerQuery)
		if r.code(t) != "UNAUTHENTICATED" || !strings.Contains(r.Errors[0].Message, c.want) {
			t.Errorf("viewer with Authorization %q: %+v, want UNAUTHENTICATED saying %q", c.header, r.Errors, c.want)
		}
		if string(r.Data) != `{"viewer":null}` {
			t.Errorf("viewer with Authorization %q: data %s", c.header, r.Data)
		}
	}
	// A bad token does not stop the fields that need no user.
	r := e.doHeader("Bearer nope", `{ node(id: "`+graph.GlobalID("User", 1)+`") { id } }`)
	if len(r.Errors) != 0 {
		t.Errorf("node with a bad token: %+v", r.Errors)
	}
	// Every mutation that needs a user refuses.
	for _, m := range []string{
		`mutation { signOut { revoked } }`,
		`mutation { createApiToken(input: {name: "x"}) { secret } }`,
		`mutation { revokeApiToken(input: {id: "x"}) { apiToken { id } } }`,
		`mutation { updateNotificationPreferences(input: {channel: NONE}) { user { id } } }`,
		`{ apiTokens { totalCount } }`,
	} {
		if r := e.gql("", m, nil); r.code(t) != "UNAUTHENTICATED" {
			t.Errorf("%s without a token: code %s", m, r.code(t))
		}
	}
	_ = session
}

// doHeader posts query with the Authorization header as given.
func (e *env) doHeader(header, query string) *response {
	e.t.Helper()
	if strings.HasPrefix(header, "Bearer ") {
		return e.do(request{token: strings.TrimPrefix(header, "Bearer "), query: query})
	}
	return e.doRaw(header, query)
}

func sha256Of(s string) []byte {
	sum := sha256.Sum256([]byte(s))
	return sum[:]
}

func TestLastUsedAtUpdatesAtMostOnceAMinute(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("gina")
	lastUsed := func() time.Time {
		var at time.Time
		if err := e.db.QueryRowContext(t.Context(), `SELECT last_used_at FROM tokens WHERE hash = $1`,
			sha256Of(session)).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	// The writes run after the answers: wait for them before reading.
	e.gql(session, viewerQuery, nil)
	e.accounts.WaitTokenUsage()
	first := lastUsed()
	e.clock.Advance(30 * time.Second)
	e.gql(session, viewerQuery, nil)
	e.accounts.WaitTokenUsage()
	if got := lastUsed(); !got.Equal(first) {
		t.Errorf("last_used_at moved from %v to %v within a minute", first, got)
	}
	e.clock.Advance(31 * time.Second)
	e.gql(session, viewerQuery, nil)
	e.accounts.WaitTokenUsage()
	if got := lastUsed(); got.Sub(first) < time.Minute {
		t.Errorf("last_used_at %v, want a minute after %v", got, first)
	}
}

func TestUpdateNotificationPreferences(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("hank")
	const m = `mutation($c: NotificationChannel!) {
		updateNotificationPreferences(input: {channel: $c}) { user { notify } userErrors { code field message } }
	}`
	var out struct {
		UpdateNotificationPreferences struct {
			User *struct {
				Notify string `json:"notify"`
			} `json:"user"`
			UserErrors []userError `json:"userErrors"`
		} `json:"updateNotificationPreferences"`
	}
	e.gql(session, m, map[string]any{"c": "SMS"}).decode(t, &out)
	if got := codesOf(out.UpdateNotificationPreferences.UserErrors); got != "PHONE_REQUIRED[input channel]" {
		t.Errorf("SMS without a phone: %q", got)
	}
	e.gql(session, m, map[string]any{"c": "NONE"}).decode(t, &out)
	if u := out.UpdateNotificationPreferences.User; u == nil || u.Notify != "NONE" {
		t.Errorf("NONE: %+v", out.UpdateNotificationPreferences)
	}
	var v viewerResult
	e.gql(session, viewerQuery, nil).decode(t, &v)
	if *v.Viewer.Notify != "NONE" {
		t.Errorf("viewer notify %s after the update", *v.Viewer.Notify)
	}
	if n := e.count(`SELECT count(*) FROM users WHERE notify = 'none'`); n != 1 {
		t.Errorf("stored notify: %d users with none", n)
	}
}
