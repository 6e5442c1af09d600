package chat

import (
	"fmt"
	"strconv"
	"strings"
)

// Room names one room of a game's chat: Players, Spectators or a team's room (TeamRoom).
type Room string

// The rooms every game has.
const (
	Players    Room = "players"
	Spectators Room = "spectators"
)

// TeamRoom returns the room of the team of index team (0 for the first).
func TeamRoom(team int) Room { return Room("team:" + strconv.Itoa(team)) }

// Team returns the team of a team's room, and false for the other rooms.
func (r Room) Team() (int, bool) {
	s, ok := strings.CutPrefix(string(r), "team:")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strconv.Itoa(n) != s {
		return 0, false
	}
	return n, true
}

// Game is what the chat needs to know of a game: told by the caller, who read it.
type Game struct {
	ID        int
	CreatorID int
	// Teams is the number of teams of a team game; 0 in a free-for-all.
	Teams int
	// Over tells whether the game has ended (or was cancelled).
	Over bool
}

// Viewer is who asks, as the caller (package graph) authenticated them and read their seat.
type Viewer struct {
	UserID int
	// Seated tells whether the viewer holds a seat in the game.
	Seated bool
	// Team is the viewer's seat's team in a team game.
	Team int
	// Moderator tells whether the viewer moderates the chat: they read every room.
	Moderator bool
	// Blocked are the users the viewer blocks: their lines never reach the viewer.
	Blocked []int
	// ChatOff tells whether the viewer switched all chat off: every game's chat is off for them.
	ChatOff bool
}

// Rooms returns the rooms of game g that v may read, in order: the players' room, the viewer's team's
// room, the spectators' room (for a player only when withSpectators), every team's room for a moderator.
// playersOnly is the game's option: its spectators' room is closed.
func Rooms(g Game, v Viewer, playersOnly, withSpectators bool) []Room {
	var out []Room
	if v.Seated || v.Moderator {
		out = append(out, Players)
	}
	for t := range g.Teams {
		if v.Moderator || v.Seated && v.Team == t {
			out = append(out, TeamRoom(t))
		}
	}
	if !playersOnly && (!v.Seated || withSpectators || v.Moderator) {
		out = append(out, Spectators)
	}
	return out
}

// MayRead tells whether v may read room r of game g.
func MayRead(g Game, v Viewer, r Room, playersOnly bool) bool {
	switch r {
	case Players:
		return v.Seated || v.Moderator
	case Spectators:
		return !playersOnly
	}
	t, ok := r.Team()
	return ok && t < g.Teams && (v.Moderator || v.Seated && v.Team == t)
}

// MayPost tells whether v may post in room r of game g: a player in the players' and their team's rooms,
// in the spectators' room once the game is over; anyone else who may see the game in the spectators'.
func MayPost(g Game, v Viewer, r Room, playersOnly bool) bool {
	switch r {
	case Players:
		return v.Seated
	case Spectators:
		return !playersOnly && (!v.Seated || g.Over)
	}
	t, ok := r.Team()
	return ok && t < g.Teams && v.Seated && v.Team == t
}

// refuseRoom is the error of a room v may not read or post in (or that does not exist).
func refuseRoom(r Room) error {
	return &Error{Code: CodeRoom, Message: fmt.Sprintf("no room %q you may use in this game", string(r))}
}
