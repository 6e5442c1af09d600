package graph

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"rout/ent"
	"rout/ent/token"
	"rout/ent/user"
)

// The prefixes of Rout's bearer tokens. A prefix tells a session from an API token at a glance (and lets
// secret scanners recognize a leaked token); the rest is 32 random bytes in unpadded base64url.
const (
	SessionTokenPrefix = "rout_s_"
	APITokenPrefix     = "rout_a_"
)

const (
	// tokenSecretLen is the length of a token after its prefix: 32 bytes in unpadded base64url.
	tokenSecretLen = 43
	// lastUsedEvery is how stale a token's last_used_at may get before a request updates it.
	lastUsedEvery = time.Minute
)

// Why credentials are refused: the message of the UNAUTHENTICATED error of a field that needs them.
const (
	badScheme  = "the Authorization header is not \"Bearer <token>\""
	badToken   = "the bearer token is unknown, revoked or expired: sign in again"
	noToken    = "sign in first: send the header Authorization: Bearer <token>"
	notSession = "the request was made with an API token, not a session"
)

// newToken returns a new secret with prefix and the SHA-256 hash that is stored in its place.
func newToken(prefix string) (secret string, hash []byte) {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails
	secret = prefix + base64.RawURLEncoding.EncodeToString(b)
	return secret, hashToken(secret)
}

// hashToken returns the SHA-256 of a whole token, prefix included: the value of tokens.hash.
func hashToken(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

// authenticate resolves the Authorization header of a request to its viewer. No header is an anonymous
// viewer; a header that does not hold a live token is an anonymous viewer with the reason set, so that
// fields that need a user fail with UNAUTHENTICATED and the others still answer. Only a database failure
// is an error.
func (r *Resolver) authenticate(ctx context.Context, header string) (*viewer, error) {
	if header == "" {
		return &viewer{}, nil
	}
	scheme, secret, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return &viewer{bad: badScheme}, nil
	}
	tok, cached, err := r.liveToken(ctx, strings.TrimSpace(secret))
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return &viewer{bad: badToken}, nil
	}
	return &viewer{user: tok.Edges.User, token: tok, cached: cached}, nil
}

// LiveToken returns the session or API token whose secret is secret, with its user, when it is live at
// now: known, neither revoked nor expired, and of a user; otherwise nil (a secret not shaped like a token
// is not looked up). It marks the token used (last_used_at, at most once a minute) off the caller's path
// (markTokenUsed): the caller never waits for that write. Only a database failure is an error, and ctx
// bounds the lookup. The API reads its bearer tokens so, and so does the admin UI (adminui.TokenAdmins).
func LiveToken(ctx context.Context, client *ent.Client, now time.Time, secret string) (*ent.Token, error) {
	tok, err := lookupToken(ctx, client, now, secret)
	if err != nil || tok == nil {
		return nil, err
	}
	markTokenUsed(client, tok, now)
	return tok, nil
}

// lookupToken returns the live token whose secret is secret, with its user, or nil; see LiveToken.
func lookupToken(ctx context.Context, client *ent.Client, now time.Time, secret string) (*ent.Token, error) {
	if !tokenShaped(secret) {
		return nil, nil
	}
	tok, err := tokenWithUser(ctx, client, hashToken(secret))
	if err != nil {
		return nil, fmt.Errorf("error looking up the token: %w", err)
	}
	if tok == nil || tok.RevokedAt != nil || (tok.ExpiresAt != nil && !now.Before(*tok.ExpiresAt)) || tok.Edges.User == nil {
		return nil, nil
	}
	return tok, nil
}

// tokenWithUserQuery reads a token and its user in one statement: every request with a bearer token runs
// it, and Ent's WithUser would take two. It selects every column Ent knows (token.Columns, user.Columns),
// in Ent's order, so that a column added to either schema fails every lookup at once instead of being
// left out unseen (TestTokenLookupIsEntsRows).
var tokenWithUserQuery = "SELECT " + columnsOf("t", token.Columns) + ", " + columnsOf("u", user.Columns) +
	" FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = $1"

// columnsOf returns the columns cols of the table named alias, for a select list.
func columnsOf(alias string, cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = alias + "." + c
	}
	return strings.Join(out, ", ")
}

// tokenWithUser returns the token whose hash is hash, with its user (Edges.User), or nil when there is
// none: the rows Ent would load, in one statement.
func tokenWithUser(ctx context.Context, client *ent.Client, hash []byte) (*ent.Token, error) {
	rows, err := client.QueryContext(ctx, tokenWithUserQuery, hash)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, rows.Err()
	}
	tok, u := &ent.Token{}, &ent.User{}
	var kind, notify string
	var lastUsed, expires, revoked sql.NullTime
	var phone sql.NullString
	var notifyKinds []byte
	var quietStart, quietEnd sql.NullInt64
	// In the order of token.Columns and user.Columns.
	if err := rows.Scan(&tok.ID, &tok.CreatedAt, &tok.UserID, &kind, &tok.Name, &tok.Hash, &lastUsed, &expires, &revoked,
		&u.ID, &u.CreatedAt, &u.UpdatedAt, &u.Name, &u.NameKey, &u.Email, &u.PasswordHash, &phone, &notify,
		&notifyKinds, &u.DigestHours, &u.TimeZone, &quietStart, &quietEnd, &u.NotifyAlways, &u.Admin); err != nil {
		return nil, err
	}
	if len(notifyKinds) > 0 {
		if err := json.Unmarshal(notifyKinds, &u.NotifyKinds); err != nil {
			return nil, fmt.Errorf("error decoding the notification channels of user %d: %w", u.ID, err)
		}
	}
	if quietStart.Valid {
		u.QuietStart = ptrInt(int(quietStart.Int64))
	}
	if quietEnd.Valid {
		u.QuietEnd = ptrInt(int(quietEnd.Int64))
	}
	tok.Kind, u.Notify = token.Kind(kind), user.Notify(notify)
	tok.LastUsedAt, tok.ExpiresAt, tok.RevokedAt = nullTime(lastUsed), nullTime(expires), nullTime(revoked)
	if phone.Valid {
		u.Phone = &phone.String
	}
	tok.Edges.User = u
	return tok, rows.Err()
}

func ptrInt(v int) *int { return &v }

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// authDirective implements @auth: the field runs only for a signed-in user.
func authDirective(ctx context.Context, _ any, next graphql.Resolver) (any, error) {
	if _, err := signedIn(ctx); err != nil {
		return nil, err
	}
	return next(ctx)
}

// signedIn returns the signed-in user, or an UNAUTHENTICATED error that says why there is none.
func signedIn(ctx context.Context) (*ent.User, error) {
	v := viewerFrom(ctx)
	if v.user != nil {
		return v.user, nil
	}
	if v.bad != "" {
		return nil, &Error{Code: CodeUnauthenticated, Message: v.bad}
	}
	return nil, &Error{Code: CodeUnauthenticated, Message: noToken}
}
