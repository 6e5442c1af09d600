package ladder

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/lib/pq"

	"rout/rating"
	"rout/tournament"
	"rout/tournament/pairing"
)

// How the queue is paired (docs/tournaments.md, "Ladders").
const (
	// BaseGap is the widest difference of public ratings a player accepts as they join the queue.
	BaseGap = 100.0
	// GapPerHour is how much the gap widens for each hour of waiting, up to MaxGap.
	GapPerHour = 100.0
	// MaxGap is the widest gap, reached after nine hours.
	MaxGap = 1000.0
	// RecentWindow: players who began a game of the ladder together within it (or still play one) are not
	// paired again.
	RecentWindow = 24 * time.Hour
	// PendingTimeout is how long a paired table may wait for its game: one whose game could not be created
	// by then (a player deleted, a map gone) is dropped, and its players are queued again.
	PendingTimeout = 10 * time.Minute
)

// Gap is the widest difference of public ratings a player who has waited wait accepts.
func Gap(wait time.Duration) float64 {
	return min(BaseGap+GapPerHour*max(wait, 0).Hours(), MaxGap)
}

// PairTime bounds the time a Pair spends creating games, so that a pairing job ends well within the jobs'
// timeout however many tables it seated: the tables left wait for the next Pair (Paired.Pending).
const PairTime = 20 * time.Second

// Paired is what a Pair did.
type Paired struct {
	// Queued is how many players waited; Seated how many of them the pairing seated (none when tables
	// seated before still waited for their games).
	Queued, Seated int
	// Created is how many games were created and started (a retry's included); Pending how many seated
	// tables still wait for theirs, for the next Pair.
	Created, Pending int
}

// Pair pairs ladder id's queue and starts the games (see the package documentation): it first creates the
// games of tables seated before that have none, then, when none is left, seats the queue and creates the
// new tables' games, for at most PairTime in all. It is safe to call at any time and from any number of
// processes at once.
func (s *Service) Pair(ctx context.Context, id int) (Paired, error) {
	if s.games == nil {
		return Paired{}, errors.New("ladder: Pair needs the games (Opts.Games)")
	}
	until := time.Now().Add(PairTime)
	var out Paired
	created, left, failed := s.create(ctx, id, until)
	out.Created, out.Pending = created, left
	if left > 0 || ctx.Err() != nil {
		return out, failed
	}
	seated, err := s.seat(ctx, id)
	out.Queued, out.Seated = seated.Queued, seated.Seated
	if err != nil || seated.Seated == 0 {
		return out, errors.Join(failed, err)
	}
	created, out.Pending, err = s.create(ctx, id, until)
	out.Created += created
	return out, err
}

// seeker is a queued player as the pairing reads them.
type seeker struct {
	user   int
	rating rating.Rating
	since  time.Time
}

// seat seats the queue of ladder id under its lock and writes the tables (ladder_games rows without a
// game), in one transaction.
func (s *Service) seat(ctx context.Context, id int) (Paired, error) {
	var out Paired
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		l, err := load(ctx, tx, id, pairLock)
		if err != nil {
			return err
		}
		now := s.now()
		if err := dropPending(ctx, tx, id, now.Add(-PendingTimeout), now); err != nil {
			return err
		}
		queue, err := s.queued(ctx, tx, l)
		if err != nil {
			return err
		}
		out.Queued = len(queue)
		if len(queue) < l.Seats {
			return nil
		}
		recent, err := recentPairs(ctx, tx, id, now.Add(-RecentWindow))
		if err != nil {
			return err
		}
		seekers := make([]pairing.Seeker, len(queue))
		for i, q := range queue {
			seekers[i] = pairing.Seeker{ID: q.user, Rating: float64(q.rating.Public()), Gap: Gap(now.Sub(q.since))}
		}
		tables, err := pairing.Ladder(seekers, l.Seats, func(a, b int) bool { return recent[pairOf(a, b)] })
		if err != nil {
			return fmt.Errorf("error pairing ladder %d: %w", id, err)
		}
		if len(tables) == 0 {
			return nil
		}
		users, maps := make([]string, len(tables)), make([]string, len(tables))
		var seated []int64
		for i, t := range tables {
			text, err := json.Marshal([]int(t))
			if err != nil {
				return fmt.Errorf("error encoding a table: %w", err)
			}
			users[i], maps[i] = string(text), l.Maps[rand.IntN(len(l.Maps))]
			for _, u := range t {
				seated = append(seated, int64(u))
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ladder_games (created_at, ladder_id, users, map)
			SELECT $1, $2, v.users::json, v.map FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS v(users, map, n) ORDER BY v.n`,
			now, id, pq.Array(users), pq.Array(maps)); err != nil {
			return fmt.Errorf("error seating %d tables of ladder %d: %w", len(tables), id, err)
		}
		// Each seated player has one more game, and waits again from now for the next.
		if _, err := tx.ExecContext(ctx, `UPDATE ladder_entries SET open_games = open_games + 1, queued_since = $3, updated_at = $3
			WHERE ladder_id = $1 AND user_id = ANY($2)`, id, pq.Array(seated), now); err != nil {
			return fmt.Errorf("error counting the games of the players seated in ladder %d: %w", id, err)
		}
		out.Seated = len(seated)
		s.logger.InfoContext(ctx, "ladder paired", "ladder_id", id, "queued", len(queue), "tables", len(tables))
		return nil
	})
	return out, err
}

// queued reads the players queued in ladder l, with their ratings in its mode (Games.ModeRatings: the
// initial rating for a player without one).
func (s *Service) queued(ctx context.Context, tx *sql.Tx, l Ladder) ([]seeker, error) {
	rows, err := tx.QueryContext(ctx, `SELECT user_id, queued_since FROM ladder_entries WHERE ladder_id = $1 AND open_games < max_games`, l.ID)
	if err != nil {
		return nil, fmt.Errorf("error reading the queue of ladder %d: %w", l.ID, err)
	}
	defer rows.Close()
	var out []seeker
	var users []int
	for rows.Next() {
		var q seeker
		if err := rows.Scan(&q.user, &q.since); err != nil {
			return nil, fmt.Errorf("error reading the queue of ladder %d: %w", l.ID, err)
		}
		out, users = append(out, q), append(users, q.user)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the queue of ladder %d: %w", l.ID, err)
	}
	if len(out) < l.Seats {
		return out, nil // too few to seat: their ratings are not needed
	}
	ratings, err := s.games.ModeRatings(ctx, tx, l.Mode(), users)
	if err != nil {
		return nil, fmt.Errorf("error reading the ratings of the queue of ladder %d: %w", l.ID, err)
	}
	for i := range out {
		out[i].rating = ratings[out[i].user]
	}
	return out, nil
}

// pairOf is the key of two players, in either order.
func pairOf(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// recentPairs returns the pairs of players who sat together in a game of ladder id that is being played
// or began at since or later.
func recentPairs(ctx context.Context, tx *sql.Tx, id int, since time.Time) (map[[2]int]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT users FROM ladder_games WHERE ladder_id = $1 AND (finished_at IS NULL OR created_at >= $2)`,
		id, since)
	if err != nil {
		return nil, fmt.Errorf("error reading the recent games of ladder %d: %w", id, err)
	}
	defer rows.Close()
	out := map[[2]int]bool{}
	for rows.Next() {
		var text []byte
		var users []int
		if err := rows.Scan(&text); err != nil {
			return nil, fmt.Errorf("error reading the recent games of ladder %d: %w", id, err)
		}
		if err := json.Unmarshal(text, &users); err != nil {
			return nil, fmt.Errorf("error decoding a game of ladder %d: %w", id, err)
		}
		for i, a := range users {
			for _, b := range users[:i] {
				out[pairOf(a, b)] = true
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the recent games of ladder %d: %w", id, err)
	}
	return out, nil
}

// pending is a seated table of a ladder that waits for its game.
type pending struct {
	id    int
	users []int
	mp    string
}

// createWorkers is how many games a Pair creates at once: each is a transaction of the game service, and
// most of its time is the database's.
const createWorkers = 4

// create creates and starts the game of every table of ladder id that has none, each under the key of
// its row, and records it, createWorkers at once, until time until; it returns how many it created (or
// found created by a call before) and how many tables it left for lack of time. A table whose game fails
// is left for the next call (dropped by the seating after PendingTimeout), and the others are created; the
// failures are returned together.
func (s *Service) create(ctx context.Context, id int, until time.Time) (created, left int, err error) {
	l, err := s.Get(ctx, id)
	if err != nil {
		return 0, 0, err
	}
	tables, err := pendingTables(ctx, s.db, id)
	if err != nil {
		return 0, 0, err
	}
	var (
		mu   sync.Mutex
		errs []error
		next = make(chan pending)
		wg   sync.WaitGroup
	)
	for range min(createWorkers, len(tables)) {
		wg.Go(func() {
			for p := range next {
				err := s.createOne(ctx, l, p)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					created++
				}
				mu.Unlock()
			}
		})
	}
	sent := 0
	for _, p := range tables {
		if ctx.Err() != nil || time.Now().After(until) {
			break
		}
		next <- p
		sent++
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		errs = append(errs, err)
	}
	return created, len(tables) - sent, errors.Join(errs...)
}

// createOne creates and starts the game of table p of ladder l under the table's key, and records it.
func (s *Service) createOne(ctx context.Context, l Ladder, p pending) error {
	gameID, err := s.games.CreateStarted(ctx, tournament.GameSpec{Key: fmt.Sprintf("ladder:%d", p.id), Name: l.Name, Map: p.mp,
		TurnLimit: l.TurnLimit, Users: p.users, Rated: true, IdleResigns: true})
	if err != nil {
		return fmt.Errorf("error creating the game of table %d of ladder %d: %w", p.id, l.ID, err)
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE ladder_games SET game_id = $2 WHERE id = $1`, p.id, gameID); err != nil {
		return fmt.Errorf("error recording game %d of ladder %d: %w", gameID, l.ID, err)
	}
	return nil
}

// pendingTables reads the tables of ladder id that wait for their game, in the order they were seated.
func pendingTables(ctx context.Context, q querier, id int) ([]pending, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, users, map FROM ladder_games WHERE ladder_id = $1 AND game_id IS NULL
		AND finished_at IS NULL ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("error reading the tables of ladder %d: %w", id, err)
	}
	defer rows.Close()
	var out []pending
	for rows.Next() {
		var p pending
		var text []byte
		if err := rows.Scan(&p.id, &text, &p.mp); err != nil {
			return nil, fmt.Errorf("error reading the tables of ladder %d: %w", id, err)
		}
		if err := json.Unmarshal(text, &p.users); err != nil {
			return nil, fmt.Errorf("error decoding table %d of ladder %d: %w", p.id, id, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the tables of ladder %d: %w", id, err)
	}
	return out, nil
}

// dropPending drops the tables of ladder id seated before cutoff that still wait for their game, at now:
// their players are queued again.
func dropPending(ctx context.Context, tx *sql.Tx, id int, cutoff, now time.Time) error {
	rows, err := tx.QueryContext(ctx, `UPDATE ladder_games SET finished_at = $3 WHERE ladder_id = $1 AND game_id IS NULL
		AND finished_at IS NULL AND created_at < $2 RETURNING users`, id, cutoff, now)
	if err != nil {
		return fmt.Errorf("error dropping the stale tables of ladder %d: %w", id, err)
	}
	var users []string
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			rows.Close()
			return fmt.Errorf("error dropping the stale tables of ladder %d: %w", id, err)
		}
		users = append(users, text)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("error dropping the stale tables of ladder %d: %w", id, err)
	}
	for _, text := range users {
		if err := closed(ctx, tx, id, text, now); err != nil {
			return err
		}
	}
	return nil
}

// closed counts out, at now, a game of ladder id that is over (or dropped) from the entries of its
// players (users, as stored): a player it queues again begins to wait.
func closed(ctx context.Context, tx *sql.Tx, id int, users string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `UPDATE ladder_entries SET open_games = GREATEST(open_games - 1, 0), updated_at = $3,
			queued_since = CASE WHEN open_games >= max_games THEN $3 ELSE queued_since END
		WHERE ladder_id = $1 AND user_id IN (SELECT json_array_elements_text($2::json)::bigint)`, id, users, now); err != nil {
		return fmt.Errorf("error counting out a game of ladder %d: %w", id, err)
	}
	return nil
}

// GameOver closes, in tx (the transaction that ends game gameID), the ladder table whose game it is, at
// now: its players are queued again. It returns the table's ladder, whose pairing the caller kicks; 0
// when the game is no ladder's.
func GameOver(ctx context.Context, tx *sql.Tx, gameID int, now time.Time) (int, error) {
	var id int
	var users string
	err := tx.QueryRowContext(ctx, `UPDATE ladder_games SET finished_at = $2 WHERE game_id = $1 AND finished_at IS NULL
		RETURNING ladder_id, users`, gameID, now.Round(time.Microsecond)).Scan(&id, &users)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("error closing the ladder table of game %d: %w", gameID, err)
	}
	return id, closed(ctx, tx, id, users, now.Round(time.Microsecond))
}

// Due returns the ladders with enough players queued for a game: the periodic job pairs each.
func (s *Service) Due(ctx context.Context) ([]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.id FROM ladders l WHERE l.seats <=
		(SELECT count(*) FROM ladder_entries e WHERE e.ladder_id = l.id AND e.open_games < e.max_games) ORDER BY l.id`)
	if err != nil {
		return nil, fmt.Errorf("error finding the ladders to pair: %w", err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error finding the ladders to pair: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error finding the ladders to pair: %w", err)
	}
	return out, nil
}
