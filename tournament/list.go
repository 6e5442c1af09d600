package tournament

import (
	"context"
	"fmt"
	"time"
)

// MaxList is the most tournaments one call of List returns.
const MaxList = 100

// List returns up to limit tournaments of status (any status when empty), the newest first, among those
// with an id below before (0: from the newest), and how many tournaments of status there are.
func (s *Service) List(ctx context.Context, status Status, before, limit int) ([]Tournament, int, error) {
	if limit < 0 || limit > MaxList {
		return nil, 0, fmt.Errorf("a list has 0 to %d tournaments, not %d", MaxList, limit)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE $1 = '' OR status = $1`, string(status)).
		Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("error counting tournaments: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE ($1 = '' OR status = $1) AND ($2 = 0 OR id < $2) ORDER BY id DESC LIMIT $3`, string(status), before, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("error listing tournaments: %w", err)
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("error listing tournaments: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("error listing tournaments: %w", err)
	}
	return out, total, nil
}

// Entrant is a user entered in a tournament.
type Entrant struct {
	UserID int
	// Seed is the rating at entry (Enter).
	Seed      float64
	EnteredAt time.Time
}

// Entrants returns the entrants of tournament id (who entered and did not leave), in the order they
// entered.
func (s *Service) Entrants(ctx context.Context, id int) ([]Entrant, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, seed, created_at FROM tournament_entrants
		WHERE tournament_id = $1 AND left_at IS NULL ORDER BY created_at, id`, id)
	if err != nil {
		return nil, fmt.Errorf("error reading the entrants of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []Entrant
	for rows.Next() {
		var e Entrant
		if err := rows.Scan(&e.UserID, &e.Seed, &e.EnteredAt); err != nil {
			return nil, fmt.Errorf("error reading the entrants of tournament %d: %w", id, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the entrants of tournament %d: %w", id, err)
	}
	return out, nil
}
