package tournament

import "fmt"

// Code is the stable reason of a refused tournament request.
type Code string

// The codes of refused tournament requests.
const (
	CodeBadSettings Code = "TOURNAMENT_BAD_SETTINGS" // a setting out of range (Error.Field names it)
	CodeNotFound    Code = "TOURNAMENT_NOT_FOUND"    // no such tournament
	CodeClosed      Code = "TOURNAMENT_CLOSED"       // entries are closed: the tournament started, finished or was cancelled
	CodeFull        Code = "TOURNAMENT_FULL"         // the tournament has its entry limit of entrants
	CodeEntered     Code = "TOURNAMENT_ENTERED"      // the user has entered already
	CodeNotEntered  Code = "TOURNAMENT_NOT_ENTERED"  // the user has not entered
)

// Error is a refused tournament request: the caller's to fix.
type Error struct {
	Code Code
	// Field is the setting at fault, for CodeBadSettings (as Settings names it, in snake_case); empty
	// otherwise.
	Field   string
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// badSetting refuses the setting field.
func badSetting(field, format string, args ...any) *Error {
	return &Error{Code: CodeBadSettings, Field: field, Message: fmt.Sprintf(format, args...)}
}
