package game

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"rout/luck"
	"rout/rules"
)

// The luck audit's reads (package luck does the arithmetic): a game's battle rolls, whole or as one viewer
// saw them, and the rolls of a user's finished games. docs/luck.md says what they count.

// BattleRolls returns the battle rolls of game gameID up to its event number upTo, in order. When view is
// true they are the rolls of viewer's own record of the fog game (a seat, or rules.NoPlayer for the
// spectators), up to its number upTo: only what the viewer saw (rules.ProjectEvents shows a roll whole or
// not at all).
func (s *Service) BattleRolls(ctx context.Context, gameID int, viewer rules.PlayerID, view bool, upTo int64) ([]luck.Roll, error) {
	var rows *sql.Rows
	var err error
	if view {
		rows, err = s.db.QueryContext(ctx, `SELECT turn, payload FROM seen_events
			WHERE game_id = $1 AND viewer = $2 AND vseq <= $3 AND kind = 'battle_rolled' ORDER BY vseq`, gameID, viewerColumn(viewer), upTo)
	} else {
		rows, err = s.db.QueryContext(ctx, `SELECT turn, payload FROM events
			WHERE game_id = $1 AND seq <= $2 AND kind = 'battle_rolled' ORDER BY seq`, gameID, upTo)
	}
	if err != nil {
		return nil, fmt.Errorf("error reading the battle rolls of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []luck.Roll
	for rows.Next() {
		var turn int
		var payload []byte
		if err := rows.Scan(&turn, &payload); err != nil {
			return nil, fmt.Errorf("error reading a battle roll of game %d: %w", gameID, err)
		}
		var e rules.BattleRolled
		if err := json.Unmarshal(payload, &e); err != nil {
			return nil, fmt.Errorf("error decoding a battle roll of game %d: %w", gameID, err)
		}
		out = append(out, luck.RollOf(turn, e))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the battle rolls of game %d: %w", gameID, err)
	}
	return out, nil
}

// UserLuck returns the luck of user userID over their finished games: how many there are and the tally of
// the rolls of their seat in each. withPrivate counts the private games (with an invite code) too, which
// only the user themself may be shown; otherwise only public games count. A finished game's fog is lifted,
// so every roll counts.
func (s *Service) UserLuck(ctx context.Context, userID int, withPrivate bool) (int, *luck.Tally, error) {
	total := luck.NewTally(0)
	games := 0
	err := s.withTxOpts(ctx, snapshotRead, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM players p JOIN games g ON g.id = p.game_id
			WHERE p.user_id = $1 AND g.status = 'finished' AND ($2 OR g.invite_code IS NULL)`, userID, withPrivate).Scan(&games); err != nil {
			return fmt.Errorf("error counting the finished games of user %d: %w", userID, err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT p.game_id, p.seat, e.payload FROM players p
			JOIN games g ON g.id = p.game_id
			JOIN events e ON e.game_id = p.game_id AND e.kind = 'battle_rolled'
			WHERE p.user_id = $1 AND g.status = 'finished' AND ($2 OR g.invite_code IS NULL)
			ORDER BY p.game_id`, userID, withPrivate)
		if err != nil {
			return fmt.Errorf("error reading the battle rolls of user %d: %w", userID, err)
		}
		defer rows.Close()
		var tally *luck.Tally
		current := 0
		for rows.Next() {
			var gameID, seat int
			var payload []byte
			if err := rows.Scan(&gameID, &seat, &payload); err != nil {
				return fmt.Errorf("error reading a battle roll of user %d: %w", userID, err)
			}
			if gameID != current {
				if tally != nil {
					total.Merge(tally)
				}
				tally, current = luck.NewTally(rules.PlayerID(seat)), gameID
			}
			var e rules.BattleRolled
			if err := json.Unmarshal(payload, &e); err != nil {
				return fmt.Errorf("error decoding a battle roll of game %d: %w", gameID, err)
			}
			tally.Add(luck.RollOf(0, e))
		}
		if tally != nil {
			total.Merge(tally)
		}
		return rows.Err()
	})
	if err != nil {
		return 0, nil, err
	}
	return games, total, nil
}

// Sightings returns viewer's own record of fog game gameID up to its number upTo, as luck.CourseSeen reads
// it: each entry's turn, the territories it changed, and its event when it is one the course reads (the
// start, a turn's start, an elimination, a resignation, a battle roll; the others' payloads may hide cards).
func (s *Service) Sightings(ctx context.Context, gameID int, viewer rules.PlayerID, upTo int64) ([]luck.Sighting, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT turn, kind, payload, after FROM seen_events
		WHERE game_id = $1 AND viewer = $2 AND vseq <= $3 ORDER BY vseq`, gameID, viewerColumn(viewer), upTo)
	if err != nil {
		return nil, fmt.Errorf("error reading the record of viewer %d of game %d: %w", viewer, gameID, err)
	}
	defer rows.Close()
	read := map[string]func([]byte) (rules.Event, error){
		rules.GameStarted{}.Kind():      decodeAs[rules.GameStarted],
		rules.TurnStarted{}.Kind():      decodeAs[rules.TurnStarted],
		rules.PlayerEliminated{}.Kind(): decodeAs[rules.PlayerEliminated],
		rules.PlayerResigned{}.Kind():   decodeAs[rules.PlayerResigned],
		rules.BattleRolled{}.Kind():     decodeAs[rules.BattleRolled],
	}
	var out []luck.Sighting
	for rows.Next() {
		var sg luck.Sighting
		var kind string
		var payload, afterData []byte
		if err := rows.Scan(&sg.Turn, &kind, &payload, &afterData); err != nil {
			return nil, fmt.Errorf("error reading the record of viewer %d of game %d: %w", viewer, gameID, err)
		}
		var after SeenAfter
		if err := json.Unmarshal(afterData, &after); err != nil {
			return nil, fmt.Errorf("error decoding the record of viewer %d of game %d: %w", viewer, gameID, err)
		}
		sg.Changed = make([]rules.SeenTerritory, len(after.Territories))
		for i, t := range after.Territories {
			if sg.Changed[i], err = t.rules(); err != nil {
				return nil, fmt.Errorf("error decoding the record of viewer %d of game %d: %w", viewer, gameID, err)
			}
		}
		if decode, ok := read[kind]; ok {
			if sg.Event, err = decode(payload); err != nil {
				return nil, fmt.Errorf("error decoding the record of viewer %d of game %d: %w", viewer, gameID, err)
			}
		}
		out = append(out, sg)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the record of viewer %d of game %d: %w", viewer, gameID, err)
	}
	return out, nil
}

// decodeAs decodes an event's payload as an event of type E (without its kind, which the caller checked;
// the cards of an elimination or a resignation may be hidden and are not read).
func decodeAs[E rules.Event](payload []byte) (rules.Event, error) {
	var e E
	if err := json.Unmarshal(payload, &e); err != nil {
		return nil, err
	}
	return e, nil
}
