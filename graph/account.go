package graph

import (
	"context"
	"errors"
	"fmt"

	"rout/account"
	"rout/ent"
	"rout/rules"
)

// userError returns a UserError about the input field at path (none for an error about no one field).
func userError(code, message string, path ...string) *UserError {
	return &UserError{Code: code, Message: message, Field: path}
}

// rulesUserErrors turns a refusal of the rules engine into the userErrors of a payload: the engine's
// code (NOT_YOUR_TURN, ...) and message. Any other error is returned as it is, for the top level.
func rulesUserErrors(err error) ([]*UserError, error) {
	var re *rules.Error
	if errors.As(err, &re) {
		return []*UserError{userError(string(re.Code), re.Message)}, nil
	}
	return nil, err
}

// refusalErrors turns the refusal of an account operation into the userErrors of a payload, each about
// its field of the input. Any other error is returned as it is, for the top level.
func refusalErrors(err error) ([]*UserError, error) {
	var refusal account.Refusal
	if !errors.As(err, &refusal) {
		return nil, err
	}
	ues := make([]*UserError, len(refusal))
	for i, p := range refusal {
		ues[i] = userError(p.Code, p.Message)
		if p.Field != "" {
			ues[i].Field = []string{"input", p.Field}
		}
	}
	return ues, nil
}

// rateLimited returns a RATE_LIMITED error when key has no token left in set.
func rateLimited(set *limiterSet, key, what string) error {
	if ok, wait := set.allow(key); !ok {
		return errorf(CodeRateLimited, "too many %s: retry in %d s", what, retryAfterSeconds(wait))
	}
	return nil
}

// isSelf reports whether the request is made by u (or by an admin), who may see u's private fields.
func isSelf(ctx context.Context, u *ent.User) bool {
	v := viewerFrom(ctx)
	if v.fresh.Load() == int64(u.ID) {
		return true
	}
	return v.user != nil && (v.user.ID == u.ID || v.user.Admin)
}

// signUp creates a user and its first session; a bad or taken name, email, password or phone is refused
// with user errors.
func (r *Resolver) signUp(ctx context.Context, input SignUpInput) (*SignUpPayload, error) {
	if err := rateLimited(r.rateSignInIP, clientIP(ctx), "sign-in attempts"); err != nil {
		return nil, err
	}
	u, session, err := r.accounts.SignUp(ctx, account.SignUp{Name: input.Name, Email: input.Email, Password: input.Password, Phone: input.Phone})
	if err != nil {
		ues, err := refusalErrors(err)
		return &SignUpPayload{UserErrors: ues}, err
	}
	viewerFrom(ctx).fresh.Store(int64(u.ID))
	return &SignUpPayload{User: u, Session: apiSession(session), UserErrors: []*UserError{}}, nil
}

// signIn checks a login (a name or an email) and its password and opens a session; a wrong one is
// refused with one user error, whichever part was wrong. Attempts are counted per client address and per
// login (account.LoginKey).
func (r *Resolver) signIn(ctx context.Context, input SignInInput) (*SignInPayload, error) {
	if err := rateLimited(r.rateSignInIP, clientIP(ctx), "sign-in attempts"); err != nil {
		return nil, err
	}
	if err := rateLimited(r.rateSignInLogin, account.LoginKey(input.Login), "sign-in attempts for this login"); err != nil {
		return nil, err
	}
	u, session, err := r.accounts.SignIn(ctx, input.Login, input.Password)
	if err != nil {
		ues, err := refusalErrors(err)
		return &SignInPayload{UserErrors: ues}, err
	}
	viewerFrom(ctx).fresh.Store(int64(u.ID))
	return &SignInPayload{User: u, Session: apiSession(session), UserErrors: []*UserError{}}, nil
}

// apiSession is the API's view of a session.
func apiSession(s account.Session) *Session { return &Session{Token: s.Token, ExpiresAt: s.ExpiresAt} }

// createAPIToken creates an API token of the viewer and returns its secret once.
func (r *Resolver) createAPIToken(ctx context.Context, input CreateAPITokenInput) (*CreateAPITokenPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	t, secret, err := r.accounts.CreateAPIToken(ctx, me.ID, input.Name)
	if err != nil {
		ues, err := refusalErrors(err)
		return &CreateAPITokenPayload{UserErrors: ues}, err
	}
	return &CreateAPITokenPayload{APIToken: t, Secret: &secret, UserErrors: []*UserError{}}, nil
}

// revokeAPIToken revokes a live API token of the viewer; any other id is NOT_FOUND.
func (r *Resolver) revokeAPIToken(ctx context.Context, input RevokeAPITokenInput) (*RevokeAPITokenPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(input.ID, typeAPIToken)
	if err != nil {
		id = 0 // no token of the viewer's: NOT_FOUND
	}
	t, err := r.accounts.RevokeAPIToken(ctx, me.ID, id)
	if err != nil {
		ues, err := refusalErrors(err)
		return &RevokeAPITokenPayload{UserErrors: ues}, err
	}
	return &RevokeAPITokenPayload{APIToken: t, UserErrors: []*UserError{}}, nil
}

// user returns user id, who must exist (a game's creator, a seat's player, a map's author).
func (r *Resolver) user(ctx context.Context, id int) (*ent.User, error) {
	u, err := r.accounts.User(ctx, id)
	if err == nil && u == nil {
		err = fmt.Errorf("no user %d", id)
	}
	return u, err
}

// blockUser blocks (block true) or unblocks the user of the input for the viewer. Both are idempotent;
// an id that names no user is NOT_FOUND, and blocking oneself or past account.BlockLimit is refused.
func (r *Resolver) blockUser(ctx context.Context, input BlockUserInput, block bool) (*BlockUserPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	notFound := &BlockUserPayload{UserErrors: []*UserError{userError(account.CodeNotFound, "no such user", "input", "user")}}
	id, err := parseIDOf(input.User, typeUser)
	if err != nil {
		return notFound, nil
	}
	u, err := r.accounts.User(ctx, id)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return notFound, nil
	}
	if block {
		err = r.accounts.Block(ctx, me.ID, id)
	} else {
		_, err = r.accounts.Unblock(ctx, me.ID, id)
	}
	if err != nil {
		ues, err := refusalErrors(err)
		return &BlockUserPayload{UserErrors: ues}, err
	}
	if r.live != nil { // this replica's chat subscriptions follow before the answer (others on the notification)
		r.live.BlockChanged(me.ID, id, block)
	}
	return &BlockUserPayload{User: u, Blocked: block, UserErrors: []*UserError{}}, nil
}

// setModerator grants or revokes the moderator role of the user of the input; only an admin may
// (FORBIDDEN for anyone else).
func (r *Resolver) setModerator(ctx context.Context, input SetModeratorInput) (*SetModeratorPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	if !me.Admin {
		return nil, errorf(CodeForbidden, "only an admin may grant or revoke the moderator role")
	}
	notFound := &SetModeratorPayload{UserErrors: []*UserError{userError(account.CodeNotFound, "no such user", "input", "user")}}
	id, err := parseIDOf(input.User, typeUser)
	if err != nil {
		return notFound, nil
	}
	u, err := r.accounts.SetModerator(ctx, id, input.Moderator)
	if errors.Is(err, account.ErrNoUser) {
		return notFound, nil
	}
	if err != nil {
		return nil, err
	}
	r.logger.InfoContext(ctx, "moderator role set", "user_id", id, "moderator", input.Moderator, "admin_id", me.ID)
	return &SetModeratorPayload{User: u, UserErrors: []*UserError{}}, nil
}
