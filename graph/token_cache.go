package graph

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"rout/ent"
)

// The bounds of the token cache.
const (
	// tokenCacheTTL is how long a replica trusts its finding that a token is live: a revocation that no
	// notification announced (one made behind the API's back, or one announced while the replica's LISTEN
	// connection was down and before it reconnected) is seen within it, as on websockets
	// (credentialRecheck).
	tokenCacheTTL = credentialRecheck
	// tokenCacheSize bounds the tokens a replica remembers.
	tokenCacheSize = 10_000
)

// tokenCache remembers the bearer tokens found live, with their users, so that a request whose token was
// seen within tokenCacheTTL reads nothing before its operation. It is only used beside a live hub
// (Deps.Live), which hears the revocations of every replica on live.RevocationChannel: a token revoked on
// any replica is dropped as soon as the hub hears it (httpHandler.tokenRevoked), one revoked on this
// replica before the revocation is answered, and every token when the hub's LISTEN connection reconnects
// (notifications may have been missed). A lookup that began before a drop is not remembered, so that a
// revocation that commits while it runs is not forgotten. The user of a token is as the lookup read it:
// what shows or changes the user's own settings reads the row again (Resolver.viewerRow). It is safe for
// concurrent use.
type tokenCache struct {
	mu      sync.Mutex
	gen     uint64                 // counts the drops, see put
	entries map[string]*tokenEntry // by the token's hash
}

// tokenEntry is one token found live, and when.
type tokenEntry struct {
	tok  ent.Token // its Edges.User is nil: user is the user
	user ent.User
	at   time.Time // when the database said the token was live
}

// generation returns the number of drops so far, for put.
func (c *tokenCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// get returns a copy of the token of hash with its user, when it was found live within tokenCacheTTL of
// now and has not expired, or nil; and whether its last use is due to be written (lastUsedEvery), which
// it then counts as written.
func (c *tokenCache) get(hash []byte, now time.Time) (tok *ent.Token, markUsed bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[string(hash)]
	if !ok {
		return nil, false
	}
	if now.Before(e.at) || now.Sub(e.at) >= tokenCacheTTL || (e.tok.ExpiresAt != nil && !now.Before(*e.tok.ExpiresAt)) {
		delete(c.entries, string(hash))
		return nil, false
	}
	if e.tok.LastUsedAt == nil || now.Sub(*e.tok.LastUsedAt) >= lastUsedEvery {
		e.tok.LastUsedAt, markUsed = &now, true
	}
	t, u := e.tok, e.user
	t.Edges.User = &u
	return &t, markUsed
}

// put remembers tok, found live at now by a lookup that began at generation gen, unless a drop came since
// (the token may be the one dropped).
func (c *tokenCache) put(tok *ent.Token, now time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen || tok.Edges.User == nil {
		return
	}
	if c.entries == nil {
		c.entries = make(map[string]*tokenEntry)
	}
	if len(c.entries) >= tokenCacheSize {
		for k, e := range c.entries {
			if now.Sub(e.at) >= tokenCacheTTL || now.Before(e.at) {
				delete(c.entries, k)
			}
		}
		for k := range c.entries { // still full: forget any one
			if len(c.entries) < tokenCacheSize {
				break
			}
			delete(c.entries, k)
		}
	}
	e := &tokenEntry{tok: *tok, user: *tok.Edges.User, at: now}
	e.tok.Edges.User = nil
	c.entries[string(tok.Hash)] = e
}

// drop forgets the token id; id 0 forgets every token.
func (c *tokenCache) drop(id int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if id == 0 {
		clear(c.entries)
		return
	}
	for k, e := range c.entries {
		if e.tok.ID == id {
			delete(c.entries, k)
		}
	}
}

// liveToken is LiveToken through the replica's token cache, when it has one (Deps.Live): the live token
// whose secret is secret, with its user, or nil; and whether it came from the cache.
func (r *Resolver) liveToken(ctx context.Context, secret string) (*ent.Token, bool, error) {
	now := r.now()
	if r.tokens == nil {
		tok, err := LiveToken(ctx, r.ent, now, secret)
		return tok, false, err
	}
	if !tokenShaped(secret) {
		return nil, false, nil
	}
	hash := hashToken(secret)
	if tok, markUsed := r.tokens.get(hash, now); tok != nil {
		if markUsed {
			usageWrites.write(r.ent, tok.ID, string(tok.Hash), now)
		}
		return tok, true, nil
	}
	gen := r.tokens.generation()
	tok, err := lookupToken(ctx, r.ent, now, secret)
	if err != nil || tok == nil {
		return nil, false, err
	}
	markTokenUsed(r.ent, tok, now)
	r.tokens.put(tok, now, gen)
	return tok, false, nil
}

// tokenShaped reports whether secret looks like a token of Rout's (a prefix and 43 characters): nothing
// else is looked up.
func tokenShaped(secret string) bool {
	return len(secret) == len(SessionTokenPrefix)+tokenSecretLen &&
		(strings.HasPrefix(secret, SessionTokenPrefix) || strings.HasPrefix(secret, APITokenPrefix))
}

// viewerRow returns the signed-in user's row as the database has it now, for what shows or changes the
// user's own settings: the row the request's token lookup read, or, when the token came from the
// replica's cache (whose copy of the user may be up to tokenCacheTTL old, and may predate a change the
// user made on another replica), the row read again.
func (r *Resolver) viewerRow(ctx context.Context) (*ent.User, error) {
	me, err := signedIn(ctx)
	if err != nil || !viewerFrom(ctx).cached {
		return me, err
	}
	u, err := r.ent.User.Get(ctx, me.ID)
	if ent.IsNotFound(err) {
		return nil, &Error{Code: CodeUnauthenticated, Message: badToken}
	}
	if err != nil {
		return nil, fmt.Errorf("error loading user %d: %w", me.ID, err)
	}
	return u, nil
}
