package game

import (
	"errors"
	"fmt"
)

// Code is the stable reason a service call was refused, beside the engine's own rules.Code values.
type Code string

// The service's codes; they match the API's top-level error codes.
const (
	CodeBadInput  Code = "BAD_USER_INPUT" // the request itself is malformed or out of range
	CodeNotFound  Code = "NOT_FOUND"      // no such game, map or seat
	CodeForbidden Code = "FORBIDDEN"      // the caller may not do this
	CodeConflict  Code = "CONFLICT"       // the game moved on since the caller looked (stale version), or the seat is taken
)

// Error is a refused service call. Rule violations are *rules.Error values instead.
type Error struct {
	Code    Code
	Message string
	noGame  bool // see IsNoGame
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// noGame is the error of a game that does not exist, and of a private game hidden from the caller
// (hiddenFrom): the two are told the same.
func noGame(id int) *Error {
	return &Error{Code: CodeNotFound, Message: fmt.Sprintf("no game %d", id), noGame: true}
}

// IsNoGame reports whether err is the service's NOT_FOUND for the game itself (none, or one hidden from
// the caller), not for something in it (a seat, a user).
func IsNoGame(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.noGame
}

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// CodeKeyReused refuses a command sent under an idempotency key that an earlier, different command of the
// same user in the same game was sent under.
const CodeKeyReused Code = "IDEMPOTENCY_KEY_REUSED"

// CodeInvitationRefused refuses a new game with a seat invited for the address of a user who blocks its
// creator: the invitation cannot be sent, and the creator is told no more.
const CodeInvitationRefused Code = "INVITATION_REFUSED"

// CodeRatedNeedsOpponents refuses a rated game that could change no rating: one with seats for fewer
// than two people (CPU seats are not rated), or in a team game, people on fewer than two teams.
const CodeRatedNeedsOpponents Code = "RATED_NEEDS_OPPONENTS"

// CodeUnknownMap refuses a new game on a map key (or key and version) that is neither stored nor built in.
const CodeUnknownMap Code = "UNKNOWN_MAP"

// unknownMap is the error of a map that does not exist: it names the key, and the version when one was
// asked for (0 asks for the newest).
func unknownMap(key string, version int) *Error {
	if version == 0 {
		return errorf(CodeUnknownMap, "no map %q", key)
	}
	return errorf(CodeUnknownMap, "no map %q version %d", key, version)
}
