package push_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/SherClockHolmes/webpush-go"

	"rout/dbtest"
	"rout/notify"
	"rout/push"
)

// TestSenderRefusesInternalAddresses stores, past the API's checks, a device whose endpoint names
// localhost: a sender that guards the network does not connect to it (the name resolves to loopback),
// and the failure is permanent.
func TestSenderRefusesInternalAddresses(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	db := dbtest.Migrated(t)
	user := int(dbtest.User(t, db, dbtest.UserOpts{Name: "mo"}))
	b := ps.device("/mo")
	endpoint := strings.Replace(b.endpoint, "127.0.0.1", "localhost", 1)
	in := b.input("")
	if _, err := db.Exec(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())`,
		user, endpoint, in["p256dh"], in["auth"]); err != nil {
		t.Fatal(err)
	}
	cfg.AllowPrivateEndpoints = false
	s, err := push.New(push.Opts{DB: db, Config: cfg, TLS: ps.tls()})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), notify.Message{Kind: notify.KindYourTurn, To: notify.Recipient{UserID: user},
		Subject: "Your turn", Text: "Rout: your turn", Link: "https://rout.example/games/1", GameID: 1})
	if !notify.IsPermanent(err) || !strings.Contains(err.Error(), "not a public one") {
		t.Errorf("Send to localhost = %v, want a permanent refusal of the address", err)
	}
	if got := ps.deliveries(""); len(got) != 0 {
		t.Errorf("the push service got %d requests, want none", len(got))
	}
}

// TestKeysOfWebpushGoAreAccepted: a key pair made by webpush-go's GenerateVAPIDKeys (what operators may
// have from another tool) configures the server; mismatched or malformed keys are refused, naming the
// variable.
func TestKeysOfWebpushGoAreAccepted(t *testing.T) {
	t.Parallel()
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{notify.EnvVAPIDPublicKey: public, notify.EnvVAPIDPrivateKey: private,
		notify.EnvVAPIDSubject: "https://rout.example/contact", notify.EnvPublicURL: "https://rout.example"}
	cfg, err := notify.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.Push == nil || cfg.Push.ApplicationServerKey() != public {
		t.Fatalf("ConfigFromEnv with webpush-go's keys = %+v, %v", cfg.Push, err)
	}
	_, other, _ := webpush.GenerateVAPIDKeys()
	env[notify.EnvVAPIDPublicKey] = other
	if _, err := notify.ConfigFromEnv(func(k string) string { return env[k] }); err == nil ||
		!strings.Contains(err.Error(), notify.EnvVAPIDPublicKey+" is not the public key of "+notify.EnvVAPIDPrivateKey) {
		t.Errorf("ConfigFromEnv with another pair's public key = %v", err)
	}
}

// TestTurnWarningIsUrgent: a turn_warning goes with Urgency high, and its payload is the message's
// subject, text and link with the game's tag.
func TestTurnWarningIsUrgent(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	cfg.TTL = 2 * time.Hour
	ps := startPushService(t, cfg.PublicKey)
	db := dbtest.Migrated(t)
	user := int(dbtest.User(t, db, dbtest.UserOpts{Name: "nia"}))
	in := ps.device("/nia").input("")
	if _, err := db.Exec(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())`,
		user, in["endpoint"], in["p256dh"], in["auth"]); err != nil {
		t.Fatal(err)
	}
	s, err := push.New(push.Opts{DB: db, Config: cfg, TLS: ps.tls()})
	if err != nil {
		t.Fatal(err)
	}
	m := notify.Message{Kind: notify.KindTurnWarning, To: notify.Recipient{UserID: user}, Subject: "Time is running out in game #9",
		Text: "Rout: 2 hours left for your turn in game #9, then a CPU plays it. https://rout.example/games/9",
		Link: "https://rout.example/games/9", GameID: 9}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := ps.deliveries("")
	if len(got) != 1 || got[0].err != nil {
		t.Fatalf("deliveries %+v", got)
	}
	want := push.Payload{Title: m.Subject, Body: m.Text, URL: m.Link, Tag: "game-9"}
	if got[0].payload != want || got[0].header.Get("Urgency") != "high" || got[0].header.Get("TTL") != "7200" {
		t.Errorf("payload %+v, Urgency %q, TTL %q; want %+v, high, 7200", got[0].payload, got[0].header.Get("Urgency"),
			got[0].header.Get("TTL"), want)
	}
}
