package graph

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/lib/pq"

	"rout/ent"
	"rout/ent/token"
	"rout/graph/wstransport"
	"rout/live"
)

// credentialRecheck bounds how long an operation on a websocket trusts an earlier check that the
// socket's token is live. A revocation is pushed to every replica at once (live.RevocationChannel);
// this bound covers a notification missed while a LISTEN connection was down.
const credentialRecheck = 10 * time.Second

// credentialCache remembers which tokens were found live, and when, for the operations of websockets.
// It is safe for concurrent use.
type credentialCache struct {
	mu      sync.Mutex
	checked map[int]time.Time // token id -> when it was last found live
}

// liveCredential reports whether tok, the token a websocket was authenticated with, is still live:
// not expired, and (as the database said within credentialRecheck) neither revoked nor deleted.
func (r *Resolver) liveCredential(ctx context.Context, tok *ent.Token) (bool, error) {
	now := r.now()
	if tok.ExpiresAt != nil && !now.Before(*tok.ExpiresAt) {
		return false, nil
	}
	c := &r.credentials
	c.mu.Lock()
	at, ok := c.checked[tok.ID]
	c.mu.Unlock()
	if ok && now.Sub(at) < credentialRecheck && !now.Before(at) {
		return true, nil
	}
	live, err := r.ent.Token.Query().
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

// forgetCredential drops what the caches know of token id (0: of every token): the next request with
// it, and the next operation of its sockets, ask the database.
func (r *Resolver) forgetCredential(id int) {
	if r.tokens != nil {
		r.tokens.drop(id)
	}
	c := &r.credentials
	c.mu.Lock()
	defer c.mu.Unlock()
	if id == 0 {
		clear(c.checked)
		return
	}
	delete(c.checked, id)
}

// revokeToken revokes the live token id of user userID and kind, and announces it on
// live.RevocationChannel in the same statement, so that every replica closes its sockets once the
// revocation commits. It reports whether a token was revoked.
func (r *Resolver) revokeToken(ctx context.Context, id, userID int, kind token.Kind) (bool, error) {
	rows, err := r.db.QueryContext(ctx, `WITH revoked AS (
	UPDATE tokens SET revoked_at = $1 WHERE id = $2 AND user_id = $3 AND kind = $4 AND revoked_at IS NULL RETURNING id
)
SELECT revoked.id FROM revoked, pg_notify($5, revoked.id::text)`,
		r.now(), id, userID, string(kind), live.RevocationChannel)
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
	r.forgetCredential(id)
	return n > 0, nil
}

// admitSocketOperation is the websocket transport's Opts.Admit: every operation on a socket counts
// against the same rate limits as an HTTP request (the client address's and the user's), and runs only
// while the socket's token is live. An operation of a token that ended is refused with UNAUTHENTICATED
// and its socket closes with 4403.
func (r *Resolver) admitSocketOperation(ctx context.Context) error {
	v := viewerFrom(ctx)
	if v.token != nil {
		checkCtx, cancel := context.WithTimeout(ctx, r.cfg.RequestTimeout)
		live, err := r.liveCredential(checkCtx, v.token)
		cancel()
		if err != nil {
			return err
		}
		if !live {
			return &wstransport.CloseError{Code: wstransport.CloseForbidden, Reason: "Forbidden",
				Err: &Error{Code: CodeUnauthenticated, Message: badToken}}
		}
	}
	if ok, wait := r.rateIP.allow(clientIP(ctx)); !ok {
		return errorf(CodeRateLimited, "too many requests: retry in %d s", retryAfterSeconds(wait))
	}
	if v.user != nil {
		if ok, wait := r.rateUser.allow(strconv.Itoa(v.user.ID)); !ok {
			return errorf(CodeRateLimited, "too many requests: retry in %d s", retryAfterSeconds(wait))
		}
	}
	return nil
}

// socketIdentity returns ctx carrying the transport's Identity of its viewer: the user, for the cap on
// connections per user, and the token, whose revocation or expiry closes the socket.
func (r *Resolver) socketIdentity(ctx context.Context) context.Context {
	v := viewerFrom(ctx)
	if v.user == nil {
		return ctx
	}
	id := wstransport.Identity{User: strconv.Itoa(v.user.ID)}
	if v.token != nil {
		id.Credential = strconv.Itoa(v.token.ID)
		if v.token.ExpiresAt != nil {
			// The transport's timers run on the wall clock; the expiry is on the API's.
			id.Expires = time.Now().Add(v.token.ExpiresAt.Sub(r.now()))
		}
	}
	return wstransport.WithIdentity(ctx, id)
}

// tokenRevoked forgets token id, which some replica revoked, and closes its sockets; id 0 (after
// notifications may have been missed) forgets every token and checks the tokens of every socket. The
// caches forget first, so that a socket closed by a revocation tells that the replica refuses its token.
func (h *httpHandler) tokenRevoked(id int) {
	h.r.forgetCredential(id)
	if id != 0 {
		h.ws.CloseCredential(strconv.Itoa(id))
		return
	}
	var ids []int64
	for _, c := range h.ws.Credentials() {
		if n, err := strconv.ParseInt(c, 10, 64); err == nil {
			ids = append(ids, n)
		}
	}
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.r.cfg.RequestTimeout)
	defer cancel()
	rows, err := h.r.db.QueryContext(ctx, `SELECT i FROM unnest($1::bigint[]) AS i
WHERE NOT EXISTS (SELECT 1 FROM tokens WHERE id = i AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2))`,
		pq.Array(ids), h.r.now())
	if err != nil {
		h.r.logger.Warn("websocket: error checking the open sockets' tokens", "error", err.Error())
		return
	}
	defer rows.Close()
	for rows.Next() {
		var dead int
		if rows.Scan(&dead) == nil {
			h.r.forgetCredential(dead)
			h.ws.CloseCredential(strconv.Itoa(dead))
		}
	}
}
