package push_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/SherClockHolmes/webpush-go"

	"rout/dbtest"
	"rout/notifications"
	"rout/notifications/push"
	"rout/notifications/router"
)

// TestSendChecksEndpoints stores, past the API's check, a device for every endpoint of endpointCases
// that a server guarding its network refuses: Send refuses each before any name resolution or
// connection, permanently, with the check's reason.
func TestSendChecksEndpoints(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	cfg.AllowPrivateEndpoints = false
	db := dbtest.Migrated(t)
	user := int(dbtest.User(t, db, dbtest.UserOpts{Name: "mo"}))
	s, err := push.New(push.Opts{Devices: dbtest.Accounts(t, db).Devices(), Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	in := newBrowser(t, "").input("")
	for _, tc := range endpointCases {
		if tc.rule == publicHost {
			continue // TestCheckEndpoint: a send would reach the internet
		}
		if _, err := db.Exec(`DELETE FROM push_subscriptions`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())`,
			user, tc.endpoint, in["p256dh"], in["auth"]); err != nil {
			t.Fatal(err)
		}
		err := s.Send(context.Background(), notifications.Message{Kind: notifications.KindYourTurn, To: notifications.Recipient{UserID: user},
			Subject: "Your turn", Text: "Rout: your turn", Link: "https://rout.example/games/1", GameID: 1})
		if !notifications.IsPermanent(err) || errors.Is(err, push.ErrNoDevice) || !strings.Contains(err.Error(), "the endpoint") {
			t.Errorf("%s: Send to %q = %v, want a permanent refusal of the endpoint", tc.why, tc.endpoint, err)
		}
	}
}

// TestSenderRefusesInternalAddresses: a sender that guards its network does not connect to an address
// of it, whatever the URL it was given: its dialer checks the address connected to, after name
// resolution (a public name may resolve to one).
func TestSenderRefusesInternalAddresses(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	cfg.AllowPrivateEndpoints = false
	s, err := push.New(push.Opts{Devices: dbtest.Accounts(t, dbtest.Migrated(t)).Devices(), Config: cfg, TLS: ps.tls()})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{ps.URL, strings.Replace(ps.URL, "127.0.0.1", "localhost", 1)} {
		resp, err := push.HTTPClient(s).Post(target+"/x", "text/plain", strings.NewReader("hello"))
		if err == nil {
			resp.Body.Close()
		}
		if !errors.Is(err, push.ErrInternalAddress) {
			t.Errorf("posting to %s = %v, want a refusal of the address", target, err)
		}
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
	env := map[string]string{push.EnvVAPIDPublicKey: public, push.EnvVAPIDPrivateKey: private,
		push.EnvVAPIDSubject: "https://rout.example/contact", router.EnvPublicURL: "https://rout.example"}
	cfg, err := router.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.Push == nil || cfg.Push.ApplicationServerKey() != public {
		t.Fatalf("ConfigFromEnv with webpush-go's keys = %+v, %v", cfg.Push, err)
	}
	_, other, _ := webpush.GenerateVAPIDKeys()
	env[push.EnvVAPIDPublicKey] = other
	if _, err := router.ConfigFromEnv(func(k string) string { return env[k] }); err == nil ||
		!strings.Contains(err.Error(), push.EnvVAPIDPublicKey+" is not the public key of "+push.EnvVAPIDPrivateKey) {
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
	s, err := push.New(push.Opts{Devices: dbtest.Accounts(t, db).Devices(), Config: cfg, TLS: ps.tls()})
	if err != nil {
		t.Fatal(err)
	}
	m := notifications.Message{Kind: notifications.KindTurnWarning, To: notifications.Recipient{UserID: user}, Subject: "Time is running out in game #9",
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

// TestSendClassifiesAnswers sends to one device whose push service answers each status in turn: 2xx
// succeeds and records the time, 404 and 410 remove the device (no device left: push.ErrNoDevice), 429
// and 5xx and an unreachable service are temporary, another 4xx permanent (the device stays).
func TestSendClassifiesAnswers(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	db := dbtest.Migrated(t)
	user := int(dbtest.User(t, db, dbtest.UserOpts{Name: "oz"}))
	s, err := push.New(push.Opts{Devices: dbtest.Accounts(t, db).Devices(), Config: cfg, TLS: ps.tls()})
	if err != nil {
		t.Fatal(err)
	}
	closed := httptest.NewTLSServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	m := notifications.Message{Kind: notifications.KindYourTurn, To: notifications.Recipient{UserID: user}, Subject: "s", Text: "t",
		Link: "https://rout.example/games/3", GameID: 3}
	for i, tc := range []struct {
		status               int
		endpoint             string // "": the push service's
		permanent, noDevice  bool
		ok, kept, hasSuccess bool
	}{
		{status: http.StatusCreated, ok: true, kept: true, hasSuccess: true},
		{status: http.StatusOK, ok: true, kept: true, hasSuccess: true},
		{status: http.StatusGone, permanent: true, noDevice: true},
		{status: http.StatusNotFound, permanent: true, noDevice: true},
		{status: http.StatusBadRequest, permanent: true, kept: true},
		{status: http.StatusForbidden, permanent: true, kept: true},
		{status: http.StatusRequestEntityTooLarge, permanent: true, kept: true},
		{status: http.StatusTooManyRequests, kept: true},
		{status: http.StatusInternalServerError, kept: true},
		{status: http.StatusBadGateway, kept: true},
		{endpoint: closedURL + "/gone-server", kept: true},
	} {
		path := fmt.Sprintf("/oz-%d", i)
		in := ps.device(path, tc.status).input("")
		if tc.endpoint != "" {
			in["endpoint"] = tc.endpoint
		}
		if _, err := db.Exec(`DELETE FROM push_subscriptions`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())`,
			user, in["endpoint"], in["p256dh"], in["auth"]); err != nil {
			t.Fatal(err)
		}
		err := s.Send(context.Background(), m)
		kept := dbtest.Int(t, db, `SELECT count(*) FROM push_subscriptions`) == 1
		hasSuccess := dbtest.Int(t, db, `SELECT count(*) FROM push_subscriptions WHERE last_success_at IS NOT NULL`) == 1
		if (err == nil) != tc.ok || notifications.IsPermanent(err) != tc.permanent || errors.Is(err, push.ErrNoDevice) != tc.noDevice ||
			kept != tc.kept || hasSuccess != tc.hasSuccess {
			t.Errorf("answer %d %s: Send = %v (permanent %v), device kept %v, last success %v; want ok %v, permanent %v, "+
				"no device %v, kept %v, last success %v", tc.status, tc.endpoint, err, notifications.IsPermanent(err), kept, hasSuccess,
				tc.ok, tc.permanent, tc.noDevice, tc.kept, tc.hasSuccess)
		}
	}
}
