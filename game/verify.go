package game

import (
	"context"
	"database/sql"
	"fmt"

	"rout/rules"
)

// GameVerify rebuilds a started game from its events and compares the result with its stored rows (the
// territories, players, cards and the game row's engine state). It returns nil when they agree, and an
// error naming the first difference otherwise. It reads the whole game.
func (s *Service) GameVerify(ctx context.Context, gameID int) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if g.status == StatusOpen {
			return nil // nothing has happened yet
		}
		seats, err := loadSeats(ctx, tx, g.id)
		if err != nil {
			return err
		}
		board, err := s.board(ctx, tx, g.mapID)
		if err != nil {
			return err
		}
		cfg := g.config(seats)
		stored, err := loadState(ctx, tx, g, board, cfg)
		if err != nil {
			return err
		}
		events, err := readEvents(ctx, tx, g.id, 0, int(g.seq)+1)
		if err != nil {
			return err
		}
		if int64(len(events)) != g.seq {
			return fmt.Errorf("game %d: %d events stored, the game row counts %d", g.id, len(events), g.seq)
		}
		record := make([]rules.Event, len(events))
		for i, e := range events {
			if e.Seq != int64(i+1) {
				return fmt.Errorf("game %d: event %d has sequence number %d", g.id, i+1, e.Seq)
			}
			record[i] = e.Event
		}
		replayed, err := rules.Replay(board, cfg, record)
		if err != nil {
			return fmt.Errorf("game %d: the record does not replay: %w", g.id, err)
		}
		if diff := rules.Diff(replayed, stored); diff != "" {
			return fmt.Errorf("game %d: the rows differ from the record: %s", g.id, diff)
		}
		return nil
	})
}

// GameState returns a game's current engine state: from this replica's cache when it holds the current
// version, from the rows otherwise. A game that has not started is in the setup phase.
func (s *Service) GameState(ctx context.Context, gameID int) (rules.State, error) {
	snap, err := s.GameSnapshot(ctx, gameID)
	return snap.State, err
}

// GameIDs returns the ids of all games that have started, oldest first.
func (s *Service) GameIDs(ctx context.Context) ([]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE status <> 'open' ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("error listing games: %w", err)
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error listing games: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
