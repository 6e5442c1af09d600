package game

import (
	"fmt"
	"slices"
)

// Cause is why a command was played: who decided it. It is a field of the command's input
// (CommandInput.Cause), handed to Effects with the command (Change.Cause) and recorded with each of its
// events (events.cause).
type Cause uint8

// The causes.
const (
	CausePlayer   Cause = iota // a user sent it (the zero value: the API's commands)
	CauseCPU                   // a CPU seat played its own turn (a CPU turn job)
	CauseTakeover              // a CPU played the turn of a player whose deadline passed (a deadline job or the sweeper)
	CauseSweeper               // the sweeper played a CPU seat's turn whose job was lost
	CauseSurvivor              // the CPU played for a lone survivor (docs/rules.md, R43): the service at once, or a job past its bounds
	CauseDelegate              // the CPU its player handed the seat to played the turn (Service.SeatDelegate)
)

// causeUnrecorded is the cause of an event read back from before events.cause was recorded.
const causeUnrecorded Cause = 255

var causeNames = [...]string{"player", "cpu", "takeover", "sweeper", "survivor", "delegate"}

func (c Cause) String() string {
	if int(c) < len(causeNames) {
		return causeNames[c]
	}
	return fmt.Sprintf("unknown(%d)", c)
}

// MarshalText encodes the cause by name, as the events.cause column holds it.
func (c Cause) MarshalText() ([]byte, error) {
	if int(c) >= len(causeNames) {
		return nil, fmt.Errorf("unknown cause %d", c)
	}
	return []byte(causeNames[c]), nil
}

// UnmarshalText decodes a cause name.
func (c *Cause) UnmarshalText(b []byte) error {
	i := slices.Index(causeNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown cause %q (want one of %v)", b, causeNames)
	}
	*c = Cause(i)
	return nil
}
