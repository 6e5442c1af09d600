package graph

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"entgo.io/contrib/entgql"

	"rout/ent"
	entgame "rout/ent/game"
	"rout/ent/player"
	"rout/game"
)

// Ratings and profiles (rating.graphqls; docs/ratings.md, "What players see"): the game service reads
// ratings, rating changes and a player's record; the current games are a list of Ent rows, as Query.games.

// PlayerProfile is the model of a player's profile: the user it is of, and whether the viewer sees their
// private games (their own profile). Its fields read the game service.
type PlayerProfile struct {
	IncludesPrivate bool

	userID int
}

// The bounds of PlayerProfile.ratingHistory's `last`.
const (
	defaultHistory = 100
	maxHistory     = 1000
)

// maxCurrentGames bounds PlayerProfile.currentGames.
const maxCurrentGames = 100

// ratingModeOf returns the API's name of a rating mode.
func ratingModeOf(m game.RatingMode) RatingMode { return RatingMode(strings.ToUpper(string(m))) }

// serviceMode returns the game service's name of a rating mode.
func serviceMode(m RatingMode) game.RatingMode { return game.RatingMode(strings.ToLower(string(m))) }

// userRatings answers User.ratings.
func (r *Resolver) userRatings(ctx context.Context, userID int) ([]*PlayerRating, error) {
	rs, err := r.game.UserRatings(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]*PlayerRating, len(rs))
	for i, u := range rs {
		out[i] = &PlayerRating{Mode: ratingModeOf(u.Mode), Rating: u.Rating.Public(), Mu: u.Rating.Mu, Sigma: u.Rating.Sigma,
			Provisional: u.Rating.Provisional(), Games: u.Games}
	}
	return out, nil
}

// ratingChange returns a rating change as the API shows it, for the player at seat.
func ratingChange(c game.RatingChange, seat int) *GameRatingChange {
	return &GameRatingChange{Seat: seat, Mode: ratingModeOf(c.Mode), Place: c.Place, RatingBefore: c.Before.Public(),
		RatingAfter: c.After.Public(), Change: c.Change(), Provisional: c.After.Provisional()}
}

// gameRatingChanges answers Game.ratingChanges: a finished rated game's changes, by seat. The game is one
// the viewer may see, or they would not hold it.
func (r *Resolver) gameRatingChanges(ctx context.Context, g *Game) ([]*GameRatingChange, error) {
	if !g.Rated || g.Status != string(game.StatusFinished) {
		return []*GameRatingChange{}, nil
	}
	changes, err := r.game.GameRatingChanges(ctx, g.gameID)
	if err != nil || len(changes) == 0 {
		return []*GameRatingChange{}, err
	}
	snap, err := r.snapshotFor(ctx, g)
	if err != nil {
		return nil, err
	}
	out := make([]*GameRatingChange, 0, len(changes))
	for _, c := range changes {
		if i := slices.IndexFunc(snap.Seats, func(s game.Seat) bool { return s.UserID == c.UserID }); i >= 0 {
			out = append(out, ratingChange(c, snap.Seats[i].Seat))
		}
	}
	slices.SortFunc(out, func(a, b *GameRatingChange) int { return a.Seat - b.Seat })
	return out, nil
}

// ratingHistory answers PlayerProfile.ratingHistory.
func (r *Resolver) ratingHistory(ctx context.Context, p *PlayerProfile, mode RatingMode, last *int) ([]*RatingPoint, error) {
	n := defaultHistory
	if last != nil {
		if *last < 0 || *last > maxHistory {
			return nil, errorf(CodeBadUserInput, "last must be from 0 to %d, not %d", maxHistory, *last)
		}
		n = *last
	}
	if n == 0 {
		return []*RatingPoint{}, nil
	}
	changes, err := r.game.RatingHistory(ctx, p.userID, serviceMode(mode), n)
	if err != nil {
		return nil, err
	}
	out := make([]*RatingPoint, len(changes))
	for i, c := range changes {
		pt := &RatingPoint{At: c.At, Rating: c.After.Public(), Change: c.Change(), Place: c.Place, Provisional: c.After.Provisional()}
		if !c.Private || p.IncludesPrivate {
			id := GlobalID(typeGame, c.GameID)
			pt.GameID = &id
		}
		out[i] = pt
	}
	return out, nil
}

// playerStats answers PlayerProfile.stats.
func (r *Resolver) playerStats(ctx context.Context, p *PlayerProfile) (*PlayerStats, error) {
	st, err := r.game.PlayerStats(ctx, p.userID, !p.IncludesPrivate)
	if err != nil {
		return nil, err
	}
	out := &PlayerStats{Played: st.Played, Won: st.Won, LongestWinStreak: st.LongestWinStreak,
		ByMap: statLines(st.ByMap), BySize: statLines(st.BySize), ByMode: statLines(st.ByMode)}
	if st.Played > 0 {
		secs := int(st.AverageLength.Round(time.Second) / time.Second)
		out.AverageLengthSeconds = &secs
	}
	return out, nil
}

// statLines returns the service's stat lines as the API shows them.
func statLines(lines []game.StatLine) []*PlayerStatLine {
	out := make([]*PlayerStatLine, len(lines))
	for i, l := range lines {
		out[i] = &PlayerStatLine{Key: l.Key, Name: l.Name, Played: l.Played, Won: l.Won, Places: l.Places}
		if out[i].Places == nil {
			out[i].Places = []int{}
		}
		if avg, ok := l.AveragePlace(); ok {
			out[i].AveragePlace = &avg
		}
	}
	return out
}

// currentGames answers PlayerProfile.currentGames: the player's open and active games, public ones only
// unless the profile is the viewer's own.
func (r *Resolver) currentGames(ctx context.Context, p *PlayerProfile) ([]*Game, error) {
	q := r.ent.Game.Query().Where(entgame.HasPlayersWith(player.UserID(p.userID)),
		entgame.StatusIn(entgame.StatusOpen, entgame.StatusActive))
	if !p.IncludesPrivate {
		q = q.Where(entgame.InviteCodeIsNil())
	}
	rows, err := q.Order(ent.Desc(entgame.FieldID)).Limit(maxCurrentGames).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("error listing the current games of user %d: %w", p.userID, err)
	}
	out := make([]*Game, len(rows))
	for i, g := range rows {
		out[i] = r.gameFromEnt(g)
	}
	return out, nil
}

// finishedGames answers PlayerProfile.finishedGames: a page of the player's record, newest first.
func (r *Resolver) finishedGames(ctx context.Context, p *PlayerProfile, first *int, after *entgql.Cursor[int]) (*PlayedGameConnection, error) {
	first, _, err := pageArgs(first, nil)
	if err != nil {
		return nil, err
	}
	before := 0
	if after != nil {
		before = after.ID
	}
	conn := &PlayedGameConnection{Edges: []*PlayedGameEdge{}, PageInfo: &ent.PageInfo{}}
	if *first == 0 {
		return conn, nil
	}
	games, err := r.game.PlayerGames(ctx, p.userID, !p.IncludesPrivate, before, *first+1)
	if err != nil {
		return nil, err
	}
	if len(games) > *first {
		games, conn.PageInfo.HasNextPage = games[:*first], true
	}
	for _, g := range games {
		pg := &PlayedGame{GameID: GlobalID(typeGame, g.GameID), Name: g.Name, MapKey: g.MapKey, MapName: g.MapName,
			Seats: g.Seats, Mode: ratingModeOf(g.Mode), Seat: g.Seat, Won: g.Won(), Rated: g.Rated, StartedAt: g.StartedAt,
			FinishedAt: g.FinishedAt}
		if g.Place > 0 {
			place := g.Place
			pg.Place = &place
		}
		if g.Change != nil {
			pg.RatingChange = ratingChange(*g.Change, g.Seat)
		}
		conn.Edges = append(conn.Edges, &PlayedGameEdge{Node: pg, Cursor: ent.Cursor{ID: g.GameID}})
	}
	if n := len(conn.Edges); n > 0 {
		start, end := conn.Edges[0].Cursor, conn.Edges[n-1].Cursor
		conn.PageInfo.StartCursor, conn.PageInfo.EndCursor = &start, &end
	}
	return conn, nil
}
