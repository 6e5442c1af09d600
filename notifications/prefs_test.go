package notifications

import (
	"strings"
	"testing"
	"time"
)

func TestQuietUntil(t *testing.T) {
	t.Parallel()
	paris, err := LoadTimeZone("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	night := Preferences{Location: paris, Quiet: &QuietHours{Start: 22 * 60, End: 7 * 60}}
	day := Preferences{Location: paris, Quiet: &QuietHours{Start: 12 * 60, End: 14 * 60}}
	at := func(s string) time.Time {
		tm, err := time.ParseInLocation("2006-01-02 15:04", s, paris)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	for _, c := range []struct {
		p     Preferences
		now   string
		quiet bool
		until string
	}{
		{night, "2026-12-01 23:30", true, "2026-12-02 07:00"},
		{night, "2026-12-02 03:00", true, "2026-12-02 07:00"},
		{night, "2026-12-02 07:00", false, ""},
		{night, "2026-12-02 21:59", false, ""},
		{night, "2026-12-02 22:00", true, "2026-12-03 07:00"},
		{day, "2026-12-02 12:30", true, "2026-12-02 14:00"},
		{day, "2026-12-02 14:30", false, ""},
		{Preferences{}, "2026-12-02 03:00", false, ""},
	} {
		until, quiet := c.p.QuietUntil(at(c.now).UTC())
		if quiet != c.quiet || (quiet && !until.Equal(at(c.until))) {
			t.Errorf("%+v at %s: %v, %v; want %v, %s", c.p.Quiet, c.now, until, quiet, c.quiet, c.until)
		}
	}
}

func TestPreferencesChannelFor(t *testing.T) {
	t.Parallel()
	p := Preferences{Default: ChannelEmail, Kinds: map[Kind]Channel{KindGameOver: ChannelNone, KindTurnWarning: ChannelSMS}}
	if p.ChannelFor(KindYourTurn) != ChannelEmail || p.ChannelFor(KindGameOver) != ChannelNone || p.ChannelFor(KindTurnWarning) != ChannelSMS {
		t.Errorf("ChannelFor: %v %v %v", p.ChannelFor(KindYourTurn), p.ChannelFor(KindGameOver), p.ChannelFor(KindTurnWarning))
	}
	if !Urgent(KindTurnWarning) || Urgent(KindYourTurn) || Urgent(KindInvited) {
		t.Errorf("only turn_warning is urgent")
	}
}

func TestTimeZonesAndClocks(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "Local", "Mars/Olympus", "../etc/passwd", strings.Repeat("A", 65)} {
		if _, err := LoadTimeZone(bad); err == nil {
			t.Errorf("LoadTimeZone(%q) = nil error", bad)
		}
	}
	for s, want := range map[string]int{"00:00": 0, "07:30": 450, "23:59": 1439} {
		if got, err := ParseClock(s); err != nil || got != want || FormatClock(got) != s {
			t.Errorf("ParseClock(%q) = %d, %v", s, got, err)
		}
	}
	for _, bad := range []string{"24:00", "7:30", "07:60", "0730", "aa:bb", "-1:00"} {
		if _, err := ParseClock(bad); err == nil {
			t.Errorf("ParseClock(%q) = nil error", bad)
		}
	}
}

func TestDigestTexts(t *testing.T) {
	t.Parallel()
	paris, _ := LoadTimeZone("Europe/Paris")
	deadline := time.Date(2026, 12, 2, 17, 0, 0, 0, time.UTC)
	games := []DigestGame{{GameID: 1, Turn: 3, Link: "https://r.example/games/1", Deadline: deadline},
		{GameID: 2, GameName: "Friday night", Link: "https://r.example/games/2"}}
	subject, text := ComposeDigest(games, paris)
	if subject != "Your turn in 2 games" || !strings.Contains(text, "game #1, turn 3, play by Wed 2 Dec 18:00 CET\n  https://r.example/games/1") ||
		!strings.Contains(text, "- Friday night\n  https://r.example/games/2") {
		t.Errorf("digest:\n%s\n%s", subject, text)
	}
	if sms := ComposeDigestSMS(games); sms != "Rout: your turn in 2 games. First: https://r.example/games/1" || len(sms) > SMSLimit {
		t.Errorf("SMS digest %q", sms)
	}
}

func TestComposeSaysTheDeadlineInTheRecipientsZone(t *testing.T) {
	t.Parallel()
	tokyo, _ := LoadTimeZone("Asia/Tokyo")
	_, text := Compose(KindYourTurn, Data{GameID: 7, TimeLeft: 2 * time.Hour, Deadline: time.Date(2026, 12, 2, 17, 0, 0, 0, time.UTC),
		Location: tokyo, Link: "https://r.example/games/7"})
	if !strings.Contains(text, "You have 2 hours to play it. Play by Thu 3 Dec 02:00 JST.") {
		t.Errorf("text %q", text)
	}
	_, text = Compose(KindYourTurn, Data{GameID: 7, Link: "https://r.example/games/7"})
	if strings.Contains(text, "Play by") {
		t.Errorf("a text without deadline says one: %q", text)
	}
}
