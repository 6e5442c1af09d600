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
	"rout/graph/model"
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
func userError(code, message string, path ...string) *model.UserError {
	return &model.UserError{Code: code, Message: message, Field: path}
}

// rulesUserErrors turns a refusal of the rules engine into the userErrors of a payload: the engine's
// code (NOT_YOUR_TURN, ...) and message. Any other error is returned as it is, for the top level.
func rulesUserErrors(err error) ([]*model.UserError, error) {
	var re *rules.Error
	if errors.As(err, &re) {
		return []*model.UserError{userError(string(re.Code), re.Message)}, nil
	}
	return nil, err
}

// e164 is a phone number in E.164 form: +, a country code, at most 15 digits in all.
var e164 = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)

// checkName returns the form of a display name to store and its key (see package username), or the
// userError of an invalid name.
func checkName(name string, path ...string) (display, key string, ue *model.UserError) {
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
func normalizeEmail(email string, path ...string) (string, *model.UserError) {
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
func normalizePhone(phone string, path ...string) (string, *model.UserError) {
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
func checkPasswordRules(password string, path ...string) *model.UserError {
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
func (r *Resolver) takenErrors(ctx context.Context, client *ent.Client, nameKey, email string) ([]*model.UserError, error) {
	var ues []*model.UserError
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
func (r *Resolver) newSession(ctx context.Context, client *ent.Client, userID int) (*model.Session, error) {
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
		return nil, fmt.Errorf("error creating the session: %w", err)
	}
	return &model.Session{Token: secret, ExpiresAt: expires}, nil
}

// rateLimited returns a RATE_LIMITED error when key has no token left in set.
func rateLimited(set *limiterSet, key, what string) error {
	if ok, wait := set.allow(key); !ok {
		return errorf(CodeRateLimited, "too many %s: retry in %d s", what, retryAfterSeconds(wait))
	}
	return nil
}

// notifyChannel converts the stored notification channel to the GraphQL enum.
func notifyChannel(n user.Notify) model.NotificationChannel {
	switch n {
	case user.NotifySms:
		return model.NotificationChannelSms
	case user.NotifyNone:
		return model.NotificationChannelNone
	default:
		return model.NotificationChannelEmail
	}
}

// storedNotify converts the GraphQL enum to the stored notification channel.
func storedNotify(c model.NotificationChannel) user.Notify {
	switch c {
	case model.NotificationChannelSms:
		return user.NotifySms
	case model.NotificationChannelNone:
		return user.NotifyNone
	default:
		return user.NotifyEmail
	}
}

// isSelf reports whether the request is made by u (or by an admin), who may see u's private fields.
func isSelf(ctx context.Context, u *ent.User) bool {
	v := viewerFrom(ctx)
	if v.fresh.Load() == int64(u.ID) {
		return true
	}
	return v.user != nil && (v.user.ID == u.ID || v.user.Admin)
}
