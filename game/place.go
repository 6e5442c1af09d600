package game

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/lib/pq"
)

// Places of a finished game: the winner is 1st (in a team game every winner, docs/rules.md R85), the player
// who went out last 2nd, and so on back to the first who went out, whether they were eliminated or
// resigned (both are public events, ranked by when they happened). A seat that neither won nor went out (a
// game that ended another way) has no place.

// Out is a seat going out of a game: eliminated or resigned, at sequence number Seq.
type Out struct {
	Seat int
	Seq  int64
}

// Places returns the place of each seat of a game that winners won and whose seats went out as outs say
// (in any order): every winner 1 (a winning team's eliminated seats too), the last out of the others 2,
// ... A seat out twice counts at its first going out. The map holds only the seats that have a place; no
// winners give none.
func Places(winners []int, outs []Out) map[int]int {
	if len(winners) == 0 {
		return nil
	}
	first := map[int]int64{}
	for _, o := range outs {
		if slices.Contains(winners, o.Seat) {
			continue
		}
		if seq, ok := first[o.Seat]; !ok || o.Seq < seq {
			first[o.Seat] = o.Seq
		}
	}
	places := map[int]int{}
	for _, w := range winners {
		places[w] = 1
	}
	for seat, seq := range first {
		later := 0
		for other, s := range first {
			if other != seat && (s > seq || (s == seq && other < seat)) {
				later++
			}
		}
		places[seat] = 2 + later
	}
	return places
}

// GamePlaces returns the places of a finished game's seats (Places), read from its public events
// (player_eliminated, player_resigned, game_over); nil while the game is not over.
func (s *Service) GamePlaces(ctx context.Context, gameID int) (map[int]int, error) {
	return gamePlaces(ctx, s.db, gameID)
}

// gamePlaces is GamePlaces through q: in a transaction, it sees the events the transaction wrote.
func gamePlaces(ctx context.Context, q querier, gameID int) (map[int]int, error) {
	places, err := gamesPlaces(ctx, q, []int{gameID})
	return places[gameID], err
}

// gamesPlaces returns the places of the seats of each game of ids that is over, by game, in one statement
// (the partial index events_outs holds the events it reads); a game not over has no entry.
func gamesPlaces(ctx context.Context, q querier, ids []int) (map[int]map[int]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT game_id, seq, kind, payload FROM events
		WHERE game_id = ANY($1) AND kind IN ('player_eliminated', 'player_resigned', 'game_over') ORDER BY game_id, seq`,
		pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error reading the outs of games %v: %w", ids, err)
	}
	defer rows.Close()
	out := map[int]map[int]int{}
	var (
		game    = -1
		winners []int
		outs    []Out
	)
	flush := func() {
		if game >= 0 {
			if places := Places(winners, outs); places != nil {
				out[game] = places
			}
		}
		winners, outs = nil, nil
	}
	for rows.Next() {
		var (
			gameID  int
			seq     int64
			kind    string
			payload []byte
		)
		if err := rows.Scan(&gameID, &seq, &kind, &payload); err != nil {
			return nil, fmt.Errorf("error reading the outs of games %v: %w", ids, err)
		}
		if gameID != game {
			flush()
			game = gameID
		}
		var p struct {
			Player  *int  `json:"player"`
			Winner  *int  `json:"winner"`
			Winners []int `json:"winners"`
		}
		if err := json.Unmarshal(payload, &p); err != nil {
			return nil, fmt.Errorf("error decoding event %d of game %d: %w", seq, gameID, err)
		}
		switch {
		case kind == "game_over" && len(p.Winners) > 0:
			winners = p.Winners
		case kind == "game_over" && p.Winner != nil: // a game over before game_over carried the winners
			winners = []int{*p.Winner}
		case kind != "game_over" && p.Player != nil:
			outs = append(outs, Out{Seat: *p.Player, Seq: seq})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the outs of games %v: %w", ids, err)
	}
	flush()
	return out, nil
}
