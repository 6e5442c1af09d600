package live_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"

	"rout/game"
	"rout/live"
	"rout/rules"
)

// A replica makes one hub, starts it, and serves each subscriber from it; a subscriber that falls behind
// resumes after the last sequence number it got.
func Example() {
	run := func(ctx context.Context, db *sql.DB, dsn string, svc *game.Service, gameID int) error {
		hub, err := live.New(live.Opts{DB: db, DSN: dsn, Game: svc})
		if err != nil {
			return err
		}
		if err := hub.Start(ctx); err != nil {
			return err
		}
		defer func() {
			if err := hub.Stop(context.WithoutCancel(ctx)); err != nil {
				log.Print(err)
			}
		}()

		after := int64(0) // the whole record, then live events
		for {
			sub, err := hub.GameEvents(ctx, gameID, rules.NoPlayer, after)
			if err != nil {
				return err
			}
			for {
				ev, err := sub.Next(ctx)
				var resume *live.ResumeError
				if errors.As(err, &resume) {
					after = resume.LastSeq // too slow: subscribe again from there
					break
				}
				if err != nil {
					return err
				}
				fmt.Println(ev.Seq, ev.Kind, ev.Phase, len(ev.Territories))
			}
		}
	}
	_ = run
}
