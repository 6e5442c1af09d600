package graph

import (
	"errors"
	"log/slog"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"

	"rout/account"
	"rout/chat"
	"rout/ent"
	"rout/game"
	"rout/ladder"
	"rout/live"
	"rout/tournament"
)

// Deps are the API's dependencies.
type Deps struct {
	// Ent is the Ent client on DB. Required.
	Ent *ent.Client
	// Game is the game service every game command goes through. Required.
	Game *game.Service
	// Accounts is the account service: users, sessions, API tokens, preferences and push devices.
	// Required. When it caches tokens (account.Opts.CacheTokens), Live is required too: the handler hears
	// every replica's revocations there and tells Accounts.
	Accounts *account.Service
	// Chat is the chat service: the games' chat rooms. Required.
	Chat *chat.Service
	// Ladders is the ladder service (package ladder); nil: the API has no ladders.
	Ladders *ladder.Service
	// Tournaments is the tournament service. Nil: the tournament fields fail with INTERNAL_SERVER_ERROR.
	Tournaments *tournament.Service
	// Logger receives internal errors and panics, with the request id. Nil discards them.
	Logger *slog.Logger

	// Extensions are added to the GraphQL server after Rout's own (metrics.GraphQL counts operations).
	Extensions []graphql.HandlerExtension
	// Clock tells the time (token expiry, last use, rate limits). Nil is time.Now.
	Clock func() time.Time
	// Live is the hub the subscriptions are served from. Nil: subscriptions fail with
	// INTERNAL_SERVER_ERROR.
	Live *live.Hub
}

// Resolver is the root of the resolvers and the only place that holds the API's dependencies: every
// resolver, the auth middleware and the directives reach them through it.
type Resolver struct {
	ent      *ent.Client
	game     *game.Service
	accounts *account.Service
	chat     *chat.Service
	// ladderSvc is Deps.Ladders; nil: no ladders
	ladderSvc *ladder.Service
	tourney   *tournament.Service
	live      *live.Hub
	logger    *slog.Logger
	now       func() time.Time
	cfg       Settings

	rateIP          *limiterSet // requests per client address
	rateUser        *limiterSet // requests per signed-in user
	rateSignInIP    *limiterSet // signIn and signUp attempts per client address
	rateSignInLogin *limiterSet // signIn attempts per login
	mapChecks       *mapChecks  // bounds the map uploads checked at once, by count and memory
}

// newResolver checks the dependencies and builds the root resolver.
func newResolver(cfg Settings, deps Deps) (*Resolver, error) {
	var errs []error
	if deps.Ent == nil {
		errs = append(errs, errors.New("graph: Deps.Ent is required"))
	}
	if deps.Accounts == nil {
		errs = append(errs, errors.New("graph: Deps.Accounts is required"))
	} else if deps.Accounts.CachesTokens() && deps.Live == nil {
		errs = append(errs, errors.New("graph: Deps.Accounts caches tokens, so Deps.Live is required to hear their revocations"))
	}
	if deps.Game == nil {
		errs = append(errs, errors.New("graph: Deps.Game is required"))
	}
	if deps.Chat == nil {
		errs = append(errs, errors.New("graph: Deps.Chat is required"))
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
	return &Resolver{
		ent:             deps.Ent,
		game:            deps.Game,
		accounts:        deps.Accounts,
		chat:            deps.Chat,
		ladderSvc:       deps.Ladders,
		tourney:         deps.Tournaments,
		live:            deps.Live,
		logger:          deps.Logger,
		now:             deps.Clock,
		cfg:             cfg,
		rateIP:          newLimiterSet(cfg.RateIP, deps.Clock),
		rateUser:        newLimiterSet(cfg.RateUser, deps.Clock),
		rateSignInIP:    newLimiterSet(cfg.RateSignIn, deps.Clock),
		rateSignInLogin: newLimiterSet(cfg.RateSignIn, deps.Clock),
		mapChecks:       newMapChecks(cfg.MapCheckMemory),
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
	c.Complexity.Query.Tournaments = func(child int, _ *TournamentStatus, first *int, _ *entgql.Cursor[int]) int {
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
	// A user's blocks are up to account.BlockLimit users.
	c.Complexity.User.BlockedUsers = func(child int) int { return 1 + child*account.BlockLimit/100 }
	c.Complexity.GameMap.BonusAreas = mapList
	// A tournament's lists hold up to its entrants (tournament.MaxEntrants): each costs as a map's lists.
	c.Complexity.Tournament.Entrants = mapList
	c.Complexity.Tournament.Rounds = mapList
	c.Complexity.Tournament.Standings = mapList
	c.Complexity.Tournament.Bracket = mapList
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
	// An event's territories cost as one field: they are what the entry changed, as the live feed sends
	// them, so a page of events stays within the limit with them.
	c.Complexity.GameEvent.Territories = func(child int) int { return 1 }
	return c
}
