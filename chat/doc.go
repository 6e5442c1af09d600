// Package chat owns a game's chat: its rooms, their lines (chat_messages), how far each user read them
// (chat_reads) and the choices users and creators make about a game's chat (chat_settings). No other
// package writes these tables.
//
// # Rooms
//
// Each game has a players' room (the users seated in it), a room per team in a team game (that team's
// seats) and a spectators' room (anyone who may see the game and holds no seat). A player reads the
// spectators' room only when they ask for it, and posts there only once the game is over; a moderator
// reads every room. The game's creator may close the spectators' room ("players only").
//
// # Lines
//
// A room's lines are numbered from 1 (seq) in the order they were written: messages, and the removals of
// messages (a removed message stays in the history as "a message was removed", without its author or
// text). A message is plain text, normalised by Normalize, 1 to MaxRunes characters. The numbers count a
// room's own lines only, so that no room's numbers tell what another room said.
//
// # Limits
//
// Sending takes, per author: FloodMessages messages a room within FloodWindow; no message close to one of
// the author's last two in the room (NearDuplicate); DailyMessages messages within a day over all rooms.
// A refused message gets an *Error with a stable code and, for the limits, the time to wait.
//
// # Hooks
//
// What a message or a timeout causes elsewhere (the players' notices) is the caller's: Send runs
// SendInput.AfterWrite, and TimeOut its afterWrite, inside the transaction that writes, so that both commit
// together; Send hands it the players who will read the message (Written.Readers).
//
// # What a viewer sees
//
// A viewer never sees the lines of the users they block, and sees a shadow-muted author's lines only when
// they are that author. The caller (package graph) says who the viewer is and whom they block (Viewer).
package chat
