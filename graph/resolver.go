package graph

import (
	"database/sql"
	"errors"
	"log/slog"
	"runtime"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"

	"rout/ent"
	"rout/game"
	"rout/live"
	"rout/notifications/push"
)

// Deps are the API's dependencies.
type Deps struct {
	// Ent is the Ent client on DB. Required.
	Ent *ent.Client
	// DB is the database, for what Ent does not cover: a token's revocation announced in the statement
	// that revokes it, and the check of every open socket's token. Required.
	DB *sql.DB
	// Game is the game service every game command goes through. Required.
	Game *game.Service
	// Logger receives internal errors and panics, with the request id. Nil discards them.
	Logger *slog.Logger

	// Extensions are added to the GraphQL server after Rout's own (metrics.GraphQL counts operations).
	Extensions []graphql.HandlerExtension
	// Clock tells the time (token expiry, last use, rate limits). Nil is time.Now.
	Clock func() time.Time
	// Live is the hub the subscriptions are served from. Nil: subscriptions fail with
	// INTERNAL_SERVER_ERROR.
	Live *live.Hub
	// Push is the server's web push configuration (router.Config.Push), validated; nil when the server
	// does not send web push (pushPublicKey is null, registerPushSubscription refuses).
	Push *push.Config
}

// Resolver is the root of the resolvers and the only place that holds the API's dependencies: every
// resolver, the auth middleware and the directives reach them through it.
type Resolver struct {
	ent    *ent.Client
	db     *sql.DB
	game   *game.Service
	live   *live.Hub
	push   *push.Config
	logger *slog.Logger
	now    func() time.Time
	cfg    Settings

	rateIP          *limiterSet   // requests per client address
	rateUser        *limiterSet   // requests per signed-in user
	rateSignInIP    *limiterSet   // signIn and signUp attempts per client address
	rateSignInLogin *limiterSet   // signIn attempts per login
	hashSlots       chan struct{} // bounds the password hashes computed at once (19 MiB each)
	mapChecks       *mapChecks    // bounds the map uploads checked at once, by count and memory
	credentials     credentialCache
	tokens          *tokenCache // the live tokens seen lately; nil without a live hub to hear revocations
}

// newResolver checks the dependencies and builds the root resolver.
func newResolver(cfg Settings, deps Deps) (*Resolver, error) {
	var errs []error
	if deps.Ent == nil {
		errs = append(errs, errors.New("graph: Deps.Ent is required"))
	}
	if deps.DB == nil {
		errs = append(errs, errors.New("graph: Deps.DB is required"))
	}
	if deps.Game == nil {
		errs = append(errs, errors.New("graph: Deps.Game is required"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if deps.Logger == nil {
		deps.Logger = slog.New(slog.DiscardHandler)
	}
	if deps.Clock == nil {
		deps.Clock = time.Now
	}
	var tokens *tokenCache
	if deps.Live != nil {
		tokens = &tokenCache{}
	}
	return &Resolver{
		ent:             deps.Ent,
		db:              deps.DB,
		game:            deps.Game,
		live:            deps.Live,
		push:            deps.Push,
		logger:          deps.Logger,
		now:             deps.Clock,
		cfg:             cfg,
		rateIP:          newLimiterSet(cfg.RateIP, deps.Clock),
		rateUser:        newLimiterSet(cfg.RateUser, deps.Clock),
		rateSignInIP:    newLimiterSet(cfg.RateSignIn, deps.Clock),
		rateSignInLogin: newLimiterSet(cfg.RateSignIn, deps.Clock),
		hashSlots:       make(chan struct{}, max(2, runtime.GOMAXPROCS(0))),
		mapChecks:       newMapChecks(cfg.MapCheckMemory),
		tokens:          tokens,
	}, nil
}

// executableSchema returns the gqlgen schema with r's resolvers, the directives, and the complexity of
// the fields whose cost grows with their arguments.
func (r *Resolver) executableSchema() Config {
	c := Config{
		Resolvers:  r,
		Directives: DirectiveRoot{Auth: authDirective},
	}
	c.Complexity.Query.Nodes = func(child int, ids []string) int { return 1 + child*max(1, len(ids)) }
	c.Complexity.Query.APITokens = func(child int, first *int, _ *entgql.Cursor[int], last *int, _ *entgql.Cursor[int]) int {
		return 1 + child*pageSize(first, last)
	}
	c.Complexity.Query.Games = func(child int, _ *GamesFilter, first *int, _ *entgql.Cursor[int]) int {
		return 1 + child*pageSize(first, nil)
	}
	c.Complexity.Game.Territories = func(child int, first *int, _ *entgql.Cursor[int]) int {
		return 1 + child*pageSize(first, nil)
	}
	c.Complexity.Query.Maps = func(child int, _ *MapsFilter, _ *MapOrder, first *int, _ *entgql.Cursor[int]) int {
		return 1 + child*pageSize(first, nil)
	}
	// A map's lists hold up to 10,000 territories (100,000 borders): each costs as a page of the most
	// items, so that one request reads the geometry of a few maps at most.
	mapList := func(child int) int { return 1 + child*MaxPageSize/10 }
	c.Complexity.GameMap.Territories = mapList
	c.Complexity.GameMap.Borders = mapList
	c.Complexity.GameMap.BonusAreas = mapList
	c.Complexity.GameMap.Versions = func(child int) int { return 1 + child*10 }
	// A record costs by the size of its game, known once the game is read: 1 here, the rest when it
	// runs (spendRecord).
	c.Complexity.Game.Record = func(child int) int { return 1 }
	c.Complexity.Game.Events = func(child int, _ *int, first *int) int {
		n := maxEvents
		if first != nil && *first >= 0 && *first <= maxEvents {
			n = *first
		}
		return 1 + child*n
	}
	return c
}
