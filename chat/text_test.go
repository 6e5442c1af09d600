package chat_test

import (
	"strings"
	"testing"

	"rout/chat"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"  hello  ", "hello"},
		{"a\tb   c", "a b c"},
		{"one\r\ntwo", "one\ntwo"},
		{"\n\n first\n\n\n\nsecond \n\n", "first\n\nsecond"},
		{"evil\u202Etxt.exe", "eviltxt.exe"},                     // a right-to-left override
		{"\u2066isolate\u2069 and\u200Bzero", "isolate andzero"}, // isolates and a zero width space
		{"bell\x07 and\x00null", "bell andnull"},
		{"e\u0301", "\u00e9"}, // NFC
		{"<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"},
		{"bad \xff byte", "bad \uFFFD byte"},
		{"\u00a0\u2003", ""},
	} {
		if got := chat.Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNearDuplicate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"gg", "GG!", true},
		{"gg", "wp", false},
		{"attack the east now please", "attack the east now pleas", true},
		{"attack the east now please", "attack the west, it is weak", false},
		{"short", "shirt", false}, // under 10 characters: only equal texts are duplicates
		{"🙂", "🙂", true},
		{"🙂", "🙃", false},
		{"?", "!", false},
	} {
		if got := chat.NearDuplicate(c.a, c.b); got != c.want {
			t.Errorf("NearDuplicate(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestRooms(t *testing.T) {
	t.Parallel()
	g := chat.Game{ID: 1, Teams: 2}
	names := func(rs []chat.Room) string {
		s := make([]string, len(rs))
		for i, r := range rs {
			s[i] = string(r)
		}
		return strings.Join(s, ",")
	}
	for _, c := range []struct {
		name                  string
		v                     chat.Viewer
		playersOnly, withSpec bool
		want                  string
	}{
		{"player of team 1", chat.Viewer{Seated: true, Team: 1}, false, false, "players,team:1"},
		{"player asking for the spectators", chat.Viewer{Seated: true, Team: 0}, false, true, "players,team:0,spectators"},
		{"spectator", chat.Viewer{}, false, false, "spectators"},
		{"spectator of a players-only game", chat.Viewer{}, true, false, ""},
		{"moderator", chat.Viewer{Moderator: true}, false, false, "players,team:0,team:1,spectators"},
	} {
		if got := names(chat.Rooms(g, c.v, c.playersOnly, c.withSpec)); got != c.want {
			t.Errorf("%s: Rooms = %q, want %q", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		r    chat.Room
		team int
		ok   bool
	}{{"team:0", 0, true}, {"team:12", 12, true}, {"team:-1", 0, false}, {"team:01", 0, false}, {"team:", 0, false}, {"players", 0, false}} {
		if team, ok := c.r.Team(); team != c.team || ok != c.ok {
			t.Errorf("%q.Team() = %d, %v; want %d, %v", c.r, team, ok, c.team, c.ok)
		}
	}
}
