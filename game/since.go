package game

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"rout/rules"
)

// maxSinceEvents bounds the events SinceLastTurn reads.
const maxSinceEvents = 5000

// Since is what happened in a game between the end of a seat's last turn and the end of one of its
// turns, as every viewer may know it (the fields public in every view of an event), or in a fog game as
// the seat saw it (its own record): conquests, trades of cards (their armies, never which cards),
// eliminations and resignations. Notifications say it in one line.
type Since struct {
	// First is true when the seat had no turn before: Since then covers the game from its start.
	First bool
	// Seats holds what each seat did, in the order of each one's first deed.
	Seats []SeatSince
}

// SeatSince is what one seat did, or underwent, in a Since.
type SeatSince struct {
	Seat int
	// UserID is the seat's user (0 for a CPU seat), Name their name, Difficulty a CPU seat's difficulty.
	UserID     int
	Name       string
	Difficulty string
	// Took names the territories the seat conquered, in order.
	Took []string
	// Traded holds the armies of each set of cards the seat traded in.
	Traded []int
	// Eliminated is true when the seat lost its last territory.
	Eliminated bool
	// Resigned is true when the seat resigned.
	Resigned bool
}

// sinceFields are the fields of the public view of the events SinceLastTurn reads.
type sinceFields struct {
	Player int               `json:"player"`
	By     int               `json:"by"`
	To     rules.TerritoryID `json:"to"`
	Armies int               `json:"armies"`
}

// SinceLastTurn returns what happened in game gameID from the end of seat's last turn before turn turn
// (from the start of the game when it had none: Since.First) through turn turn: for a your_turn
// notice, what the others did since the seat last played; for a cpu_played one, that and what the CPU
// did in the seat's turn. It reads the game's public fields only (in a fog game, the seat's record), at
// most maxSinceEvents events.
func (s *Service) SinceLastTurn(ctx context.Context, gameID, seat, turn int) (Since, error) {
	var since Since
	var after int64
	prevTurn := -1
	// In a fog game that runs, the seat's own record (seen_events), numbered as it knows it: what it saw.
	var fogged bool
	if err := s.db.QueryRowContext(ctx, `SELECT fog <> 'none' AND status = 'active' FROM games WHERE id = $1`, gameID).Scan(&fogged); err != nil {
		return Since{}, fmt.Errorf("error reading game %d: %w", gameID, err)
	}
	// $2, the seat, is a seat (at least 0): both forms name it, so that the queries' parameters are the same.
	record := `(SELECT seq, turn, kind, payload FROM events WHERE game_id = $1 AND $2::int >= 0) AS e`
	if fogged {
		record = `(SELECT vseq AS seq, turn, kind, payload FROM seen_events WHERE game_id = $1 AND viewer = $2) AS e`
	}
	// The seat's last turn is the last turn_started event that handed it the move (an event's turn is the
	// turn it happened in, and a turn_started event's is the turn it starts).
	err := s.db.QueryRowContext(ctx, `SELECT seq, turn FROM `+record+` WHERE kind = 'turn_started'
		AND (payload->>'player')::int = $2 AND turn < $3 ORDER BY seq DESC LIMIT 1`, gameID, seat, turn).Scan(&after, &prevTurn)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		since.First = true
	case err != nil:
		return Since{}, fmt.Errorf("error reading the last turn of seat %d in game %d: %w", seat, gameID, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, kind, payload FROM `+record+`
		WHERE seq > $3 AND turn > $4 AND turn <= $5
			AND kind IN ('territory_conquered', 'cards_traded', 'player_eliminated', 'player_resigned')
		ORDER BY seq LIMIT $6`, gameID, seat, after, prevTurn, turn, maxSinceEvents)
	if err != nil {
		return Since{}, fmt.Errorf("error reading the events of game %d since turn %d: %w", gameID, prevTurn, err)
	}
	type deed struct {
		seq    int64
		kind   string
		fields sinceFields
	}
	var deeds []deed
	defer rows.Close()
	for rows.Next() {
		var d deed
		var payload []byte
		if err := rows.Scan(&d.seq, &d.kind, &payload); err != nil {
			return Since{}, fmt.Errorf("error reading an event of game %d: %w", gameID, err)
		}
		// The fields read are public in every view of an event (rules.HideCards keeps them).
		if err := json.Unmarshal(payload, &d.fields); err != nil {
			return Since{}, fmt.Errorf("error decoding event %d of game %d: %w", d.seq, gameID, err)
		}
		deeds = append(deeds, d)
	}
	if err := rows.Err(); err != nil || len(deeds) == 0 {
		return since, err
	}
	board, err := s.Board(ctx, gameID)
	if err != nil {
		return Since{}, err
	}
	seats, err := s.seatNames(ctx, gameID)
	if err != nil {
		return Since{}, err
	}
	index := map[int]int{} // seat -> its place in since.Seats
	of := func(seat int) *SeatSince {
		i, ok := index[seat]
		if !ok {
			i = len(since.Seats)
			index[seat] = i
			ss := seats[seat]
			ss.Seat = seat
			since.Seats = append(since.Seats, ss)
		}
		return &since.Seats[i]
	}
	for _, d := range deeds {
		f := d.fields
		switch d.kind {
		case "territory_conquered":
			if int(f.To) >= 0 && int(f.To) < board.Len() {
				of(f.Player).Took = append(of(f.Player).Took, board.Territory(f.To).Name)
			}
		case "cards_traded":
			of(f.Player).Traded = append(of(f.Player).Traded, f.Armies)
		case "player_eliminated":
			of(f.Player).Eliminated = true
		case "player_resigned":
			of(f.Player).Resigned = true
		}
	}
	return since, nil
}

// seatNames returns the user, name and difficulty of every seat of game gameID.
func (s *Service) seatNames(ctx context.Context, gameID int) (map[int]SeatSince, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seat, COALESCE(user_id, 0), COALESCE(difficulty, '')
		FROM players WHERE game_id = $1`, gameID)
	if err != nil {
		return nil, fmt.Errorf("error reading the seats of game %d: %w", gameID, err)
	}
	defer rows.Close()
	out := map[int]SeatSince{}
	for rows.Next() {
		var ss SeatSince
		if err := rows.Scan(&ss.Seat, &ss.UserID, &ss.Difficulty); err != nil {
			return nil, fmt.Errorf("error reading a seat of game %d: %w", gameID, err)
		}
		out[ss.Seat] = ss
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the seats of game %d: %w", gameID, err)
	}
	var users []int
	for _, ss := range out {
		if ss.UserID != 0 {
			users = append(users, ss.UserID)
		}
	}
	names, err := s.accounts.Names(ctx, s.db, users)
	if err != nil {
		return nil, err
	}
	for seat, ss := range out {
		ss.Name = names[ss.UserID]
		out[seat] = ss
	}
	return out, nil
}

// UserSeat returns the seat of user userID in game gameID, and false when they hold none.
func (s *Service) UserSeat(ctx context.Context, gameID, userID int) (int, bool, error) {
	var seat int
	err := s.db.QueryRowContext(ctx, `SELECT seat FROM players WHERE game_id = $1 AND user_id = $2 ORDER BY seat LIMIT 1`,
		gameID, userID).Scan(&seat)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("error reading the seat of user %d in game %d: %w", userID, gameID, err)
	}
	return seat, true, nil
}
