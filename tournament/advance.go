package tournament

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"rout/tournament/pairing"
)

// Advance does what is due in tournament id, under a lock of its row, and returns the tournament as it
// leaves it: it starts an open tournament whose start time has come, or that is full when it has none
// (cancelled with fewer than two entrants); it creates the games of the current round's tables that have
// none yet (Games.CreateStarted, under the table's key), records the places of the tables whose game is
// over (Games.Places), and when every table of the round is over, seats the next round and creates its
// games, or finishes the tournament after its last round. Nothing due: nothing changes. It is safe to call
// at any time and from any number of processes at once; a call that fails leaves nothing half-done that
// the next call does not finish.
func (s *Service) Advance(ctx context.Context, id int) (Tournament, error) {
	return s.advance(ctx, id, 0)
}

// AdvanceGame is Advance after the end of game gameID, a table's of tournament id: of the tables whose
// game is played, it reads the places of that game alone, so that the end of each game of a round costs
// one read of a game (each game's end advancing the tournament, the last one seats the next round).
// Advance reads every table's game, for the ends that no AdvanceGame heard.
func (s *Service) AdvanceGame(ctx context.Context, id, gameID int) (Tournament, error) {
	return s.advance(ctx, id, gameID)
}

// advance is Advance, reading the places of game only when set, of every table's game otherwise.
func (s *Service) advance(ctx context.Context, id, only int) (Tournament, error) {
	if s.games == nil {
		return Tournament{}, errors.New("tournament: Advance needs the games (NewService)")
	}
	var out Tournament
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		t, err := load(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if t.Status == StatusOpen {
			if err := s.start(ctx, tx, &t); err != nil {
				return err
			}
		}
		var news RoundNews
		for t.Status == StatusRunning {
			over, err := s.play(ctx, tx, t, only, &news)
			if err != nil {
				return err
			}
			if !over {
				break
			}
			if s.effects != nil {
				end, err := roundEnd(ctx, tx, t)
				if err != nil {
					return err
				}
				news.Ended = append(news.Ended, end)
			}
			if err := s.nextRound(ctx, tx, &t); err != nil {
				return err
			}
			if t.Status == StatusFinished && len(news.Ended) > 0 {
				news.Ended[len(news.Ended)-1].Final = true
			}
		}
		out, news.Tournament = t, t
		if s.effects == nil || len(news.Ended) == 0 && len(news.Started) == 0 {
			return nil
		}
		return s.effects.AfterRounds(ctx, tx, news)
	})
	return out, err
}

// roundEnd returns the end of t's current round, over: its tables and the standings after it.
func roundEnd(ctx context.Context, tx *sql.Tx, t Tournament) (RoundEnd, error) {
	ts, err := tables(ctx, tx, t.ID, 0)
	if err != nil {
		return RoundEnd{}, err
	}
	ents, err := entrants(ctx, tx, t.ID)
	if err != nil {
		return RoundEnd{}, err
	}
	end := RoundEnd{Round: t.Round}
	var all []pairing.Result
	for _, table := range ts {
		if table.Round == t.Round {
			end.Tables = append(end.Tables, table)
		}
		if table.Over() && table.Round <= t.Round {
			all = append(all, table.result())
		}
	}
	if end.Standings, err = pairing.Standings(ents, all, t.Seats); err != nil {
		return RoundEnd{}, fmt.Errorf("error ranking the entrants of tournament %d: %w", t.ID, err)
	}
	return end, nil
}

// start starts the open tournament t, locked in tx, when it is due: its start time came, or it has no
// start time and its entry limit of entrants. It seats the first round (every round of a round robin),
// or cancels t with fewer than two entrants.
func (s *Service) start(ctx context.Context, tx *sql.Tx, t *Tournament) error {
	ents, err := entrants(ctx, tx, t.ID)
	if err != nil {
		return err
	}
	now := s.now()
	if t.StartsAt != nil && now.Before(*t.StartsAt) || t.StartsAt == nil && len(ents) < t.EntryLimit {
		return nil
	}
	if len(ents) < pairing.MinSeats {
		t.Status, t.FinishedAt = StatusCancelled, &now
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'cancelled', finished_at = $2, updated_at = $2 WHERE id = $1`,
			t.ID, now); err != nil {
			return fmt.Errorf("error cancelling tournament %d: %w", t.ID, err)
		}
		return nil
	}
	var rounds [][]pairing.Table
	switch t.Format {
	case FormatSwiss:
		if t.Rounds == 0 {
			t.Rounds = pairing.SwissRounds(len(ents), t.Seats)
		}
		standings, err := pairing.Standings(ents, nil, t.Seats)
		if err != nil {
			return fmt.Errorf("error ranking the entrants of tournament %d: %w", t.ID, err)
		}
		first, err := pairing.Swiss(standings, nil, t.Seats)
		if err != nil {
			return fmt.Errorf("error seating round 1 of tournament %d: %w", t.ID, err)
		}
		rounds = [][]pairing.Table{first}
	case FormatElimination:
		first, err := pairing.Elimination(ents, t.Seats)
		if err != nil {
			return fmt.Errorf("error seating round 1 of tournament %d: %w", t.ID, err)
		}
		rounds = [][]pairing.Table{first}
	case FormatRoundRobin:
		if rounds, err = pairing.RoundRobin(ents, t.Seats); err != nil {
			return fmt.Errorf("error scheduling the round robin of tournament %d: %w", t.ID, err)
		}
		t.Rounds = len(rounds)
	}
	for i, r := range rounds {
		if err := insertTables(ctx, tx, t.ID, i+1, r, now); err != nil {
			return err
		}
	}
	t.Status, t.Round, t.StartedAt = StatusRunning, 1, &now
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'running', round = 1, rounds = $2, started_at = $3, updated_at = $3
		WHERE id = $1`, t.ID, t.Rounds, now); err != nil {
		return fmt.Errorf("error starting tournament %d: %w", t.ID, err)
	}
	return nil
}

// play creates the games of the tables of t's current round that have none (adding them to news.Started,
// and with them the round's byes when it created any: the round's start) and records the places of those
// whose game is over (of game only, when set); it reports whether every table of the round is over.
func (s *Service) play(ctx context.Context, tx *sql.Tx, t Tournament, only int, news *RoundNews) (bool, error) {
	ts, err := tables(ctx, tx, t.ID, t.Round)
	if err != nil {
		return false, err
	}
	over, created := true, false
	var byes []Table
	for _, table := range ts {
		if table.Bye() {
			byes = append(byes, table)
		}
		if table.Over() {
			continue
		}
		if table.GameID == 0 {
			spec := GameSpec{Key: tableKey(t.ID, t.Round, table.Number), Name: fmt.Sprintf("%s: round %d, table %d", t.Name, t.Round, table.Number+1),
				Map: t.Maps[(t.Round-1+table.Number)%len(t.Maps)], TurnLimit: t.TurnLimit, Rated: t.Rated, Users: table.Entrants}
			if table.GameID, err = s.games.CreateStarted(ctx, spec); err != nil {
				return false, fmt.Errorf("error creating the game of table %d of round %d of tournament %d: %w", table.Number, t.Round, t.ID, err)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE tournament_tables SET game_id = $4 WHERE tournament_id = $1 AND round = $2 AND "table" = $3`,
				t.ID, t.Round, table.Number, table.GameID); err != nil {
				return false, fmt.Errorf("error recording the game of table %d of round %d of tournament %d: %w", table.Number, t.Round, t.ID, err)
			}
			news.Started = append(news.Started, table)
			created = true
		}
		if only != 0 && table.GameID != only {
			over = false // its own game's end tells
			continue
		}
		byUser, finished, err := s.games.Places(ctx, table.GameID)
		if err != nil {
			return false, fmt.Errorf("error reading the places of game %d: %w", table.GameID, err)
		}
		if !finished {
			over = false
			continue
		}
		places := placesOf(table.Entrants, byUser)
		if err := (pairing.Result{Entrants: table.Entrants, Places: places}).Validate(); err != nil {
			return false, fmt.Errorf("game %d of tournament %d has places %v: %w", table.GameID, t.ID, places, err)
		}
		text, err := json.Marshal(places)
		if err != nil {
			return false, fmt.Errorf("error encoding places: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournament_tables SET places = $4, finished_at = $5
			WHERE tournament_id = $1 AND round = $2 AND "table" = $3`, t.ID, t.Round, table.Number, text, s.now()); err != nil {
			return false, fmt.Errorf("error recording the places of table %d of round %d of tournament %d: %w", table.Number, t.Round, t.ID, err)
		}
	}
	if created {
		// The round started with this call: its byes are told with its games, once.
		news.Started = append(news.Started, byes...)
	}
	return over, nil
}

// nextRound moves t, whose current round is over, to its next round, seated (Swiss, single elimination)
// or scheduled at the start (round robin), or finishes it after its last round.
func (s *Service) nextRound(ctx context.Context, tx *sql.Tx, t *Tournament) error {
	var next []pairing.Table
	switch t.Format {
	case FormatSwiss:
		if t.Round >= t.Rounds {
			return s.finish(ctx, tx, t)
		}
		ents, err := entrants(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		all, err := results(ctx, tx, t.ID, 0)
		if err != nil {
			return err
		}
		standings, err := pairing.Standings(ents, all, t.Seats)
		if err != nil {
			return fmt.Errorf("error ranking the entrants of tournament %d: %w", t.ID, err)
		}
		if next, err = pairing.Swiss(standings, all, t.Seats); err != nil {
			return fmt.Errorf("error seating round %d of tournament %d: %w", t.Round+1, t.ID, err)
		}
	case FormatElimination:
		last, err := results(ctx, tx, t.ID, t.Round)
		if err != nil {
			return err
		}
		winners := pairing.Winners(last)
		if len(winners) <= 1 {
			return s.finish(ctx, tx, t)
		}
		ents, err := entrants(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		ents = slices.DeleteFunc(ents, func(e pairing.Entrant) bool { return !slices.Contains(winners, e.ID) })
		if next, err = pairing.Elimination(ents, t.Seats); err != nil {
			return fmt.Errorf("error seating round %d of tournament %d: %w", t.Round+1, t.ID, err)
		}
	case FormatRoundRobin:
		if t.Round >= t.Rounds {
			return s.finish(ctx, tx, t)
		}
	}
	t.Round++
	if next != nil {
		if err := insertTables(ctx, tx, t.ID, t.Round, next, s.now()); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET round = $2, updated_at = $3 WHERE id = $1`, t.ID, t.Round, s.now()); err != nil {
		return fmt.Errorf("error moving tournament %d to round %d: %w", t.ID, t.Round, err)
	}
	return nil
}

// finish ends t after its last round.
func (s *Service) finish(ctx context.Context, tx *sql.Tx, t *Tournament) error {
	now := s.now()
	t.Status, t.FinishedAt = StatusFinished, &now
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'finished', finished_at = $2, updated_at = $2 WHERE id = $1`,
		t.ID, now); err != nil {
		return fmt.Errorf("error finishing tournament %d: %w", t.ID, err)
	}
	return nil
}

// Standings returns the standings of tournament id by the results of its tables so far (pairing.Standings:
// entrant IDs are user IDs), the first first.
func (s *Service) Standings(ctx context.Context, id int) ([]pairing.Standing, error) {
	t, err := load(ctx, s.db, id, false)
	if err != nil {
		return nil, err
	}
	ents, err := entrants(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	all, err := results(ctx, s.db, id, 0)
	if err != nil {
		return nil, err
	}
	out, err := pairing.Standings(ents, all, t.Seats)
	if err != nil {
		return nil, fmt.Errorf("error ranking the entrants of tournament %d: %w", id, err)
	}
	return out, nil
}

// Due returns the tournaments Advance has something to do in, or may have: the open ones whose start time
// has come or that are full without one, and the running ones (whose tables' games may be over). The
// periodic job advances each.
func (s *Service) Due(ctx context.Context) ([]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.id FROM tournaments t
		WHERE t.status = 'running'
		   OR (t.status = 'open' AND t.starts_at <= $1)
		   OR (t.status = 'open' AND t.starts_at IS NULL AND t.entry_limit <=
		       (SELECT count(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.left_at IS NULL))
		ORDER BY t.id`, s.now())
	if err != nil {
		return nil, fmt.Errorf("error finding the tournaments to advance: %w", err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error finding the tournaments to advance: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error finding the tournaments to advance: %w", err)
	}
	return out, nil
}
