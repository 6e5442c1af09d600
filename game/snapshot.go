package game

import (
	"context"
	"database/sql"
	"time"

	"rout/rules"
)

// Row is a game's row as one read saw it or as a command left it: what a job needs to tell whether the game
// has moved on, and what the API shows of a game besides its engine state.
type Row struct {
	GameID      int
	Name        string // the name its creator gave the game; empty for none
	MapID       int    // the map row: one version of a map
	CreatorID   int
	Status      Status
	Version     int64  // the version to send as CommandInput.ExpectedVersion
	Seq         int64  // the sequence number of the game's last event
	Phase       string // the engine's phase, as rules.Phase.String writes it
	Turn        int
	CurrentSeat int  // the seat to move; -1 when none
	TurnUser    int  // the user who plays the current turn (UserPlaying); 0 for a CPU's and outside a running game
	Winner      *int // the winning seat of a finished game
	TurnLimit   time.Duration
	Claim       rules.ClaimStrategy
	Cards       rules.CardSystem
	TTBPercent  int
	Fog         rules.Fog
	// ViewSeqs are the last numbers of the views of a fog game (ViewSeq); nil without fog or before the start.
	ViewSeqs []int64
	// Teams are a team game's teams, TeamRules its options; none in a free-for-all.
	Teams      []Team
	TeamRules  rules.TeamRules
	InviteCode *string
	Rated      bool       // its end updates its human players' ratings (docs/ratings.md)
	Deadline   *time.Time // the current turn's deadline; nil when no turn runs
	WarningAt  *time.Time // when the player to move is warned; nil when no turn runs
	CreatedAt  time.Time
	UpdatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
}

// Snapshot is a game as one consistent read saw it (or as a command left it): its row, its engine state
// and its seats.
type Snapshot struct {
	Row
	State rules.State
	Seats []Seat
}

// row returns the row as loaded.
func (g *gameRow) row() Row {
	r := Row{GameID: g.id, Name: g.name, MapID: g.mapID, CreatorID: g.creatorID, Status: g.status, Version: g.version, Seq: g.seq,
		Phase: g.phase, Turn: g.turn, CurrentSeat: g.currentSeat, TurnUser: int(g.turnUser.Int64), TurnLimit: g.turnLimit, Claim: g.claim, Cards: g.cards,
		TTBPercent: g.ttbPercent, Fog: g.fog, ViewSeqs: g.viewSeqs, Teams: g.teams, TeamRules: g.teamRules, Winner: intOrNil(g.winner), InviteCode: stringOrNil(g.inviteCode), Rated: g.rated,
		Deadline: timeOrNil(g.deadline), WarningAt: timeOrNil(g.warning), CreatedAt: g.createdAt, UpdatedAt: g.updatedAt,
		StartedAt: timeOrNil(g.startedAt), FinishedAt: timeOrNil(g.finishedAt)}
	return r
}

// snapshot returns the game at the version of g, with its state and seats.
func (g *gameRow) snapshot(c *cached) Snapshot {
	return Snapshot{Row: g.row(), State: c.state, Seats: c.seats}
}

func intOrNil(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	i := int(n.Int64)
	return &i
}

func stringOrNil(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

func timeOrNil(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// GameSnapshot returns a game's row, state and seats, all from one snapshot: the state from this replica's
// cache when it holds the current version, from the rows otherwise. It takes no lock. A game this replica
// has in its cache costs one statement (one statement sees one snapshot, and the cache holds the state of
// the version the row has), prepared once per connection so that it is one round trip to PostgreSQL; any
// other one transaction.
func (s *Service) GameSnapshot(ctx context.Context, gameID int) (Snapshot, error) {
	stmt, err := s.gameStmt.Get(ctx)
	if err != nil {
		return Snapshot{}, err
	}
	g, err := foundGame(gameID, stmt.QueryRowContext(ctx, gameID))
	if err != nil {
		return Snapshot{}, err
	}
	s.mapOf.put(g.id, g.mapID)
	if c, ok := s.cache.get(g.id, g.version); ok {
		return g.snapshot(c), nil
	}
	var snap Snapshot
	err = s.withTxOpts(ctx, snapshotRead, func(tx *sql.Tx) error {
		g, err := loadGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		snap = g.snapshot(cur)
		if g.status != StatusOpen {
			s.cache.put(cur)
		}
		return nil
	})
	return snap, err
}
