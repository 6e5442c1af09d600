package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rout/game"
	"rout/notifications"
	"rout/notifications/inbox"
)

// insertNotices records ns in tx (inbox.Insert), hands each new one to the announcer of its game,
// announce[game id] (none: nowhere; sent after the commit), and gives every new one whose user takes notifications of its
// kind the job that sends it, in tx: a your_turn notice of a user who batches them, and every chat
// notice, joins the digest of their current window (DigestArgs); any other waits Config.NotifyDelay
// (NotificationArgs). These jobs
// and the caller's others (a new turn's timers) are inserted in one statement.
func (j *Effects) insertNotices(ctx context.Context, tx *sql.Tx, announce map[int]game.Announcer, others []river.InsertManyParams,
	ns ...inbox.New) error {
	stmt, err := j.notices.In(ctx, tx)
	if err != nil {
		return err
	}
	inserted, err := inbox.Insert(ctx, stmt, j.now(), ns...)
	if err != nil {
		return err
	}
	users := make([]int, len(inserted))
	for i, n := range inserted {
		users[i] = n.New.UserID
	}
	prefsOf, err := j.accounts.Preferences(ctx, tx, users)
	if err != nil {
		return err
	}
	// The time is read after Insert holds the users' locks: a digest that runs after its window ended
	// waits for this transaction (inbox.LockUser), so it sees every notice of its window.
	now := j.now()
	digests := make(map[DigestArgs]bool)
	jobs := others
	for _, n := range inserted {
		if a := announce[n.New.GameID]; a != nil { // nil: a change built outside the game service, whose announcements go nowhere
			a.Announce(inbox.Channel, n.New.UserID, n.ID) // sent after the commit
		}
		prefs, ok := prefsOf[n.New.UserID]
		if !ok || prefs.ChannelFor(n.New.Kind) == notifications.ChannelNone {
			continue
		}
		var digest *river.InsertManyParams
		switch {
		case n.New.Kind == notifications.KindYourTurn && prefs.DigestHours > 0:
			d := j.digestParams(n.New.UserID, prefs.DigestHours, 0, now)
			digest = &d
		case n.New.Kind == notifications.KindChat:
			// Chat is never told message by message: always in a digest.
			d := j.digestParams(n.New.UserID, prefs.ChatDigestHours(), notifications.KindChat, now)
			digest = &d
		}
		if digest != nil {
			// One digest job for each user, window and kind: two in one statement would meet in its
			// unique insert.
			if key := digest.Args.(DigestArgs); !digests[key] {
				digests[key] = true
				jobs = append(jobs, *digest)
			}
			continue
		}
		args := NotificationArgs{NoticeID: n.ID, NoticeKind: n.New.Kind.String(), UserID: n.New.UserID}
		opts := args.InsertOpts()
		opts.MaxAttempts = j.cfg.NotifyAttempts
		if j.cfg.NotifyDelay > 0 {
			opts.ScheduledAt = time.Now().Add(j.cfg.NotifyDelay)
		}
		jobs = append(jobs, river.InsertManyParams{Args: args, InsertOpts: &opts})
	}
	if len(jobs) == 0 {
		return nil
	}
	// One statement for all: the notices' locks are held until the commit.
	if _, err := j.client.InsertManyTx(ctx, tx, jobs); err != nil {
		return fmt.Errorf("error enqueuing %d jobs (timers, notifications and digests): %w", len(jobs), err)
	}
	return nil
}

// parseTime reads a time inbox.Data holds.
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
