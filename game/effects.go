package game

import (
	"context"
	"database/sql"
	"time"

	"rout/rules"
)

// Effects is the seam for what a command causes outside the game's own rows (River jobs: deadlines, CPU
// turns, notifications; package jobs's Effects is the one the server uses). AfterCommand runs inside the
// command's transaction, after the game's rows are written, with one Change for each game the transaction
// played (one, but for a batch of takeovers, Service.TakeOverDue); AfterCreate runs inside the transaction that
// creates a game (a lobby event, not a turn command: the start of a game is a command, heard by
// AfterCommand). An error rolls the whole command, or the creation, back.
type Effects interface {
	AfterCommand(ctx context.Context, tx *sql.Tx, changes ...Change) error
	AfterCreate(ctx context.Context, tx *sql.Tx, g NewGame) error
}

// PreparedEffects are Effects with statements of their own to prepare (pgstmt.Stmt.Get): the service calls
// Prepare before each transaction it begins, with its own statements (see prepareCommands), as preparing
// takes a connection from the pool, which a transaction holding one must not wait for. An opt-in of its
// own, so that Effects without it (tests' fakes) need not change.
type PreparedEffects interface {
	Prepare(ctx context.Context) error
}

// Change is what the commands of one transaction did, for Effects: one command (a user's, the start of a
// game), a user's command and the lone survivor's commands after it (docs/rules.md, R43), or a CPU's turn
// or takeover (Service.TurnPlay). Effects hear it once, after every command of it is written.
type Change struct {
	GameID int
	// Version is the game's version after the last command.
	Version int64
	// Seat is the seat that acted first (rules.NoPlayer for the start of a game).
	Seat rules.PlayerID
	// Cause is why the first command was played (CommandInput.Cause, PlayInput.Cause); the commands the
	// service plays for a lone survivor after it are CauseSurvivor, as their events record.
	Cause Cause
	// Commands is how many commands the change holds, at least 1.
	Commands int
	// Events are the events of every command, in order, with consecutive sequence numbers.
	Events []SeqEvent
	// Before is the state before the first command, After the state after the last.
	Before, After rules.State
	// Deadline is the deadline of the last turn the commands started; nil when none started or the game is over.
	Deadline  *time.Time
	WarningAt *time.Time // when the player of that turn is warned (a quarter of the limit left); nil with Deadline
	Seats     []Seat     // the game's seats, as the commands left them (delegations, takeovers)
	// Delegate is the CPU (one of ai.Names) that plays the turn that began (Deadline's), when its player
	// handed the seat to one (Seat.Delegation) or left it to the CPU (HandoverCPU, R90): its turn is a CPU
	// turn job's, played at once, with no warning or deadline; or, when no turn began, the CPU that plays
	// the rest of the turn going on, whose seat the change left to it (R90); "" otherwise.
	Delegate string
	// HandedOver are the seats the change handed to the CPU after AutoDelegateTakeovers takeovers in a row:
	// their players are told.
	HandedOver []int
	// Announce takes what the effects announce on a PostgreSQL channel (a user's new notices): the
	// service sends it after the commit, never inside the transaction (see Announcer).
	Announce Announcer
}

// NewGame is a game just created, for Effects.AfterCreate.
// DeclineEffects is what Effects may do, in GameDecline's transaction, when an invitee declines: an
// opt-in of its own, so that Effects without it (tests' fakes) need not change.
type DeclineEffects interface {
	AfterDecline(ctx context.Context, tx *sql.Tx, d Declined) error
}

// Declined is an invitation that its invitee turned down, for DeclineEffects.
type Declined struct {
	GameID    int
	CreatorID int
	// Seat is the seat that was kept for the invitee, of colour Color; it is open now.
	Seat  int
	Color string
	// UserID is the invitee who declined.
	UserID int
	// Announce takes what the effects announce, sent after the commit (see Change.Announce).
	Announce Announcer
}

type NewGame struct {
	GameID    int
	CreatorID int
	Seats     []Seat // every seat as created; invited seats carry their (lower-cased) InviteEmail
	// Announce takes what the effects announce, sent after the commit (see Change.Announce).
	Announce Announcer
}
