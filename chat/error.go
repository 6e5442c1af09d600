package chat

import (
	"fmt"
	"time"
)

// Code is the stable reason of a refused chat request.
type Code string

// The codes of refused chat requests (docs/api.md, "Chat").
const (
	CodeEmpty       Code = "CHAT_EMPTY"        // no text left after Normalize
	CodeTooLong     Code = "CHAT_TOO_LONG"     // more than MaxRunes characters after Normalize
	CodeRoom        Code = "CHAT_ROOM"         // no such room in the game, or not one the viewer may read or post in
	CodeOff         Code = "CHAT_OFF"          // the viewer switched this game's chat, or all chat, off
	CodeRoomFull    Code = "CHAT_ROOM_FULL"    // the room holds MaxRoomLines lines
	CodeFlood       Code = "CHAT_FLOOD"        // FloodMessages in FloodWindow: wait RetryAfter
	CodeDuplicate   Code = "CHAT_DUPLICATE"    // close to one of the author's last two messages in the room
	CodeDailyLimit  Code = "CHAT_DAILY_LIMIT"  // DailyMessages within a day: wait RetryAfter
	CodeKeyReused   Code = "CHAT_KEY_REUSED"   // a client key already used for another message in the game
	CodeNotFound    Code = "CHAT_NOT_FOUND"    // no such message that the viewer may see
	CodeNotYours    Code = "CHAT_NOT_YOURS"    // only its author or a moderator may remove a message
	CodeNotCreator  Code = "CHAT_NOT_CREATOR"  // only the game's creator sets its chat options
	CodeInvalidSeen Code = "CHAT_INVALID_READ" // a read mark beyond the room's last line
)

// Error is a refused chat request: the caller's to fix or to wait for.
type Error struct {
	Code    Code
	Message string
	// RetryAfter is how long to wait before the same message may be sent, for CodeFlood and
	// CodeDailyLimit; 0 otherwise.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }
