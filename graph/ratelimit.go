package graph

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// sweepEvery is how often a limiterSet forgets the keys whose buckets are full again.
const sweepEvery = time.Minute

// limiterSet is one token bucket per key (a client address, a user, a login), in this process's memory:
// each replica limits on its own. Keys whose buckets have refilled are forgotten, lazily, so the set
// holds only recently active keys and needs no goroutine.
type limiterSet struct {
	limit RateLimit
	now   func() time.Time

	mu        sync.Mutex
	buckets   map[string]*rate.Limiter
	lastSweep time.Time
}

func newLimiterSet(l RateLimit, now func() time.Time) *limiterSet {
	return &limiterSet{limit: l, now: now, buckets: make(map[string]*rate.Limiter)}
}

// allow takes a token from key's bucket. When there is none, it returns false and how long until one
// is there.
func (s *limiterSet) allow(key string) (bool, time.Duration) {
	if s == nil || s.limit.Events == 0 {
		return true, 0
	}
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if now.Sub(s.lastSweep) >= sweepEvery {
		s.sweep(now)
	}
	lim, ok := s.buckets[key]
	if !ok {
		lim = rate.NewLimiter(rate.Limit(float64(s.limit.Events)/s.limit.Per.Seconds()), s.limit.Burst)
		s.buckets[key] = lim
	}
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		return false, s.limit.Per
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// sweep forgets the buckets that are full: a new bucket would be the same.
func (s *limiterSet) sweep(now time.Time) {
	for k, lim := range s.buckets {
		if lim.TokensAt(now) >= float64(s.limit.Burst) {
			delete(s.buckets, k)
		}
	}
	s.lastSweep = now
}

// retryAfterSeconds rounds a wait up to whole seconds, for the Retry-After header.
func retryAfterSeconds(d time.Duration) int {
	return int(math.Max(1, math.Ceil(d.Seconds())))
}
