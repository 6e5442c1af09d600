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
// the job that sends it, in tx.
func (j *Effects) insertNotices(ctx context.Context, tx *sql.Tx, ns ...notice.New) error {
	inserted, err := notice.Insert(ctx, tx, j.now(), ns...)
	if err != nil {
		return err
	}
	for _, n := range inserted {
		if n.Channel == notify.ChannelNone.String() {
			continue
		}
		args := NotificationArgs{NoticeID: n.ID, NoticeKind: n.New.Kind.String(), UserID: n.New.UserID}
		opts := args.InsertOpts()
		opts.MaxAttempts = j.cfg.NotifyAttempts
		if _, err := j.client.InsertTx(ctx, tx, args, &opts); err != nil {
			return fmt.Errorf("error enqueuing the notification of notice %d: %w", n.ID, err)
		}
	}
	return nil
}

// parseTime reads a time notice.Data holds.
func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }
