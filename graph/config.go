package graph

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rout/account"
	"rout/graph/wstransport"
	"rout/internal/envconf"
	"rout/maps"
)

// Defaults of Settings.
const (
	DefaultMaxBodyBytes   = 1 << 20 // 1 MiB
	DefaultMaxDepth       = 15
	DefaultMaxAliases     = 30
	DefaultMaxTokens      = 5000
	DefaultMaxComplexity  = 1000
	DefaultRequestTimeout = 10 * time.Second
	DefaultQueryCacheSize = 1000
	DefaultAPQCacheSize   = 1000
	// DefaultMaxUploadBytes is the largest multipart request (file uploads): a map file of the
	// format's limit and room for the rest of the request.
	DefaultMaxUploadBytes  = maps.MaxFileSize + 1<<20
	DefaultMapsPerUser     = 50       // map versions one user may have stored
	DefaultMapBytesPerUser = 64 << 20 // bytes one user's stored map versions may take
	// DefaultMapCheckMemory is the memory the map checks of one server may take at once: the charge of
	// two Rout map files of the largest size (272 MiB).
	DefaultMapCheckMemory = 2 * MapCheckReads * (maps.ReadMemoryPerByte*maps.MaxFileSize + maps.ReadMemorySlack)
)

// Default rate limits of Settings.
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

// The environment variables SettingsFromEnv reads, one per field of Settings.
const (
	EnvMaxBodyBytes    = "ROUT_GRAPHQL_MAX_BODY_BYTES"
	EnvMaxDepth        = "ROUT_GRAPHQL_MAX_DEPTH"
	EnvMaxAliases      = "ROUT_GRAPHQL_MAX_ALIASES"
	EnvMaxTokens       = "ROUT_GRAPHQL_MAX_TOKENS"
	EnvMaxComplexity   = "ROUT_GRAPHQL_MAX_COMPLEXITY"
	EnvRequestTimeout  = "ROUT_GRAPHQL_REQUEST_TIMEOUT"
	EnvQueryCacheSize  = "ROUT_GRAPHQL_QUERY_CACHE_SIZE"
	EnvAPQCacheSize    = "ROUT_GRAPHQL_APQ_CACHE_SIZE"
	EnvRateIP          = "ROUT_GRAPHQL_RATE_IP"
	EnvRateUser        = "ROUT_GRAPHQL_RATE_USER"
	EnvRateSignIn      = "ROUT_GRAPHQL_RATE_SIGNIN"
	EnvClientIPHeader  = "ROUT_GRAPHQL_CLIENT_IP_HEADER"
	EnvSuggestions     = "ROUT_GRAPHQL_SUGGESTIONS"
	EnvSessionTTL      = "ROUT_SESSION_TTL"
	EnvMaxUploadBytes  = "ROUT_GRAPHQL_MAX_UPLOAD_BYTES"
	EnvMapsPerUser     = "ROUT_MAPS_PER_USER"
	EnvMapBytesPerUser = "ROUT_MAP_BYTES_PER_USER"
	EnvMapCheckMemory  = "ROUT_MAP_CHECK_MEMORY"

	EnvWSAllowedOrigins = "ROUT_WS_ALLOWED_ORIGINS"
	EnvWSMaxOperations  = "ROUT_WS_MAX_OPERATIONS"
	EnvWSReadLimit      = "ROUT_WS_READ_LIMIT"
	EnvWSInitTimeout    = "ROUT_WS_INIT_TIMEOUT"
	EnvWSPingInterval   = "ROUT_WS_PING_INTERVAL"
	EnvWSWriteTimeout   = "ROUT_WS_WRITE_TIMEOUT"

	EnvWSMaxExecuting       = "ROUT_WS_MAX_EXECUTING"
	EnvWSMaxConnsPerAddress = "ROUT_WS_MAX_CONNS_PER_ADDRESS"
	EnvWSMaxConnsPerUser    = "ROUT_WS_MAX_CONNS_PER_USER"
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

// Settings holds the GraphQL API's limits and settings. DefaultSettings gives the defaults; the zero Settings
// is not valid. Each field names the environment variable SettingsFromEnv reads it from.
type Settings struct {
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
	// MaxUploadBytes is the largest multipart/form-data request body accepted, the one that carries file
	// uploads (ROUT_GRAPHQL_MAX_UPLOAD_BYTES); MaxBodyBytes bounds every other body. Default 17 MiB: a map
	// file of the format's 16 MiB limit and the rest of the request.
	MaxUploadBytes int64
	// MapsPerUser is how many map versions one user may have stored (ROUT_MAPS_PER_USER); one more upload
	// is refused with MAP_COUNT_LIMIT. 0 turns the limit off. Default 50.
	MapsPerUser int
	// MapBytesPerUser is how many bytes one user's stored map versions may take in all
	// (ROUT_MAP_BYTES_PER_USER); an upload beyond is refused with MAP_BYTES_LIMIT. 0 turns the limit off.
	// Default 64 MiB.
	MapBytesPerUser int64
	// MapCheckMemory is the memory the map checks (uploadMap, publishMapVersion, importMap) of the server
	// may take at once (ROUT_MAP_CHECK_MEMORY): each is charged MapCheckReads times the most that reading
	// its file allocates (maps.ReadMemory; at most all of it), and waits until its share is free. Default
	// DefaultMapCheckMemory (272 MiB).
	MapCheckMemory int64

	// WSAllowedOrigins are the browser origins, besides the API's own, that may open a websocket
	// (ROUT_WS_ALLOWED_ORIGINS, comma-separated, such as "https://play.example.com"; "*" allows every
	// origin). Default none: same origin only. A client that is not a browser sends no Origin and is
	// always allowed.
	WSAllowedOrigins []string
	// WSMaxOperations is how many operations one websocket may run at once (ROUT_WS_MAX_OPERATIONS).
	// Default wstransport.DefaultMaxOperations (100).
	WSMaxOperations int
	// WSMaxExecuting is how many operations of one websocket execute at once (ROUT_WS_MAX_EXECUTING);
	// the others wait for their turn, so that one socket cannot take the CPU from everyone else. Default
	// wstransport.DefaultMaxExecuting (4).
	WSMaxExecuting int
	// WSMaxConnsPerAddress is how many websockets one client address may have open at once
	// (ROUT_WS_MAX_CONNS_PER_ADDRESS); one more upgrade gets 429. Default
	// wstransport.DefaultMaxConnsPerClient (200).
	WSMaxConnsPerAddress int
	// WSMaxConnsPerUser is how many websockets one signed-in user may have open at once
	// (ROUT_WS_MAX_CONNS_PER_USER); one more closes with 1013 at its connection_init. Default
	// wstransport.DefaultMaxConnsPerUser (20).
	WSMaxConnsPerUser int
	// WSReadLimit is the largest message a websocket client may send, in bytes (ROUT_WS_READ_LIMIT); a
	// larger one closes the socket with 1009. Default wstransport.DefaultReadLimit (64 KiB).
	WSReadLimit int64
	// WSInitTimeout is how long a client has to send connection_init (ROUT_WS_INIT_TIMEOUT); then the
	// socket closes with 4408. Default wstransport.DefaultInitTimeout (10s).
	WSInitTimeout time.Duration
	// WSPingInterval is how often the server pings an idle websocket (ROUT_WS_PING_INTERVAL); a socket
	// silent for two intervals is closed. Default wstransport.DefaultPingInterval (20s).
	WSPingInterval time.Duration
	// WSWriteTimeout bounds the writing of one message to a websocket (ROUT_WS_WRITE_TIMEOUT): a client
	// that cannot take it in time is dropped. Default wstransport.DefaultWriteTimeout (10s).
	WSWriteTimeout time.Duration
}

// DefaultSettings returns the configuration with every field at its default.
func DefaultSettings() Settings {
	return Settings{
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
		SessionTTL:     account.DefaultSessionTTL,

		MaxUploadBytes:  DefaultMaxUploadBytes,
		MapsPerUser:     DefaultMapsPerUser,
		MapBytesPerUser: DefaultMapBytesPerUser,
		MapCheckMemory:  DefaultMapCheckMemory,

		WSMaxOperations:      wstransport.DefaultMaxOperations,
		WSMaxExecuting:       wstransport.DefaultMaxExecuting,
		WSMaxConnsPerAddress: wstransport.DefaultMaxConnsPerClient,
		WSMaxConnsPerUser:    wstransport.DefaultMaxConnsPerUser,
		WSReadLimit:          wstransport.DefaultReadLimit,
		WSInitTimeout:        wstransport.DefaultInitTimeout,
		WSPingInterval:       wstransport.DefaultPingInterval,
		WSWriteTimeout:       wstransport.DefaultWriteTimeout,
	}
}

// SettingsFromEnv returns DefaultSettings with the values of the environment variables that are set (not
// empty), read through getenv. It fails on a value it cannot parse, naming every one; Validate checks
// the rest.
func SettingsFromEnv(getenv func(string) string) (Settings, error) {
	cfg := DefaultSettings()
	env := envconf.New(getenv)
	for _, v := range []struct {
		key string
		dst *int
	}{
		{EnvMaxDepth, &cfg.MaxDepth},
		{EnvMaxAliases, &cfg.MaxAliases},
		{EnvMaxTokens, &cfg.MaxTokens},
		{EnvMaxComplexity, &cfg.MaxComplexity},
		{EnvQueryCacheSize, &cfg.QueryCacheSize},
		{EnvAPQCacheSize, &cfg.APQCacheSize},
		{EnvWSMaxOperations, &cfg.WSMaxOperations},
		{EnvWSMaxExecuting, &cfg.WSMaxExecuting},
		{EnvWSMaxConnsPerAddress, &cfg.WSMaxConnsPerAddress},
		{EnvWSMaxConnsPerUser, &cfg.WSMaxConnsPerUser},
		{EnvMapsPerUser, &cfg.MapsPerUser},
	} {
		env.Int(v.key, v.dst)
	}
	env.Int64(EnvMaxBodyBytes, &cfg.MaxBodyBytes)
	env.Int64(EnvMaxUploadBytes, &cfg.MaxUploadBytes)
	env.Int64(EnvMapBytesPerUser, &cfg.MapBytesPerUser)
	env.Int64(EnvMapCheckMemory, &cfg.MapCheckMemory)
	env.Int64(EnvWSReadLimit, &cfg.WSReadLimit)
	for _, v := range []struct {
		key string
		dst *time.Duration
	}{
		{EnvRequestTimeout, &cfg.RequestTimeout},
		{EnvSessionTTL, &cfg.SessionTTL},
		{EnvWSInitTimeout, &cfg.WSInitTimeout},
		{EnvWSPingInterval, &cfg.WSPingInterval},
		{EnvWSWriteTimeout, &cfg.WSWriteTimeout},
	} {
		env.Duration(v.key, v.dst)
	}
	for _, v := range []struct {
		key string
		dst *RateLimit
	}{
		{EnvRateIP, &cfg.RateIP},
		{EnvRateUser, &cfg.RateUser},
		{EnvRateSignIn, &cfg.RateSignIn},
	} {
		env.Func(v.key, func(s string) error {
			l, err := ParseRateLimit(s)
			if err != nil {
				return err
			}
			*v.dst = l
			return nil
		})
	}
	env.String(EnvClientIPHeader, &cfg.ClientIPHeader)
	env.Func(EnvWSAllowedOrigins, func(s string) error {
		for _, o := range strings.Split(s, ",") {
			if o = strings.TrimSpace(o); o != "" {
				cfg.WSAllowedOrigins = append(cfg.WSAllowedOrigins, o)
			}
		}
		return nil
	})
	env.Bool(EnvSuggestions, &cfg.Suggestions)
	if err := env.Err(); err != nil {
		return Settings{}, err
	}
	return cfg, nil
}

// Validate reports every setting the API cannot run with, each on its own line.
func (c Settings) Validate() error {
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
		{EnvWSMaxOperations, int64(c.WSMaxOperations)},
		{EnvWSMaxExecuting, int64(c.WSMaxExecuting)},
		{EnvWSMaxConnsPerAddress, int64(c.WSMaxConnsPerAddress)},
		{EnvWSMaxConnsPerUser, int64(c.WSMaxConnsPerUser)},
		{EnvWSReadLimit, c.WSReadLimit},
		{EnvMaxUploadBytes, c.MaxUploadBytes},
		{EnvMapCheckMemory, c.MapCheckMemory},
	}
	for _, v := range positive {
		if v.n <= 0 {
			errs = append(errs, fmt.Errorf("%s %d is not positive", v.key, v.n))
		}
	}
	for _, v := range []struct {
		key string
		n   int64
	}{{EnvMapsPerUser, int64(c.MapsPerUser)}, {EnvMapBytesPerUser, c.MapBytesPerUser}} {
		if v.n < 0 {
			errs = append(errs, fmt.Errorf("%s %d is negative (0 turns the limit off)", v.key, v.n))
		}
	}
	for _, v := range []struct {
		key string
		d   time.Duration
	}{
		{EnvRequestTimeout, c.RequestTimeout}, {EnvSessionTTL, c.SessionTTL}, {EnvWSInitTimeout, c.WSInitTimeout},
		{EnvWSPingInterval, c.WSPingInterval}, {EnvWSWriteTimeout, c.WSWriteTimeout},
	} {
		if v.d <= 0 {
			errs = append(errs, fmt.Errorf("%s %v is not positive", v.key, v.d))
		}
	}
	for _, o := range c.WSAllowedOrigins {
		if err := checkOrigin(o); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", EnvWSAllowedOrigins, err))
		}
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

// checkOrigin checks an allowed origin as a browser sends it: "*", or a scheme and a host (with its port,
// if any) and nothing more, such as https://play.example.com.
func checkOrigin(o string) error {
	if o == "*" {
		return nil
	}
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("origin %q is not a scheme and a host, such as https://play.example.com, or *", o)
	}
	return nil
}
