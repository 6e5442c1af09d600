package server

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/rivertype"

	"rout/account"
	"rout/game"
	"rout/internal/metrics"
	"rout/jobs"
	"rout/ladder"
	"rout/notifications/push"
	"rout/notifications/router"
	"rout/tournament"
	"rout/tournament/tablegame"
)

// services are the process's services behind the API and the jobs.
type services struct {
	game        *game.Service
	ladders     *ladder.Service
	tournaments *tournament.Service
}

// newJobs returns the process's game, ladder and tournament services and the River jobs that work through them:
// the jobs' Effects (built first, insert-only) enqueue every command's jobs, whether or not this process
// works them (cfg.Workers), and the tournaments' jobs advance them through the game service (tablegame). Workers get a LISTEN
// connection to the database, so that they pick new jobs up at once. The jobs worked here, the CPU turns
// and the takeovers are counted in m (nil: nowhere). The ladder service creates its games through the game
// service (tablegame) and kicks its pairing jobs through the Effects.
func newJobs(cfg Config, db *Database, accounts *account.Service, m *metrics.Metrics, logger *slog.Logger) (*jobs.Jobs, services, error) {
	opts := jobs.Opts{DB: db.DB, Accounts: accounts, Logger: logger, Config: cfg.Jobs, Observer: m,
		Middleware: []rivertype.Middleware{m.JobMiddleware()}}
	if cfg.Workers {
		opts.ListenURL = cfg.DatabaseURL
		if db.cluster != nil {
			opts.ListenURL = db.cluster.DSN()
		}
	}
	router, err := newRouter(cfg.Notify, accounts, logger)
	if err != nil {
		return nil, services{}, err
	}
	if router != nil {
		opts.Notifier = router
	}
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: db.DB, Accounts: accounts, Config: cfg.Jobs, Logger: logger})
	if err != nil {
		return nil, services{}, err
	}
	svc, err := game.New(game.Opts{DB: db.DB, Accounts: accounts, Logger: logger, Effects: effects,
		SeasonMonths: cfg.SeasonMonths})
	if err != nil {
		return nil, services{}, err
	}
	opts.Game = svc
	opts.Tournaments = tournament.NewService(db.DB, tablegame.Games{Game: svc}, nil)
	opts.Tournaments.SetEffects(effects)
	opts.Ladders = ladder.NewService(ladder.Opts{DB: db.DB, Games: tablegame.Games{Game: svc}, Kick: effects.LadderPair, Logger: logger})
	j, err := jobs.New(opts)
	if err != nil {
		return nil, services{}, err
	}
	return j, services{game: svc, ladders: opts.Ladders, tournaments: opts.Tournaments}, nil
}

// newRouter returns the notification router of cfg's channels, web push sending to the devices of
// accounts; nil when no channel is configured.
func newRouter(cfg router.Config, accounts *account.Service, logger *slog.Logger) (*router.Router, error) {
	if cfg.Email == nil && cfg.SMS == nil && cfg.Push == nil {
		return nil, nil
	}
	r, err := router.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("error configuring notifications: %w", err)
	}
	if cfg.Push != nil {
		if r.Push, err = push.New(push.Opts{Devices: accounts.Devices(), Config: *cfg.Push, Logger: logger}); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// startJobs starts working jobs when cfg.Workers asks for it.
func startJobs(ctx context.Context, cfg Config, work *jobs.Jobs) error {
	if !cfg.Workers {
		return nil
	}
	return work.Start(ctx)
}
