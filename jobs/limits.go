package jobs

import (
	"context"
	"errors"
	"sync"

	"rout/notifications"
	"rout/notifications/inbox"
)

// Defaults of the send limits (Config.NotifyPerUserHour, Config.NotifyPerSecond).
const (
	// DefaultNotifyPerUserHour is how many messages one user may get in an hour, all replicas together;
	// a "time running out" warning is never held back.
	DefaultNotifyPerUserHour = 12
	// DefaultNotifyPerSecond is how many messages all replicas together send a second; a message over it
	// waits its turn.
	DefaultNotifyPerSecond = 20
)

// errUserRate is the reason a message over its user's rate is dropped.
var errUserRate = errors.New("notification dropped: the user's send rate is exceeded")

// sendLimits holds this process's counts of dropped messages; the limits themselves are in the
// database (inbox.TakeUserSend, inbox.ReserveSend), shared by every replica.
type sendLimits struct {
	mu      sync.Mutex
	dropped map[string]int64
}

func newSendLimits() *sendLimits {
	return &sendLimits{dropped: map[string]int64{}}
}

// allow takes one message of user userID's hourly rate, unless kind is urgent, and fails with
// errUserRate (a permanent error) when that rate is spent; it then takes one message of the global rate,
// waiting for its turn. Both rates are counted in the database, for all replicas together. A message
// that fails after allow has still spent its share of both.
func (j *Jobs) allow(ctx context.Context, userID int, kind notifications.Kind) error {
	if !notifications.Urgent(kind) {
		ok, err := inbox.TakeUserSend(ctx, j.db, userID, j.cfg.NotifyPerUserHour)
		if err != nil {
			return err
		}
		if !ok {
			return notifications.Permanent(errUserRate)
		}
	}
	wait, err := inbox.ReserveSend(ctx, j.db, float64(j.cfg.NotifyPerSecond))
	if err != nil {
		return err
	}
	return sleep(ctx, wait)
}

// dropped records a message of kind through channel ch to user userID that will not be sent: a log line
// with why, a count per reason (Stats.NotificationsDropped) and the observer's.
func (j *Jobs) dropped(ctx context.Context, reason string, userID int, job string, kind notifications.Kind, ch notifications.Channel, detail string) {
	j.limits.mu.Lock()
	j.limits.dropped[reason]++
	j.limits.mu.Unlock()
	if j.observer != nil {
		j.observer.NotificationDropped(reason)
	}
	j.logger.InfoContext(ctx, "notification dropped", "reason", reason, "user_id", userID, "job", job,
		"kind", kind.String(), "channel", ch.String(), "detail", detail)
}

// sent records a message of kind the provider accepted through channel ch (Stats.NotificationsSent and
// the observer's).
func (j *Jobs) sent(kind notifications.Kind, ch notifications.Channel) {
	j.stats.notifySent.Add(1)
	if j.observer != nil {
		j.observer.NotificationSent(ch.String(), kind.String())
	}
}

// droppedCounts returns the counts of dropped messages by reason.
func (l *sendLimits) droppedCounts() map[string]int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string]int64, len(l.dropped))
	for k, v := range l.dropped {
		out[k] = v
	}
	return out
}
