package rules

import (
	"errors"
	"fmt"
)

// Code is the stable, machine-readable reason a command was refused.
type Code string

// The codes a refused command carries. They are part of the public API: never rename one.
const (
	CodeInvalidConfig     Code = "INVALID_CONFIG"     // the game's settings or seats are not allowed
	CodeUnknownCommand    Code = "UNKNOWN_COMMAND"    // the command is not one of the engine's
	CodeAlreadyStarted    Code = "ALREADY_STARTED"    // start_game on a game that has begun
	CodeNotStarted        Code = "NOT_STARTED"        // a turn command before start_game
	CodeGameOver          Code = "GAME_OVER"          // the game has ended
	CodeUnknownPlayer     Code = "UNKNOWN_PLAYER"     // no such seat
	CodeNotActive         Code = "NOT_ACTIVE"         // the player was eliminated or resigned
	CodeNotYourTurn       Code = "NOT_YOUR_TURN"      // another player is to move
	CodeWrongPhase        Code = "WRONG_PHASE"        // the command does not fit the current phase
	CodeUnknownTerritory  Code = "UNKNOWN_TERRITORY"  // no such territory
	CodeAlreadyClaimed    Code = "ALREADY_CLAIMED"    // the territory has an owner
	CodeNotOwner          Code = "NOT_OWNER"          // the player does not own the territory
	CodeOwnTerritory      Code = "OWN_TERRITORY"      // an attack on one's own territory
	CodeTeammateTerritory Code = "TEAMMATE_TERRITORY" // an attack on a teammate's territory, which the game refuses
	CodeNotAdjacent       Code = "NOT_ADJACENT"       // the territories share no border
	CodeTooFewArmies      Code = "TOO_FEW_ARMIES"     // the source cannot spare the armies
	CodeInvalidDice       Code = "INVALID_DICE"       // dice outside 1..min(3, armies-1)
	CodeInvalidAmount     Code = "INVALID_AMOUNT"     // an army count out of range
	CodeUnknownCard       Code = "UNKNOWN_CARD"       // no such card
	CodeNotHolder         Code = "NOT_HOLDER"         // the card is not in the player's hand
	CodeInvalidSet        Code = "INVALID_SET"        // the cards are not a set
	CodeMustTrade         Code = "MUST_TRADE"         // the player holds too many cards and must trade first
	CodeMustPlace         Code = "MUST_PLACE"         // armies are waiting to be placed
	CodeMustOccupy        Code = "MUST_OCCUPY"        // a conquered territory is waiting for its armies
	CodeLastPlayer        Code = "LAST_PLAYER"        // resign by the one active player left: the game is theirs to finish
	CodeInvalidEvent      Code = "INVALID_EVENT"      // an event does not fit the state (a corrupt record)
	CodeIllegalEvent      Code = "ILLEGAL_EVENT"      // events that fit the state but no legal command produces (a forged record)
)

// Error is a refused command or an event that does not fit the state. The engine returns no other
// errors.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// message is the message of err without its code: err is an *Error, the engine returns no other errors.
func message(err error) string {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Message
	}
	return err.Error()
}
