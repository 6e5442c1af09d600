package game

import (
	"container/list"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"rout/maps"
	"rout/rules"
)

// lru is a map of at most size entries that forgets the least recently used one first. It is safe for
// concurrent use.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	size  int
	order *list.List // front: most recently used; values are *lruEntry[K, V]
	items map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

func newLRU[K comparable, V any](size int) *lru[K, V] {
	return &lru[K, V]{size: max(1, size), order: list.New(), items: make(map[K]*list.Element)}
}

func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*lruEntry[K, V]).val, true
}

func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		el.Value.(*lruEntry[K, V]).val = v
		c.order.MoveToFront(el)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry[K, V]).key)
	}
}

// len returns the number of entries.
func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// cacheCommitted remembers the state a committed command left.
func (s *Service) cacheCommitted(r Result) {
	if r.after != nil {
		s.cache.put(r.after)
	}
}

// maxBoards is how many boards (map versions) a service keeps parsed.
const maxBoards = 64

// board returns the board of map row mapID (one version of a map), parsing its stored definition once
// while it stays among the maxBoards most recently used.
func (s *Service) board(ctx context.Context, q querier, mapID int) (*rules.Board, error) {
	if b, ok := s.boards.get(mapID); ok {
		return b, nil
	}
	var def []byte
	if err := q.QueryRowContext(ctx, `SELECT definition FROM maps WHERE id = $1`, mapID).Scan(&def); err != nil {
		return nil, fmt.Errorf("error loading map %d: %w", mapID, err)
	}
	m, err := maps.Parse(def)
	if err != nil {
		return nil, fmt.Errorf("error parsing stored map %d: %w", mapID, err)
	}
	b, err := m.Board()
	if err != nil {
		return nil, fmt.Errorf("error building the board of map %d: %w", mapID, err)
	}
	s.boards.put(mapID, b)
	return b, nil
}

// Board returns the board of game gameID, for turning territory keys into indexes before a command: a
// game's board never changes, so once the service has seen the game (any command or read of it), this
// reads nothing. Otherwise it reads the game's map id (and the map, when its board is not kept). A game
// that does not exist is NOT_FOUND.
func (s *Service) Board(ctx context.Context, gameID int) (*rules.Board, error) {
	mapID, ok := s.mapOf.get(gameID)
	if !ok {
		err := s.db.QueryRowContext(ctx, `SELECT map_id FROM games WHERE id = $1`, gameID).Scan(&mapID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, noGame(gameID)
		}
		if err != nil {
			return nil, fmt.Errorf("error loading the map of game %d: %w", gameID, err)
		}
		s.mapOf.put(gameID, mapID)
	}
	return s.board(ctx, s.db, mapID)
}

// stateCache keeps the engine states of recently played games, each with the version it belongs to. A
// state is used only when the game row still has that version, so a cache can never serve a stale game.
type stateCache struct {
	mu    sync.Mutex
	size  int
	order *list.List // front: most recently used; values are *cached
	games map[int]*list.Element
}

type cached struct {
	game    int
	version int64
	state   rules.State
	seats   []Seat
}

func newStateCache(size int) *stateCache {
	return &stateCache{size: size, order: list.New(), games: make(map[int]*list.Element)}
}

func (c *stateCache) get(game int, version int64) (*cached, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.games[game]
	if !ok || el.Value.(*cached).version != version {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cached), true
}

func (c *stateCache) put(e *cached) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.games[e.game]; ok {
		el.Value = e
		c.order.MoveToFront(el)
		return
	}
	c.games[e.game] = c.order.PushFront(e)
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.games, last.Value.(*cached).game)
	}
}

// current returns a game's state and seats at the version of g: from the cache when it holds that
// version, from the rows otherwise (a game that has not started is in the setup phase).
func (s *Service) current(ctx context.Context, tx *sql.Tx, g *gameRow) (*cached, error) {
	cs, err := s.currentAll(ctx, tx, []*gameRow{g})
	if err != nil {
		return nil, err
	}
	return cs[0], nil
}

// currentAll is current for several games, in the order of gs: the games the cache does not hold are read
// from their rows in four statements whatever their number (seats, players, territories, cards).
func (s *Service) currentAll(ctx context.Context, tx *sql.Tx, gs []*gameRow) ([]*cached, error) {
	out := make([]*cached, len(gs))
	var missed []int // indexes in gs
	for i, g := range gs {
		s.mapOf.put(g.id, g.mapID)
		if c, ok := s.cache.get(g.id, g.version); ok {
			out[i] = c
		} else {
			missed = append(missed, i)
		}
	}
	if len(missed) == 0 {
		return out, nil
	}
	ids := make([]int, len(missed))
	for k, i := range missed {
		ids[k] = gs[i].id
	}
	seats, err := loadSeatsOf(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	var started []stateOf
	var startedAt []int // indexes in gs
	for _, i := range missed {
		g := gs[i]
		board, err := s.board(ctx, tx, g.mapID)
		if err != nil {
			return nil, err
		}
		c := &cached{game: g.id, version: g.version, seats: seats[g.id]}
		out[i] = c
		if g.status == StatusOpen || g.engine == nil { // not started (a game cancelled before its start has no engine state)
			if c.state, err = rules.New(board, g.config(c.seats)); err != nil {
				return nil, err
			}
			continue
		}
		started, startedAt = append(started, stateOf{g, board, g.config(c.seats)}), append(startedAt, i)
	}
	if len(started) > 0 {
		states, err := loadStates(ctx, tx, started)
		if err != nil {
			return nil, err
		}
		for k, i := range startedAt {
			out[i].state = states[k]
		}
	}
	return out, nil
}
