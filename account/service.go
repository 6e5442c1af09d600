package account

import (
	"database/sql"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/ent"
	"rout/notifications/push"
)

// DefaultSessionTTL is how long a session lasts unless Opts.SessionTTL says otherwise.
const DefaultSessionTTL = 30 * 24 * time.Hour

// Opts are the dependencies and settings of a Service.
type Opts struct {
	// DB is the database that holds the accounts' tables. Required.
	DB *sql.DB
	// Clock tells the time (token expiry and last use, sessions, devices). Nil is time.Now.
	Clock func() time.Time
	// Logger receives what is worth an operator's attention; nil discards it.
	Logger *slog.Logger
	// SessionTTL is how long a session from SignUp or SignIn lasts; 0 is DefaultSessionTTL.
	SessionTTL time.Duration
	// Push is the server's web push configuration, validated; nil when the server sends no web push
	// (RegisterPush refuses with PUSH_UNAVAILABLE).
	Push *push.Config
	// CacheTokens makes Authenticate remember the tokens it found live for up to TokenCacheTTL. Set it
	// only when the caller hears every replica's revocations on RevocationChannel and calls Forget for
	// each (graph does, beside its live hub).
	CacheTokens bool
}

// Service is the account service. It is safe for concurrent use.
type Service struct {
	ent        *ent.Client
	db         *sql.DB
	now        func() time.Time
	logger     *slog.Logger
	sessionTTL time.Duration
	push       *push.Config

	hashSlots   chan struct{} // bounds the password hashes computed at once (19 MiB each)
	credentials credentialCache
	tokens      *tokenCache // nil unless Opts.CacheTokens
	usage       *usageWriter
}

// New returns the Service of opts.
func New(opts Opts) (*Service, error) {
	var errs []error
	if opts.DB == nil {
		errs = append(errs, errors.New("account: Opts.DB is required"))
	}
	if opts.SessionTTL < 0 {
		errs = append(errs, errors.New("account: Opts.SessionTTL is negative"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.SessionTTL == 0 {
		opts.SessionTTL = DefaultSessionTTL
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, opts.DB)))
	s := &Service{
		ent:        client,
		db:         opts.DB,
		now:        opts.Clock,
		logger:     opts.Logger,
		sessionTTL: opts.SessionTTL,
		push:       opts.Push,
		hashSlots:  make(chan struct{}, max(2, runtime.GOMAXPROCS(0))),
		usage:      newUsageWriter(client),
	}
	if opts.CacheTokens {
		s.tokens = &tokenCache{}
	}
	return s, nil
}

// PushConfig is the web push configuration the service registers devices for; nil when the server
// sends no web push.
func (s *Service) PushConfig() *push.Config { return s.push }

// CachesTokens reports whether Authenticate caches tokens (Opts.CacheTokens).
func (s *Service) CachesTokens() bool { return s.tokens != nil }

// Problem is one reason an account operation refused its input: a stable code, a message for people,
// and the input field it is about (empty: no one field).
type Problem struct {
	Code, Message, Field string
}

// Refusal is the error of an operation that refused its input: every problem found.
type Refusal []Problem

func (r Refusal) Error() string {
	msgs := make([]string, len(r))
	for i, p := range r {
		msgs[i] = p.Message
	}
	return "account: " + strings.Join(msgs, "; ")
}

// refuse returns the Refusal of one problem.
func refuse(code, message, field string) Refusal {
	return Refusal{{Code: code, Message: message, Field: field}}
}

// The codes of the Problems.
const (
	CodeInvalidName         = "INVALID_NAME"
	CodeNameTaken           = "NAME_TAKEN"
	CodeInvalidEmail        = "INVALID_EMAIL"
	CodeEmailTaken          = "EMAIL_TAKEN"
	CodePasswordTooShort    = "PASSWORD_TOO_SHORT"
	CodePasswordTooLong     = "PASSWORD_TOO_LONG"
	CodeInvalidPhone        = "INVALID_PHONE"
	CodeInvalidCredentials  = "INVALID_CREDENTIALS"
	CodeNotASession         = "NOT_A_SESSION"
	CodeInvalidTokenName    = "INVALID_TOKEN_NAME"
	CodeTooManyTokens       = "TOO_MANY_TOKENS"
	CodeNotFound            = "NOT_FOUND"
	CodePhoneRequired       = "PHONE_REQUIRED"
	CodeInvalidDigestHours  = "INVALID_DIGEST_HOURS"
	CodeInvalidTimeZone     = "INVALID_TIME_ZONE"
	CodeInvalidQuietHours   = "INVALID_QUIET_HOURS"
	CodePushUnavailable     = "PUSH_UNAVAILABLE"
	CodeInvalidPushEndpoint = "INVALID_PUSH_ENDPOINT"
	CodeInvalidPushKey      = "INVALID_PUSH_KEY"
	CodeInvalidPushDevice   = "INVALID_PUSH_DEVICE"
)
