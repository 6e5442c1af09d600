package router_test

import (
	"context"
	"log"
	"os"
	"time"

	"rout/notifications"
	"rout/notifications/router"
)

// A notification job's worker: read the configuration once at start, then send each notification
// through the channel the player chose, and drop it on a permanent error.
func ExampleRouter_Notify() {
	cfg, err := router.ConfigFromEnv(os.Getenv)
	if err != nil {
		log.Fatal(err)
	}
	r, err := router.New(cfg)
	if err != nil {
		log.Fatal(err)
	}

	to := notifications.Recipient{Email: "ada@example.com", Phone: "+447700900123", Name: "Ada"}
	err = r.Notify(context.Background(), notifications.ChannelEmail, notifications.KindYourTurn, to, notifications.Data{
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
