package account

import (
	"context"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"rout/account/username"
	"rout/ent"
	"rout/ent/token"
	"rout/ent/user"
)

// Account limits.
const (
	maxEmailBytes    = 254
	minPasswordRunes = 10
	maxPasswordBytes = 1024 // argon2 reads the whole password; this bounds the work
)

// SignUp is what a new account gives.
type SignUp struct {
	Name, Email, Password string
	// Phone is a number in E.164 form (spaces, dashes, dots and parentheses are dropped); nil or empty:
	// none.
	Phone *string
}

// Session is a session token's secret, shown once, and when the session ends.
type Session struct {
	Token     string
	ExpiresAt time.Time
}

// e164 is a phone number in E.164 form: +, a country code, at most 15 digits in all.
var e164 = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)

// checkName returns the form of a display name to store and its key (see package username), or the
// problem of an invalid name.
func checkName(name string) (display, key string, p *Problem) {
	if strings.Contains(name, "@") {
		return "", "", &Problem{CodeInvalidName, "a name may not contain @ (it would read as an email address)", "name"}
	}
	display, key, err := username.Enforce(name)
	if err != nil {
		return "", "", &Problem{CodeInvalidName, err.Error(), "name"}
	}
	return display, key, nil
}

// normalizeEmail returns an email address trimmed and lower-cased, or the problem of an address that is
// not one.
func normalizeEmail(email string) (string, *Problem) {
	email = strings.ToLower(strings.TrimSpace(email))
	bad := &Problem{CodeInvalidEmail, "not an email address such as name@example.com", "email"}
	if len(email) > maxEmailBytes {
		return "", &Problem{CodeInvalidEmail, fmt.Sprintf("an email address has at most %d bytes", maxEmailBytes), "email"}
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

// normalizePhone returns a phone number without spaces, dashes, dots or parentheses, or the problem of
// a number not in E.164 form.
func normalizePhone(phone string) (string, *Problem) {
	phone = strings.Map(func(r rune) rune {
		if strings.ContainsRune(" -.()", r) {
			return -1
		}
		return r
	}, phone)
	if !e164.MatchString(phone) {
		return "", &Problem{CodeInvalidPhone, "not a phone number in E.164 form such as +14155550123", "phone"}
	}
	return phone, nil
}

// checkPasswordRules returns the problem of a password too short or too long, or nil.
func checkPasswordRules(password string) *Problem {
	if len(password) > maxPasswordBytes {
		return &Problem{CodePasswordTooLong, fmt.Sprintf("a password has at most %d bytes", maxPasswordBytes), "password"}
	}
	if utf8.RuneCountInString(password) < minPasswordRunes {
		return &Problem{CodePasswordTooShort, fmt.Sprintf("a password has at least %d characters", minPasswordRunes), "password"}
	}
	return nil
}

// withHashSlot runs f while holding one of the password hashing slots: argon2id takes 19 MiB and tens
// of milliseconds, so only a few run at once. A ctx that ends first is an error wrapping ctx.Err().
func (s *Service) withHashSlot(ctx context.Context, f func()) error {
	select {
	case s.hashSlots <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("error hashing the password: %w", ctx.Err())
	}
	defer func() { <-s.hashSlots }()
	f()
	return nil
}

// HoldHashSlots takes every password hashing slot, as hashes under way would, and returns the function
// that gives them back: the overload tests' way to fill them.
func (s *Service) HoldHashSlots() (release func()) {
	n := cap(s.hashSlots)
	for range n {
		s.hashSlots <- struct{}{}
	}
	return func() {
		for range n {
			<-s.hashSlots
		}
	}
}

// taken returns the problems of a name (by its key) or email that another account has.
func (s *Service) taken(ctx context.Context, nameKey, email string) (Refusal, error) {
	var r Refusal
	taken, err := s.ent.User.Query().Where(user.NameKey(nameKey)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("error checking whether the name is taken: %w", err)
	}
	if taken {
		r = append(r, Problem{CodeNameTaken, "another account has this name, or one that reads the same", "name"})
	}
	taken, err = s.ent.User.Query().Where(user.Email(email)).Exist(ctx)
	if err != nil {
		return nil, fmt.Errorf("error checking whether the email is taken: %w", err)
	}
	if taken {
		r = append(r, Problem{CodeEmailTaken, "another account has this email address", "email"})
	}
	return r, nil
}

// newSession creates a session token for a user and returns its secret and expiry.
func (s *Service) newSession(ctx context.Context, client *ent.Client, userID int) (Session, error) {
	secret, hash := newToken(SessionTokenPrefix)
	now := s.now()
	expires := now.Add(s.sessionTTL)
	err := client.Token.Create().
		SetUserID(userID).
		SetKind(token.KindSession).
		SetHash(hash).
		SetCreatedAt(now).
		SetExpiresAt(expires).
		Exec(ctx)
	if err != nil {
		return Session{}, fmt.Errorf("error creating a session for user %d: %w", userID, err)
	}
	return Session{Token: secret, ExpiresAt: expires}, nil
}

// SignUp creates a user and its first session. A bad or taken name, email, password or phone is a
// Refusal with every problem found.
func (s *Service) SignUp(ctx context.Context, in SignUp) (*ent.User, Session, error) {
	var r Refusal
	name, nameKey, p := checkName(in.Name)
	if p != nil {
		r = append(r, *p)
	}
	email, p := normalizeEmail(in.Email)
	if p != nil {
		r = append(r, *p)
	}
	if p := checkPasswordRules(in.Password); p != nil {
		r = append(r, *p)
	}
	var phone *string
	if in.Phone != nil && *in.Phone != "" {
		n, p := normalizePhone(*in.Phone)
		if p != nil {
			r = append(r, *p)
		}
		phone = &n
	}
	if len(r) > 0 {
		return nil, Session{}, r
	}
	if r, err := s.taken(ctx, nameKey, email); err != nil || len(r) > 0 {
		return nil, Session{}, refusedOr(r, err)
	}
	var hash string
	if err := s.withHashSlot(ctx, func() { hash = hashPassword(in.Password) }); err != nil {
		return nil, Session{}, err
	}

	tx, err := s.ent.Tx(ctx)
	if err != nil {
		return nil, Session{}, fmt.Errorf("error starting the sign-up transaction: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	now := s.now()
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
		r, err := s.taken(ctx, nameKey, email)
		if err == nil && len(r) == 0 {
			err = fmt.Errorf("error creating the user: a constraint failed, but name and email are free")
		}
		return nil, Session{}, refusedOr(r, err)
	}
	if err != nil {
		return nil, Session{}, fmt.Errorf("error creating the user: %w", err)
	}
	session, err := s.newSession(ctx, tx.Client(), u.ID)
	if err != nil {
		return nil, Session{}, err
	}
	if err := tx.Commit(); err != nil {
		return nil, Session{}, fmt.Errorf("error committing the sign-up: %w", err)
	}
	return u.Unwrap(), session, nil
}

// refusedOr is err when there is one, else r.
func refusedOr(r Refusal, err error) error {
	if err != nil {
		return err
	}
	return r
}

// LoginKey is the key of a login (a name or an email) that sign-in attempts are counted by: a name's
// key (see package username), so that every spelling that reads the same (case, fullwidth forms,
// look-alike letters) is one login; an email or a name the rule refuses, lower-cased.
func LoginKey(login string) string {
	login = strings.TrimSpace(login)
	if !strings.Contains(login, "@") {
		if key, err := username.Key(login); err == nil {
			return key
		}
	}
	return strings.ToLower(login)
}

// loginQuery is the query of the user a login (a name or an email) names. A name is found by its key;
// a name the rule refuses can only be an account's exact name from before the rule.
func (s *Service) loginQuery(login string) *ent.UserQuery {
	login = strings.TrimSpace(login)
	q := s.ent.User.Query()
	if strings.Contains(login, "@") {
		return q.Where(user.Email(strings.ToLower(login)))
	}
	if key, err := username.Key(login); err == nil {
		return q.Where(user.Or(user.NameKey(key), user.Name(login)))
	}
	return q.Where(user.Name(login))
}

// SignIn checks a login (a name or an email) and its password and opens a session; a wrong one is
// refused with one problem, INVALID_CREDENTIALS, whichever part was wrong, after as long as a right one
// takes.
func (s *Service) SignIn(ctx context.Context, login, password string) (*ent.User, Session, error) {
	u, err := s.loginQuery(login).Only(ctx)
	if err != nil && !ent.IsNotFound(err) && !ent.IsNotSingular(err) {
		return nil, Session{}, fmt.Errorf("error loading the user: %w", err)
	}
	stored := dummyHash()
	if u != nil {
		stored = u.PasswordHash
	}
	var ok bool
	var checkErr error
	if len(password) <= maxPasswordBytes {
		if err := s.withHashSlot(ctx, func() { ok, checkErr = checkPassword(stored, password) }); err != nil {
			return nil, Session{}, err
		}
	}
	if checkErr != nil {
		return nil, Session{}, checkErr
	}
	if u == nil || !ok {
		return nil, Session{}, refuse(CodeInvalidCredentials, "the login or the password is wrong", "")
	}
	session, err := s.newSession(ctx, s.ent, u.ID)
	if err != nil {
		return nil, Session{}, err
	}
	return u, session, nil
}
