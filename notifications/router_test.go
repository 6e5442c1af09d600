package notifications

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// testRouter returns a Router with real Email and SMS senders talking to test servers on loopback.
func testRouter(t *testing.T) (*Router, *smtpServer, <-chan smsRequest) {
	t.Helper()
	smtpServer := startSMTP(t, nil)
	api, requests := startSMSAPI(t, created)
	r, err := NewRouter(Config{
		Email: &EmailConfig{Host: "127.0.0.1", Port: smtpServer.Port, StartTLS: StartTLSNever, From: "rout@rout.example"},
		SMS:   &SMSConfig{BaseURL: api.URL, AccountSID: "AC1", AuthToken: "token", From: "+14155550100"},
		Links: Links{BaseURL: "https://rout.example/"},
	})
	if err != nil {
		t.Fatalf("NewRouter: %v", err)
	}
	return r, smtpServer, requests
}

var (
	ada      = Recipient{Email: "ada@players.example", Phone: "+447700900123", Name: "Ada"}
	warnData = Data{GameID: 42, GameName: "Friday night", Turn: 7, TimeLeft: 2 * time.Hour}
)

func TestRouterNotify(t *testing.T) {
	t.Parallel()
	r, smtpServer, requests := testRouter(t)
	ctx := context.Background()

	if err := r.Notify(ctx, ChannelEmail, KindTurnWarning, ada, warnData); err != nil {
		t.Fatalf("Notify by email: %v", err)
	}
	got := onlyMessage(t, smtpServer)
	msg, body := parseReceived(t, got.Data)
	wantSubject, wantText := Compose(KindTurnWarning, Data{GameID: 42, GameName: "Friday night", Turn: 7, TimeLeft: 2 * time.Hour,
		Link: "https://rout.example/games/42"})
	if got.To[0] != ada.Email || msg.Header.Get("Subject") != wantSubject || body != strings.ReplaceAll(wantText, "\n", "\r\n") {
		t.Errorf("email to %v, subject %q, body %q; want to %s, Compose's texts %q, %q",
			got.To, msg.Header.Get("Subject"), body, ada.Email, wantSubject, wantText)
	}
	if _, parts := parseParts(t, got.Data); !strings.Contains(parts["text/html"], `<a href="https://rout.example/games/42">`) ||
		!strings.Contains(parts["text/html"], "Your turn in Friday night ends in 2 hours.") {
		t.Errorf("HTML part %q: want the text with the game's link", parts["text/html"])
	}
	if msg.Header.Get("X-Rout-Kind") != "turn_warning" || msg.Header.Get("X-Rout-Game") != "42" {
		t.Errorf("X-Rout-Kind %q, X-Rout-Game %q", msg.Header.Get("X-Rout-Kind"), msg.Header.Get("X-Rout-Game"))
	}

	if err := r.Notify(ctx, ChannelSMS, KindTurnWarning, ada, warnData); err != nil {
		t.Fatalf("Notify by SMS: %v", err)
	}
	req := <-requests
	want := "Rout: 2 hours left for your turn in Friday night, then a CPU plays it. https://rout.example/games/42"
	if req.Form["To"] != ada.Phone || req.Form["Body"] != want {
		t.Errorf("SMS to %q, body %q; want to %s, %q", req.Form["To"], req.Form["Body"], ada.Phone, want)
	}

	// ChannelNone sends nothing, and is no error.
	if err := r.Notify(ctx, ChannelNone, KindTurnWarning, ada, warnData); err != nil {
		t.Errorf("Notify with ChannelNone = %v, want nil", err)
	}
	if n := len(smtpServer.Messages()); n != 1 {
		t.Errorf("the SMTP server received %d messages, want 1", n)
	}
	select {
	case req := <-requests:
		t.Errorf("the SMS API got an unexpected request: %+v", req)
	default:
	}
}

func TestRouterNotifyLink(t *testing.T) {
	t.Parallel()
	r, _, requests := testRouter(t)
	data := warnData
	data.Link = "https://other.example/g/42"
	if err := r.Notify(context.Background(), ChannelSMS, KindYourTurn, ada, data); err != nil {
		t.Fatalf("Notify: %v", err)
	}
	if body := (<-requests).Form["Body"]; !strings.HasSuffix(body, " https://other.example/g/42") {
		t.Errorf("SMS body = %q, want the link of data", body)
	}
}

func TestRouterNotifyErrors(t *testing.T) {
	t.Parallel()
	r, _, _ := testRouter(t)
	ctx := context.Background()

	emailOnly := &Router{Email: r.Email, Links: r.Links}
	err := emailOnly.Notify(ctx, ChannelSMS, KindYourTurn, ada, warnData)
	if !errors.Is(err, ErrChannelUnavailable) || !IsPermanent(err) {
		t.Errorf("Notify by SMS without an SMS sender = %v, want a permanent ErrChannelUnavailable", err)
	}
	if err := r.Notify(ctx, Channel(7), KindYourTurn, ada, warnData); !IsPermanent(err) {
		t.Errorf("Notify on channel 7 = %v, want a permanent error", err)
	}
	if err := r.Notify(ctx, ChannelEmail, Kind(0), ada, warnData); !IsPermanent(err) {
		t.Errorf("Notify of kind 0 = %v, want a permanent error", err)
	}
	// The recipient has no phone number: the SMS sender's permanent error comes through.
	err = r.Notify(ctx, ChannelSMS, KindYourTurn, Recipient{Email: ada.Email}, warnData)
	if !IsPermanent(err) || !strings.Contains(err.Error(), "your_turn notification by sms") {
		t.Errorf("Notify by SMS to no number = %v, want a permanent error that names the kind and channel", err)
	}
}

func TestNewRouter(t *testing.T) {
	t.Parallel()
	r, err := NewRouter(Config{})
	if err != nil || r.Email != nil || r.SMS != nil {
		t.Errorf("NewRouter with no channel = %+v, %v; want a router with no senders", r, err)
	}
	if err := r.Notify(context.Background(), ChannelEmail, KindYourTurn, ada, warnData); !errors.Is(err, ErrChannelUnavailable) {
		t.Errorf("Notify by email with no email = %v, want ErrChannelUnavailable", err)
	}
	_, err = NewRouter(Config{Email: &EmailConfig{Host: "smtp.example.com", From: "rout@example.com"}})
	if err == nil || !strings.Contains(err.Error(), EnvPublicURL) {
		t.Errorf("NewRouter with email and no public URL = %v, want an error naming %s", err, EnvPublicURL)
	}
}
