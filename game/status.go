package game

import "rout/rules"

// Status is where a game stands: the games.status column, Row.Status and a record's status. The
// column's enum (ent/schema) and the API's strings are these values.
type Status string

// The statuses of a game.
const (
	StatusOpen      Status = "open"      // created, waiting for its seats
	StatusActive    Status = "active"    // started, being played
	StatusFinished  Status = "finished"  // over, with a winner
	StatusCancelled Status = "cancelled" // given up before its end (the schema and records allow it; no command sets it)
)

// Valid reports whether s is one of the statuses of a game.
func (s Status) Valid() bool {
	switch s {
	case StatusOpen, StatusActive, StatusFinished, StatusCancelled:
		return true
	}
	return false
}

// Over reports whether a game with status s has ended: finished or cancelled.
func (s Status) Over() bool { return s == StatusFinished || s == StatusCancelled }

// SeatStatus is where a seat stands: the players.status column and Seat.Status. Before the start a seat is
// open, invited or active (taken by a user or a CPU); once the game has started it is its player's status
// in the engine state (seatStatusOf).
type SeatStatus string

// The statuses of a seat.
const (
	SeatStatusOpen       SeatStatus = "open"       // anyone may join
	SeatStatusInvited    SeatStatus = "invited"    // kept for Seat.InviteEmail
	SeatStatusActive     SeatStatus = "active"     // taken, or playing (rules.Active)
	SeatStatusEliminated SeatStatus = "eliminated" // lost its last territory (rules.Eliminated)
	SeatStatusResigned   SeatStatus = "resigned"   // resigned (rules.Resigned)
)

// seatStatusOf is the seat status of a player whose status in the engine state is p.
func seatStatusOf(p rules.Status) SeatStatus { return SeatStatus(p.String()) }
