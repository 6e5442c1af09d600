package notifications

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// busy is a Since of a turn round where much happened.
var busy = Since{Players: []SincePlayer{
	{Name: "Grace", Took: []string{"Alaska", "Alberta", "Ontario"}},
	{Name: "Bob", Traded: []int{8}},
	{Name: "Ivy", Eliminated: true},
}}

func TestSinceLine(t *testing.T) {
	t.Parallel()
	two := Since{Players: []SincePlayer{{Name: "the normal CPU", Took: []string{"Peru", "Brazil", "Chile", "Iceland", "Egypt"},
		Traded: []int{4, 6}}, {Name: "you", Took: []string{"Peru"}}, {Name: "Ada", Resigned: true}}}
	for _, tc := range []struct {
		since Since
		style SinceStyle
		want  string
	}{
		{busy, SinceFull, "Since your last turn: Grace took Alaska, Alberta and Ontario, Bob traded cards for 8 armies, Ivy was eliminated."},
		{busy, SinceOne, "Since your last turn: Grace took Alaska and 2 more, Bob traded cards for 8 armies, Ivy was eliminated."},
		{busy, SinceCounts, "Since your last turn: Grace took 3 territories, Bob traded for 8 armies, Ivy was eliminated."},
		{busy, SinceNoTrades, "Since your last turn: Grace took 3 territories, Ivy was eliminated."},
		{busy, SinceTotals, "Since your last turn: 3 territories changed hands, Ivy was eliminated."},
		{busy, SinceLosses, "Since your last turn: Ivy was eliminated."},
		{two, SinceFull, "Since your last turn: the normal CPU took Peru, Brazil, Chile and 2 more and traded 2 sets for 10 armies, " +
			"you took Peru, Ada resigned."},
		{Since{Players: []SincePlayer{{Name: "Grace", Took: []string{"Alaska"}}}}, SinceLosses, ""},
		{Since{First: true}, SinceFull, "The game began."},
		{Since{First: true, Players: []SincePlayer{{Name: "Grace", Took: []string{"Alaska"}}}}, SinceOne,
			"Since the game began: Grace took Alaska."},
		{Since{}, SinceFull, ""},
	} {
		if got := tc.since.Line(tc.style); got != tc.want {
			t.Errorf("Line(%d) = %q, want %q", tc.style, got, tc.want)
		}
	}
}

// The since line goes into your_turn and cpu_played texts, in the fullest style that keeps the SMS within
// one segment, and into no other kind.
func TestComposeSince(t *testing.T) {
	t.Parallel()
	data := composeData
	data.Since = busy
	_, text := Compose(KindYourTurn, data)
	if !strings.Contains(text, "\n\n"+busy.Line(SinceFull)+"\n\n") {
		t.Errorf("email text %q has no since line of its own", text)
	}
	_, text = Compose(KindCPUPlayed, data)
	if !strings.Contains(text, busy.Line(SinceFull)) {
		t.Errorf("cpu_played email text %q has no since line", text)
	}
	if _, text := Compose(KindTurnWarning, data); strings.Contains(text, "Since") {
		t.Errorf("turn_warning email text %q has a since line", text)
	}

	for _, tc := range []struct {
		kind Kind
		data Data
		want string
	}{
		// Neither the fullest SMS style nor the counts fit: the counts without trades do.
		{KindYourTurn, data, "Rout: your turn in Friday night (turn 7), 24 hours to play. Since your last turn: Grace took 3 territories, " +
			"Ivy was eliminated. https://rout.example/games/42"},
		{KindYourTurn, Data{GameID: 42, Link: "https://rout.example/games/42", Since: busy}, "Rout: your turn in game #42. " +
			"Since your last turn: Grace took 3 territories, Bob traded for 8 armies, Ivy was eliminated. https://rout.example/games/42"},
		{KindYourTurn, Data{GameID: 42, Turn: 7, Link: "https://rout.example/games/42",
			Since: Since{Players: []SincePlayer{{Name: "Grace", Took: []string{"Alaska", "Peru"}}}}},
			"Rout: your turn in game #42 (turn 7). Since your last turn: Grace took Alaska and 1 more. https://rout.example/games/42"},
		// Two CPUs that conquered: the total fits.
		{KindYourTurn, Data{GameID: 1, Turn: 4, TimeLeft: time.Hour, Link: "https://rout.example/games/1", Since: Since{Players: []SincePlayer{
			{Name: "the hard CPU", Took: []string{"Brazil", "Argentina"}}, {Name: "the normal CPU", Took: []string{"Yakutsk", "Irkutsk"}}}}},
			"Rout: your turn in game #1 (turn 4), 1 hour to play. Since your last turn: 4 territories changed hands. https://rout.example/games/1"},
		{KindCPUPlayed, Data{GameID: 42, Turn: 7, Link: "https://rout.example/games/42", Since: Since{First: true}},
			"Rout: your time ran out in game #42, so a CPU played turn 7 for you. The game began. https://rout.example/games/42"},
		{KindInvited, data, "Rout: Grace invited you to Friday night. https://rout.example/games/42"},
	} {
		got := ComposeSMS(tc.kind, tc.data)
		if got != tc.want {
			t.Errorf("ComposeSMS(%v) =\n%q, want\n%q", tc.kind, got, tc.want)
		}
		if n := utf8.RuneCountInString(got); n > SMSLimit {
			t.Errorf("ComposeSMS(%v) has %d characters", tc.kind, n)
		}
	}

	// A long name of a player is cut in the line; a long game name leaves no room: the line goes, before
	// the game's name would be cut, and the text stays within one segment.
	named := Data{GameID: 42, Link: "https://rout.example/games/42",
		Since: Since{Players: []SincePlayer{{Name: strings.Repeat("Maximilian", 5), Took: []string{"Iceland"}}}}}
	if got, want := ComposeSMS(KindYourTurn, named), "Rout: your turn in game #42. Since your last turn: MaximilianMaximil... took Iceland. "+
		"https://rout.example/games/42"; got != want {
		t.Errorf("ComposeSMS = %q, want %q", got, want)
	}
	long := data
	long.GameName = strings.Repeat("Seven seas and far lands ", 3)
	sms := ComposeSMS(KindYourTurn, long)
	if n := utf8.RuneCountInString(sms); n > SMSLimit || strings.Contains(sms, "Since") || !strings.Contains(sms, long.GameName[:70]) {
		t.Errorf("ComposeSMS = %q, %d characters: want the game's whole name and no since line within %d", sms, n, SMSLimit)
	}

	// A digest entry has its line; a digest SMS of one game is the game's your_turn SMS.
	games := []DigestGame{{GameID: 42, Turn: 7, Link: "https://rout.example/games/42", Since: busy}, {GameID: 43, Link: "https://rout.example/games/43"}}
	if _, text := ComposeDigest(games, nil); !strings.Contains(text, "\n  "+busy.Line(SinceFull)+"\n  https://rout.example/games/42\n") ||
		strings.Count(text, "Since") != 1 {
		t.Errorf("digest text %q, want the since line under game 42 alone", text)
	}
	if got, want := ComposeDigestSMS(games[:1]), ComposeSMS(KindYourTurn, Data{GameID: 42, Turn: 7, Link: games[0].Link, Since: busy}); got != want {
		t.Errorf("ComposeDigestSMS = %q, want %q", got, want)
	}
}
