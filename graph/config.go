package graph

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Defaults of Config.
const (
	DefaultMaxBodyBytes   = 1 << 20 // 1 MiB
	DefaultMaxDepth       = 15
	DefaultMaxAliases     = 30
	DefaultMaxTokens      = 5000
	DefaultMaxComplexity  = 1000
	DefaultRequestTimeout = 10 * time.Second
	DefaultQueryCacheSize = 1000
	DefaultAPQCacheSize   = 1000
	DefaultSessionTTL     = 30 * 24 * time.Hour
)

// Default rate limits of Config.
var (
	// DefaultRateIP allows a client address 1200 requests a minute, in bursts of up to 200: generous,
	// because many people may share one address (an office, a bar).
	DefaultRateIP = RateLimit{Events: 1200, Per: time.Minute, Burst: 200}
	// DefaultRateUser allows a signed-in user 600 requests a minute, in bursts of up to 100.
	DefaultRateUser = RateLimit{Events: 600, Per: time.Minute, Burst: 100}
	// DefaultRateSignIn allows a client address 10 attempts at signIn or signUp a minute, and as many
	// attempts at one login (email or name) from anywhere.
	DefaultRateSignIn = RateLimit{Events: 10, Per: time.Minute, Burst: 10}
)

// The environment variables ConfigFromEnv reads, one per field of Config.
const (
	EnvMaxBodyBytes   = "ROUT_GRAPHQL_MAX_BODY_BYTES"
	EnvMaxDepth       = "ROUT_GRAPHQL_MAX_DEPTH"
	EnvMaxAliases     = "ROUT_GRAPHQL_MAX_ALIASES"
	EnvMaxTokens      = "ROUT_GRAPHQL_MAX_TOKENS"
	EnvMaxComplexity  = "ROUT_GRAPHQL_MAX_COMPLEXITY"
	EnvRequestTimeout = "ROUT_GRAPHQL_REQUEST_TIMEOUT"
	EnvQueryCacheSize = "ROUT_GRAPHQL_QUERY_CACHE_SIZE"
	EnvAPQCacheSize   = "ROUT_GRAPHQL_APQ_CACHE_SIZE"
	EnvRateIP         = "ROUT_GRAPHQL_RATE_IP"
	EnvRateUser       = "ROUT_GRAPHQL_RATE_USER"
	EnvRateSignIn     = "ROUT_GRAPHQL_RATE_SIGNIN"
	EnvClientIPHeader = "ROUT_GRAPHQL_CLIENT_IP_HEADER"
	EnvSuggestions    = "ROUT_GRAPHQL_SUGGESTIONS"
	EnvSessionTTL     = "ROUT_SESSION_TTL"
)

// MaxPageSize is the most items a page of a connection holds; DefaultPageSize is the size of a page
// when the query gives neither first nor last.
const (
	MaxPageSize     = 100
	DefaultPageSize = 20
)

// RateLimit is a token bucket: Events requests per Per on average, and up to Burst at once. Events 0
// turns the limit off.
type RateLimit struct {
	Events int
	Per    time.Duration
	Burst  int
}

// String writes the limit as ParseRateLimit reads it: "EVENTS/PER,BURST", such as "600/1m0s,100", or
// "off".
func (l RateLimit) String() string {
	if l.Events == 0 {
		return "off"
	}
	return fmt.Sprintf("%d/%s,%d", l.Events, l.Per, l.Burst)
}

// ParseRateLimit reads a RateLimit written as "EVENTS/PER" or "EVENTS/PER,BURST" (such as "600/1m" or
// "600/1m,100"; the burst defaults to EVENTS), or as "off".
func ParseRateLimit(s string) (RateLimit, error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "0" {
		return RateLimit{}, nil
	}
	rest, burst, hasBurst := strings.Cut(s, ",")
	events, per, ok := strings.Cut(rest, "/")
	if !ok {
		return RateLimit{}, fmt.Errorf("rate limit %q is not EVENTS/PER[,BURST] (such as 600/1m,100) or off", s)
	}
	var l RateLimit
	var err error
	if l.Events, err = strconv.Atoi(strings.TrimSpace(events)); err != nil {
		return RateLimit{}, fmt.Errorf("rate limit %q: %q is not a number of requests", s, events)
	}
	if l.Per, err = time.ParseDuration(strings.TrimSpace(per)); err != nil {
		return RateLimit{}, fmt.Errorf("rate limit %q: %q is not a duration (such as 1m)", s, per)
	}
	l.Burst = l.Events
	if hasBurst {
		if l.Burst, err = strconv.Atoi(strings.TrimSpace(burst)); err != nil {
			return RateLimit{}, fmt.Errorf("rate limit %q: burst %q is not a number", s, burst)
		}
	}
	return l, nil
}

func (l RateLimit) validate(name string) error {
	if l.Events == 0 {
		return nil
	}
	if l.Events < 0 || l.Per <= 0 || l.Burst < 1 {
		return fmt.Errorf("%s %s: want positive events, period and burst, or off", name, l)
	}
	return nil
}

// Config holds the GraphQL API's limits and settings. DefaultConfig gives the defaults; the zero Config
// is not valid. Each field names the environment variable ConfigFromEnv reads it from.
type Config struct {
	// MaxBodyBytes is the largest request body accepted (ROUT_GRAPHQL_MAX_BODY_BYTES); a larger one gets
	// 413. Default 1 MiB.
	MaxBodyBytes int64
	// MaxDepth is the deepest nesting of fields an operation may have (ROUT_GRAPHQL_MAX_DEPTH); fragments
	// count at the depth where they are spread; introspection fields are bounded by gqlparser's own rule
	// instead. Default 15.
	MaxDepth int
	// MaxAliases is the most aliased fields an operation may have, counting each fragment once
	// (ROUT_GRAPHQL_MAX_ALIASES). Default 30.
	MaxAliases int
	// MaxTokens is the most lexical tokens a query document may have (ROUT_GRAPHQL_MAX_TOKENS): the
	// parser stops at this many. Default 5000.
	MaxTokens int
	// MaxComplexity is the highest complexity an operation may have (ROUT_GRAPHQL_MAX_COMPLEXITY): each
	// field costs 1 plus its children, and a connection multiplies its children by its page size.
	// Default 1000.
	MaxComplexity int
	// RequestTimeout bounds the work on one request (ROUT_GRAPHQL_REQUEST_TIMEOUT). Default 10s.
	RequestTimeout time.Duration
	// QueryCacheSize is how many parsed and validated query documents are kept, least recently used
	// first out (ROUT_GRAPHQL_QUERY_CACHE_SIZE). Default 1000.
	QueryCacheSize int
	// APQCacheSize is how many automatic persisted queries (by SHA-256 hash) are kept
	// (ROUT_GRAPHQL_APQ_CACHE_SIZE). Default 1000.
	APQCacheSize int
	// RateIP limits the requests of one client address (ROUT_GRAPHQL_RATE_IP, "EVENTS/PER,BURST" or
	// "off"). Default DefaultRateIP.
	RateIP RateLimit
	// RateUser limits the requests of one signed-in user, over all their tokens
	// (ROUT_GRAPHQL_RATE_USER). Default DefaultRateUser.
	RateUser RateLimit
	// RateSignIn limits signIn and signUp attempts per client address, and signIn attempts per login
	// (ROUT_GRAPHQL_RATE_SIGNIN). Default DefaultRateSignIn.
	RateSignIn RateLimit
	// ClientIPHeader names the request header that holds the client's address, such as X-Real-IP, when
	// the server runs behind a proxy that sets it (ROUT_GRAPHQL_CLIENT_IP_HEADER). Empty: the address of
	// the connection. Only set it behind such a proxy: clients can send any header. Default empty.
	ClientIPHeader string
	// Suggestions turns on the "Did you mean ...?" hints of validation errors
	// (ROUT_GRAPHQL_SUGGESTIONS=true): handy in development, off in production. Default false.
	Suggestions bool
	// SessionTTL is how long a session from signIn or signUp lasts (ROUT_SESSION_TTL). Default 30 days.
	SessionTTL time.Duration
}

// DefaultConfig returns the configuration with every field at its default.
func DefaultConfig() Config {
	return Config{
		MaxBodyBytes:   DefaultMaxBodyBytes,
		MaxDepth:       DefaultMaxDepth,
		MaxAliases:     DefaultMaxAliases,
		MaxTokens:      DefaultMaxTokens,
		MaxComplexity:  DefaultMaxComplexity,
		RequestTimeout: DefaultRequestTimeout,
		QueryCacheSize: DefaultQueryCacheSize,
		APQCacheSize:   DefaultAPQCacheSize,
		RateIP:         DefaultRateIP,
		RateUser:       DefaultRateUser,
		RateSignIn:     DefaultRateSignIn,
		SessionTTL:     DefaultSessionTTL,
	}
}

// ConfigFromEnv returns DefaultConfig with the values of the environment variables that are set (not
// empty), read through getenv. It fails on a value it cannot parse, naming every one; Validate checks
// the rest.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := DefaultConfig()
	var errs []error
	ints := []struct {
		key string
		dst *int
	}{
		{EnvMaxDepth, &cfg.MaxDepth},
		{EnvMaxAliases, &cfg.MaxAliases},
		{EnvMaxTokens, &cfg.MaxTokens},
		{EnvMaxComplexity, &cfg.MaxComplexity},
		{EnvQueryCacheSize, &cfg.QueryCacheSize},
		{EnvAPQCacheSize, &cfg.APQCacheSize},
	}
	for _, v := range ints {
		if s := getenv(v.key); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s %q is not a whole number", v.key, s))
				continue
			}
			*v.dst = n
		}
	}
	if s := getenv(EnvMaxBodyBytes); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %q is not a number of bytes", EnvMaxBodyBytes, s))
		} else {
			cfg.MaxBodyBytes = n
		}
	}
	durations := []struct {
		key string
		dst *time.Duration
	}{
		{EnvRequestTimeout, &cfg.RequestTimeout},
		{EnvSessionTTL, &cfg.SessionTTL},
	}
	for _, v := range durations {
		if s := getenv(v.key); s != "" {
			d, err := time.ParseDuration(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s %q is not a duration (such as 10s or 720h)", v.key, s))
				continue
			}
			*v.dst = d
		}
	}
	rates := []struct {
		key string
		dst *RateLimit
	}{
		{EnvRateIP, &cfg.RateIP},
		{EnvRateUser, &cfg.RateUser},
		{EnvRateSignIn, &cfg.RateSignIn},
	}
	for _, v := range rates {
		if s := getenv(v.key); s != "" {
			l, err := ParseRateLimit(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", v.key, err))
				continue
			}
			*v.dst = l
		}
	}
	cfg.ClientIPHeader = getenv(EnvClientIPHeader)
	if s := getenv(EnvSuggestions); s != "" {
		b, err := strconv.ParseBool(s)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %q is not true or false", EnvSuggestions, s))
		} else {
			cfg.Suggestions = b
		}
	}
	if err := errors.Join(errs...); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Validate reports every setting the API cannot run with, each on its own line.
func (c Config) Validate() error {
	var errs []error
	positive := []struct {
		key string
		n   int64
	}{
		{EnvMaxBodyBytes, c.MaxBodyBytes},
		{EnvMaxDepth, int64(c.MaxDepth)},
		{EnvMaxAliases, int64(c.MaxAliases)},
		{EnvMaxTokens, int64(c.MaxTokens)},
		{EnvMaxComplexity, int64(c.MaxComplexity)},
		{EnvQueryCacheSize, int64(c.QueryCacheSize)},
		{EnvAPQCacheSize, int64(c.APQCacheSize)},
	}
	for _, v := range positive {
		if v.n <= 0 {
			errs = append(errs, fmt.Errorf("%s %d is not positive", v.key, v.n))
		}
	}
	if c.RequestTimeout <= 0 {
		errs = append(errs, fmt.Errorf("%s %v is not positive", EnvRequestTimeout, c.RequestTimeout))
	}
	if c.SessionTTL <= 0 {
		errs = append(errs, fmt.Errorf("%s %v is not positive", EnvSessionTTL, c.SessionTTL))
	}
	for _, v := range []struct {
		key string
		l   RateLimit
	}{{EnvRateIP, c.RateIP}, {EnvRateUser, c.RateUser}, {EnvRateSignIn, c.RateSignIn}} {
		if err := v.l.validate(v.key); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
