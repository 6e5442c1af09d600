package notifications

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestChatDigestTexts(t *testing.T) {
	t.Parallel()
	one := []ChatGame{{GameID: 42, GameName: "Friday night", Messages: 3, Link: "https://rout.example/games/42"}}
	if subject, text := ComposeChatDigest(one); subject != "3 new messages in Friday night" ||
		!strings.HasPrefix(text, "You have 3 new messages in the chat of Friday night.") {
		t.Errorf("a digest of one game = %q, %q: want the chat message's texts", subject, text)
	}
	if sms := ComposeChatDigestSMS(one); sms != "Rout: 3 new messages in Friday night. https://rout.example/games/42" {
		t.Errorf("SMS of one game = %q", sms)
	}

	two := append(one, ChatGame{GameID: 43, Messages: 1, Link: "https://rout.example/games/43"})
	subject, text := ComposeChatDigest(two)
	if subject != "4 new messages in 2 games" {
		t.Errorf("subject = %q", subject)
	}
	for _, want := range []string{"- 3 new messages in Friday night\n  https://rout.example/games/42\n",
		"- 1 new message in game #43\n  https://rout.example/games/43\n", emailFooter} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if sms := ComposeChatDigestSMS(two); sms != "Rout: 4 new messages: 3 in Friday night, 1 in game #43. https://rout.example/games/42" {
		t.Errorf("SMS of two games = %q", sms)
	}

	// Long names are cut to fit one segment, then the games are only counted.
	long := strings.Repeat("The Grand Campaign of the North ", 3)
	var many []ChatGame
	for i := range 3 {
		many = append(many, ChatGame{GameID: 50 + i, GameName: long, Messages: 2, Link: "https://rout.example/games/5" + string(rune('0'+i))})
	}
	sms := ComposeChatDigestSMS(many)
	if utf8.RuneCountInString(sms) > SMSLimit || !strings.Contains(sms, "2 in The Grand") || !strings.HasSuffix(sms, many[0].Link) {
		t.Errorf("SMS of three long names = %q (%d characters)", sms, utf8.RuneCountInString(sms))
	}
	for range 5 {
		many = append(many, many...)
	}
	if sms := ComposeChatDigestSMS(many); sms != "Rout: 192 new messages in 96 games. First: https://rout.example/games/50" {
		t.Errorf("SMS of many games = %q", sms)
	}
}

func TestDefaultChannelOfChat(t *testing.T) {
	t.Parallel()
	for account, want := range map[Channel]Channel{ChannelEmail: ChannelEmail, ChannelSMS: ChannelNone, ChannelPush: ChannelPush, ChannelNone: ChannelNone} {
		if got := (Preferences{Default: account}).ChannelFor(KindChat); got != want {
			t.Errorf("chat of an account by %v goes by %v, want %v", account, got, want)
		}
	}
	p := Preferences{Default: ChannelSMS, Kinds: map[Kind]Channel{KindChat: ChannelSMS}}
	if got := p.ChannelFor(KindChat); got != ChannelSMS {
		t.Errorf("chat chosen by SMS goes by %v", got)
	}
	if got := (Preferences{Default: ChannelSMS}).ChannelFor(KindChatTimeout); got != ChannelSMS {
		t.Errorf("a timeout of an account by SMS goes by %v", got)
	}
	for hours, want := range map[int]int{0: 1, 1: 1, 6: 6} {
		if got := (Preferences{DigestHours: hours}).ChatDigestHours(); got != want {
			t.Errorf("ChatDigestHours with a digest of %d hours = %d, want %d", hours, got, want)
		}
	}
}
