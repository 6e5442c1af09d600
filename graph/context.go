package graph

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync/atomic"

	"rout/ent"
)

// ctxKey is the type of the API's context keys: unexported, so no other package can read or set them.
type ctxKey int

const (
	viewerKey ctxKey = iota
	requestIDKey
	clientIPKey
)

// viewer is who makes a request, as the Authorization header says.
type viewer struct {
	user  *ent.User  // nil: anonymous, or a bad token
	token *ent.Token // the token that authenticated the request
	bad   string     // why the credentials sent were refused; empty when none were sent or they are valid
	// cached is true when the token and user came from the replica's token cache (see viewerRow).
	cached bool
	// fresh is the id of the user that signUp or signIn authenticated in this request, so that the
	// payload shows them their own private fields.
	fresh atomic.Int64
}

// withViewer returns ctx carrying v.
func withViewer(ctx context.Context, v *viewer) context.Context {
	return context.WithValue(ctx, viewerKey, v)
}

// viewerFrom returns the request's viewer; anonymous when the context has none.
func viewerFrom(ctx context.Context) *viewer {
	if v, ok := ctx.Value(viewerKey).(*viewer); ok {
		return v
	}
	return &viewer{}
}

// ViewerID returns the id of the signed-in user making the request, and whether there is one. Other
// parts of the server (the websocket transport, jobs started by a request) use it.
func ViewerID(ctx context.Context) (int, bool) {
	if u := viewerFrom(ctx).user; u != nil {
		return u.ID, true
	}
	return 0, false
}

// newRequestID returns a random request id: 16 hexadecimal digits.
func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails
	return hex.EncodeToString(b[:])
}

// requestID returns the request's id, or "" outside a request.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// clientIP returns the request's client address, as the rate limits see it.
func clientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey).(string)
	return ip
}
