package wstransport_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/99designs/gqlgen/graphql/handler"

	"rout/graph/wstransport"
)

// Example registers the transport on gqlgen's server beside the HTTP transports, and closes its
// sockets on shutdown.
func Example() {
	t := wstransport.New(wstransport.Opts{
		// The connection_init payload carries the same bearer token as an HTTP request's header.
		Authenticate: func(ctx context.Context, r *http.Request, payload json.RawMessage) (context.Context, error) {
			var p struct{ Authorization string }
			if payload != nil {
				if err := json.Unmarshal(payload, &p); err != nil {
					return nil, err
				}
			}
			if p.Authorization == "" {
				return nil, errors.New("no token")
			}
			return ctx, nil // the context with the viewer the token names
		},
		AllowedOrigins: []string{"https://play.example.com"},
	})
	srv := handler.New(newTestSchema().executable())
	srv.AddTransport(t)
	http.Handle("/graphql", srv)

	// On shutdown, after http.Server.Shutdown (which does not see hijacked connections):
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = t.Shutdown(ctx)
}
