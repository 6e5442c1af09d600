package push_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"rout/jobs"
)

// TestYourTurnByWebPush plays the browser: it makes a subscription's keys, registers it through the
// API, chooses web push for your_turn, and starts a game: the push service gets one message, with the
// server's VAPID authorization, that decrypts to the title, the SMS text, the game's link and its tag;
// the device's last success is recorded.
func TestYourTurnByWebPush(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	w := newWorld(t, &cfg, ps)
	token, ada := w.user("ada")
	w.prefer(token, 0)
	laptop := ps.device("/ada-laptop")
	sub := w.mustRegister(token, laptop, "Firefox on a laptop")
	if sub.Endpoint != laptop.endpoint || sub.Device == nil || *sub.Device != "Firefox on a laptop" || sub.LastSuccessAt != nil {
		t.Errorf("registered %+v", sub)
	}
	id := w.startGame(ada)
	w.waitFor("a message to the laptop", func() bool { return len(ps.deliveries("/ada-laptop")) > 0 && w.notificationsDone() })
	got := ps.deliveries("")
	if len(got) != 1 {
		t.Fatalf("%d requests to the push service, want 1: %+v", len(got), got)
	}
	d := got[0]
	if d.err != nil {
		t.Fatalf("the push service refused the request: %v", d.err)
	}
	link := "https://rout.example/games/" + strconv.Itoa(id)
	p := d.payload
	if p.Title != "Your turn in game #"+strconv.Itoa(id) || p.URL != link || p.Tag != "game-"+strconv.Itoa(id) ||
		!strings.HasPrefix(p.Body, "Rout: your turn in game #"+strconv.Itoa(id)) || !strings.HasSuffix(p.Body, link) {
		t.Errorf("payload %+v", p)
	}
	if d.header.Get("Urgency") != "normal" || d.header.Get("TTL") != "86400" || d.header.Get("Topic") != p.Tag {
		t.Errorf("headers Urgency %q, TTL %q, Topic %q; want normal, 86400 (a day), the tag", d.header.Get("Urgency"),
			d.header.Get("TTL"), d.header.Get("Topic"))
	}
	devices := w.devices(token)
	if len(devices) != 1 || devices[0].LastSuccessAt == nil {
		t.Errorf("devices after the message: %+v, want the laptop with its last success", devices)
	}
	if s := w.jobs.Stats(); s.NotificationsSent != 1 {
		t.Errorf("NotificationsSent %d, want 1", s.NotificationsSent)
	}
}

// TestDigestByWebPush batches two games' your_turn notices into a digest, sent as one web push message.
func TestDigestByWebPush(t *testing.T) {
	t.Parallel()
	if now := time.Now().UTC(); now.Add(10*time.Minute).Day() != now.Day() {
		t.Skip("too close to midnight UTC: the games could fall into two digest windows")
	}
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	w := newWorld(t, &cfg, ps)
	token, bea := w.user("bea")
	w.prefer(token, 24)
	phone := ps.device("/bea-phone")
	w.mustRegister(token, phone, "phone")
	first, second := w.startGame(bea), w.startGame(bea)
	w.waitFor("a your_turn notice in both games", func() bool {
		return w.count(`SELECT count(DISTINCT game_id) FROM notices WHERE user_id = $1 AND kind = 'your_turn'`, bea) == 2
	})
	if _, err := w.db.Exec(`UPDATE river_job SET scheduled_at = now() WHERE kind = $1`, jobs.KindDigest); err != nil {
		t.Fatal(err)
	}
	w.waitFor("the digest", func() bool {
		return w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindDigest) == 1
	})
	got := ps.deliveries("")
	if len(got) != 1 || got[0].err != nil {
		t.Fatalf("requests to the push service: %+v, want one digest", got)
	}
	// The digest lists the games in the order of their notices, and links the first.
	firstNotified := w.count(`SELECT game_id FROM notices WHERE user_id = $1 AND kind = 'your_turn' ORDER BY id LIMIT 1`, bea)
	p := got[0].payload
	if p.Title != "Your turn in 2 games" || !strings.HasPrefix(p.Body, "Rout: your turn in 2 games") ||
		p.URL != "https://rout.example/games/"+strconv.Itoa(firstNotified) || p.Tag != "game-"+strconv.Itoa(firstNotified) {
		t.Errorf("digest payload %+v (games %d and %d, %d notified first)", p, first, second, firstNotified)
	}
}

// TestGoneDeviceIsRemoved: a push service that answers 410 Gone removes the device, and the message,
// which no device is left to take, is dropped as no_push_device.
func TestGoneDeviceIsRemoved(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	w := newWorld(t, &cfg, ps)
	token, cid := w.user("cid")
	w.prefer(token, 0)
	w.mustRegister(token, ps.device("/cid-old", http.StatusGone), "old tablet")
	w.startGame(cid)
	w.waitFor("the message to the old tablet", func() bool { return len(ps.deliveries("")) > 0 && w.notificationsDone() })
	if n := w.count(`SELECT count(*) FROM push_subscriptions`); n != 0 {
		t.Errorf("%d subscriptions left, want the gone one removed", n)
	}
	if devices := w.devices(token); len(devices) != 0 {
		t.Errorf("viewer.pushSubscriptions %+v, want none", devices)
	}
	s := w.jobs.Stats()
	if s.NotificationsDropped["no_push_device"] != 1 || s.NotificationsSent != 0 {
		t.Errorf("stats: sent %d, dropped %v; want one no_push_device", s.NotificationsSent, s.NotificationsDropped)
	}
	if n := w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed' AND attempt = 1`, jobs.KindNotification); n != 1 {
		t.Errorf("%d notification jobs completed at their first attempt, want 1 (dropped, not retried)", n)
	}
	if len(ps.deliveries("")) != 1 {
		t.Errorf("%d requests, want 1", len(ps.deliveries("")))
	}
}

// TestServerErrorIsRetried: a push service that answers 500 once gets the message again, by the job's
// retry, and takes it.
func TestServerErrorIsRetried(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	w := newWorld(t, &cfg, ps)
	token, dan := w.user("dan")
	w.prefer(token, 0)
	w.mustRegister(token, ps.device("/dan", http.StatusInternalServerError), "")
	w.startGame(dan)
	w.waitFor("the retried message", func() bool {
		return w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindNotification) == 1
	})
	got := ps.deliveries("")
	if len(got) != 2 || got[0].status != http.StatusInternalServerError || got[1].status != http.StatusCreated || got[1].err != nil {
		t.Fatalf("requests %+v, want a 500 then a 201", got)
	}
	if got[0].payload != got[1].payload {
		t.Errorf("the retry sent %+v, the first try %+v", got[1].payload, got[0].payload)
	}
	if n := w.count(`SELECT attempt FROM river_job WHERE kind = $1`, jobs.KindNotification); n != 2 {
		t.Errorf("the notification took %d attempts, want 2", n)
	}
	if n := w.count(`SELECT count(*) FROM push_subscriptions WHERE last_success_at IS NOT NULL`); n != 1 {
		t.Errorf("%d devices with a last success, want 1", n)
	}
}

// TestOneDeviceFailingDoesNotResend: of two devices, one takes the message and one answers 503: the job
// is done (no retry), so the device that took it never gets it twice; a device that refuses it (413)
// stays registered.
func TestOneDeviceFailingDoesNotResend(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	w := newWorld(t, &cfg, ps)
	token, eve := w.user("eve")
	w.prefer(token, 0)
	w.mustRegister(token, ps.device("/eve-ok"), "ok")
	w.mustRegister(token, ps.device("/eve-busy", http.StatusServiceUnavailable), "busy")
	w.mustRegister(token, ps.device("/eve-big", http.StatusRequestEntityTooLarge), "big")
	w.startGame(eve)
	w.waitFor("the message", func() bool {
		return w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindNotification) == 1
	})
	for path, want := range map[string]int{"/eve-ok": http.StatusCreated, "/eve-busy": http.StatusServiceUnavailable,
		"/eve-big": http.StatusRequestEntityTooLarge} {
		if got := ps.deliveries(path); len(got) != 1 || got[0].status != want {
			t.Errorf("%s: %+v, want one request answered %d", path, got, want)
		}
	}
	if n := w.count(`SELECT attempt FROM river_job WHERE kind = $1`, jobs.KindNotification); n != 1 {
		t.Errorf("the notification took %d attempts, want 1", n)
	}
	if n := w.count(`SELECT count(*) FROM push_subscriptions`); n != 3 {
		t.Errorf("%d devices left, want 3", n)
	}
}

// TestEveryDeviceRefusingCancels: a message every device refuses (400) is a permanent failure: dropped,
// not retried.
func TestEveryDeviceRefusingCancels(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	ps := startPushService(t, cfg.PublicKey)
	w := newWorld(t, &cfg, ps)
	token, fay := w.user("fay")
	w.prefer(token, 0)
	w.mustRegister(token, ps.device("/fay", http.StatusBadRequest), "")
	w.startGame(fay)
	w.waitFor("the message", func() bool { return len(ps.deliveries("")) > 0 && w.notificationsDone() })
	if n := w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'cancelled' AND attempt = 1`, jobs.KindNotification); n != 1 {
		t.Errorf("%d cancelled notification jobs, want 1", n)
	}
	if s := w.jobs.Stats(); s.NotificationsDropped["permanent_failure"] != 1 {
		t.Errorf("dropped %v, want one permanent_failure", s.NotificationsDropped)
	}
}

// TestNoDeviceIsDropped: a user who chose web push but registered no device gets nothing, counted as
// no_push_device; a server without VAPID keys drops the same message as channel_unavailable.
func TestNoDeviceIsDropped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		push   bool
		reason string
	}{{"no device", true, "no_push_device"}, {"no push on the server", false, "channel_unavailable"}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var w *world
			if tc.push {
				cfg := pushConfig(t)
				w = newWorld(t, &cfg, nil)
			} else {
				w = newWorld(t, nil, nil)
			}
			token, gus := w.user("gus")
			w.prefer(token, 0)
			w.startGame(gus)
			w.waitFor("the notification job", func() bool {
				return w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND finalized_at IS NOT NULL`, jobs.KindNotification) == 1
			})
			if s := w.jobs.Stats(); s.NotificationsDropped[tc.reason] != 1 || s.NotificationsSent != 0 {
				t.Errorf("stats: sent %d, dropped %v; want one %s", s.NotificationsSent, s.NotificationsDropped, tc.reason)
			}
		})
	}
}
