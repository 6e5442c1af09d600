package ladder

import "fmt"

// Code is the stable reason of a refused ladder request.
type Code string

// The codes of refused ladder requests.
const (
	CodeNotFound      Code = "LADDER_NOT_FOUND"      // no such ladder
	CodeBadMaxGames   Code = "LADDER_BAD_MAX_GAMES"  // the most games at once is not 1 to MaxGames
	CodeJoined        Code = "LADDER_JOINED"         // the user has joined the ladder already
	CodeNotJoined     Code = "LADDER_NOT_JOINED"     // the user has not joined the ladder
	CodeBadDefinition Code = "LADDER_BAD_DEFINITION" // a ladder's definition out of range (Define)
)

// Error is a refused ladder request: the caller's to fix.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
