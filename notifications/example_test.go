package notifications_test

import (
	"context"
	"fmt"
	"log"
	"os"
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

// A notification job's worker: read the configuration once at start, then send each notification
// through the channel the player chose, and drop it on a permanent error.
func ExampleRouter_Notify() {
	cfg, err := notifications.ConfigFromEnv(os.Getenv)
	if err != nil {
		log.Fatal(err)
	}
	router, err := notifications.NewRouter(cfg)
	if err != nil {
		log.Fatal(err)
	}

	to := notifications.Recipient{Email: "ada@example.com", Phone: "+447700900123", Name: "Ada"}
	err = router.Notify(context.Background(), notifications.ChannelEmail, notifications.KindYourTurn, to, notifications.Data{
		GameID: 42, GameName: "Friday night", Turn: 7, TimeLeft: 24 * time.Hour,
	})
	switch {
	case err == nil:
	case notifications.IsPermanent(err):
		log.Printf("dropping notification: %v", err) // a River worker returns river.JobCancel(err)
	default:
		log.Printf("will retry notification: %v", err) // a River worker returns err
	}
}
