package notifications_test

import (
	"fmt"
	"strings"
	"time"

	"rout/notifications"
)

func ExampleCompose() {
	links := notifications.Links{BaseURL: "https://rout.example.com"}
	subject, text := notifications.Compose(notifications.KindTurnWarning, notifications.Data{
		GameID:   42,
		GameName: "Friday night",
		Link:     links.Game(42),
		TimeLeft: 2 * time.Hour,
	})
	// The text ends with a signature: the separator "-- " (not printed here) and a line that says why
	// the email came.
	body, signature, _ := strings.Cut(text, "\n-- \n")
	fmt.Println("Subject:", subject)
	fmt.Print(body)
	fmt.Print(signature)
	// Output:
	// Subject: Time is running out in Friday night
	// Your turn in Friday night ends in 2 hours. If you don't play by then, a CPU will play it for you.
	//
	// Play now: https://rout.example.com/games/42
	// Rout. You get this email because email notifications are on in your settings.
}

func ExampleComposeSMS() {
	fmt.Println(notifications.ComposeSMS(notifications.KindCPUPlayed, notifications.Data{
		GameID:   42,
		GameName: "Friday night",
		Turn:     7,
		Link:     "https://rout.example.com/games/42",
	}))
	// Output:
	// Rout: your time ran out in Friday night, so a CPU played turn 7 for you. https://rout.example.com/games/42
}
