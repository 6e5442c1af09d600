package graph

import (
	"context"
	"strings"

	"github.com/99designs/gqlgen/graphql"

	"rout/ent"
)

// Why credentials are refused: the message of the UNAUTHENTICATED error of a field that needs them.
const (
	badScheme = "the Authorization header is not \"Bearer <token>\""
	badToken  = "the bearer token is unknown, revoked or expired: sign in again"
	noToken   = "sign in first: send the header Authorization: Bearer <token>"
)

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
	tok, cached, err := r.accounts.Authenticate(ctx, strings.TrimSpace(secret))
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return &viewer{bad: badToken}, nil
	}
	return &viewer{user: tok.Edges.User, token: tok, cached: cached}, nil
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

// viewerRow returns the signed-in user's row as the database has it now, for what shows or changes the
// user's own settings: the row the request's token lookup read, or, when the token came from the
// account service's cache (whose copy of the user may be up to account.TokenCacheTTL old, and may predate
// a change the user made on another replica), the row read again.
func (r *Resolver) viewerRow(ctx context.Context) (*ent.User, error) {
	me, err := signedIn(ctx)
	if err != nil || !viewerFrom(ctx).cached {
		return me, err
	}
	u, err := r.accounts.User(ctx, me.ID)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, &Error{Code: CodeUnauthenticated, Message: badToken}
	}
	return u, nil
}
