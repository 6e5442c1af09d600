package jobs

import (
	"context"
	"errors"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"rout/notify"
)

// Defaults of the send limits (Config.NotifyPerUserHour, Config.NotifyPerSecond).
const (
	// DefaultNotifyPerUserHour is how many messages one user may get in an hour from one worker process;
	// a "time running out" warning is never held back.
	DefaultNotifyPerUserHour = 12
	// DefaultNotifyPerSecond is how many messages one worker process sends a second, all users together;
	// a message over it waits its turn.
	DefaultNotifyPerSecond = 20
)

// errUserRate is the reason a message over its user's rate is dropped.
var errUserRate = errors.New("notification dropped: the user's send rate is exceeded")

// sendLimits holds the send rates of one process: one limiter for all, one per user.
type sendLimits struct {
	global  *rate.Limiter
	perUser rate.Limit
	burst   int
	mu      sync.Mutex
	users   map[int]*rate.Limiter
	dropped map[string]int64
}

func newSendLimits(cfg Config) *sendLimits {
	return &sendLimits{
		global:  rate.NewLimiter(rate.Limit(cfg.NotifyPerSecond), max(cfg.NotifyPerSecond, 1)),
		perUser: rate.Limit(float64(cfg.NotifyPerUserHour) / 3600),
		burst:   max(cfg.NotifyPerUserHour/4, 1),
		users:   map[int]*rate.Limiter{},
		dropped: map[string]int64{},
	}
}

// allow waits for the global rate, then takes one message of user userID's rate; it fails with
// errUserRate (a permanent error) when that rate is spent, unless kind is urgent.
func (j *Jobs) allow(ctx context.Context, userID int, kind notify.Kind) error {
	l := j.limits
	if err := l.global.Wait(ctx); err != nil {
		return err
	}
	if notify.Urgent(kind) {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	u, ok := l.users[userID]
	if !ok {
		if len(l.users) >= 100_000 {
			clear(l.users) // bounded memory: a reset only forgives
		}
		u = rate.NewLimiter(l.perUser, l.burst)
		l.users[userID] = u
	}
	if !u.AllowN(time.Now(), 1) {
		return notify.Permanent(errUserRate)
	}
	return nil
}

// dropped records a message of kind through channel ch to user userID that will not be sent: a log line
// with why, a count per reason (Stats.NotificationsDropped) and the observer's.
func (j *Jobs) dropped(ctx context.Context, reason string, userID int, job string, kind notify.Kind, ch notify.Channel, detail string) {
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
func (j *Jobs) sent(kind notify.Kind, ch notify.Channel) {
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
