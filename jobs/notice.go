package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"rout/notice"
	"rout/notify"
)

// insertNotices records ns in tx (notice.Insert) and gives every new one whose user takes notifications
// of its kind the job that sends it, in tx: a your_turn notice of a user who batches them joins the
// digest of their current window (DigestArgs); any other waits Config.NotifyDelay (NotificationArgs).
func (j *Effects) insertNotices(ctx context.Context, tx *sql.Tx, ns ...notice.New) error {
	inserted, err := notice.Insert(ctx, tx, j.now(), ns...)
	if err != nil {
		return err
	}
	// The time is read after Insert holds the users' locks: a digest that runs after its window ended
	// waits for this transaction (notice.LockUser), so it sees every notice of its window.
	now := j.now()
	for _, n := range inserted {
		if n.Prefs.ChannelFor(n.New.Kind) == notify.ChannelNone {
			continue
		}
		if n.New.Kind == notify.KindYourTurn && n.Prefs.DigestHours > 0 {
			if err := j.insertDigest(ctx, tx, n.New.UserID, n.Prefs.DigestHours, now); err != nil {
				return err
			}
			continue
		}
		args := NotificationArgs{NoticeID: n.ID, NoticeKind: n.New.Kind.String(), UserID: n.New.UserID}
		opts := args.InsertOpts()
		opts.MaxAttempts = j.cfg.NotifyAttempts
		if j.cfg.NotifyDelay > 0 {
			opts.ScheduledAt = time.Now().Add(j.cfg.NotifyDelay)
		}
		if _, err := j.client.InsertTx(ctx, tx, args, &opts); err != nil {
			return fmt.Errorf("error enqueuing the notification of notice %d: %w", n.ID, err)
		}
	}
	return nil
}

// parseTime reads a time notice.Data holds.
func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }
