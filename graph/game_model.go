package graph

import (
	"context"
	"sync"
	"time"

	"entgo.io/contrib/entgql"

	"rout/ent"
	entgame "rout/ent/game"
	"rout/game"
	"rout/rules"
)

// Noder is what every type that implements the GraphQL interface Node is: a Game of this package, or an
// Ent row (User, ApiToken, GameMap), whose generated types all have IsNode.
type Noder interface{ IsNode() }

// Game is a game as the API shows it (the GraphQL type Game). It is built from the game service's
// game.Row, the row of a command's answer (game.Result) or of a snapshot (game.Snapshot), and for the
// games list from the Ent row: every way to reach a game builds the same value. The scalar fields are
// plain; what needs the engine state (seats, board, viewerActions) is read from the request's snapshot
// of the game, and what depends on the viewer (inviteCode, seats' cards) has resolvers.
type Game struct {
	ID               string // the global id
	Name             string
	Status           string // open, active, finished or cancelled
	Phase            string
	Turn             int
	CurrentSeat      *int
	TurnDeadline     *time.Time
	TurnLimitSeconds int64
	Claim            string
	CardSystem       string
	TtbPercent       int
	Winner           *int
	Rated            bool

	version, seq int64
	fog          rules.Fog
	viewSeqs     []int64 // a fog game's last numbers of each view (game.Row.ViewSeqs)

	gameID     int
	mapID      int
	creatorID  int
	inviteCode *string
	turnUser   int            // the user who plays the current turn (game.Row.TurnUser); 0 for none
	r          *Resolver      // the root resolver, which answers Board
	snap       *game.Snapshot // the snapshot the game was built from, when its fields must read it (gameLobby)
}

// IsNode makes a Game a Node.
func (*Game) IsNode() {}

// Board answers Game.board from the request's snapshot of the game: a method of the model rather than a
// resolver, so that gqlgen writes the Board it returns as it is (board.go).
func (g *Game) Board(ctx context.Context, sinceSeq *int) (Board, error) {
	return g.r.board(ctx, g, sinceSeq)
}

// ViewerActions answers Game.viewerActions from the request's snapshot of the game: a method of the
// model, as Board is, so that gqlgen writes the Actions it returns as they are (actions.go).
func (g *Game) ViewerActions(ctx context.Context, from, kind *string, seat *int) (Actions, error) {
	return g.r.viewerActions(ctx, g, from, kind, seat)
}

// newGame returns a game row as r's API shows it.
func (r *Resolver) newGame(row game.Row) *Game {
	return &Game{r: r,
		ID: GlobalID(typeGame, row.GameID), Name: row.Name, Status: string(row.Status), Phase: row.Phase, Turn: row.Turn, version: row.Version,
		seq: row.Seq, fog: row.Fog, viewSeqs: row.ViewSeqs, CurrentSeat: game.SeatOrNil(rules.PlayerID(row.CurrentSeat)), TurnDeadline: row.Deadline,
		TurnLimitSeconds: int64(row.TurnLimit / time.Second), Claim: row.Claim.String(), CardSystem: row.Cards.String(),
		TtbPercent: row.TTBPercent, Winner: row.Winner, gameID: row.GameID, mapID: row.MapID, creatorID: row.CreatorID, inviteCode: row.InviteCode,
		Rated: row.Rated, turnUser: row.TurnUser,
	}
}

// gameFromEnt returns a game's Ent row (the games list) as r's API shows it: the same value as newGame of
// the service's row.
func (r *Resolver) gameFromEnt(g *ent.Game) *Game {
	turnUser := 0
	if g.TurnUserID != nil {
		turnUser = *g.TurnUserID
	}
	return &Game{r: r,
		ID: GlobalID(typeGame, g.ID), Name: g.Name, Status: string(g.Status), Phase: g.Phase, Turn: g.Turn, version: g.Version, seq: g.Seq,
		fog: fogOf(g.Fog), viewSeqs: g.ViewSeqs,
		CurrentSeat: game.SeatOrNil(rules.PlayerID(g.CurrentSeat)), TurnDeadline: g.TurnDeadline,
		TurnLimitSeconds: g.TurnLimitSeconds, Claim: string(g.Claim), CardSystem: string(g.CardSystem), TtbPercent: g.TtbPercent,
		Winner: g.WinnerSeat, gameID: g.ID, mapID: g.MapID, creatorID: g.CreatorID, inviteCode: g.InviteCode,
		Rated: g.Rated, turnUser: turnUser,
	}
}

// fogOf returns the fog of an Ent row's game.
func fogOf(f entgame.Fog) rules.Fog {
	var out rules.Fog
	_ = out.UnmarshalText([]byte(f)) // the column's values are the names of rules.Fog
	return out
}

// row returns the part of the game's row that tells what its viewers see.
func (g *Game) row() game.Row {
	status := game.Status(g.Status)
	return game.Row{Status: status, Version: g.version, Seq: g.seq, Fog: g.fog, ViewSeqs: g.viewSeqs}
}

// ViewerTurn answers Game.viewerTurn: whether the running game's current turn is the signed-in viewer's
// to play (game.Row.TurnUser).
func (g *Game) ViewerTurn(ctx context.Context) bool {
	me, ok := ViewerID(ctx)
	return ok && g.Status == string(game.StatusActive) && g.turnUser == me
}

// Version answers Game.version: the game's version, or in a fog game the viewer's (game.Row.VersionFor).
func (g *Game) Version(ctx context.Context) (int, error) { return g.counter(ctx, game.Row.VersionFor) }

// Seq answers Game.seq: the number of the game's last event, or in a fog game the viewer's
// (game.Row.SeqFor).
func (g *Game) Seq(ctx context.Context) (int, error) { return g.counter(ctx, game.Row.SeqFor) }

// counter returns a number of the game's row as the request's viewer knows it: of, for their seat (read
// from the request's snapshot in a fog game only).
func (g *Game) counter(ctx context.Context, of func(game.Row, rules.PlayerID) int64) (int, error) {
	row := g.row()
	if !row.Fogged() {
		return int(of(row, rules.NoPlayer)), nil
	}
	snap, err := g.r.snapshotFor(ctx, g)
	if err != nil {
		return 0, err
	}
	return int(of(row, viewerIn(ctx, snap))), nil
}

// GameConnection is a page of games (the GraphQL type GameConnection).
type GameConnection struct {
	Edges      []*GameEdge
	PageInfo   entgql.PageInfo[int]
	TotalCount int
}

// GameEdge is a game in a GameConnection.
type GameEdge struct {
	Node   *Game
	Cursor entgql.Cursor[int]
}

// gameConnection returns a page of the games list, read with Ent, as the API shows it.
func (r *Resolver) gameConnection(c *ent.GameConnection) *GameConnection {
	out := &GameConnection{PageInfo: c.PageInfo, TotalCount: c.TotalCount, Edges: make([]*GameEdge, len(c.Edges))}
	for i, e := range c.Edges {
		out.Edges[i] = &GameEdge{Node: r.gameFromEnt(e.Node), Cursor: e.Cursor}
	}
	return out
}

// Seat is a seat of a game as the API shows it (the GraphQL type Seat), built from a snapshot: the seat's
// row and, once the game has started, its counts in the engine state.
type Seat struct {
	Seat         int
	Color        string
	Team         *int // the seat's team in a team game; nil in a free-for-all
	CPU          bool
	Difficulty   *string
	Status       string
	Territories  *int // nil where fog hides them, as Armies and CardCount
	Armies       *int
	CardCount    *int
	PlayedBy     SeatPlayer      // who plays the seat now
	HandedOver   bool            // its player left it in the game (R90)
	PlayedBySeat *int            // the teammate's seat that plays a seat handed over to them (R90), or nil
	Delegation   *SeatDelegation // the CPU its player handed it to, or nil
	Takeovers    int             // turns in a row taken over at their deadline

	userID int            // 0 for a CPU, open or invited seat
	player int            // the user who plays the seat now (game.UserPlaying): the only one shown its hand
	hand   []rules.CardID // shown only to player (Seat.cards)
	places *seatPlaces    // the places of the game's seats, shared by its seats; nil until it is finished
}

// seatPlaces are the places of a finished game's seats (game.Places), read once for all its seats.
type seatPlaces struct {
	gameID int
	once   sync.Once
	places map[int]int
	err    error
}

// of returns the place of seat, read with svc the first time; nil when it has none.
func (p *seatPlaces) of(ctx context.Context, svc *game.Service, seat int) (*int, error) {
	p.once.Do(func() { p.places, p.err = svc.GamePlaces(ctx, p.gameID) })
	if p.err != nil {
		return nil, p.err
	}
	if place, ok := p.places[seat]; ok {
		return &place, nil
	}
	return nil, nil
}

// newSeats returns the seats of a snapshot as the API shows them to a viewer who knows view (viewOf;
// nil: everything).
func newSeats(snap game.Snapshot, view *rules.View) []*Seat {
	started := snap.State.Phase() != rules.PhaseSetup
	out := make([]*Seat, len(snap.Seats))
	var places *seatPlaces
	if snap.Status == game.StatusFinished {
		places = &seatPlaces{gameID: snap.GameID}
	}
	for i, st := range snap.Seats {
		s := &Seat{Seat: st.Seat, Color: st.Color, CPU: st.CPU, Status: string(st.Status), userID: st.UserID, player: st.UserID,
			PlayedBy: seatPlayedBy(st), Delegation: seatDelegation(st), Takeovers: st.Takeovers, places: places}
		if st.Difficulty != "" {
			d := st.Difficulty
			s.Difficulty = &d
		}
		if len(snap.Teams) > 0 {
			t := st.Team
			s.Team = &t
		}
		if started && st.Seat < snap.State.Players() {
			ps := snap.State.Player(rules.PlayerID(st.Seat))
			s.Status = ps.Status.String()
			s.Territories, s.Armies, s.CardCount, s.hand = &ps.Territories, &ps.Armies, known(len(ps.Hand)), ps.Hand
			if p := rules.PlayerID(st.Seat); snap.State.HandedOver(p) {
				s.HandedOver, s.player, s.PlayedBy = true, game.UserPlaying(snap.State, snap.Seats, p), SeatPlayerDelegate
				if by := game.PlayedBy(snap.State, snap.Seats, p); by >= 0 {
					s.PlayedBy, s.PlayedBySeat = SeatPlayerTeammate, game.SeatOrNil(by)
				}
			}
			if view != nil {
				pv := view.Players[st.Seat]
				s.Territories, s.Armies, s.CardCount = known(pv.Territories), known(pv.Armies), known(pv.Cards)
			}
		}
		out[i] = s
	}
	return out
}
