package account

import (
	"context"
	"sync"
	"time"

	"rout/ent"
	"rout/ent/token"
)

// The bounds of the writes of tokens' last use.
const (
	// usageWriters is how many last-use writes may be under way at once in a process; a token whose
	// write finds none free is marked by a later request.
	usageWriters = 4
	// usageWriteTimeout bounds one last-use write.
	usageWriteTimeout = 5 * time.Second
)

func newUsageWriter(client *ent.Client) *usageWriter {
	u := &usageWriter{client: client, slots: make(chan struct{}, usageWriters), pending: map[string]bool{}}
	u.idle = sync.NewCond(&u.mu)
	return u
}

// usageWriter writes tokens' last_used_at in goroutines of its own, so that a request never waits for it:
// at most usageWriters at once, each within usageWriteTimeout, and one at a time per token. A write that
// fails, times out or finds no free writer is dropped: the next request of the token (in a minute, as
// lastUsedEvery allows) tries again. A slow database thus delays last_used_at, never a request.
type usageWriter struct {
	client  *ent.Client
	slots   chan struct{}
	mu      sync.Mutex
	pending map[string]bool // the hashes of the tokens being written
	idle    *sync.Cond      // signalled when pending empties
}

// markTokenUsed records that tok was used at now, when its last use is older than lastUsedEvery; it
// returns at once.
func (s *Service) markTokenUsed(tok *ent.Token, now time.Time) {
	if tok.LastUsedAt != nil && now.Sub(*tok.LastUsedAt) < lastUsedEvery {
		return
	}
	s.usage.write(tok.ID, string(tok.Hash), now)
	tok.LastUsedAt = &now
}

// write starts the write of token id's last use, unless the token's is under way already or every writer
// is busy.
func (u *usageWriter) write(id int, key string, now time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.pending[key] {
		return
	}
	select {
	case u.slots <- struct{}{}:
	default:
		return
	}
	u.pending[key] = true
	go func() {
		defer func() {
			<-u.slots
			u.mu.Lock()
			delete(u.pending, key)
			if len(u.pending) == 0 {
				u.idle.Broadcast()
			}
			u.mu.Unlock()
		}()
		ctx, cancel := context.WithTimeout(context.Background(), usageWriteTimeout)
		defer cancel()
		// The condition makes concurrent requests (on any replica) write at most once a minute. The
		// error is dropped: last_used_at is a hint, and the next use writes it again.
		_ = u.client.Token.Update().
			Where(token.ID(id), token.Or(token.LastUsedAtIsNil(), token.LastUsedAtLT(now.Add(-lastUsedEvery)))).
			SetLastUsedAt(now).
			Exec(ctx)
	}()
}

// WaitTokenUsage waits until no write of a token's last use is under way: for tests that read
// last_used_at.
func (s *Service) WaitTokenUsage() {
	u := s.usage
	u.mu.Lock()
	defer u.mu.Unlock()
	for len(u.pending) > 0 {
		u.idle.Wait()
	}
}
