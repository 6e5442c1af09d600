package game

import (
	stdcmp "cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"
)

// A player's profile (docs/ratings.md, "What players see"): the record of the games they finished, and
// what it adds up to. A profile shown to anyone but its player counts public games only (no invite code);
// the player's own counts every game of theirs. Whatever the length of the record, it costs two
// statements: the player's finished games with their seats (the players' index on user_id) and the events
// that place them (the partial index events_outs), then sums in memory.

// PlayedGame is a finished game of a player's record.
type PlayedGame struct {
	GameID     int
	Name       string // the name its creator gave the game; empty for none
	MapKey     string
	MapName    string
	Seats      int        // the game's seats
	Mode       RatingMode // the game's form: duel, ffa or teams (rated or not)
	Seat       int        // the player's seat (their first, should they hold two)
	Place      int        // the seat's place (Places); 0 for a game that ended without one
	StartedAt  time.Time
	FinishedAt time.Time
	Rated      bool
	Private    bool          // the game has an invite code
	Change     *RatingChange // what the game did to the player's rating; nil when none (PlayerGames only)
}

// Won tells whether the player won the game (in a team game, their team).
func (g PlayedGame) Won() bool { return g.Place == 1 }

// StatLine is what a player's finished games of one kind (a map, a size, a mode) add up to.
type StatLine struct {
	Key    string // the map's key, the number of seats, or the mode
	Name   string // the map's name (its newest version's among the games), or Key
	Played int
	Won    int
	// Places counts the games by place: Places[i] games at place i+1. Games without a place are not in it.
	Places []int
}

// AveragePlace returns the mean place of the games with a place, and false when none has one.
func (l StatLine) AveragePlace() (float64, bool) {
	n, sum := 0, 0
	for i, c := range l.Places {
		n += c
		sum += c * (i + 1)
	}
	if n == 0 {
		return 0, false
	}
	return float64(sum) / float64(n), true
}

// PlayerStats is what a player's finished games add up to.
type PlayerStats struct {
	Played int
	Won    int
	ByMap  []StatLine // by map key, most played first
	BySize []StatLine // by the number of seats, smallest first
	ByMode []StatLine // in RatingModes' order, modes played only
	// AverageLength is the mean time from start to end of the games; 0 for none.
	AverageLength time.Duration
	// LongestWinStreak is the most games won in a row, in the order they ended.
	LongestWinStreak int
}

// PlayerStats returns what user userID's finished games add up to; with publicOnly, of their public games
// only (what others see of them).
func (s *Service) PlayerStats(ctx context.Context, userID int, publicOnly bool) (PlayerStats, error) {
	games, err := s.playedGames(ctx, userID, publicOnly, 0, 0)
	if err != nil {
		return PlayerStats{}, err
	}
	return playerStats(games), nil
}

// playerStats sums games, newest first.
func playerStats(games []PlayedGame) PlayerStats {
	var st PlayerStats
	type line struct {
		StatLine
		latest time.Time // of the map's name
	}
	byMap, bySize, byMode := map[string]*line{}, map[int]*line{}, map[RatingMode]*line{}
	add := func(l *line, g PlayedGame) {
		l.Played++
		if g.Won() {
			l.Won++
		}
		if g.Place > 0 {
			for len(l.Places) < g.Place {
				l.Places = append(l.Places, 0)
			}
			l.Places[g.Place-1]++
		}
	}
	get := func(m map[string]*line, key, name string) *line {
		l, ok := m[key]
		if !ok {
			l = &line{StatLine: StatLine{Key: key, Name: name}}
			m[key] = l
		}
		return l
	}
	var total time.Duration
	streak := 0
	for i := len(games) - 1; i >= 0; i-- { // oldest first, for the streaks
		g := games[i]
		st.Played++
		if g.Won() {
			st.Won++
			streak++
			st.LongestWinStreak = max(st.LongestWinStreak, streak)
		} else {
			streak = 0
		}
		total += g.FinishedAt.Sub(g.StartedAt)
		l := get(byMap, g.MapKey, g.MapName)
		if g.FinishedAt.After(l.latest) {
			l.Name, l.latest = g.MapName, g.FinishedAt
		}
		add(l, g)
		if bySize[g.Seats] == nil {
			bySize[g.Seats] = &line{StatLine: StatLine{Key: strconv.Itoa(g.Seats), Name: strconv.Itoa(g.Seats)}}
		}
		add(bySize[g.Seats], g)
		if byMode[g.Mode] == nil {
			byMode[g.Mode] = &line{StatLine: StatLine{Key: string(g.Mode), Name: string(g.Mode)}}
		}
		add(byMode[g.Mode], g)
	}
	if st.Played > 0 {
		st.AverageLength = total / time.Duration(st.Played)
	}
	for _, l := range byMap {
		st.ByMap = append(st.ByMap, l.StatLine)
	}
	slices.SortFunc(st.ByMap, func(a, b StatLine) int { return stdcmp.Or(b.Played-a.Played, stdcmp.Compare(a.Key, b.Key)) })
	for _, n := range slices.Sorted(maps.Keys(bySize)) {
		st.BySize = append(st.BySize, bySize[n].StatLine)
	}
	for _, m := range RatingModes {
		if l := byMode[m]; l != nil {
			st.ByMode = append(st.ByMode, l.StatLine)
		}
	}
	return st
}

// PlayerGames returns a page of user userID's record of finished games, newest first: at most limit games
// that ended before game before (0: from the newest), each with its place and what it did to the user's
// rating; with publicOnly, of their public games only. A before that is not a finished game of the user's
// record gives an empty page.
func (s *Service) PlayerGames(ctx context.Context, userID int, publicOnly bool, before, limit int) ([]PlayedGame, error) {
	games, err := s.playedGames(ctx, userID, publicOnly, before, limit)
	if err != nil || len(games) == 0 {
		return games, err
	}
	ids := make([]int, len(games))
	for i, g := range games {
		ids[i] = g.GameID
	}
	changes, err := ratingChangesOf(ctx, s.db, userID, ids)
	if err != nil {
		return nil, err
	}
	for i, g := range games {
		if c, ok := changes[g.GameID]; ok {
			games[i].Change = &c
		}
	}
	return games, nil
}

// playedGames reads user userID's finished games, newest first (by end, then id), with their places: those
// before game before (0: all), at most limit (0: all), public ones only with publicOnly.
func (s *Service) playedGames(ctx context.Context, userID int, publicOnly bool, before, limit int) ([]PlayedGame, error) {
	var lim sql.NullInt64
	if limit > 0 {
		lim = sql.NullInt64{Int64: int64(limit), Valid: true}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT ON (g.finished_at, g.id) g.id, COALESCE(g.name, ''), m.key, m.name,
		g.teams IS NOT NULL, (SELECT count(*) FROM players s WHERE s.game_id = g.id), p.seat,
		COALESCE(g.started_at, g.created_at), g.finished_at, g.rated, g.invite_code IS NOT NULL
		FROM players p JOIN games g ON g.id = p.game_id JOIN maps m ON m.id = g.map_id
		WHERE p.user_id = $1 AND g.status = 'finished' AND g.finished_at IS NOT NULL
			AND (NOT $2 OR g.invite_code IS NULL)
			AND ($3 = 0 OR (g.finished_at, g.id) < (SELECT b.finished_at, b.id FROM games b WHERE b.id = $3))
		ORDER BY g.finished_at DESC, g.id DESC, p.seat LIMIT $4`, userID, publicOnly, before, lim)
	if err != nil {
		return nil, fmt.Errorf("error reading the finished games of user %d: %w", userID, err)
	}
	defer rows.Close()
	var games []PlayedGame
	var ids []int
	for rows.Next() {
		var g PlayedGame
		var teamGame bool
		if err := rows.Scan(&g.GameID, &g.Name, &g.MapKey, &g.MapName, &teamGame, &g.Seats, &g.Seat, &g.StartedAt,
			&g.FinishedAt, &g.Rated, &g.Private); err != nil {
			return nil, fmt.Errorf("error reading the finished games of user %d: %w", userID, err)
		}
		g.Mode = ratingModeOf(g.Seats, teamGame)
		games = append(games, g)
		ids = append(ids, g.GameID)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the finished games of user %d: %w", userID, err)
	}
	if len(games) == 0 {
		return nil, nil
	}
	places, err := gamesPlaces(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	for i, g := range games {
		games[i].Place = places[g.GameID][g.Seat]
	}
	return games, nil
}
