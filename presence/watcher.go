package presence

import (
	"slices"
)

// NoSeat is a Watcher's Seat when the watcher holds no seat in the game: a spectator.
const NoSeat = -1

// Watcher is one live follower of a game: a row of game_watchers.
type Watcher struct {
	// ID is the row's id.
	ID int
	// GameID is the game followed.
	GameID int
	// UserID is the signed-in follower; 0 for an anonymous one.
	UserID int
	// Seat is the follower's seat in the game when they subscribed (the engine's number), or NoSeat.
	Seat int
	// Hidden tells whether the follower hides their presence (users.hide_presence).
	Hidden bool
}

// Viewer is who asks what a game's watchers are.
type Viewer struct {
	// UserID is the signed-in viewer; 0 for an anonymous one.
	UserID int
	// Blocked are the users the viewer blocks: their presence is hidden from the viewer.
	Blocked []int
}

// Count is what a viewer is shown of a game's watchers (the package documentation tells the rules).
type Count struct {
	// Spectators is the number of viewers following the game without a seat in it.
	Spectators int
	// PresentSeats are the seats whose players follow the game and are shown to the viewer, in order.
	PresentSeats []int
}

// CountFor returns what viewer v is shown of the watchers ws of one game.
func CountFor(ws []Watcher, v Viewer) Count {
	seated := map[int]bool{} // users following the game from a seat
	for _, w := range ws {
		if w.Seat != NoSeat && w.UserID != 0 {
			seated[w.UserID] = true
		}
	}
	users := map[int]bool{} // spectators counted, by user
	c := Count{PresentSeats: []int{}}
	for _, w := range ws {
		if w.UserID != 0 && w.UserID != v.UserID && slices.Contains(v.Blocked, w.UserID) {
			continue
		}
		switch {
		case w.Seat != NoSeat:
			if (!w.Hidden || w.UserID == v.UserID) && !slices.Contains(c.PresentSeats, w.Seat) {
				c.PresentSeats = append(c.PresentSeats, w.Seat)
			}
		case w.UserID == 0:
			c.Spectators++
		case !seated[w.UserID] && !users[w.UserID]:
			users[w.UserID] = true
			c.Spectators++
		}
	}
	slices.Sort(c.PresentSeats)
	return c
}
