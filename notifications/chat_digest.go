package notifications

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// ChatGame is one game a chat digest names: how many messages of its chat the recipient has not read.
// A digest never carries the messages' text: only their number.
type ChatGame struct {
	GameID   int
	GameName string
	Messages int
	Link     string
}

// data is the game as Compose and ComposeSMS take it (a digest of one game reads like one chat message).
func (g ChatGame) data() Data {
	return Data{GameID: g.GameID, GameName: g.GameName, Link: g.Link, Messages: g.Messages}
}

// chatTotal is the number of messages of games.
func chatTotal(games []ChatGame) int {
	n := 0
	for _, g := range games {
		n += g.Messages
	}
	return n
}

// ComposeChatDigest returns the subject and text of an email that names each game of games with its
// number of unread messages and its link: "3 new messages in Friday night", or "5 new messages in 2
// games" and a line per game.
func ComposeChatDigest(games []ChatGame) (subject, text string) {
	if len(games) == 1 {
		return Compose(KindChat, games[0].data())
	}
	subject = fmt.Sprintf("%s in %d games", newMessages(chatTotal(games)), len(games))
	var b strings.Builder
	fmt.Fprintf(&b, "You have new messages in the chat of %d of your games:\n\n", len(games))
	for _, g := range games {
		b.WriteString("- " + newMessages(g.Messages) + " in " + g.data().gameName() + "\n  " + g.Link + "\n")
	}
	return subject, b.String() + emailFooter
}

// ComposeChatDigestSMS returns the text of an SMS chat digest, within SMSLimit characters when it can:
// "Rout: 5 new messages: 3 in Friday night, 2 in game #43." and the first game's link, the names cut
// down to fit (to no less than 12 characters each); when even that is too long, the total and the number
// of games.
func ComposeChatDigestSMS(games []ChatGame) string {
	if len(games) == 1 {
		return ComposeSMS(KindChat, games[0].data())
	}
	link := games[0].Link
	list := func(limit int) string {
		parts := make([]string, len(games))
		for i, g := range games {
			parts[i] = fmt.Sprintf("%d in %s", g.Messages, shorten(g.data().gameName(), limit))
		}
		return "Rout: " + newMessages(chatTotal(games)) + ": " + strings.Join(parts, ", ") + ". " + link
	}
	for limit := maxSMSName; limit >= minSMSName; limit-- {
		if text := list(limit); utf8.RuneCountInString(text) <= SMSLimit {
			return text
		}
	}
	return fmt.Sprintf("Rout: %s in %d games. First: %s", newMessages(chatTotal(games)), len(games), link)
}
