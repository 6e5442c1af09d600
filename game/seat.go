package game

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/lib/pq"

	"rout/rules"
)

// The seat columns. The engine numbers seats from 0 and gives what is not a seat negative numbers
// (rules.Neutral -1, rules.Unclaimed -2, rules.NoPlayer -3); the tables keep the engine's numbers where a
// neutral or unclaimed owner is meant (territories.owner_seat), -1 where "no seat" is (games.current_seat,
// events.seat, and a record's seat), and NULL for a card in no hand (cards.holder_seat). These functions
// are the only place that converts between the two.

// noSeat is a seat column's "no seat".
const noSeat = -1

// seatColumn is the value of games.current_seat, events.seat or a record's seat for p: the seat, or -1
// when p is not one (rules.NoPlayer).
func seatColumn(p rules.PlayerID) int {
	if p < 0 {
		return noSeat
	}
	return int(p)
}

// seatFromColumn is the player a seat column holds: the seat, or rules.NoPlayer for any negative value
// (-1; the events of games played before events.seat kept -1 hold -3).
func seatFromColumn(v int) rules.PlayerID {
	if v < 0 {
		return rules.NoPlayer
	}
	return rules.PlayerID(v)
}

// holderColumn is the value of cards.holder_seat for a card held by p: the seat, or NULL for none.
func holderColumn(p rules.PlayerID) sql.NullInt64 {
	if p < 0 {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(p), Valid: true}
}

// holderFromColumn is the player cards.holder_seat names: the seat, or rules.NoPlayer for NULL.
func holderFromColumn(v sql.NullInt64) rules.PlayerID {
	if !v.Valid {
		return rules.NoPlayer
	}
	return rules.PlayerID(v.Int64)
}

// SeatOrNil is p as the API shows a seat: its number, or nil for the negative ids (no player, neutral,
// unclaimed).
func SeatOrNil(p rules.PlayerID) *int {
	if p < 0 {
		return nil
	}
	s := int(p)
	return &s
}

// Seat is one seat of a game as stored.
type Seat struct {
	Seat       int
	UserID     int // 0 for a CPU seat or a seat nobody has taken
	CPU        bool
	Difficulty string // CPU seats: easy, normal, hard or cautious
	Color      string
	// Status is open, invited, active, eliminated or resigned: once the game has started, its player's
	// status in the engine state (kept in step by batch.playersChanged).
	Status      SeatStatus
	InviteEmail string
	// Delegation is the CPU its player handed the seat to; nil while the player plays it.
	Delegation *Delegation
	// Takeovers is how many of the seat's turns in a row were taken over at their deadline since its
	// player last acted (three hand the seat to the CPU: see Delegation.Auto).
	Takeovers int
	// Team is the seat's team in a team game (its index in Row.Teams); 0 in a free-for-all.
	Team int
}

func loadSeats(ctx context.Context, q querier, gameID int) ([]Seat, error) {
	seats, err := loadSeatsOf(ctx, q, []int{gameID})
	return seats[gameID], err
}

// loadSeatsOf loads the seats of games, in one statement: the seats of each game by its id, in seat order.
func loadSeatsOf(ctx context.Context, q querier, games []int) (map[int][]Seat, error) {
	rows, err := q.QueryContext(ctx, `SELECT game_id, seat, COALESCE(user_id, 0), cpu, COALESCE(difficulty, ''), color, status,
		COALESCE(invite_email, ''), delegate, delegate_turns, delegate_until, delegate_auto, takeovers,
		COALESCE(team, 0) FROM players WHERE game_id = ANY($1) ORDER BY game_id, seat`, pq.Array(games))
	if err != nil {
		return nil, fmt.Errorf("error loading the seats of game %d%s: %w", games[0], andOthers(games), err)
	}
	defer rows.Close()
	seats := make(map[int][]Seat, len(games))
	for rows.Next() {
		var game int
		var s Seat
		var delegate sql.NullString
		var turns sql.NullInt64
		var until sql.NullTime
		var auto bool
		if err := rows.Scan(&game, &s.Seat, &s.UserID, &s.CPU, &s.Difficulty, &s.Color, &s.Status, &s.InviteEmail,
			&delegate, &turns, &until, &auto, &s.Takeovers, &s.Team); err != nil {
			return nil, fmt.Errorf("error reading a seat of game %d%s: %w", games[0], andOthers(games), err)
		}
		if delegate.Valid {
			d := &Delegation{Difficulty: delegate.String, Auto: auto}
			if turns.Valid {
				n := int(turns.Int64)
				d.Turns = &n
			}
			if until.Valid {
				t := until.Time
				d.Until = &t
			}
			s.Delegation = d
		}
		seats[game] = append(seats[game], s)
	}
	return seats, rows.Err()
}

// andOthers is how an error message names the games after the first of games: " and N others", or "".
func andOthers(games []int) string {
	if len(games) < 2 {
		return ""
	}
	return fmt.Sprintf(" and %d others", len(games)-1)
}
