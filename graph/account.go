package graph

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"unicode/utf8"

	"rout/ent"
	"rout/ent/token"
	"rout/ent/user"
	"rout/rules"
	"rout/username"
)

// Account limits.
const (
	maxEmailBytes     = 254
	minPasswordRunes  = 10
	maxPasswordBytes  = 1024 // argon2 reads the whole password; this bounds the work
	maxTokenNameRunes = 100
	// maxAPITokens is how many live API tokens a user may hold.
	maxAPITokens = 50
)

// The codes of the account mutations' userErrors.
const (
	ueInvalidName        = "INVALID_NAME"
	ueNameTaken          = "NAME_TAKEN"
	ueInvalidEmail       = "INVALID_EMAIL"
	ueEmailTaken         = "EMAIL_TAKEN"
	uePasswordTooShort   = "PASSWORD_TOO_SHORT"
	uePasswordTooLong    = "PASSWORD_TOO_LONG"
	ueInvalidPhone       = "INVALID_PHONE"
	ueInvalidCredentials = "INVALID_CREDENTIALS"
	ueNotASession        = "NOT_A_SESSION"
	ueInvalidTokenName   = "INVALID_TOKEN_NAME"
	ueTooManyTokens      = "TOO_MANY_TOKENS"
	ueNotFound           = "NOT_FOUND"
	uePhoneRequired      = "PHONE_REQUIRED"
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

// e164 is a phone number in E.164 form: +, a country code, at most 15 digits in all.
var e164 = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)

// checkName returns the form of a display name to store and its key (see package username), or the
// userError of an invalid name.
func checkName(name string, path ...string) (display, key string, ue *UserError) {
	if strings.Contains(name, "@") {
		return "", "", userError(ueInvalidName, "a name may not contain @ (it would read as an email address)", path...)
	}
	display, key, err := username.Enforce(name)
	if err != nil {
		return "", "", userError(ueInvalidName, err.Error(), path...)
	}
	return display, key, nil
}

// normalizeEmail returns an email address trimmed and lower-cased, or the userError of an address that
// is not one.
func normalizeEmail(email string, path ...string) (string, *UserError) {
	email = strings.ToLower(strings.TrimSpace(email))
	bad := userError(ueInvalidEmail, "not an email address such as name@example.com", path...)
	if len(email) > maxEmailBytes {
		return "", userError(ueInvalidEmail, fmt.Sprintf("an email address has at most %d bytes", maxEmailBytes), path...)
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" {
		return "", bad
	}
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" || domain == "" || strings.ContainsAny(domain, "@[]") {
		return "", bad
	}
	return email, nil
}

// normalizePhone returns a phone number without spaces, dashes, dots or parentheses, or the userError
// of a number not in E.164 form.
func normalizePhone(phone string, path ...string) (string, *UserError) {
	phone = strings.Map(func(r rune) rune {
		if strings.ContainsRune(" -.()", r) {
			return -1
		}
		return r
	}, phone)
	if !e164.MatchString(phone) {
		return "", userError(ueInvalidPhone, "not a phone number in E.164 form such as +14155550123", path...)
	}
	return phone, nil
}

// checkPasswordRules returns the userError of a password too short or too long, or nil.
func checkPasswordRules(password string, path ...string) *UserError {
	if len(password) > maxPasswordBytes {
		return userError(uePasswordTooLong, fmt.Sprintf("a password has at most %d bytes", maxPasswordBytes), path...)
	}
	if utf8.RuneCountInString(password) < minPasswordRunes {
		return userError(uePasswordTooShort, fmt.Sprintf("a password has at least %d characters", minPasswordRunes), path...)
	}
	return nil
}

// withHashSlot runs f while holding one of the password hashing slots: argon2id takes 19 MiB and tens
// of milliseconds, so only a few run at once.
func (r *Resolver) withHashSlot(ctx context.Context, f func()) error {
	select {
	case r.hashSlots <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("error hashing the password: %w", ctx.Err())
	}
	defer func() { <-r.hashSlots }()
	f()
	return nil
}

// takenErrors returns the userErrors for a name (by its key) or email that another account has.
func (r *Resolver) takenErrors(ctx context.Context, client *ent.Client, nameKey, email string) ([]*UserError, error) {
	var ues []*UserError
	taken, err := client.User.Query().Where(user.NameKey(nameKey)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("error checking whether the name is taken: %w", err)
	}
	if taken {
		ues = append(ues, userError(ueNameTaken, "another account has this name, or one that reads the same", "input", "name"))
	}
	taken, err = client.User.Query().Where(user.Email(email)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("error checking whether the email is taken: %w", err)
	}
	if taken {
		ues = append(ues, userError(ueEmailTaken, "another account has this email address", "input", "email"))
	}
	return ues, nil
}

// newSession creates a session token for a user and returns its secret and expiry.
func (r *Resolver) newSession(ctx context.Context, client *ent.Client, userID int) (*Session, error) {
	secret, hash := newToken(SessionTokenPrefix)
	now := r.now()
	expires := now.Add(r.cfg.SessionTTL)
	err := client.Token.Create().
		SetUserID(userID).
		SetKind(token.KindSession).
		SetHash(hash).
		SetCreatedAt(now).
		SetExpiresAt(expires).
		Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("error creating a session for user %d: %w", userID, err)
	}
	return &Session{Token: secret, ExpiresAt: expires}, nil
}

// rateLimited returns a RATE_LIMITED error when key has no token left in set.
func rateLimited(set *limiterSet, key, what string) error {
	if ok, wait := set.allow(key); !ok {
		return errorf(CodeRateLimited, "too many %s: retry in %d s", what, retryAfterSeconds(wait))
	}
	return nil
}

// notifyChannel converts the stored notification channel to the GraphQL enum.
func notifyChannel(n user.Notify) NotificationChannel { return apiChannel(string(n)) }

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
	var ues []*UserError
	name, nameKey, ue := checkName(input.Name, "input", "name")
	if ue != nil {
		ues = append(ues, ue)
	}
	email, ue := normalizeEmail(input.Email, "input", "email")
	if ue != nil {
		ues = append(ues, ue)
	}
	if ue := checkPasswordRules(input.Password, "input", "password"); ue != nil {
		ues = append(ues, ue)
	}
	var phone *string
	if input.Phone != nil && *input.Phone != "" {
		p, ue := normalizePhone(*input.Phone, "input", "phone")
		if ue != nil {
			ues = append(ues, ue)
		}
		phone = &p
	}
	if len(ues) > 0 {
		return &SignUpPayload{UserErrors: ues}, nil
	}
	if ues, err := r.takenErrors(ctx, r.ent, nameKey, email); err != nil || len(ues) > 0 {
		return &SignUpPayload{UserErrors: ues}, err
	}
	var hash string
	if err := r.withHashSlot(ctx, func() { hash = hashPassword(input.Password) }); err != nil {
		return nil, err
	}

	tx, err := r.ent.Tx(ctx)
	if err != nil {
		return nil, fmt.Errorf("error starting the sign-up transaction: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	now := r.now()
	u, err := tx.User.Create().
		SetName(name).
		SetNameKey(nameKey).
		SetEmail(email).
		SetPasswordHash(hash).
		SetNillablePhone(phone).
		SetCreatedAt(now).
		SetUpdatedAt(now).
		Save(ctx)
	if ent.IsConstraintError(err) {
		// Another sign-up took the name or the address since the check.
		_ = tx.Rollback()
		ues, err := r.takenErrors(ctx, r.ent, nameKey, email)
		if err == nil && len(ues) == 0 {
			err = fmt.Errorf("error creating the user: a constraint failed, but name and email are free")
		}
		return &SignUpPayload{UserErrors: ues}, err
	}
	if err != nil {
		return nil, fmt.Errorf("error creating the user: %w", err)
	}
	session, err := r.newSession(ctx, tx.Client(), u.ID)
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("error committing the sign-up: %w", err)
	}
	viewerFrom(ctx).fresh.Store(int64(u.ID))
	return &SignUpPayload{User: u.Unwrap(), Session: session, UserErrors: []*UserError{}}, nil
}

// signIn checks a login (a name or an email) and its password and opens a session; a wrong one is
// refused with one user error, whichever part was wrong.
func (r *Resolver) signIn(ctx context.Context, input SignInInput) (*SignInPayload, error) {
	login := strings.TrimSpace(input.Login)
	if err := rateLimited(r.rateSignInIP, clientIP(ctx), "sign-in attempts"); err != nil {
		return nil, err
	}
	// A name signs in by its key (see package username), so that every spelling that reads the same
	// (case, fullwidth forms, look-alike letters) is one login, for the rate limit too. A name the rule
	// refuses can only be an account's exact name from before the rule.
	limitKey := strings.ToLower(login)
	q := r.ent.User.Query()
	if strings.Contains(login, "@") {
		q = q.Where(user.Email(strings.ToLower(login)))
	} else if key, err := username.Key(login); err == nil {
		limitKey = key
		q = q.Where(user.Or(user.NameKey(key), user.Name(login)))
	} else {
		q = q.Where(user.Name(login))
	}
	if err := rateLimited(r.rateSignInLogin, limitKey, "sign-in attempts for this login"); err != nil {
		return nil, err
	}
	u, err := q.Only(ctx)
	if err != nil && !ent.IsNotFound(err) && !ent.IsNotSingular(err) {
		return nil, fmt.Errorf("error loading the user: %w", err)
	}
	stored := dummyHash()
	if u != nil {
		stored = u.PasswordHash
	}
	var ok bool
	var checkErr error
	if len(input.Password) <= maxPasswordBytes {
		if err := r.withHashSlot(ctx, func() { ok, checkErr = checkPassword(stored, input.Password) }); err != nil {
			return nil, err
		}
	}
	if checkErr != nil {
		return nil, checkErr
	}
	if u == nil || !ok {
		return &SignInPayload{UserErrors: []*UserError{
			userError(ueInvalidCredentials, "the login or the password is wrong"),
		}}, nil
	}
	session, err := r.newSession(ctx, r.ent, u.ID)
	if err != nil {
		return nil, err
	}
	viewerFrom(ctx).fresh.Store(int64(u.ID))
	return &SignInPayload{User: u, Session: session, UserErrors: []*UserError{}}, nil
}

// createAPIToken creates an API token of the viewer, up to maxAPITokens live ones, and returns its
// secret once.
func (r *Resolver) createAPIToken(ctx context.Context, input CreateAPITokenInput) (*CreateAPITokenPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(input.Name)
	if n := utf8.RuneCountInString(name); n < 1 || n > maxTokenNameRunes {
		return &CreateAPITokenPayload{UserErrors: []*UserError{userError(ueInvalidTokenName,
			fmt.Sprintf("a token name has 1 to %d characters", maxTokenNameRunes), "input", "name")}}, nil
	}
	live, err := r.ent.Token.Query().
		Where(token.UserID(me.ID), token.KindEQ(token.KindAPI), token.RevokedAtIsNil()).
		Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("error counting the user's API tokens: %w", err)
	}
	if live >= maxAPITokens {
		return &CreateAPITokenPayload{UserErrors: []*UserError{userError(ueTooManyTokens,
			fmt.Sprintf("you have %d API tokens, the most allowed: revoke one first", live))}}, nil
	}
	secret, hash := newToken(APITokenPrefix)
	t, err := r.ent.Token.Create().
		SetUserID(me.ID).
		SetKind(token.KindAPI).
		SetName(name).
		SetHash(hash).
		SetCreatedAt(r.now()).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("error creating the API token: %w", err)
	}
	return &CreateAPITokenPayload{APIToken: t, Secret: &secret, UserErrors: []*UserError{}}, nil
}

// revokeAPIToken revokes a live API token of the viewer; any other id is NOT_FOUND.
func (r *Resolver) revokeAPIToken(ctx context.Context, input RevokeAPITokenInput) (*RevokeAPITokenPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	notFound := &RevokeAPITokenPayload{UserErrors: []*UserError{
		userError(ueNotFound, "you have no live API token with this id", "input", "id"),
	}}
	id, err := parseIDOf(input.ID, typeAPIToken)
	if err != nil {
		return notFound, nil
	}
	revoked, err := r.revokeToken(ctx, id, me.ID, token.KindAPI)
	if err != nil {
		return nil, err
	}
	if !revoked {
		return notFound, nil
	}
	t, err := r.ent.Token.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("error loading API token %d: %w", id, err)
	}
	return &RevokeAPITokenPayload{APIToken: t, UserErrors: []*UserError{}}, nil
}
