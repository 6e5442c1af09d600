package adminui

import (
	"context"
	"fmt"

	"rout/ent"
)

// Access is what a secret gives to the admin UI.
type Access int

const (
	// NoAccess: the secret is not a live token (unknown, revoked or expired): 401.
	NoAccess Access = iota
	// NotAdmin: the secret is a live token of a user who is not an admin: 403.
	NotAdmin
	// Admin: the secret is a live token of an admin: the UI is served.
	Admin
)

// AdminCheck tells what the secret of a request gives. An error means it could not tell (the database
// failed): the request gets 500.
type AdminCheck func(ctx context.Context, secret string) (Access, error)

// LiveToken returns the token whose secret is secret, with its user, when it is live (not revoked nor
// expired), or nil: account.Service.LiveToken, which also marks the token used.
type LiveToken func(ctx context.Context, secret string) (*ent.Token, error)

// TokenAdmins returns the AdminCheck of Rout's session and API tokens: a live token (live) gives Admin
// when its user's admin flag is set.
func TokenAdmins(live LiveToken) AdminCheck {
	return func(ctx context.Context, secret string) (Access, error) {
		tok, err := live(ctx, secret)
		if err != nil {
			return NoAccess, fmt.Errorf("error looking up the admin token: %w", err)
		}
		if tok == nil {
			return NoAccess, nil
		}
		if !tok.Edges.User.Admin {
			return NotAdmin, nil
		}
		return Admin, nil
	}
}
