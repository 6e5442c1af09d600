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
	entgame "rout/ent/game"
	"rout/ent/gamemap"
	"rout/ent/player"
	"rout/ent/predicate"
	"rout/game"
	"rout/maps"
	"rout/rules"
)

// The type names of the games area inside global ids.
const (
	typeGame    = "Game"
	typeGameMap = "GameMap"
)

// maxEvents is the most events one events field or payload returns.
const maxEvents = 100

// gameOf returns the game with global id gid if the viewer may see it: a public game anyone may, a
// private one only its creator and the users seated in it. Otherwise it is NOT_FOUND, like a missing one.
func (r *Resolver) gameOf(ctx context.Context, gid string) (*Game, error) {
	id, err := parseIDOf(gid, typeGame)
	if err != nil {
		return nil, err
	}
	return r.gameByID(ctx, id, gid)
}

// gameByID is gameOf for a game's id; gid is only for the error message. The game comes from the
// request's snapshot of it, which the game's other fields then share.
func (r *Resolver) gameByID(ctx context.Context, id int, gid string) (*Game, error) {
	snap, err := r.snapshotOf(ctx, id)
	if err != nil {
		return nil, joinError(err, gid)
	}
	if !maySee(ctx, snap) {
		return nil, gameNotFound(gid)
	}
	return r.newGame(snap.Row), nil
}

// maySee tells whether the viewer may see the game of snap. Only a game with an invite code is hidden:
// its creator, its seated players and the users invited to it by email see it.
func maySee(ctx context.Context, snap game.Snapshot) bool {
	if snap.InviteCode == nil {
		return true
	}
	me, ok := ViewerID(ctx)
	if !ok {
		return false
	}
	_, seated := viewerSeat(ctx, snap.Seats)
	_, invited := viewerInvitedSeat(ctx, snap)
	return snap.CreatorID == me || seated || invited
}

// viewerInvitedSeat returns the seat of an open game kept for the signed-in viewer by an invitation to
// their email, and whether there is one.
func viewerInvitedSeat(ctx context.Context, snap game.Snapshot) (int, bool) {
	u := viewerFrom(ctx).user
	if u == nil || snap.Status != game.StatusOpen {
		return 0, false
	}
	i := slices.IndexFunc(snap.Seats, func(s game.Seat) bool {
		return s.Status == game.SeatStatusInvited && strings.EqualFold(s.InviteEmail, u.Email)
	})
	if i < 0 {
		return 0, false
	}
	return snap.Seats[i].Seat, true
}

// gameNotFound is the error of a game that does not exist, or that the viewer may not see: the same code
// and message either way, so that a private game cannot be told from no game.
func gameNotFound(gid string) *Error { return errorf(CodeNotFound, "no game with id %q", gid) }

// joinError is the error of a refused joinGame: the service's NOT_FOUND (no such game, or a private game
// the viewer may not see) becomes gameNotFound, as on every other surface.
func joinError(err error, gid string) error {
	var ge *game.Error
	if errors.As(err, &ge) && ge.Code == game.CodeNotFound {
		return gameNotFound(gid)
	}
	return err
}

// viewerSeat returns the seat of the signed-in viewer among seats, and whether they have one.
func viewerSeat(ctx context.Context, seats []game.Seat) (int, bool) {
	me, ok := ViewerID(ctx)
	if !ok {
		return 0, false
	}
	i := slices.IndexFunc(seats, func(s game.Seat) bool { return s.UserID == me })
	if i < 0 {
		return 0, false
	}
	return seats[i].Seat, true
}

// lobbyPayload is the payload of a lobby mutation that succeeded (createGame, joinGame, leaveGame): the
// game read again. A lobby mutation causes no events.
func (r *Resolver) lobbyPayload(ctx context.Context, gameID int) (*GamePayload, error) {
	forgetSnapshot(ctx, gameID)
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return &GamePayload{Game: r.newGame(snap.Row), Events: []*game.EventView{}, UserErrors: []*UserError{}}, nil
}

// declinedPayload is the payload of a declined invitation: the game read again, or none when the viewer
// may no longer see it.
func (r *Resolver) declinedPayload(ctx context.Context, gameID int, gid string) (*GamePayload, error) {
	forgetSnapshot(ctx, gameID)
	g, err := r.gameByID(ctx, gameID, gid)
	var ge *Error
	if errors.As(err, &ge) && ge.Code == CodeNotFound {
		g, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &GamePayload{Game: g, Events: []*game.EventView{}, UserErrors: []*UserError{}}, nil
}

// refused is the payload of a game mutation that was refused with userErrors.
func refused(ues ...*UserError) *GamePayload {
	return &GamePayload{Events: []*game.EventView{}, UserErrors: ues}
}

// viewEvents returns events as seat sees them (rules.NoPlayer: a viewer without a seat).
func viewEvents(events []game.SeqEvent, seat rules.PlayerID) ([]*game.EventView, error) {
	return game.ViewEvents(events, seat)
}

// turn is one turn command as the API received it.
type turn struct {
	gameID          string
	expectedVersion *int
	idempotencyKey  *string
	seat            *int // the seat to act for (a seat handed over to the viewer, R90); nil: the viewer's
	// command builds the engine command on the game's board (territory keys become indexes); userErrors
	// refuse the command before it is sent.
	command func(b *rules.Board) (rules.Command, []*UserError)
}

// submit sends a turn command of the viewer through the game service: resolve (the territory keys on the
// game's board, which the service keeps per map version), submit (one transaction), answer (from what the
// service returned, reading nothing more). A rule violation becomes a userError with the rule's code; the
// service's own refusals (NOT_FOUND, FORBIDDEN, CONFLICT, bad input) are top-level errors with that code.
func (r *Resolver) submit(ctx context.Context, t turn) (*GamePayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(t.gameID, typeGame)
	if err != nil {
		return nil, err
	}
	board, err := r.game.Board(ctx, id)
	if err != nil {
		return nil, joinError(err, t.gameID)
	}
	cmd, ues := t.command(board)
	if len(ues) > 0 {
		// Refused before it was sent: the game is read for the payload, and a private game the viewer
		// may not see stays NOT_FOUND.
		g, err := r.gameByID(ctx, id, t.gameID)
		if err != nil {
			return nil, err
		}
		p := refused(ues...)
		p.Game = g
		return p, nil
	}
	in := game.CommandInput{GameID: id, Actor: game.User(me.ID), Command: cmd}
	if t.seat != nil {
		in.Actor = game.UserFor(me.ID, *t.seat)
	}
	if t.expectedVersion != nil {
		v := int64(*t.expectedVersion)
		in.ExpectedVersion = &v
	}
	if t.idempotencyKey != nil {
		in.IdempotencyKey = *t.idempotencyKey
	}
	res, err := r.game.TurnSubmit(ctx, in)
	if err != nil {
		var re *rules.Error
		if errors.As(err, &re) {
			ues, err := rulesUserErrors(err)
			if err != nil {
				return nil, err
			}
			p := refused(ues...)
			p.Game = r.answerGame(ctx, res.Game)
			return p, nil
		}
		if ue := keyReused(err); ue != nil {
			p := refused(ue)
			p.Game = r.answerGame(ctx, res.Game)
			return p, nil
		}
		return nil, joinError(err, t.gameID)
	}
	return r.commandPayload(ctx, res)
}

// keyReused returns the userError of a command refused because its idempotency key was used for another
// command, or nil for any other error.
func keyReused(err error) *UserError {
	var ge *game.Error
	if errors.As(err, &ge) && ge.Code == game.CodeKeyReused {
		return userError(string(game.CodeKeyReused), ge.Message, "input", "idempotencyKey")
	}
	return nil
}

// commandPayload is the payload of a command the service ran, or replayed for a retry under the same
// idempotency key: the game as the service returned it (as it is now), and the version and events of the
// command's first call as the acting seat sees them. It reads nothing but, in a fog game, the seat's record
// of a replayed command or of a game's start (a command's own comes with its result).
func (r *Resolver) commandPayload(ctx context.Context, res game.Result) (*GamePayload, error) {
	seat := res.Seat // a turn command's viewer is its actor; the start of a game is seen by the viewer's seat
	if me, ok := ViewerID(ctx); ok && seat < 0 {
		if i := slices.IndexFunc(res.Game.Seats, func(s game.Seat) bool { return s.UserID == me }); i >= 0 {
			seat = rules.PlayerID(res.Game.Seats[i].Seat)
		}
	}
	var events []*game.EventView
	var err error
	v := int(res.Version)
	if res.Game.Fogged() { // the command's events as the seat's record shows them, and its version after them
		seen := res.Seen // the write's own, but for a retried command
		if seen == nil {
			if seen, err = r.game.SeenOf(ctx, res.GameID, seat, res.Events); err != nil {
				return nil, err
			}
		}
		events = game.SeenViews(seen)
		v = int(res.Game.VersionFor(seat))
		if len(events) > 0 {
			v = int(events[len(events)-1].Seq)
		}
	} else if events, err = viewEvents(res.Events, seat); err != nil {
		return nil, err
	}
	return &GamePayload{Game: r.answerGame(ctx, res.Game), Events: events, Version: &v, Replayed: res.Replayed,
		UserErrors: []*UserError{}}, nil
}

// answerGame returns the game of a snapshot the service answered a command with, as the API shows it,
// and keeps the snapshot for the rest of the request: the game's fields that need its engine state
// (board, viewerActions, seats) are then answered from it.
func (r *Resolver) answerGame(ctx context.Context, snap game.Snapshot) *Game {
	keepSnapshot(ctx, snap)
	return r.newGame(snap.Row)
}

// territoryKey converts the territory key at input field field to its index on board b.
func territoryKey(b *rules.Board, key, field string) (rules.TerritoryID, *UserError) {
	t, ok := b.Lookup(key)
	if !ok {
		return 0, userError(string(rules.CodeUnknownTerritory), fmt.Sprintf("no territory %q on this map", key), "input", field)
	}
	return t, nil
}

// gameStatusFilter converts a status filter to Ent's enum, or reports it as not one.
func gameStatusFilter(s string) (entgame.Status, error) {
	st := entgame.Status(s)
	if err := entgame.StatusValidator(st); err != nil {
		return "", errorf(CodeBadUserInput, "status must be open, active, finished or cancelled, not %q", s)
	}
	return st, nil
}

// plainTurn is a turn command without arguments.
func plainTurn(in TurnInput, c rules.Command) turn {
	return turn{gameID: in.GameID, expectedVersion: in.ExpectedVersion, idempotencyKey: in.IdempotencyKey, seat: in.Seat,
		command: func(*rules.Board) (rules.Command, []*UserError) { return c, nil }}
}

// unknownMap is the payload of a createGame refused for its map: the user error UNKNOWN_MAP on mapKey, or
// on mapVersion when the key exists in another version.
func (r *Resolver) unknownMap(ctx context.Context, ge *game.Error, input CreateGameInput) (*GamePayload, error) {
	field := "mapKey"
	if input.MapVersion != nil {
		_, builtin := maps.Builtin(input.MapKey)
		stored, err := r.ent.GameMap.Query().Where(gamemap.Key(input.MapKey)).Exist(ctx)
		if err != nil {
			return nil, fmt.Errorf("error loading the map: %w", err)
		}
		if builtin || stored {
			field = "mapVersion"
		}
	}
	return refused(userError(string(game.CodeUnknownMap), ge.Message, "input", field)), nil
}

// nonNil returns the userErrors that are not nil.
func nonNil(ues ...*UserError) []*UserError {
	var out []*UserError
	for _, ue := range ues {
		if ue != nil {
			out = append(out, ue)
		}
	}
	return out
}

// createGame creates a game from the createGame input: the creator takes its one HUMAN seat. A bad
// input is refused with a user error.
func (r *Resolver) createGame(ctx context.Context, input CreateGameInput) (*GamePayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	in := game.CreateInput{CreatorID: me.ID, MapKey: input.MapKey, Private: input.Private != nil && *input.Private,
		Rated: input.Rated != nil && *input.Rated}
	if input.DiceSeed != nil {
		var ge *game.Error
		if _, err := game.ParseSeed(*input.DiceSeed); errors.As(err, &ge) {
			return refused(userError("INVALID_CONFIG", ge.Message, "input", "diceSeed")), nil
		}
		in.DiceSeed = *input.DiceSeed
	}
	if input.Name != nil {
		in.Name = *input.Name
	}
	if input.MapVersion != nil {
		in.MapVersion = *input.MapVersion
	}
	if input.TurnLimitSeconds != nil {
		in.TurnLimit = time.Duration(*input.TurnLimitSeconds) * time.Second
	}
	if input.TtbPercent != nil {
		in.TTBPercent = *input.TtbPercent
	}
	if input.Claim != nil {
		if err := in.Claim.UnmarshalText([]byte(*input.Claim)); err != nil {
			return refused(userError("INVALID_CLAIM", "claim must be random or round_robin", "input", "claim")), nil
		}
	}
	if input.CardSystem != nil {
		if err := in.Cards.UnmarshalText([]byte(*input.CardSystem)); err != nil {
			return refused(userError("INVALID_CARD_SYSTEM", "cardSystem must be classic, fixed, fixed_ttb or classic_scaling_ttb",
				"input", "cardSystem")), nil
		}
	}
	if input.Fog != nil {
		if err := in.Fog.UnmarshalText([]byte(*input.Fog)); err != nil {
			return refused(userError("INVALID_FOG", "fog must be none, light, normal, heavy or complete", "input", "fog")), nil
		}
		if in.Fog != rules.FogNone && (in.Cards == rules.CardsFixedTTB || in.Cards == rules.CardsClassicScalingTTB) {
			return refused(userError("FOG_HIDES_CARD_WORTH", fmt.Sprintf("a set's worth under %s counts the opponents' armies, "+
				"which fog hides: play fog with classic or fixed cards", in.Cards), "input", "cardSystem")), nil
		}
	}
	humans := 0
	for _, s := range input.Seats {
		spec := game.SeatSpec{Color: s.Color}
		if s.Difficulty != nil {
			spec.Difficulty = *s.Difficulty
		}
		switch s.Kind {
		case SeatKindHuman:
			spec.Kind, spec.UserID = game.SeatUser, me.ID
			humans++
		case SeatKindOpen:
			spec.Kind = game.SeatOpen
		case SeatKindInvited:
			spec.Kind = game.SeatInvited
			if s.Email != nil {
				spec.InviteEmail = *s.Email
			}
		case SeatKindCPU:
			spec.Kind = game.SeatCPU
		}
		in.Seats = append(in.Seats, spec)
	}
	if humans != 1 {
		return refused(userError("INVALID_SEATS", "exactly one seat must be HUMAN: the creator's", "input", "seats")), nil
	}
	if ue := teamsInput(input, &in); ue != nil {
		return refused(ue), nil
	}
	created, err := r.game.GameCreate(ctx, in)
	if err != nil {
		var ge *game.Error
		if errors.As(err, &ge) && ge.Code == game.CodeBadInput {
			return refused(userError("INVALID_CONFIG", ge.Message, "input")), nil
		}
		if errors.As(err, &ge) && ge.Code == game.CodeInvalidTeams {
			return refused(userError(string(ge.Code), ge.Message, "input", "teams")), nil
		}
		if errors.As(err, &ge) && ge.Code == game.CodeRatedNeedsOpponents {
			return refused(userError(string(ge.Code), ge.Message, "input", "rated")), nil
		}
		if errors.As(err, &ge) && ge.Code == game.CodeInvalidTeamRules {
			return refused(userError(string(ge.Code), ge.Message, "input", "teamRules")), nil
		}
		if errors.As(err, &ge) && ge.Code == game.CodeUnknownMap {
			return r.unknownMap(ctx, ge, input)
		}
		if errors.As(err, &ge) && ge.Code == game.CodeInvitationRefused {
			return refused(userError(string(ge.Code), ge.Message, "input", "seats")), nil
		}
		return nil, err
	}
	return r.lobbyPayload(ctx, created.GameID)
}

// maxViewerActions is the most actions viewerActions lists without `from`.
const maxViewerActions = 1000

// viewerLegal returns the commands the viewer may send for seat (actingFor: their own when nil) in the game
// of snap now, with their ranges, as the engine lists them; none for a seat the viewer does not play.
func viewerLegal(ctx context.Context, snap game.Snapshot, seat *int) []rules.Action {
	p := actingFor(ctx, snap, seat)
	if p < 0 {
		return nil
	}
	return rules.LegalCommands(snap.State, p)
}

// actionFrom returns the territory a legal command starts from (Action.from), or false for a command
// without one.
func actionFrom(st rules.State, c rules.Command) (rules.TerritoryID, bool) {
	switch c := c.(type) {
	case rules.Claim:
		return c.Territory, true
	case rules.Place:
		return c.Placements[0].Territory, true
	case rules.Attack:
		return c.From, true
	case rules.Fortify:
		return c.From, true
	case rules.Occupy:
		return st.Pending().From, true
	}
	return 0, false
}

// actionKinds are the kinds of command viewerActions may be filtered by (Action.kind): the engine's
// command kinds.
var actionKinds = map[string]bool{
	rules.Claim{}.Kind(): true, rules.Place{}.Kind(): true, rules.Trade{}.Kind(): true, rules.Attack{}.Kind(): true,
	rules.Occupy{}.Kind(): true, rules.EndAttack{}.Kind(): true, rules.Fortify{}.Kind(): true,
	rules.EndTurn{}.Kind(): true, rules.Resign{}.Kind(): true,
}

// viewerActions lists the commands the viewer may send in game g now, with their ranges; none for
// a viewer not seated in it. With from (a territory's key), only those that start from it; with kind, only
// those of that kind (the trades alone are read from the hand, at the hand's cost); without from, at most
// maxViewerActions, trades excepted.
func (r *Resolver) viewerActions(ctx context.Context, g *Game, from, kind *string, forSeat *int) (Actions, error) {
	if kind != nil && !actionKinds[*kind] {
		return nil, &Error{Code: CodeBadUserInput, Reason: "UNKNOWN_ACTION_KIND",
			Message: fmt.Sprintf("no action kind %q: claim, place, trade, attack, occupy, end_attack, fortify, end_turn or resign", *kind)}
	}
	if _, signed := ViewerID(ctx); !signed {
		return Actions{}, nil
	}
	snap, err := r.snapshotFor(ctx, g)
	if err != nil {
		return nil, err
	}
	st := snap.State
	b := st.Board()
	only := rules.TerritoryID(-1)
	if from != nil {
		t, ok := b.Lookup(*from)
		if !ok {
			return nil, errorf(CodeBadUserInput, "no territory %q on this map", *from)
		}
		only = t
	}
	trades := kind != nil && *kind == rules.Trade{}.Kind()
	var legal []rules.Action
	seat := actingFor(ctx, snap, forSeat)
	if seat >= 0 {
		switch {
		case trades && from == nil:
			legal = rules.LegalTrades(st, seat) // the hand's sets, not the board
		case from == nil:
			legal = rules.LegalCommands(st, seat)
		default:
			legal = rules.LegalCommandsFrom(st, seat, only) // the territory's neighbours, not the board
		}
	}
	if kind != nil && !trades {
		legal = slices.DeleteFunc(legal, func(a rules.Action) bool { return a.Command.Kind() != *kind })
	}
	if from == nil && !trades && len(legal) > maxViewerActions {
		return nil, errorf(CodeBadUserInput, "the viewer has %d actions, more than the %d listed at once: ask viewerActionSummary, "+
			"then viewerActions(kind: \"trade\") for the sets and viewerActions(from: ...) for one territory", len(legal), maxViewerActions)
	}
	key := func(t rules.TerritoryID) *string { k := b.Territory(t).Key; return &k }
	out := Actions{}
	var sight []rules.Sight // what the viewer sees, read at the first attack; nil when they see everything
	for _, a := range legal {
		start, ok := actionFrom(st, a.Command)
		if from != nil && (!ok || start != only) {
			continue
		}
		act := &Action{Kind: a.Command.Kind(), Min: a.Min, Max: a.Max}
		if ok {
			act.From = key(start)
		}
		switch c := a.Command.(type) {
		case rules.Trade:
			act.Cards = []int{int(c.Cards[0]), int(c.Cards[1]), int(c.Cards[2])}
			if err := tradeWorth(act, st, seat, c.Cards); err != nil {
				return nil, err
			}
		case rules.Attack:
			act.To = key(c.To)
			if sight == nil {
				sight = visionOf(ctx, snap)
			}
			if sight == nil || sight[c.To] == rules.SightFull { // the defender's dice tell its armies
				dice := rules.DefendDice(st.Armies(c.To))
				act.DefendDice = &dice
			}
		case rules.Fortify:
			act.To = key(c.To)
		case rules.Occupy:
			act.To = key(st.Pending().To)
		}
		out = append(out, act)
	}
	return out, nil
}

// tradeWorth sets what a legal trade of cards by player p gives if made now (Action.worth, bonusTerritories
// and bonusArmies), as the engine counts it: the set's value and its territory bonus.
func tradeWorth(act *Action, st rules.State, p rules.PlayerID, cards [3]rules.CardID) error {
	worth, err := st.TradeValue(p, cards)
	if err != nil {
		return fmt.Errorf("error valuing the legal trade %v of player %d: %w", cards, p, err)
	}
	bonus, b := rules.TradeBonusArmies, st.Board()
	act.Worth, act.BonusArmies, act.BonusTerritories = &worth, &bonus, []string{}
	for _, t := range st.TradeBonus(p, cards) {
		act.BonusTerritories = append(act.BonusTerritories, b.Territory(t).Key)
	}
	return nil
}

// reinforcementsOf returns how the reinforcements of the player to move were counted (Game.reinforcements),
// in the reinforcement phase of a game turn; nil in any other phase.
func reinforcementsOf(st rules.State) *Reinforcements {
	if st.Phase() != rules.PhaseReinforce {
		return nil
	}
	r := st.ReinforcementsOf(st.Current())
	out := &Reinforcements{Seat: int(r.Player), Territories: r.Territories, FromTerritories: r.FromTerritories,
		Areas: make([]*AreaBonus, len(r.Areas)), Minimum: r.Minimum, Total: r.Total, FromCards: st.TradedArmies()}
	for i, a := range r.Areas {
		area := st.Board().Areas()[a]
		out.Areas[i] = &AreaBonus{Key: area.Key, Name: area.Name, Bonus: area.Bonus}
	}
	return out
}

// viewerActionSummary sums up the commands the viewer may send for seat (their own when nil) in game g now
// by kind, with the territories they start from.
func (r *Resolver) viewerActionSummary(ctx context.Context, g *Game, seat *int) ([]*ActionSummary, error) {
	if _, signed := ViewerID(ctx); !signed {
		return []*ActionSummary{}, nil
	}
	snap, err := r.snapshotFor(ctx, g)
	if err != nil {
		return nil, err
	}
	st := snap.State
	b := st.Board()
	out := []*ActionSummary{}
	byKind := map[string]*ActionSummary{}
	starts := map[string][]bool{} // kind -> the territories its actions start from, by index
	for _, a := range viewerLegal(ctx, snap, seat) {
		kind := a.Command.Kind()
		sum := byKind[kind]
		if sum == nil {
			sum = &ActionSummary{Kind: kind, From: []string{}}
			byKind[kind] = sum
			out = append(out, sum)
		}
		sum.Count++
		if t, ok := actionFrom(st, a.Command); ok {
			if starts[kind] == nil {
				starts[kind] = make([]bool, b.Len())
			}
			starts[kind][t] = true
		}
	}
	for _, sum := range out {
		for t, ok := range starts[sum.Kind] {
			if ok {
				sum.From = append(sum.From, b.Territory(rules.TerritoryID(t)).Key)
			}
		}
	}
	return out, nil
}

// maxSinceEvents is the most events board(sinceSeq) reads to find what changed; further behind, it is
// the whole board.
const maxSinceEvents = 1000

// board returns the board of game g as the viewer may know it: whole, or with sinceSeq only the
// territories the events after it changed (in a fog game, the events of the viewer's record).
func (r *Resolver) board(ctx context.Context, g *Game, sinceSeq *int) (Board, error) {
	snap, err := r.snapshotFor(ctx, g)
	if err != nil {
		return Board{}, err
	}
	view := viewOf(ctx, snap)
	if sinceSeq == nil {
		return boardOf(snap.State, view), nil
	}
	since, seq := int64(*sinceSeq), snap.SeqFor(viewerIn(ctx, snap))
	if since < 0 || since > seq {
		return Board{}, errorf(CodeBadUserInput, "sinceSeq must be from 0 to the game's seq, %d, not %d", seq, since)
	}
	behind := seq - since
	if behind > maxSinceEvents {
		return boardOf(snap.State, view), nil
	}
	if behind == 0 {
		return Board{state: snap.State, view: view, changed: make([]bool, snap.State.Board().Len())}, nil
	}
	// The events after since up to the snapshot's seq: seq numbers have no gaps, so they are the first
	// behind of them, whatever came after the snapshot.
	if snap.Fogged() {
		seen, err := r.game.SeenEvents(ctx, g.gameID, viewerIn(ctx, snap), since, int(behind))
		if err != nil {
			return Board{}, err
		}
		changed := make([]bool, snap.State.Board().Len())
		for _, e := range seen {
			for _, t := range e.After.Territories {
				changed[t.Index] = true
			}
		}
		return Board{state: snap.State, view: view, changed: changed}, nil
	}
	events, err := r.game.Events(ctx, g.gameID, since, int(behind))
	if err != nil {
		return Board{}, err
	}
	return Board{state: snap.State, changed: changedTerritories(snap.State, events)}, nil
}

// changedTerritories returns, by territory index, which territories of state st (the state after events)
// events changed, owner or armies. A territory a resignation turned neutral is either neutral in st or was
// changed since by an event that names it.
func changedTerritories(st rules.State, events []game.SeqEvent) []bool {
	b := st.Board()
	changed := make([]bool, b.Len())
	mark := func(ts ...rules.TerritoryID) {
		for _, t := range ts {
			if int(t) >= 0 && int(t) < len(changed) {
				changed[t] = true
			}
		}
	}
	for _, e := range events {
		switch ev := e.Event.(type) {
		case rules.TerritoriesDealt:
			for t := range changed {
				changed[t] = true
			}
		case rules.TerritoryClaimed:
			mark(ev.Territory)
		case rules.ArmiesPlaced:
			for _, p := range ev.Placements {
				mark(p.Territory)
			}
		case rules.CardsTraded:
			mark(ev.Bonus...)
		case rules.BattleRolled:
			mark(ev.From, ev.To)
		case rules.TerritoryConquered:
			mark(ev.From, ev.To)
		case rules.TerritoryOccupied:
			mark(ev.From, ev.To)
		case rules.Fortified:
			mark(ev.From, ev.To)
		case rules.PlayerResigned:
			for t := range changed {
				if st.Owner(rules.TerritoryID(t)) == rules.Neutral {
					changed[t] = true
				}
			}
		}
	}
	return changed
}

// events returns the events of game gameID after sequence number after (first of them, at most
// maxEvents), as the viewer sees them: in a fog game, from the viewer's own record.
func (r *Resolver) events(ctx context.Context, gameID int, after, first *int) ([]*game.EventView, error) {
	from, limit := 0, maxEvents
	if after != nil {
		from = *after
	}
	if first != nil {
		if *first < 0 || *first > maxEvents {
			return nil, errorf(CodeBadUserInput, "first must be from 0 to %d, not %d", maxEvents, *first)
		}
		limit = *first
	}
	if limit == 0 {
		return []*game.EventView{}, nil
	}
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if snap.Fogged() {
		seen, err := r.game.SeenEvents(ctx, gameID, viewerIn(ctx, snap), int64(from), limit)
		if err != nil {
			return nil, err
		}
		return game.SeenViews(seen), nil
	}
	events, err := r.game.Events(ctx, gameID, int64(from), limit)
	if err != nil {
		return nil, err
	}
	return viewEvents(events, viewerIn(ctx, snap))
}

// listGames lists the games the viewer may see, newest first, with the filter applied.
func (r *Resolver) listGames(ctx context.Context, filter *GamesFilter, first *int, after *entgql.Cursor[int]) (*GameConnection, error) {
	first, _, err := pageArgs(first, nil)
	if err != nil {
		return nil, err
	}
	q := r.ent.Game.Query()
	me, signed := ViewerID(ctx)
	if signed {
		// Private games only for their creator, seated players and invitees.
		q = q.Where(entgame.Or(entgame.InviteCodeIsNil(), entgame.CreatorID(me),
			entgame.HasPlayersWith(player.Or(player.UserID(me), invitedViewer(ctx)))))
	} else {
		q = q.Where(entgame.InviteCodeIsNil())
	}
	if filter != nil {
		if filter.Mine != nil && *filter.Mine {
			if !signed {
				return nil, errorf(CodeUnauthenticated, "sign in to list your games")
			}
			q = q.Where(entgame.HasPlayersWith(player.UserID(me)))
		}
		if filter.OpenToJoin != nil && *filter.OpenToJoin {
			q = q.Where(entgame.StatusEQ(entgame.StatusOpen), entgame.InviteCodeIsNil(),
				entgame.HasPlayersWith(player.StatusEQ(player.StatusOpen)))
		}
		if filter.Invited != nil && *filter.Invited {
			if !signed {
				return nil, errorf(CodeUnauthenticated, "sign in to list your invitations")
			}
			// Invitations from users the viewer blocks are hidden.
			blocked, err := r.accounts.Blocked(ctx, nil, me)
			if err != nil {
				return nil, err
			}
			q = q.Where(entgame.StatusEQ(entgame.StatusOpen), entgame.HasPlayersWith(invitedViewer(ctx)), entgame.CreatorIDNotIn(blocked...))
		}
		if filter.Status != nil {
			st, err := gameStatusFilter(*filter.Status)
			if err != nil {
				return nil, err
			}
			q = q.Where(entgame.StatusEQ(st))
		}
		if filter.Over != nil {
			over := entgame.StatusIn(entgame.StatusFinished, entgame.StatusCancelled)
			if !*filter.Over {
				over = entgame.Not(over)
			}
			q = q.Where(over)
		}
		if filter.YourTurn != nil {
			if !signed {
				return nil, errorf(CodeUnauthenticated, "sign in to list the games waiting on you")
			}
			turn := viewerTurn(me)
			if !*filter.YourTurn {
				turn = entgame.Not(turn)
			}
			q = q.Where(turn)
		}
	}
	conn, err := q.Paginate(ctx, after, first, nil, nil,
		ent.WithGameOrder(&ent.GameOrder{Direction: entgql.OrderDirectionDesc, Field: ent.DefaultGameOrder.Field}))
	if err != nil {
		return nil, fmt.Errorf("error listing games: %w", err)
	}
	return r.gameConnection(conn), nil
}

// viewerTurn keeps the active games whose current turn the viewer (me) plays (Game.viewerTurn). The
// column's null (a CPU's turn) is tested apart, so that the predicate's negation keeps those games.
func viewerTurn(me int) predicate.Game {
	return entgame.And(entgame.StatusEQ(entgame.StatusActive), entgame.TurnUserIDNotNil(), entgame.TurnUserID(me))
}

// invitedViewer is the predicate of a seat kept for the signed-in viewer by an invitation to their email
// (stored lower-cased, as the users' emails are).
func invitedViewer(ctx context.Context) predicate.Player {
	return player.And(player.StatusEQ(player.StatusInvited), player.InviteEmail(viewerFrom(ctx).user.Email))
}

// attackCommand builds the engine's attack from the attack input and the board.
func attackCommand(input AttackInput) func(*rules.Board) (rules.Command, []*UserError) {
	return func(b *rules.Board) (rules.Command, []*UserError) {
		from, ue1 := territoryKey(b, input.From, "from")
		to, ue2 := territoryKey(b, input.To, "to")
		if ue1 != nil || ue2 != nil {
			return nil, nonNil(ue1, ue2)
		}
		cmd := rules.Attack{From: from, To: to, Repeat: input.UntilConquered != nil && *input.UntilConquered}
		// The engine reads 0 as "not given" (the most dice; stop at 1 army): a 0 sent here is out of
		// the schema's range and refused with the engine's code for the range, as 4 dice are.
		if input.Dice != nil {
			if *input.Dice < 1 || *input.Dice > 3 {
				return nil, []*UserError{userError(string(rules.CodeInvalidDice),
					fmt.Sprintf("dice must be 1 to 3 (or null for the most allowed), not %d", *input.Dice), "input", "dice")}
			}
			cmd.Dice = *input.Dice
		}
		if input.StopAt != nil {
			if *input.StopAt < 1 {
				return nil, []*UserError{userError(string(rules.CodeInvalidAmount),
					fmt.Sprintf("stopAt must be at least 1 (or null for 1), not %d", *input.StopAt), "input", "stopAt")}
			}
			cmd.StopAt = *input.StopAt
		}
		return cmd, nil
	}
}
