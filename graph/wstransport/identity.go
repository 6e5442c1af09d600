package wstransport

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// Identity is who a connection's credentials name, as Opts.Authenticate tells the transport by returning
// a context made with WithIdentity. The transport caps the connections per user, closes the connections
// of a credential when asked to (CloseCredential), and closes a connection when its credential expires.
type Identity struct {
	// User names the user (any stable key, such as the user's id): their connections count against
	// Opts.MaxConnsPerUser. Empty: no user (an anonymous connection).
	User string
	// Credential names the credential the connection was authenticated with (any stable key, such as
	// the token's id), for CloseCredential. Empty: none.
	Credential string
	// Expires is when the credential stops being valid: the connection then closes with 4403. Zero: it
	// does not expire.
	Expires time.Time
}

// identityKey is the context key of an Identity.
type identityKey struct{}

// WithIdentity returns ctx carrying id; return it from Opts.Authenticate.
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// identityOf returns the Identity ctx carries; the zero Identity when none.
func identityOf(ctx context.Context) Identity {
	id, _ := ctx.Value(identityKey{}).(Identity)
	return id
}

// CloseError, returned by Opts.Admit, refuses the operation with Err and then closes the socket with
// Code and Reason: the operation's credential is no longer valid, say.
type CloseError struct {
	Code   int
	Reason string
	Err    error // what the operation ends with; nil: the close reason
}

func (e *CloseError) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return e.Reason
}

func (e *CloseError) Unwrap() error { return e.Err }

// remoteHost is the default Opts.ClientKey: the host of the request's remote address.
func remoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// registry counts a transport's connections by client and by user, and knows them by credential. It is
// safe for concurrent use.
type registry struct {
	mu         sync.Mutex
	byClient   map[string]int
	byUser     map[string]int
	credential map[string]map[*conn]struct{}
}

func newRegistry() *registry {
	return &registry{byClient: map[string]int{}, byUser: map[string]int{}, credential: map[string]map[*conn]struct{}{}}
}

// addClient counts one more connection of client, unless it has max (then it reports false).
func (g *registry) addClient(client string, max int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.byClient[client] >= max {
		return false
	}
	g.byClient[client]++
	return true
}

// removeClient counts one connection of client less.
func (g *registry) removeClient(client string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.byClient[client]--; g.byClient[client] <= 0 {
		delete(g.byClient, client)
	}
}

// addIdentity registers c under its identity, unless its user has max connections already (then it
// reports false and registers nothing).
func (g *registry) addIdentity(c *conn, id Identity, max int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if id.User != "" {
		if g.byUser[id.User] >= max {
			return false
		}
		g.byUser[id.User]++
	}
	if id.Credential != "" {
		set := g.credential[id.Credential]
		if set == nil {
			set = map[*conn]struct{}{}
			g.credential[id.Credential] = set
		}
		set[c] = struct{}{}
	}
	return true
}

// removeIdentity forgets c, registered under id.
func (g *registry) removeIdentity(c *conn, id Identity) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if id.User != "" {
		if g.byUser[id.User]--; g.byUser[id.User] <= 0 {
			delete(g.byUser, id.User)
		}
	}
	if set := g.credential[id.Credential]; set != nil {
		delete(set, c)
		if len(set) == 0 {
			delete(g.credential, id.Credential)
		}
	}
}

// ofCredential returns the connections of credential.
func (g *registry) ofCredential(credential string) []*conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]*conn, 0, len(g.credential[credential]))
	for c := range g.credential[credential] {
		out = append(out, c)
	}
	return out
}

// credentials returns the credentials that have connections.
func (g *registry) credentials() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]string, 0, len(g.credential))
	for k := range g.credential {
		out = append(out, k)
	}
	return out
}

// CloseCredential closes every connection authenticated with credential (Identity.Credential) with 4403
// Forbidden: every operation on them stops. It returns how many it closed, without waiting for their
// closing handshakes.
func (t *Transport) CloseCredential(credential string) int {
	conns := t.registry.ofCredential(credential)
	for _, c := range conns {
		// A close frame waits for the message being written on its socket: close them all at once.
		go c.closeWith(CloseForbidden, "Forbidden")
	}
	return len(conns)
}

// Credentials returns the credentials (Identity.Credential) of the open connections, in no order: a
// caller that may have missed a revocation checks them again.
func (t *Transport) Credentials() []string { return t.registry.credentials() }
