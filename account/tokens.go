package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"entgo.io/contrib/entgql"
	"github.com/lib/pq"

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

// RevocationChannel is the PostgreSQL channel on which the transaction that revokes a bearer token (a
// sign-out, an API token revoked) announces it, payload "<token id>", so that every replica forgets the
// token and closes its sockets once the revocation commits.
const RevocationChannel = "rout_token_revocations"

const (
	// tokenSecretLen is the length of a token after its prefix: 32 bytes in unpadded base64url.
	tokenSecretLen = 43
	// lastUsedEvery is how stale a token's last_used_at may get before a request updates it.
	lastUsedEvery = time.Minute
	// CredentialRecheck bounds how long StillLive trusts an earlier finding that a token is live. A
	// revocation is announced to every replica at once (RevocationChannel); this bound covers an
	// announcement missed while a LISTEN connection was down.
	CredentialRecheck = 10 * time.Second
	// maxTokenNameRunes is the longest name of an API token.
	maxTokenNameRunes = 100
	// MaxAPITokens is how many live API tokens a user may hold.
	MaxAPITokens = 50
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

// tokenShaped reports whether secret looks like a token of Rout's (a prefix and 43 characters): nothing
// else is looked up.
func tokenShaped(secret string) bool {
	return len(secret) == len(SessionTokenPrefix)+tokenSecretLen &&
		(strings.HasPrefix(secret, SessionTokenPrefix) || strings.HasPrefix(secret, APITokenPrefix))
}

// LiveToken returns the session or API token whose secret is secret, with its user, when it is live:
// known, neither revoked nor expired, and of a user; otherwise nil (a secret not shaped like a token is
// not looked up). It never answers from the cache. It marks the token used (last_used_at, at most once a
// minute) off the caller's path: the caller never waits for that write. Only a database failure is an
// error, and ctx bounds the lookup. The admin UI reads its tokens so.
func (s *Service) LiveToken(ctx context.Context, secret string) (*ent.Token, error) {
	now := s.now()
	tok, err := s.lookupToken(ctx, now, secret)
	if err != nil || tok == nil {
		return nil, err
	}
	s.markTokenUsed(tok, now)
	return tok, nil
}

// Authenticate is LiveToken through the token cache, when the service has one (Opts.CacheTokens): the
// live token whose secret is secret, with its user, or nil; and whether it came from the cache, whose
// copy of the user may be up to TokenCacheTTL old (read User again for what shows or changes the user's
// own settings).
func (s *Service) Authenticate(ctx context.Context, secret string) (tok *ent.Token, cached bool, err error) {
	if s.tokens == nil {
		tok, err := s.LiveToken(ctx, secret)
		return tok, false, err
	}
	if !tokenShaped(secret) {
		return nil, false, nil
	}
	now := s.now()
	if tok, markUsed := s.tokens.get(hashToken(secret), now); tok != nil {
		if markUsed {
			s.usage.write(tok.ID, string(tok.Hash), now)
		}
		return tok, true, nil
	}
	gen := s.tokens.generation()
	tok, err = s.lookupToken(ctx, now, secret)
	if err != nil || tok == nil {
		return nil, false, err
	}
	s.markTokenUsed(tok, now)
	s.tokens.put(tok, now, gen)
	return tok, false, nil
}

// lookupToken returns the live token whose secret is secret, with its user, or nil; see LiveToken.
func (s *Service) lookupToken(ctx context.Context, now time.Time, secret string) (*ent.Token, error) {
	if !tokenShaped(secret) {
		return nil, nil
	}
	tok, err := tokenWithUser(ctx, s.ent, hashToken(secret))
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
		&notifyKinds, &u.DigestHours, &u.TimeZone, &quietStart, &quietEnd, &u.NotifyAlways, &u.Admin, &u.Moderator, &u.ChatEnabled, &u.HidePresence); err != nil {
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

// credentialCache remembers which tokens were found live, and when, for StillLive. It is safe for
// concurrent use.
type credentialCache struct {
	mu      sync.Mutex
	checked map[int]time.Time // token id -> when it was last found live
}

// StillLive reports whether tok, a token found live earlier (the one a websocket was opened with), is
// still live: not expired, and (as the database said within CredentialRecheck) neither revoked nor
// deleted.
func (s *Service) StillLive(ctx context.Context, tok *ent.Token) (bool, error) {
	now := s.now()
	if tok.ExpiresAt != nil && !now.Before(*tok.ExpiresAt) {
		return false, nil
	}
	c := &s.credentials
	c.mu.Lock()
	at, ok := c.checked[tok.ID]
	c.mu.Unlock()
	if ok && now.Sub(at) < CredentialRecheck && !now.Before(at) {
		return true, nil
	}
	live, err := s.ent.Token.Query().
		Where(token.ID(tok.ID), token.RevokedAtIsNil(), token.Or(token.ExpiresAtIsNil(), token.ExpiresAtGT(now))).
		Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("error checking the socket's token: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checked == nil {
		c.checked = map[int]time.Time{}
	}
	if live {
		c.checked[tok.ID] = now
	} else {
		delete(c.checked, tok.ID)
	}
	return live, nil
}

// Forget drops what the service remembers of token id (0: of every token), which some replica revoked:
// the next Authenticate and StillLive of it ask the database.
func (s *Service) Forget(id int) {
	if s.tokens != nil {
		s.tokens.drop(id)
	}
	c := &s.credentials
	c.mu.Lock()
	defer c.mu.Unlock()
	if id == 0 {
		clear(c.checked)
		return
	}
	delete(c.checked, id)
}

// Ended returns the tokens among ids that are no longer live (revoked, expired or deleted): after
// revocations may have been missed, the ones whose sockets must close.
func (s *Service) Ended(ctx context.Context, ids []int64) ([]int, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT i FROM unnest($1::bigint[]) AS i
WHERE NOT EXISTS (SELECT 1 FROM tokens WHERE id = i AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2))`,
		pq.Array(ids), s.now())
	if err != nil {
		return nil, fmt.Errorf("error checking tokens: %w", err)
	}
	defer rows.Close()
	var ended []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error checking tokens: %w", err)
		}
		ended = append(ended, id)
	}
	return ended, rows.Err()
}

// revoke revokes the live token id of user userID and kind, and announces it on RevocationChannel in the
// same statement, so that every replica closes its sockets once the revocation commits. It reports
// whether a token was revoked.
func (s *Service) revoke(ctx context.Context, id, userID int, kind token.Kind) (bool, error) {
	rows, err := s.db.QueryContext(ctx, `WITH revoked AS (
	UPDATE tokens SET revoked_at = $1 WHERE id = $2 AND user_id = $3 AND kind = $4 AND revoked_at IS NULL RETURNING id
)
SELECT revoked.id FROM revoked, pg_notify($5, revoked.id::text)`,
		s.now(), id, userID, string(kind), RevocationChannel)
	if err != nil {
		return false, fmt.Errorf("error revoking token %d: %w", id, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("error revoking token %d: %w", id, err)
	}
	s.Forget(id)
	return n > 0, nil
}

// SignOut revokes the session tok (the request's token); an API token is refused with NOT_A_SESSION.
// It reports whether the session was live until now.
func (s *Service) SignOut(ctx context.Context, tok *ent.Token) (bool, error) {
	if tok == nil || tok.Kind != token.KindSession {
		return false, refuse(CodeNotASession,
			"the request was made with an API token, not a session: revoke API tokens with revokeApiToken", "")
	}
	return s.revoke(ctx, tok.ID, tok.UserID, token.KindSession)
}

// CreateAPIToken creates an API token of user userID, up to MaxAPITokens live ones, and returns it with
// its secret, which is shown this once.
func (s *Service) CreateAPIToken(ctx context.Context, userID int, name string) (*ent.Token, string, error) {
	name = strings.TrimSpace(name)
	if n := utf8.RuneCountInString(name); n < 1 || n > maxTokenNameRunes {
		return nil, "", refuse(CodeInvalidTokenName, fmt.Sprintf("a token name has 1 to %d characters", maxTokenNameRunes), "name")
	}
	live, err := s.ent.Token.Query().
		Where(token.UserID(userID), token.KindEQ(token.KindAPI), token.RevokedAtIsNil()).
		Count(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("error counting the API tokens of user %d: %w", userID, err)
	}
	if live >= MaxAPITokens {
		return nil, "", refuse(CodeTooManyTokens, fmt.Sprintf("you have %d API tokens, the most allowed: revoke one first", live), "")
	}
	secret, hash := newToken(APITokenPrefix)
	t, err := s.ent.Token.Create().
		SetUserID(userID).
		SetKind(token.KindAPI).
		SetName(name).
		SetHash(hash).
		SetCreatedAt(s.now()).
		Save(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("error creating the API token: %w", err)
	}
	return t, secret, nil
}

// RevokeAPIToken revokes the live API token id of user userID and returns it; any other id (0 for one
// that could not be read) is refused with NOT_FOUND.
func (s *Service) RevokeAPIToken(ctx context.Context, userID, id int) (*ent.Token, error) {
	revoked := false
	if id > 0 {
		var err error
		if revoked, err = s.revoke(ctx, id, userID, token.KindAPI); err != nil {
			return nil, err
		}
	}
	if !revoked {
		return nil, refuse(CodeNotFound, "you have no live API token with this id", "id")
	}
	t, err := s.ent.Token.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("error loading API token %d: %w", id, err)
	}
	return t, nil
}

// APITokens pages through the live API tokens of user userID.
func (s *Service) APITokens(ctx context.Context, userID int, after *entgql.Cursor[int], first *int, before *entgql.Cursor[int], last *int) (*ent.TokenConnection, error) {
	conn, err := s.ent.Token.Query().
		Where(token.UserID(userID), token.KindEQ(token.KindAPI), token.RevokedAtIsNil()).
		Paginate(ctx, after, first, before, last)
	if err != nil {
		return nil, fmt.Errorf("error listing the API tokens of user %d: %w", userID, err)
	}
	return conn, nil
}

// APIToken returns the live API token id of user userID, or nil.
func (s *Service) APIToken(ctx context.Context, userID, id int) (*ent.Token, error) {
	t, err := s.ent.Token.Query().
		Where(token.ID(id), token.UserID(userID), token.KindEQ(token.KindAPI), token.RevokedAtIsNil()).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("error loading API token %d: %w", id, err)
	}
	return t, nil
}
