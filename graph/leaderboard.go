package graph

import (
	"context"
	"errors"
	"strings"
	"time"

	"rout/game"
	"rout/maps"
)

// Leaderboards in the API (docs/api.md, "Leaderboards"): the game service reads them
// (game.Service.Leaderboard, LeaderboardPlace); this file checks the arguments, names the players and
// turns the service's refusals into stable codes.

// Leaderboard is a page of a leaderboard, as the API shows it; viewerEntry and entry are resolvers that
// read the same board's rows.
type Leaderboard struct {
	Mode        LeaderboardMode
	Family      string
	Season      *LeaderboardSeason
	Total       int
	Entries     []*LeaderboardEntry
	HasNextPage bool

	mode   game.RatingMode
	season int // the season's number
}

// LeaderboardEntry is a player's row of a leaderboard.
type LeaderboardEntry struct {
	Rank        int
	UserID      string
	Name        string
	Rating      int
	Provisional bool
	Games       int
	Cursor      string
}

// LeaderboardSeason is a season, as the API shows it.
type LeaderboardSeason struct {
	Number   int
	StartsAt time.Time
	EndsAt   time.Time
	Closed   bool
}

func leaderboardSeason(s game.Season) *LeaderboardSeason {
	return &LeaderboardSeason{Number: s.Number, StartsAt: s.StartsAt, EndsAt: s.EndsAt, Closed: s.ClosedAt != nil}
}

// ratingMode is the service's mode of the API's.
func ratingMode(m LeaderboardMode) game.RatingMode {
	return game.RatingMode(strings.ToLower(string(m)))
}

// The reasons of a leaderboard's BAD_USER_INPUT and NOT_FOUND errors.
const (
	reasonUnknownFamily = "UNKNOWN_FAMILY"
	reasonBadPage       = "BAD_PAGE"
	reasonBadCursor     = "BAD_CURSOR"
	reasonPageAndCursor = "PAGE_AND_CURSOR"
	reasonNoSeason      = "NO_SEASON"
)

// leaderboardError turns the service's refusals into the API's errors with their reasons.
func leaderboardError(err error) error {
	switch {
	case errors.Is(err, game.ErrBadCursor):
		return &Error{Code: CodeBadUserInput, Message: "after: the cursor is not one of this leaderboard", Reason: reasonBadCursor}
	case errors.Is(err, game.ErrNoSeason):
		return &Error{Code: CodeNotFound, Message: "no such season", Reason: reasonNoSeason}
	}
	return err
}

// leaderboard checks the arguments and reads the page.
func (r *Resolver) leaderboard(ctx context.Context, mode LeaderboardMode, family string, season *int, first int,
	after *string, page *int) (*Leaderboard, error) {
	if family != "" && !maps.ValidFamily(family) {
		return nil, &Error{Code: CodeBadUserInput, Message: "family: no such map family", Reason: reasonUnknownFamily}
	}
	if first < 1 || first > MaxPageSize {
		return nil, &Error{Code: CodeBadUserInput, Message: "first must be from 1 to 100", Reason: reasonBadPage}
	}
	q := game.LeaderboardQuery{Mode: ratingMode(mode), Family: family, First: first}
	if season != nil {
		if *season < 1 {
			return nil, &Error{Code: CodeNotFound, Message: "no such season", Reason: reasonNoSeason}
		}
		q.Season = *season
	}
	if page != nil {
		if after != nil {
			return nil, &Error{Code: CodeBadUserInput, Message: "give page or after, not both", Reason: reasonPageAndCursor}
		}
		if *page < 1 || *page > 1_000_000 {
			return nil, &Error{Code: CodeBadUserInput, Message: "page must be from 1 to 1000000", Reason: reasonBadPage}
		}
		q.Page = *page
	}
	if after != nil {
		if *after == "" {
			return nil, &Error{Code: CodeBadUserInput, Message: "after: the cursor is not one of this leaderboard", Reason: reasonBadCursor}
		}
		q.After = *after
	}
	p, err := r.game.Leaderboard(ctx, q)
	if err != nil {
		return nil, leaderboardError(err)
	}
	entries, err := r.leaderboardEntries(ctx, p.Entries...)
	if err != nil {
		return nil, err
	}
	return &Leaderboard{Mode: mode, Family: family, Season: leaderboardSeason(p.Season), Total: p.Total,
		Entries: entries, HasNextPage: p.HasNext, mode: q.Mode, season: p.Season.Number}, nil
}

// leaderboardEntries names the players of entries.
func (r *Resolver) leaderboardEntries(ctx context.Context, entries ...game.LeaderboardEntry) ([]*LeaderboardEntry, error) {
	var names userNames
	out := make([]*LeaderboardEntry, len(entries))
	for i, e := range entries {
		out[i] = &LeaderboardEntry{Rank: e.Rank, UserID: GlobalID(typeUser, e.UserID), Rating: e.Public,
			Provisional: e.Provisional, Games: e.Games, Cursor: e.Cursor()}
		names.add(e.UserID, &out[i].Name)
	}
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// leaderboardPlace is user's row of board b, or nil.
func (r *Resolver) leaderboardPlace(ctx context.Context, b *Leaderboard, user int) (*LeaderboardEntry, error) {
	e, err := r.game.LeaderboardPlace(ctx, b.mode, b.Family, b.season, user)
	if err != nil || e == nil {
		return nil, leaderboardError(err)
	}
	out, err := r.leaderboardEntries(ctx, *e)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// The codes of reverseRatingChange's userErrors.
const (
	codeRatingNotModerator    = "RATING_NOT_MODERATOR"
	codeGameNotFound          = "GAME_NOT_FOUND"
	codeGameNotRated          = "GAME_NOT_RATED"
	codeRatingAlreadyReversed = "RATING_ALREADY_REVERSED"
	codeRatingReasonInvalid   = "RATING_REASON_INVALID"
)

// reverseRatingChange is the mutation's work: the viewer must be a moderator.
func (r *Resolver) reverseRatingChange(ctx context.Context, in ReverseRatingChangeInput) (*ReverseRatingChangePayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	fail := func(code, msg string, path ...string) (*ReverseRatingChangePayload, error) {
		return &ReverseRatingChangePayload{UserErrors: []*UserError{userError(code, msg, path...)}}, nil
	}
	if !me.Moderator {
		return fail(codeRatingNotModerator, "only a moderator may reverse a game's rating changes")
	}
	id, err := parseIDOf(in.Game, typeGame)
	if err != nil {
		return fail(codeGameNotFound, "no such game", "input", "game")
	}
	switch err := r.game.RatingReverse(ctx, id, me.ID, in.Reason); {
	case err == nil:
		return &ReverseRatingChangePayload{UserErrors: []*UserError{}}, nil
	case errors.Is(err, game.ErrReversalReason):
		return fail(codeRatingReasonInvalid, game.ErrReversalReason.Message, "input", "reason")
	case errors.Is(err, game.ErrAlreadyReversed):
		return fail(codeRatingAlreadyReversed, game.ErrAlreadyReversed.Message, "input", "game")
	case errors.Is(err, game.ErrNotRated):
		return fail(codeGameNotRated, game.ErrNotRated.Message, "input", "game")
	default:
		return nil, err
	}
}

// leaderboardFamilies lists the built-in families, then those of mode's current board.
func (r *Resolver) leaderboardFamilies(ctx context.Context, mode LeaderboardMode) ([]string, error) {
	out := maps.BuiltinFamilies()
	more, err := r.game.LeaderboardFamilies(ctx, ratingMode(mode))
	if err != nil {
		return nil, err
	}
	for _, f := range more {
		if strings.HasPrefix(f, "map:") {
			out = append(out, f)
		}
	}
	return out, nil
}
