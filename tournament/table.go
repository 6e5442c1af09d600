package tournament

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"rout/tournament/pairing"
)

// Table is one table of a tournament's round.
type Table struct {
	Round int
	// Number is the table's number in its round, from 0.
	Number int
	// Entrants are the users seated at the table, in seat order.
	Entrants []int
	// GameID is the table's game; 0 for a bye, and until Advance creates it.
	GameID int
	// Places are the entrants' places (1 for the winner), in the order of Entrants; nil until the table is
	// over. A bye is over at once, with place 1.
	Places []int
}

// Over tells whether the table has its places.
func (t Table) Over() bool { return t.Places != nil }

// Bye tells whether the table is a bye: a table of one, without a game, over at once as a win.
func (t Table) Bye() bool { return len(t.Entrants) == 1 }

// result is the table as pairing reads it; the table is over.
func (t Table) result() pairing.Result {
	return pairing.Result{Entrants: t.Entrants, Places: t.Places}
}

// Tables returns the tables of tournament id, round by round, each round's in number order; round 0 for
// every round's, else that round's.
func (s *Service) Tables(ctx context.Context, id, round int) ([]Table, error) {
	return tables(ctx, s.db, id, round)
}

// tables reads the tables of tournament id: round 0 for every round's, else that round's.
func tables(ctx context.Context, q querier, id, round int) ([]Table, error) {
	rows, err := q.QueryContext(ctx, `SELECT round, "table", entrants, COALESCE(game_id, 0), places FROM tournament_tables
		WHERE tournament_id = $1 AND ($2 = 0 OR round = $2) ORDER BY round, "table"`, id, round)
	if err != nil {
		return nil, fmt.Errorf("error reading the tables of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []Table
	for rows.Next() {
		var t Table
		var entrants, places []byte
		if err := rows.Scan(&t.Round, &t.Number, &entrants, &t.GameID, &places); err != nil {
			return nil, fmt.Errorf("error reading the tables of tournament %d: %w", id, err)
		}
		if err := json.Unmarshal(entrants, &t.Entrants); err != nil {
			return nil, fmt.Errorf("error decoding table %d of round %d of tournament %d: %w", t.Number, t.Round, id, err)
		}
		if places != nil {
			if err := json.Unmarshal(places, &t.Places); err != nil {
				return nil, fmt.Errorf("error decoding table %d of round %d of tournament %d: %w", t.Number, t.Round, id, err)
			}
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the tables of tournament %d: %w", id, err)
	}
	return out, nil
}

// results returns the results of the tables of tournament id that are over: every round's for round 0,
// else that round's.
func results(ctx context.Context, q querier, id, round int) ([]pairing.Result, error) {
	ts, err := tables(ctx, q, id, round)
	if err != nil {
		return nil, err
	}
	var out []pairing.Result
	for _, t := range ts {
		if t.Over() {
			out = append(out, t.result())
		}
	}
	return out, nil
}

// insertTables writes the tables of round of tournament id; a bye (a table of one) is over at once, at
// time now.
func insertTables(ctx context.Context, tx *sql.Tx, id, round int, ts []pairing.Table, now time.Time) error {
	for i, t := range ts {
		entrants, err := json.Marshal([]int(t))
		if err != nil {
			return fmt.Errorf("error encoding a table: %w", err)
		}
		var places []byte
		var finished *time.Time
		if len(t) == 1 {
			places, finished = []byte("[1]"), &now
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_tables (created_at, tournament_id, round, "table", entrants, places, finished_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, now, id, round, i, entrants, places, finished); err != nil {
			return fmt.Errorf("error seating table %d of round %d of tournament %d: %w", i, round, id, err)
		}
	}
	return nil
}

// placesOf returns the places of users, in order, from a finished game's places by user: a user without
// a place ranks after every placed user, all such users together; with nobody placed, all share the win.
func placesOf(users []int, byUser map[int]int) []int {
	out := make([]int, len(users))
	placed := 0
	for i, u := range users {
		if p, ok := byUser[u]; ok && p >= 1 {
			out[i] = p
			placed++
		}
	}
	for i := range out {
		if out[i] == 0 {
			out[i] = placed + 1
		}
	}
	return out
}
