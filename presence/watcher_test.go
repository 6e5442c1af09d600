package presence_test

import (
	"slices"
	"testing"

	"rout/presence"
)

// TestCountFor holds the rules of what a viewer is shown (the package documentation).
func TestCountFor(t *testing.T) {
	t.Parallel()
	const ann, bob, sue, tom, eve = 1, 2, 3, 4, 5 // ann and bob hold seats 0 and 1
	anon := func(id int) presence.Watcher { return presence.Watcher{ID: id, Seat: presence.NoSeat} }
	spectator := func(id, user int) presence.Watcher {
		return presence.Watcher{ID: id, UserID: user, Seat: presence.NoSeat}
	}
	player := func(id, user, seat int) presence.Watcher { return presence.Watcher{ID: id, UserID: user, Seat: seat} }
	hidden := func(w presence.Watcher) presence.Watcher { w.Hidden = true; return w }
	for _, tc := range []struct {
		name        string
		ws          []presence.Watcher
		v           presence.Viewer
		spectators  int
		presentSeat []int
	}{
		{name: "nobody", v: presence.Viewer{UserID: ann}, presentSeat: []int{}},
		{name: "a spectator counts once however many subscriptions",
			ws: []presence.Watcher{spectator(1, sue), spectator(2, sue)}, v: presence.Viewer{UserID: ann}, spectators: 1, presentSeat: []int{}},
		{name: "each anonymous subscription counts",
			ws: []presence.Watcher{anon(1), anon(2), spectator(3, sue)}, v: presence.Viewer{}, spectators: 3, presentSeat: []int{}},
		{name: "players are present, not spectators",
			ws: []presence.Watcher{player(1, ann, 0), player(2, bob, 1), player(3, bob, 1)}, v: presence.Viewer{UserID: sue}, presentSeat: []int{0, 1}},
		{name: "a player who also follows without their seat is no spectator",
			ws: []presence.Watcher{player(1, bob, 1), spectator(2, bob)}, v: presence.Viewer{UserID: sue}, presentSeat: []int{1}},
		{name: "the viewer counts among the spectators",
			ws: []presence.Watcher{spectator(1, sue)}, v: presence.Viewer{UserID: sue}, spectators: 1, presentSeat: []int{}},
		{name: "a hidden player is not present to others",
			ws: []presence.Watcher{hidden(player(1, bob, 1)), player(2, ann, 0)}, v: presence.Viewer{UserID: sue}, presentSeat: []int{0}},
		{name: "a hidden player sees themself present",
			ws: []presence.Watcher{hidden(player(1, bob, 1))}, v: presence.Viewer{UserID: bob}, presentSeat: []int{1}},
		{name: "a hidden spectator still counts, unnamed",
			ws: []presence.Watcher{hidden(spectator(1, tom))}, v: presence.Viewer{UserID: ann}, spectators: 1, presentSeat: []int{}},
		{name: "a blocked player is not present to the blocker",
			ws: []presence.Watcher{player(1, bob, 1), player(2, ann, 0)}, v: presence.Viewer{UserID: ann, Blocked: []int{bob}}, presentSeat: []int{0}},
		{name: "a blocked spectator is not counted for the blocker",
			ws: []presence.Watcher{spectator(1, eve), spectator(2, tom)}, v: presence.Viewer{UserID: ann, Blocked: []int{eve}}, spectators: 1, presentSeat: []int{}},
		{name: "the blocked user is shown to others",
			ws: []presence.Watcher{player(1, bob, 1), spectator(2, eve)}, v: presence.Viewer{UserID: sue}, spectators: 1, presentSeat: []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := presence.CountFor(tc.ws, tc.v)
			if c.Spectators != tc.spectators || !slices.Equal(c.PresentSeats, tc.presentSeat) {
				t.Errorf("CountFor = %+v, want %d spectators and seats %v", c, tc.spectators, tc.presentSeat)
			}
		})
	}
}
