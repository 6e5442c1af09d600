package game

import (
	"context"

	"rout/rules"
)

// Cached returns what s's cache holds of game id, whatever its version: the version, the engine state and
// the seats, and false when it holds nothing of the game.
func (s *Service) Cached(id int) (version int64, state rules.State, seats []Seat, ok bool) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	el, ok := s.cache.games[id]
	if !ok {
		return 0, rules.State{}, nil, false
	}
	c := el.Value.(*cached)
	return c.version, c.state, c.seats, true
}

// Fresh returns game id as its rows hold it: GameSnapshot on a copy of s with an empty cache, so that
// nothing s cached is read.
func (s *Service) Fresh(ctx context.Context, id int) (Snapshot, error) {
	fresh := *s
	fresh.cache = newStateCache(1)
	return fresh.GameSnapshot(ctx, id)
}

// Recall returns what seat remembers of fog game id, whose state is st, when a CPU plays it from a batch
// that has decided nothing yet: its memory as read from its record.
func (s *Service) Recall(ctx context.Context, id int, st rules.State, seat rules.PlayerID) (rules.Memory, error) {
	b := &batch{g: &gameRow{id: id, fog: st.Config().Fog}, start: &cached{state: st}, state: st}
	m, err := s.recall(ctx, s.db, b, seat)
	if err != nil {
		return rules.Memory{}, err
	}
	return *m, nil
}
