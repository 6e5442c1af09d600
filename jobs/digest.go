package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"rout/account"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/notifications/push"
	"rout/notifications/router"
)

// KindDigest is the job kind of a digest: the stable name stored in river_job.kind.
const KindDigest = "rout_notify_digest"

// DigestArgs sends user UserID one message listing the games waiting on them (every your_turn notice of
// theirs not yet settled) or, for NoticeKind chat, the games whose chat has messages they have not read
// (every chat notice of theirs not yet settled). Window is the start of the digest window (Unix seconds)
// the job closes: the job is unique per user, window and kind, so every notice of a window joins one job,
// whatever replica or transaction inserts it, and runs when the window ends.
type DigestArgs struct {
	UserID int   `json:"user_id" river:"unique"`
	Window int64 `json:"window" river:"unique"`
	// NoticeKind is notifications.KindChat for a chat digest, and the zero Kind (left out of the JSON, as
	// in the jobs of before chat digests) for your_turn.
	NoticeKind notifications.Kind `json:"kind,omitempty" river:"unique"`
}

// Kind is KindDigest.
func (DigestArgs) Kind() string { return KindDigest }

// InsertOpts makes the job unique per user and window, in QueueNotify.
func (DigestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// digestWindow returns the window of hours hours that holds now: windows are aligned on the Unix epoch,
// so every replica computes the same one.
func digestWindow(now time.Time, hours int) (start, end time.Time) {
	size := time.Duration(hours) * time.Hour
	start = now.Truncate(size)
	return start, start.Add(size)
}

// digestParams returns the insertion of the digest of kind (0: your_turn, or chat) of user userID's
// window at now, due when it ends. A digest already there for that window (unique args) is left as it is.
func (j *Effects) digestParams(userID, hours int, kind notifications.Kind, now time.Time) river.InsertManyParams {
	start, end := digestWindow(now, hours)
	args := DigestArgs{UserID: userID, Window: start.Unix(), NoticeKind: kind}
	opts := args.InsertOpts()
	opts.MaxAttempts = j.cfg.NotifyAttempts
	opts.ScheduledAt = end
	return river.InsertManyParams{Args: args, InsertOpts: &opts}
}

// digestWorker sends digests.
type digestWorker struct {
	river.WorkerDefaults[DigestArgs]
	j *Jobs
}

// Work sends the digest: outside quiet hours (it snoozes until they end), it claims every unsettled
// your_turn notice of the user (marks them settled), and sends one message listing those whose turn is
// still on and that the user did not see live (unless they chose always). A temporary failure unclaims
// the notices and retries; a permanent one drops them, with a log line and a count.
func (w *digestWorker) Work(ctx context.Context, job *river.Job[DigestArgs]) error {
	j := w.j
	userID := job.Args.UserID
	to, prefs, err := j.accounts.Recipient(ctx, userID)
	if errors.Is(err, account.ErrNoUser) {
		return nil // the user was deleted
	}
	if err != nil {
		return err
	}
	now := j.now()
	if until, quiet := prefs.QuietUntil(now); quiet {
		return river.JobSnooze(until.Sub(now))
	}
	if job.Args.NoticeKind == notifications.KindChat {
		return j.sendChatDigest(ctx, to, prefs)
	}
	claimed, games, err := inbox.ClaimDigest(ctx, j.db, userID, prefs.Always, now)
	if err != nil || len(claimed) == 0 {
		return err
	}
	ch := prefs.ChannelFor(notifications.KindYourTurn)
	if len(games) == 0 {
		j.dropped(ctx, "seen_or_played", userID, KindDigest, notifications.KindYourTurn, ch, "every game of the digest was seen live or played")
		return nil
	}
	if j.notifier == nil {
		return nil
	}
	for i, g := range games {
		if games[i].Since, err = j.since(ctx, g.GameID, userID, g.Turn, notifications.KindYourTurn); err != nil {
			return j.unclaim(ctx, claimed, err)
		}
	}
	if err := j.allow(ctx, userID, notifications.KindYourTurn); err != nil {
		if notifications.IsPermanent(err) {
			j.dropped(ctx, "user_rate", userID, KindDigest, notifications.KindYourTurn, ch, err.Error())
			return nil
		}
		return j.unclaim(ctx, claimed, err)
	}
	if dn, ok := j.notifier.(DigestNotifier); ok {
		err = dn.NotifyDigest(ctx, ch, to, games, prefs.Location)
	} else {
		for _, g := range games {
			if err = j.notifier.Notify(ctx, ch, notifications.KindYourTurn, to, notifications.Data{GameID: g.GameID, Turn: g.Turn,
				TimeLeft: max(g.Deadline.Sub(now), 0), Since: g.Since}); err != nil {
				break
			}
		}
	}
	return j.digestSent(ctx, userID, notifications.KindYourTurn, ch, claimed, err)
}

// digestSent settles a digest of kind to user userID by channel ch whose send answered err: a
// temporary failure unclaims the notices claimed and retries; a permanent one drops them, with a log
// line and a count; a success is counted.
func (j *Jobs) digestSent(ctx context.Context, userID int, kind notifications.Kind, ch notifications.Channel, claimed []int64, err error) error {
	switch {
	case errors.Is(err, router.ErrChannelUnavailable):
		j.dropped(ctx, "channel_unavailable", userID, KindDigest, kind, ch, "no sender for the channel on this server")
		return nil
	case errors.Is(err, push.ErrNoDevice):
		j.dropped(ctx, "no_push_device", userID, KindDigest, kind, ch, "no web push device registered, or every one gone")
		return nil
	case notifications.IsPermanent(err):
		j.dropped(ctx, "permanent_failure", userID, KindDigest, kind, ch, err.Error())
		return river.JobCancel(err)
	case err != nil:
		return j.unclaim(ctx, claimed, err)
	}
	j.sent(kind, ch)
	return nil
}

// DigestNotifier sends a digest of games in one message; *router.Router is one. A Notifier that is not
// one gets each game of a digest as its own your_turn (or chat) notification.
type DigestNotifier interface {
	NotifyDigest(ctx context.Context, ch notifications.Channel, to notifications.Recipient, games []notifications.DigestGame, loc *time.Location) error
	NotifyChatDigest(ctx context.Context, ch notifications.Channel, to notifications.Recipient, games []notifications.ChatGame) error
}

// unclaim gives the notices of a digest that failed back to the next try, and returns cause.
func (j *Jobs) unclaim(ctx context.Context, ids []int64, cause error) error {
	if err := inbox.Unclaim(context.WithoutCancel(ctx), j.db, ids); err != nil {
		j.logger.ErrorContext(ctx, "error unclaiming the notices of a digest", "error", err)
	}
	return cause
}
