package game

import (
	"context"
	"database/sql"
	"time"

	"rout/rules"
)

// Effects is the seam for what a command causes outside the game's own rows (River jobs: deadlines, CPU
// turns, notifications; package jobs's Effects is the one the server uses). AfterCommand runs inside the
// command's transaction, after the game's rows are written; AfterCreate runs inside the transaction that
// creates a game (a lobby event, not a turn command: the start of a game is a command, heard by
// AfterCommand). An error rolls the whole command, or the creation, back.
type Effects interface {
	AfterCommand(ctx context.Context, tx *sql.Tx, c Change) error
	AfterCreate(ctx context.Context, tx *sql.Tx, g NewGame) error
}

// Change is what one command did, for Effects.
type Change struct {
	GameID  int
	Version int64
	// Seat is the seat that acted (rules.NoPlayer for the start of a game).
	Seat rules.PlayerID
	// Cause is why the command was played (CommandInput.Cause; CauseSurvivor for the commands the service
	// plays for a lone survivor).
	Cause     Cause
	Events    []SeqEvent
	Before    rules.State
	After     rules.State
	Deadline  *time.Time // the new turn deadline when a turn started; nil otherwise
	WarningAt *time.Time // when the player of the new turn is warned (a quarter of the limit left); nil with Deadline
	Seats     []Seat     // the game's seats
	// SurvivorPlays is true when the command left a lone survivor whose next command the service plays at
	// once, in the same transaction (see docs/rules.md, R43): nothing is to wait for the new turn.
	SurvivorPlays bool
}

// NewGame is a game just created, for Effects.AfterCreate.
type NewGame struct {
	GameID    int
	CreatorID int
	Seats     []Seat // every seat as created; invited seats carry their (lower-cased) InviteEmail
}
