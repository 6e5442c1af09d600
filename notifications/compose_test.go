package notifications

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var composeData = Data{
	GameID:   42,
	GameName: "Friday night",
	Turn:     7,
	Link:     "https://rout.example/games/42",
	TimeLeft: 23*time.Hour + 40*time.Minute,
	By:       "Grace",
	Winner:   "Grace",
}

func TestComposeEveryKind(t *testing.T) {
	t.Parallel()
	for _, kind := range Kinds() {
		for _, data := range []Data{composeData, {GameID: 9, Link: "https://rout.example/games/9"}} {
			subject, text := Compose(kind, data)
			if subject == "" || strings.ContainsAny(subject, "\r\n") {
				t.Errorf("Compose(%v) subject = %q, want one line", kind, subject)
			}
			if !strings.Contains(text, "\n\n") || !strings.Contains(text, data.Link+"\n") {
				t.Errorf("Compose(%v) text = %q, want the link on a line of its own", kind, text)
			}
			// A timeout's subject says when it ends, a tournament's kinds' name the tournament; their texts
			// name the game, or the tournament.
			if data.GameName == "" && kind != KindChatTimeout && kind != KindTournamentRound && kind != KindTournamentStanding && !strings.Contains(subject, "game #9") {
				t.Errorf("Compose(%v) subject = %q, want the game called game #9 when it has no name", kind, subject)
			}

			sms := ComposeSMS(kind, data)
			if !strings.HasPrefix(sms, "Rout: ") || !strings.HasSuffix(sms, " "+data.Link) || strings.ContainsAny(sms, "\r\n") {
				t.Errorf("ComposeSMS(%v) = %q, want one line from \"Rout: \" to the link", kind, sms)
			}
			if n := utf8.RuneCountInString(sms); n > SMSLimit {
				t.Errorf("ComposeSMS(%v) = %q, %d characters, want at most %d", kind, sms, n, SMSLimit)
			}
			if !isGSM7Basic(sms) {
				t.Errorf("ComposeSMS(%v) = %q has characters outside the GSM 7-bit alphabet", kind, sms)
			}
		}
	}
}

// isGSM7Basic reports whether s uses only characters of the GSM 7-bit alphabet that ComposeSMS writes
// (ASCII letters, digits, space and common punctuation), so a text costs 160 characters a segment.
func isGSM7Basic(s string) bool {
	for _, r := range s {
		if r > 0x7e || r < ' ' || strings.ContainsRune("[]{}\\^~|`", r) {
			return false
		}
	}
	return true
}

func TestComposeTexts(t *testing.T) {
	t.Parallel()
	paris, err := LoadTimeZone("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		kind    Kind
		data    Data
		subject string
		first   string // the first line of the text
		sms     string
	}{
		{KindYourTurn, composeData, "Your turn in Friday night",
			"It's your turn in Friday night (turn 7). You have 24 hours to play it.",
			"Rout: your turn in Friday night (turn 7), 24 hours to play. https://rout.example/games/42"},
		{KindYourTurn, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, Turn: 7, Team: "North", Teammate: "Ann"},
			"Your turn in Friday night",
			"Your teammate Ann played; it's your turn in Friday night (turn 7), for team North.",
			"Rout: your teammate Ann played; your turn in Friday night (turn 7). https://rout.example/games/42"},
		{KindYourTurn, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, Turn: 7, Team: "North"},
			"Your turn in Friday night", "It's your turn in Friday night (turn 7), for team North.",
			"Rout: your turn in Friday night (turn 7). https://rout.example/games/42"},
		{KindTurnWarning, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, TimeLeft: 2 * time.Hour},
			"Time is running out in Friday night",
			"Your turn in Friday night ends in 2 hours. If you don't play by then, a CPU will play it for you.",
			"Rout: 2 hours left for your turn in Friday night, then a CPU plays it. https://rout.example/games/42"},
		{KindCPUPlayed, composeData, "A CPU played your turn in Friday night",
			"Your time ran out in Friday night, so a CPU played turn 7 for you.",
			"Rout: your time ran out in Friday night, so a CPU played turn 7 for you. https://rout.example/games/42"},
		{KindEliminated, composeData, "You were eliminated from Friday night",
			"Grace took your last territory in Friday night: you are out of the game.",
			"Rout: Grace knocked you out of Friday night. https://rout.example/games/42"},
		{KindGameOver, composeData, "Friday night is over: Grace won", "Grace won Friday night.",
			"Rout: Grace won Friday night. https://rout.example/games/42"},
		{KindGameOver, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, Winner: "Ada", Won: true},
			"You won Friday night!", "You won Friday night. Congratulations!",
			"Rout: you won Friday night! https://rout.example/games/42"},
		{KindInvited, composeData, "Grace invited you to Friday night", "Grace invited you to play Friday night on Rout.",
			"Rout: Grace invited you to Friday night. https://rout.example/games/42"},
		{KindInvited, Data{GameID: 42, Link: composeData.Link}, "You're invited to game #42",
			"You're invited to play game #42 on Rout.",
			"Rout: you're invited to game #42. https://rout.example/games/42"},
		{KindDeclined, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, By: "Grace", Seat: "blue"},
			"Grace declined your invitation to Friday night",
			"Grace declined the invitation to play the blue seat in Friday night. The seat is open again, for anyone the game lets in.",
			"Rout: Grace declined the blue seat in Friday night; the seat is open again. https://rout.example/games/42"},
		{KindChat, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, Messages: 3},
			"3 new messages in Friday night", "You have 3 new messages in the chat of Friday night.",
			"Rout: 3 new messages in Friday night. https://rout.example/games/42"},
		{KindChat, Data{GameID: 42, Link: composeData.Link, Messages: 1},
			"1 new message in game #42", "You have 1 new message in the chat of game #42.",
			"Rout: 1 new message in game #42. https://rout.example/games/42"},
		{KindChatTimeout, Data{GameID: 42, GameName: "Friday night", Link: composeData.Link, Reason: "insults",
			Until: time.Date(2026, 12, 5, 17, 0, 0, 0, time.UTC), Location: paris},
			"You cannot chat until Sat 5 Dec 18:00 CET",
			"A moderator removed your message in Friday night and timed you out of chat until Sat 5 Dec 18:00 CET (reason: insults). You can read every chat, but not write, until then.",
			"Rout: you cannot chat until Sat 5 Dec 18:00 CET (reason: insults), after your message in Friday night. https://rout.example/games/42"},
		{KindChatTimeout, Data{GameID: 42, Link: composeData.Link, Until: time.Date(2026, 12, 5, 17, 0, 0, 0, time.UTC)},
			"You cannot chat until Sat 5 Dec 17:00 UTC",
			"A moderator removed your message in game #42 and timed you out of chat until Sat 5 Dec 17:00 UTC. You can read every chat, but not write, until then.",
			"Rout: you cannot chat until Sat 5 Dec 17:00 UTC, after your message in game #42. https://rout.example/games/42"},
		{KindTournamentRound, Data{GameID: 42, GameName: "Friday cup: round 2, table 1", Link: composeData.Link, TournamentID: 7,
			Tournament: "Friday cup", Round: 2},
			"Round 2 of Friday cup has started",
			"Round 2 of Friday cup has started: your table plays Friday cup: round 2, table 1. Good luck!",
			"Rout: round 2 of Friday cup has started: your table plays Friday cup: round 2, table 1. https://rout.example/games/42"},
		{KindTournamentRound, Data{GameID: 42, Link: "https://rout.example/tournaments/7", TournamentID: 7, Tournament: "Friday cup",
			Round: 2, Bye: true},
			"Round 2 of Friday cup: you have a bye",
			"Round 2 of Friday cup has started: you have a bye this round, which scores as a win. Nothing to play until the next round.",
			"Rout: round 2 of Friday cup has started: you have a bye this round, which scores as a win. https://rout.example/tournaments/7"},
		{KindTournamentStanding, Data{GameID: 42, Link: "https://rout.example/tournaments/7", TournamentID: 7, Tournament: "Friday cup",
			Round: 1, Rank: 3, Entrants: 6, Points: 2.5},
			"Round 1 of Friday cup is over: you are 3rd",
			"Round 1 of Friday cup is over: you are 3rd of 6 with 2.5 points. The next round starts now.",
			"Rout: round 1 of Friday cup is over: you are 3rd of 6 with 2.5 points. https://rout.example/tournaments/7"},
		{KindTournamentStanding, Data{GameID: 42, Link: "https://rout.example/tournaments/7", TournamentID: 7, Round: 3, Rank: 1,
			Entrants: 12, Points: 9, Final: true},
			"tournament #7 is over: you finished 1st",
			"tournament #7 is over: you finished 1st of 12 with 9 points.",
			"Rout: tournament #7 is over: you finished 1st of 12 with 9 points. https://rout.example/tournaments/7"},
	}
	for _, tt := range tests {
		subject, text := Compose(tt.kind, tt.data)
		if subject != tt.subject {
			t.Errorf("Compose(%v) subject = %q, want %q", tt.kind, subject, tt.subject)
		}
		if first, _, _ := strings.Cut(text, "\n"); first != tt.first {
			t.Errorf("Compose(%v) first line = %q, want %q", tt.kind, first, tt.first)
		}
		if sms := ComposeSMS(tt.kind, tt.data); sms != tt.sms {
			t.Errorf("ComposeSMS(%v) = %q, want %q", tt.kind, sms, tt.sms)
		}
	}
}

func TestComposeSMSLongNames(t *testing.T) {
	t.Parallel()
	data := composeData
	data.GameName = "The Grand Campaign of the Northern Kingdoms and the Seven Seas, Season Three, Rematch"
	data.By = "Bartholomew Montgomery-Featherstonehaugh the Third of Lower Wallop"
	data.Link = "https://rout.example/games/1234567"
	for _, kind := range Kinds() {
		sms := ComposeSMS(kind, data)
		if n := utf8.RuneCountInString(sms); n > SMSLimit {
			t.Errorf("ComposeSMS(%v) = %q, %d characters, want at most %d", kind, sms, n, SMSLimit)
		}
		if !strings.HasSuffix(sms, " "+data.Link) {
			t.Errorf("ComposeSMS(%v) = %q, want the whole link at the end", kind, sms)
		}
		if !strings.Contains(sms, "The Grand Campaign") && kind != KindTournamentStanding { // about the tournament, not the game
			t.Errorf("ComposeSMS(%v) = %q, want the start of the game's name kept", kind, sms)
		}
	}
	if sms := ComposeSMS(KindEliminated, data); !strings.Contains(sms, "...") {
		t.Errorf("ComposeSMS(eliminated) = %q, want a name cut with ...", sms)
	}
	// A moderator's long reason is cut like a name.
	data.Reason = strings.Repeat("flooding the chat with the same words again and again ", 8)
	if sms := ComposeSMS(KindChatTimeout, data); utf8.RuneCountInString(sms) > SMSLimit || !strings.Contains(sms, "(reason: flooding") {
		t.Errorf("ComposeSMS(chat_timeout) = %q, want the reason cut to fit %d characters", sms, SMSLimit)
	}

	// A link too long for one SMS is never cut.
	data.Link = "https://rout.example/" + strings.Repeat("x", 200)
	if sms := ComposeSMS(KindYourTurn, data); !strings.HasSuffix(sms, data.Link) {
		t.Errorf("ComposeSMS with a long link = %q, want the whole link", sms)
	}
}

func TestComposeNamesOnOneLine(t *testing.T) {
	t.Parallel()
	data := composeData
	data.GameName = "Friday\nnight"
	data.By = "Grace\r\nHopper"
	subject, _ := Compose(KindInvited, data)
	if subject != "Grace Hopper invited you to Friday night" {
		t.Errorf("subject = %q, want the names on one line", subject)
	}
	if sms := ComposeSMS(KindInvited, data); strings.ContainsAny(sms, "\r\n") {
		t.Errorf("ComposeSMS = %q, want one line", sms)
	}
}

func TestComposeInvalidKind(t *testing.T) {
	t.Parallel()
	subject, text := Compose(0, composeData)
	if subject == "" || !strings.Contains(text, composeData.Link) {
		t.Errorf("Compose(0) = %q, %q, want a generic text with the link", subject, text)
	}
	if sms := ComposeSMS(0, composeData); !strings.HasSuffix(sms, composeData.Link) {
		t.Errorf("ComposeSMS(0) = %q, want a generic text with the link", sms)
	}
}

func TestLinksGame(t *testing.T) {
	t.Parallel()
	for _, base := range []string{"https://rout.example", "https://rout.example/"} {
		if got := (Links{BaseURL: base}).Game(42); got != "https://rout.example/games/42" {
			t.Errorf("Links{%q}.Game(42) = %q", base, got)
		}
	}
	if got := (Links{BaseURL: "https://example.com/rout"}).Game(7); got != "https://example.com/rout/games/7" {
		t.Errorf("Game under a path = %q", got)
	}
}

// A tournament_standing and a bye's tournament_round link to the tournament's page, the other kinds to
// the game's.
func TestLinksFor(t *testing.T) {
	t.Parallel()
	l := Links{BaseURL: "https://rout.example"}
	tests := []struct {
		kind Kind
		data Data
		want string
	}{
		{KindTournamentRound, Data{GameID: 42, TournamentID: 7, Round: 2}, "https://rout.example/games/42"},
		{KindTournamentRound, Data{GameID: 42, TournamentID: 7, Round: 2, Bye: true}, "https://rout.example/tournaments/7"},
		{KindTournamentStanding, Data{GameID: 42, TournamentID: 7, Round: 2}, "https://rout.example/tournaments/7"},
		{KindYourTurn, Data{GameID: 42, TournamentID: 7}, "https://rout.example/games/42"},
	}
	for _, tt := range tests {
		if got := l.For(tt.kind, tt.data); got != tt.want {
			t.Errorf("For(%v, %+v) = %q, want %q", tt.kind, tt.data, got, tt.want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	t.Parallel()
	tests := map[time.Duration]string{
		10 * time.Second:                "less than a minute",
		time.Minute:                     "1 minute",
		45*time.Minute + 20*time.Second: "45 minutes",
		59*time.Minute + 40*time.Second: "1 hour",
		90 * time.Minute:                "2 hours",
		23*time.Hour + 40*time.Minute:   "24 hours",
		47 * time.Hour:                  "47 hours",
		47*time.Hour + 45*time.Minute:   "2 days",
		7 * 24 * time.Hour:              "7 days",
	}
	for d, want := range tests {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
