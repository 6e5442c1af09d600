package account

import (
	"sync"
	"time"

	"rout/ent"
)

// The bounds of the token cache.
const (
	// TokenCacheTTL is how long a replica trusts its finding that a token is live: a revocation that no
	// notification announced (one made behind the API's back, or one announced while the replica's LISTEN
	// connection was down and before it reconnected) is seen within it, as on websockets
	// (CredentialRecheck).
	TokenCacheTTL = CredentialRecheck
	// tokenCacheSize bounds the tokens a replica remembers.
	tokenCacheSize = 10_000
)

// tokenCache remembers the bearer tokens found live, with their users, so that a request whose token was
// seen within TokenCacheTTL reads nothing before its operation. It is only used when the service's caller
// hears the revocations of every replica on RevocationChannel (Opts.CacheTokens): a token revoked on any
// replica is dropped as soon as the caller hears it and calls Forget, one revoked through this service
// before the revocation is answered, and every token when the caller's LISTEN connection reconnects
// (announcements may have been missed). A lookup that began before a drop is not remembered, so that a
// revocation that commits while it runs is not forgotten. The user of a token is as the lookup read it:
// what shows or changes the user's own settings reads the row again (Service.User). It is safe for
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

// get returns a copy of the token of hash with its user, when it was found live within TokenCacheTTL of
// now and has not expired, or nil; and whether its last use is due to be written (lastUsedEvery), which
// it then counts as written.
func (c *tokenCache) get(hash []byte, now time.Time) (tok *ent.Token, markUsed bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[string(hash)]
	if !ok {
		return nil, false
	}
	if now.Before(e.at) || now.Sub(e.at) >= TokenCacheTTL || (e.tok.ExpiresAt != nil && !now.Before(*e.tok.ExpiresAt)) {
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
			if now.Sub(e.at) >= TokenCacheTTL || now.Before(e.at) {
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
