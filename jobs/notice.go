package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rout/game"
	"rout/notice"
	"rout/notify"
)

// insertNotices records ns in tx (notice.Insert) and gives every new one whose user takes notifications
// the job that sends it, in tx.
func (j *Effects) insertNotices(ctx context.Context, tx *sql.Tx, announce game.Announcer, ns ...notice.New) error {
	inserted, err := notice.Insert(ctx, tx, j.now(), ns...)
	if err != nil {
		return err
	}
	for _, n := range inserted {
		if announce != nil { // nil: a change built outside the game service, whose announcements go nowhere
			announce.Announce(notice.Channel, n.New.UserID, n.ID) // sent after the commit
		}
	}
	var jobs []river.InsertManyParams
	for _, n := range inserted {
		if n.Channel == notify.ChannelNone.String() {
			continue
		}
		args := NotificationArgs{NoticeID: n.ID, NoticeKind: n.New.Kind.String(), UserID: n.New.UserID}
		opts := args.InsertOpts()
		opts.MaxAttempts = j.cfg.NotifyAttempts
		jobs = append(jobs, river.InsertManyParams{Args: args, InsertOpts: &opts})
	}
	if len(jobs) == 0 {
		return nil
	}
	// One statement for all: the notices' locks are held until the commit.
	if _, err := j.client.InsertManyTx(ctx, tx, jobs); err != nil {
		return fmt.Errorf("error enqueuing the notifications of %d notices: %w", len(jobs), err)
	}
	return nil
}

// parseTime reads a time notice.Data holds.
func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }

// afterCommit collects the announcements of a transaction of the jobs' own (a game.Announcer), to send
// through the game service once it has committed.
type afterCommit []struct {
	channel string
	id      int
	seq     int64
}

// Announce implements game.Announcer.
func (a *afterCommit) Announce(channel string, id int, seq int64) {
	*a = append(*a, struct {
		channel string
		id      int
		seq     int64
	}{channel, id, seq})
}

// send sends the announcements, after the commit.
func (a afterCommit) send(to game.Announcer) {
	for _, m := range a {
		to.Announce(m.channel, m.id, m.seq)
	}
}
