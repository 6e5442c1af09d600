package adminui

import (
	"context"
	"crypto/sha256"
	"fmt"
	"time"

	"rout/ent"
	"rout/ent/token"
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

// TokenAdmins returns the AdminCheck of Rout's session and API tokens: a token is looked up by the
// SHA-256 of its whole secret (as package graph stores it), and gives Admin when it is neither revoked
// nor expired and its user's admin flag is set.
func TokenAdmins(client *ent.Client) AdminCheck {
	return func(ctx context.Context, secret string) (Access, error) {
		sum := sha256.Sum256([]byte(secret))
		tok, err := client.Token.Query().Where(token.Hash(sum[:])).WithUser().Only(ctx)
		if ent.IsNotFound(err) {
			return NoAccess, nil
		}
		if err != nil {
			return NoAccess, fmt.Errorf("error doing admin token lookup: %w", err)
		}
		if tok.RevokedAt != nil || (tok.ExpiresAt != nil && !time.Now().Before(*tok.ExpiresAt)) || tok.Edges.User == nil {
			return NoAccess, nil
		}
		if !tok.Edges.User.Admin {
			return NotAdmin, nil
		}
		return Admin, nil
	}
}
