package graph

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// errBadInit refuses a connection_init payload that is not a JSON object.
var errBadInit = errors.New("the connection_init payload is not a JSON object")

// authenticateSocket authenticates a websocket connection from its connection_init payload:
// {"Authorization": "Bearer <token>"} (any case of the key, as GraphiQL sends its headers) or
// {"token": "<token>"}, with the same tokens as HTTP. A payload without credentials keeps the viewer of the
// upgrade request (its Authorization header, or anonymous): anonymous viewers may watch public games.
// Credentials that are not a live token refuse the connection (the transport closes it with 4403). The
// context names the viewer's user and token to the transport (socketIdentity): the socket closes with
// 4403 when the token is revoked or expires.
func (r *Resolver) authenticateSocket(ctx context.Context, _ *http.Request, payload json.RawMessage) (context.Context, error) {
	header, err := initCredentials(payload)
	if err != nil {
		return nil, err
	}
	if header == "" {
		return r.socketIdentity(ctx), nil
	}
	v, err := r.authenticate(ctx, header)
	if err != nil {
		return nil, err
	}
	if v.user == nil {
		return nil, errors.New(v.bad)
	}
	return r.socketIdentity(withViewer(ctx, v)), nil
}

// initCredentials returns the Authorization header value a connection_init payload carries, "" when none.
func initCredentials(payload json.RawMessage) (string, error) {
	if len(payload) == 0 || string(payload) == "null" {
		return "", nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(payload, &fields); err != nil {
		return "", errBadInit
	}
	for k, raw := range fields {
		var s string
		switch {
		case strings.EqualFold(k, "authorization"):
			if json.Unmarshal(raw, &s) != nil {
				return "", errors.New("the connection_init Authorization is not a string")
			}
			return s, nil
		case k == "token":
			if json.Unmarshal(raw, &s) != nil {
				return "", errors.New("the connection_init token is not a string")
			}
			return "Bearer " + s, nil
		}
	}
	return "", nil
}
