package graph

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"entgo.io/contrib/entgql"

	"rout/ent"
	"rout/game"
	"rout/tournament"
	"rout/tournament/pairing"
)

// typeTournament is the type name of a tournament's global id.
const typeTournament = "Tournament"

// Tournament is a tournament as the API shows it (tournament.Tournament); its entrants, rounds and
// standings are read by their resolvers.
type Tournament struct {
	ID               string
	Name             string
	Format           TournamentFormat
	Seats            int
	Maps             []string
	TurnLimitSeconds int
	Rated            bool
	RatingMode       string
	EntryLimit       *int
	StartsAt         *time.Time
	RoundCount       *int
	Round            int
	Status           TournamentStatus
	CreatedAt        time.Time
	StartedAt        *time.Time
	FinishedAt       *time.Time

	t tournament.Tournament
}

// IsNode makes a Tournament a Node.
func (*Tournament) IsNode() {}

// TournamentEntrant is an entrant as the API shows it.
type TournamentEntrant struct {
	UserName  string
	Seed      float64
	EnteredAt time.Time

	userID int
}

// TournamentRound is a round of a tournament.
type TournamentRound struct {
	Number     int
	TableCount int
	Tables     []*TournamentTable
}

// TournamentTable is a table of a round.
type TournamentTable struct {
	Number    int
	Seats     []*TournamentTableSeat
	GameID    *string
	Bye       bool
	Over      bool
	Advancing *TournamentTableSeat

	gameID int
}

// TournamentTableSeat is an entrant at a table.
type TournamentTableSeat struct {
	UserName string
	Place    *int
	Points   *float64

	userID int
}

// TournamentStanding is a line of a tournament's standings.
type TournamentStanding struct {
	Rank     int
	UserName string
	Points   float64
	Buchholz float64
	Wins     int
	Played   int
	Seed     float64

	userID int
}

// TournamentConnection is a page of tournaments.
type TournamentConnection struct {
	Edges      []*TournamentEdge
	PageInfo   entgql.PageInfo[int]
	TotalCount int
}

// TournamentEdge is a tournament in a TournamentConnection.
type TournamentEdge struct {
	Node   *Tournament
	Cursor entgql.Cursor[int]
}

// The formats and statuses of the API and of the service.
var (
	tournamentFormats = map[TournamentFormat]tournament.Format{TournamentFormatSwiss: tournament.FormatSwiss,
		TournamentFormatElimination: tournament.FormatElimination, TournamentFormatRoundRobin: tournament.FormatRoundRobin}
	tournamentStatuses = map[TournamentStatus]tournament.Status{TournamentStatusOpen: tournament.StatusOpen,
		TournamentStatusRunning: tournament.StatusRunning, TournamentStatusFinished: tournament.StatusFinished,
		TournamentStatusCancelled: tournament.StatusCancelled}
)

// tournamentOf returns t as the API shows it.
func tournamentOf(t tournament.Tournament) *Tournament {
	out := &Tournament{ID: GlobalID(typeTournament, t.ID), Name: t.Name, Seats: t.Seats, Maps: t.Maps,
		TurnLimitSeconds: int(t.TurnLimit / time.Second), Rated: t.Rated, RatingMode: string(game.RatingModeOfTable(t.Seats)),
		StartsAt: t.StartsAt, Round: t.Round, CreatedAt: t.CreatedAt, StartedAt: t.StartedAt, FinishedAt: t.FinishedAt, t: t}
	for api, f := range tournamentFormats {
		if f == t.Format {
			out.Format = api
		}
	}
	for api, s := range tournamentStatuses {
		if s == t.Status {
			out.Status = api
		}
	}
	if t.EntryLimit > 0 {
		out.EntryLimit = &t.EntryLimit
	}
	if t.Rounds > 0 && t.Format != tournament.FormatElimination {
		out.RoundCount = &t.Rounds
	}
	return out
}

// tournaments returns the tournament service, or an internal error when the API has none (Deps).
func (r *Resolver) tournaments() (*tournament.Service, error) {
	if r.tourney == nil {
		return nil, errors.New("graph: no tournament service (Deps.Tournaments)")
	}
	return r.tourney, nil
}

// tournamentByID returns tournament gid.
func (r *Resolver) tournamentByID(ctx context.Context, gid string) (*Tournament, error) {
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(gid, typeTournament)
	if err != nil {
		return nil, err
	}
	t, err := svc.Get(ctx, id)
	if err != nil {
		return nil, tournamentError(err)
	}
	return tournamentOf(t), nil
}

// tournamentError turns a refusal of the tournament service into a top-level error of its code
// (TOURNAMENT_NOT_FOUND: NOT_FOUND).
func tournamentError(err error) error {
	var te *tournament.Error
	if !errors.As(err, &te) {
		return err
	}
	if te.Code == tournament.CodeNotFound {
		return errorf(CodeNotFound, "%s", te.Message)
	}
	return &Error{Code: CodeBadUserInput, Message: te.Message, Reason: string(te.Code)}
}

// tournamentPayload returns the payload of a tournament mutation: the tournament id, read again, or the
// refusal of the service as userErrors (a setting's field named as the input's).
func (r *Resolver) tournamentPayload(ctx context.Context, id int, err error) (*TournamentPayload, error) {
	var te *tournament.Error
	if errors.As(err, &te) {
		var path []string
		if te.Field != "" {
			path = []string{"input", inputFieldOf(te.Field)}
		}
		return &TournamentPayload{UserErrors: []*UserError{userError(string(te.Code), te.Message, path...)}}, nil
	}
	if err != nil {
		return nil, err
	}
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	t, err := svc.Get(ctx, id)
	if err != nil {
		return nil, tournamentError(err)
	}
	return &TournamentPayload{Tournament: tournamentOf(t), UserErrors: []*UserError{}}, nil
}

// inputFieldOf returns the input field of a setting the service names in snake_case: turn_limit is
// turnLimitSeconds, the others the camel case of their names.
func inputFieldOf(field string) string {
	if field == "turn_limit" {
		return "turnLimitSeconds"
	}
	parts := strings.Split(field, "_")
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}

// createTournament creates a tournament of the input for the signed-in viewer.
func (r *Resolver) createTournament(ctx context.Context, in CreateTournamentInput) (*TournamentPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	s := tournament.Settings{Name: in.Name, CreatorID: me.ID, Format: tournamentFormats[in.Format], Seats: in.Seats, Maps: in.Maps,
		StartsAt: in.StartsAt}
	if in.TurnLimitSeconds != nil {
		if *in.TurnLimitSeconds <= 0 {
			return r.tournamentPayload(ctx, 0, &tournament.Error{Code: tournament.CodeBadSettings, Field: "turn_limit",
				Message: "the turn limit is a positive number of seconds"})
		}
		s.TurnLimit = time.Duration(*in.TurnLimitSeconds) * time.Second
	}
	if in.Rated != nil {
		s.Rated = *in.Rated
	}
	if in.EntryLimit != nil {
		if *in.EntryLimit <= 0 {
			return r.tournamentPayload(ctx, 0, &tournament.Error{Code: tournament.CodeBadSettings, Field: "entry_limit",
				Message: "the entry limit is 2 or more, or null for none"})
		}
		s.EntryLimit = *in.EntryLimit
	}
	if in.Rounds != nil {
		if *in.Rounds <= 0 {
			return r.tournamentPayload(ctx, 0, &tournament.Error{Code: tournament.CodeBadSettings, Field: "rounds",
				Message: "the number of rounds is 1 or more, or null"})
		}
		s.Rounds = *in.Rounds
	}
	t, err := svc.Create(ctx, s)
	return r.tournamentPayload(ctx, t.ID, err)
}

// enterTournament enters the signed-in viewer in tournament gid, seeded by their rating of its mode
// (the public number).
func (r *Resolver) enterTournament(ctx context.Context, gid string, enter bool) (*TournamentPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(gid, typeTournament)
	if err != nil {
		return nil, err
	}
	if !enter {
		return r.tournamentPayload(ctx, id, svc.Leave(ctx, id, me.ID))
	}
	t, err := svc.Get(ctx, id)
	if err != nil {
		return r.tournamentPayload(ctx, id, err)
	}
	ratings, err := r.game.ModeRatings(ctx, nil, game.RatingModeOfTable(t.Seats), []int{me.ID})
	if err != nil {
		return nil, err
	}
	_, err = svc.Enter(ctx, id, me.ID, float64(ratings[me.ID].Public()))
	return r.tournamentPayload(ctx, id, err)
}

// listTournaments lists the tournaments of status (any when nil), newest first.
func (r *Resolver) listTournaments(ctx context.Context, status *TournamentStatus, first *int, after *entgql.Cursor[int]) (*TournamentConnection, error) {
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	first, _, err = pageArgs(first, nil)
	if err != nil {
		return nil, err
	}
	var st tournament.Status
	if status != nil {
		st = tournamentStatuses[*status]
	}
	before := 0
	if after != nil {
		before = after.ID
	}
	// One more than the page tells whether another page follows.
	list, total, err := svc.List(ctx, st, before, min(*first+1, tournament.MaxList))
	if err != nil {
		return nil, err
	}
	out := &TournamentConnection{TotalCount: total, Edges: []*TournamentEdge{}}
	if len(list) > *first {
		list, out.PageInfo.HasNextPage = list[:*first], true
	}
	for _, t := range list {
		out.Edges = append(out.Edges, &TournamentEdge{Node: tournamentOf(t), Cursor: entgql.Cursor[int]{ID: t.ID}})
	}
	if n := len(out.Edges); n > 0 {
		out.PageInfo.StartCursor, out.PageInfo.EndCursor = &out.Edges[0].Cursor, &out.Edges[n-1].Cursor
	}
	return out, nil
}

// tournamentEntrants returns t's entrants.
func (r *Resolver) tournamentEntrants(ctx context.Context, t *Tournament) ([]*TournamentEntrant, error) {
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	ents, err := svc.Entrants(ctx, t.t.ID)
	if err != nil {
		return nil, err
	}
	var names userNames
	out := make([]*TournamentEntrant, len(ents))
	for i, e := range ents {
		out[i] = &TournamentEntrant{Seed: e.Seed, EnteredAt: e.EnteredAt, userID: e.UserID}
		names.add(e.UserID, &out[i].UserName)
	}
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// tournamentRounds returns t's rounds seated so far, with their tables.
func (r *Resolver) tournamentRounds(ctx context.Context, t *Tournament) ([]*TournamentRound, error) {
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	tables, err := svc.Tables(ctx, t.t.ID, 0)
	if err != nil {
		return nil, err
	}
	var names userNames
	out := []*TournamentRound{}
	for _, tb := range tables {
		if len(out) == 0 || out[len(out)-1].Number != tb.Round {
			out = append(out, &TournamentRound{Number: tb.Round})
		}
		round := out[len(out)-1]
		round.Tables = append(round.Tables, tableOf(t.t, tb, &names))
		round.TableCount++
	}
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// tableOf returns table tb of tournament t as the API shows it, its entrants' names asked of names.
func tableOf(t tournament.Tournament, tb tournament.Table, names *userNames) *TournamentTable {
	out := &TournamentTable{Number: tb.Number + 1, Bye: tb.Bye(), Over: tb.Over(), gameID: tb.GameID}
	if tb.GameID != 0 {
		id := GlobalID(typeGame, tb.GameID)
		out.GameID = &id
	}
	var points []float64
	if tb.Over() {
		points = pairing.Result{Entrants: tb.Entrants, Places: tb.Places}.Points(t.Seats)
	}
	for i, u := range tb.Entrants {
		seat := &TournamentTableSeat{userID: u}
		names.add(u, &seat.UserName)
		if tb.Over() {
			seat.Place, seat.Points = &tb.Places[i], &points[i]
		}
		out.Seats = append(out.Seats, seat)
	}
	if tb.Over() && t.Format == tournament.FormatElimination {
		out.Advancing = out.Seats[slices.Index(tb.Places, 1)]
	}
	return out
}

// tournamentBracket returns the bracket of single elimination t: the rounds seated, then the rounds to
// come with their number of tables (the tables of n entrants, then of their winners, until one is left).
func (r *Resolver) tournamentBracket(ctx context.Context, t *Tournament) ([]*TournamentRound, error) {
	if t.t.Format != tournament.FormatElimination {
		return nil, nil
	}
	rounds, err := r.tournamentRounds(ctx, t)
	if err != nil {
		return nil, err
	}
	// Those left after the last round seated: its winners, or every entrant before the start.
	var left int
	if n := len(rounds); n > 0 {
		left = rounds[n-1].TableCount
	} else {
		svc, err := r.tournaments()
		if err != nil {
			return nil, err
		}
		ents, err := svc.Entrants(ctx, t.t.ID)
		if err != nil {
			return nil, err
		}
		left = len(ents)
		if t.t.EntryLimit > left && t.t.Status == tournament.StatusOpen {
			left = t.t.EntryLimit
		}
	}
	if t.t.Status == tournament.StatusCancelled || t.t.Status == tournament.StatusFinished {
		return rounds, nil
	}
	for left >= pairing.MinSeats {
		tables := len(pairing.Sizes(left, t.t.Seats))
		rounds = append(rounds, &TournamentRound{Number: len(rounds) + 1, TableCount: tables, Tables: []*TournamentTable{}})
		left = tables
	}
	return rounds, nil
}

// tournamentStandings returns t's standings.
func (r *Resolver) tournamentStandings(ctx context.Context, t *Tournament) ([]*TournamentStanding, error) {
	svc, err := r.tournaments()
	if err != nil {
		return nil, err
	}
	st, err := svc.Standings(ctx, t.t.ID)
	if err != nil {
		return nil, err
	}
	var names userNames
	out := make([]*TournamentStanding, len(st))
	for i, s := range st {
		out[i] = &TournamentStanding{Rank: s.Rank, Points: s.Points, Buchholz: s.Buchholz, Wins: s.Wins,
			Played: s.Played, Seed: s.Seed, userID: s.ID}
		names.add(s.ID, &out[i].UserName)
	}
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// tournamentUser returns user id of a tournament's entrant.
func (r *Resolver) tournamentUser(ctx context.Context, id int) (*ent.User, error) {
	u, err := r.user(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("error loading user %d: %w", id, err)
	}
	return u, nil
}
