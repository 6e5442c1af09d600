package router

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"rout/notifications"
	"rout/notifications/email"
	"rout/notifications/sms"
)

// testRouter returns a Router whose email and SMS senders record the messages they are given; the
// senders' own tests (packages email and sms) speak SMTP and HTTP to test servers.
func testRouter(t *testing.T) (*Router, *recordingSender, *recordingSender) {
	t.Helper()
	mail, texts := &recordingSender{}, &recordingSender{}
	return &Router{Email: mail, SMS: texts, Links: notifications.Links{BaseURL: "https://rout.example/"}}, mail, texts
}

var (
	ada      = notifications.Recipient{Email: "ada@players.example", Phone: "+447700900123", Name: "Ada"}
	warnData = notifications.Data{GameID: 42, GameName: "Friday night", Turn: 7, TimeLeft: 2 * time.Hour}
)

func TestRouterNotify(t *testing.T) {
	t.Parallel()
	r, mail, texts := testRouter(t)
	ctx := context.Background()

	if err := r.Notify(ctx, notifications.ChannelEmail, notifications.KindTurnWarning, ada, warnData); err != nil {
		t.Fatalf("Notify by email: %v", err)
	}
	if len(mail.msgs) != 1 {
		t.Fatalf("the email sender got %d messages, want 1", len(mail.msgs))
	}
	got := mail.msgs[0]
	wantSubject, wantText := notifications.Compose(notifications.KindTurnWarning, notifications.Data{GameID: 42, GameName: "Friday night", Turn: 7, TimeLeft: 2 * time.Hour,
		Link: "https://rout.example/games/42"})
	if got.To != ada || got.Subject != wantSubject || got.Text != wantText {
		t.Errorf("email to %v, subject %q, text %q; want to %v, Compose's texts %q, %q", got.To, got.Subject, got.Text, ada, wantSubject, wantText)
	}
	if !strings.Contains(got.HTML, `<a href="https://rout.example/games/42">`) ||
		!strings.Contains(got.HTML, "Your turn in Friday night ends in 2 hours.") {
		t.Errorf("HTML %q: want the text with the game's link", got.HTML)
	}
	if got.Kind != notifications.KindTurnWarning || got.GameID != 42 || got.Turn != 7 || got.Link != "https://rout.example/games/42" {
		t.Errorf("email kind %v, game %d, turn %d, link %q", got.Kind, got.GameID, got.Turn, got.Link)
	}

	if err := r.Notify(ctx, notifications.ChannelSMS, notifications.KindTurnWarning, ada, warnData); err != nil {
		t.Fatalf("Notify by SMS: %v", err)
	}
	want := "Rout: 2 hours left for your turn in Friday night, then a CPU plays it. https://rout.example/games/42"
	if len(texts.msgs) != 1 || texts.msgs[0].To != ada || texts.msgs[0].Text != want || texts.msgs[0].Subject != "" {
		t.Errorf("SMS %+v; want one to %v, %q", texts.msgs, ada, want)
	}

	// ChannelNone sends nothing, and is no error.
	if err := r.Notify(ctx, notifications.ChannelNone, notifications.KindTurnWarning, ada, warnData); err != nil {
		t.Errorf("Notify with ChannelNone = %v, want nil", err)
	}
	if len(mail.msgs) != 1 || len(texts.msgs) != 1 {
		t.Errorf("the senders got %d emails and %d texts, want 1 and 1", len(mail.msgs), len(texts.msgs))
	}
}

func TestRouterNotifyLink(t *testing.T) {
	t.Parallel()
	r, _, texts := testRouter(t)
	data := warnData
	data.Link = "https://other.example/g/42"
	if err := r.Notify(context.Background(), notifications.ChannelSMS, notifications.KindYourTurn, ada, data); err != nil {
		t.Fatalf("Notify: %v", err)
	}
	if len(texts.msgs) != 1 || !strings.HasSuffix(texts.msgs[0].Text, " https://other.example/g/42") {
		t.Errorf("SMS %+v, want a text that ends with the link of data", texts.msgs)
	}
}

func TestRouterNotifyErrors(t *testing.T) {
	t.Parallel()
	r, _, _ := testRouter(t)
	ctx := context.Background()

	emailOnly := &Router{Email: r.Email, Links: r.Links}
	err := emailOnly.Notify(ctx, notifications.ChannelSMS, notifications.KindYourTurn, ada, warnData)
	if !errors.Is(err, ErrChannelUnavailable) || !notifications.IsPermanent(err) {
		t.Errorf("Notify by SMS without an SMS sender = %v, want a permanent ErrChannelUnavailable", err)
	}
	if err := r.Notify(ctx, notifications.Channel(7), notifications.KindYourTurn, ada, warnData); !notifications.IsPermanent(err) {
		t.Errorf("Notify on channel 7 = %v, want a permanent error", err)
	}
	if err := r.Notify(ctx, notifications.ChannelEmail, notifications.Kind(0), ada, warnData); !notifications.IsPermanent(err) {
		t.Errorf("Notify of kind 0 = %v, want a permanent error", err)
	}
	// The recipient has no phone number: the SMS sender's permanent error comes through.
	if r.SMS, err = sms.New(sms.Config{BaseURL: "https://sms.example", AccountSID: "AC1", AuthToken: "token", From: "+14155550100"}); err != nil {
		t.Fatal(err)
	}
	err = r.Notify(ctx, notifications.ChannelSMS, notifications.KindYourTurn, notifications.Recipient{Email: ada.Email}, warnData)
	if !notifications.IsPermanent(err) || !strings.Contains(err.Error(), "your_turn notification by sms") {
		t.Errorf("Notify by SMS to no number = %v, want a permanent error that names the kind and channel", err)
	}
}

func TestNewRouter(t *testing.T) {
	t.Parallel()
	r, err := New(Config{})
	if err != nil || r.Email != nil || r.SMS != nil {
		t.Errorf("New with no channel = %+v, %v; want a router with no senders", r, err)
	}
	if err := r.Notify(context.Background(), notifications.ChannelEmail, notifications.KindYourTurn, ada, warnData); !errors.Is(err, ErrChannelUnavailable) {
		t.Errorf("Notify by email with no email = %v, want ErrChannelUnavailable", err)
	}
	_, err = New(Config{Email: &email.Config{Host: "smtp.example.com", From: "rout@example.com"}})
	if err == nil || !strings.Contains(err.Error(), EnvPublicURL) {
		t.Errorf("New with email and no public URL = %v, want an error naming %s", err, EnvPublicURL)
	}
	r, err = New(Config{Email: &email.Config{Host: "smtp.example.com", From: "rout@example.com"},
		SMS:   &sms.Config{AccountSID: "AC1", AuthToken: "token", From: "+14155550100"},
		Links: notifications.Links{BaseURL: "https://rout.example"}})
	if err != nil {
		t.Fatalf("New with email and SMS: %v", err)
	}
	if _, ok := r.Email.(*email.Sender); !ok {
		t.Errorf("New with email: the email sender is %T, want *email.Sender", r.Email)
	}
	if _, ok := r.SMS.(*sms.Sender); !ok {
		t.Errorf("New with SMS: the SMS sender is %T, want *sms.Sender", r.SMS)
	}
}

// TestRouterNotifyChatDigest sends a chat digest by email (the digest's subject and lines, the kind chat),
// by SMS (one line, no subject) and refuses a channel without a sender.
func TestRouterNotifyChatDigest(t *testing.T) {
	t.Parallel()
	r, mail, texts := testRouter(t)
	ctx := context.Background()
	games := []notifications.ChatGame{{GameID: 42, GameName: "Friday night", Messages: 3}, {GameID: 43, Messages: 2}}
	if err := r.NotifyChatDigest(ctx, notifications.ChannelEmail, ada, games); err != nil {
		t.Fatal(err)
	}
	if len(mail.msgs) != 1 {
		t.Fatalf("the email sender got %d messages, want 1", len(mail.msgs))
	}
	got := mail.msgs[0]
	if got.Kind != notifications.KindChat || got.Subject != "5 new messages in 2 games" || got.GameID != 42 ||
		!strings.Contains(got.Text, "- 2 new messages in game #43\n  https://rout.example/games/43\n") || got.HTML == "" {
		t.Errorf("email %+v", got)
	}
	if err := r.NotifyChatDigest(ctx, notifications.ChannelSMS, ada, games); err != nil {
		t.Fatal(err)
	}
	want := "Rout: 5 new messages: 3 in Friday night, 2 in game #43. https://rout.example/games/42"
	if len(texts.msgs) != 1 || texts.msgs[0].Text != want || texts.msgs[0].Subject != "" || texts.msgs[0].Kind != notifications.KindChat {
		t.Errorf("SMS %+v, want %q", texts.msgs, want)
	}
	if err := r.NotifyChatDigest(ctx, notifications.ChannelPush, ada, games); !errors.Is(err, ErrChannelUnavailable) || !notifications.IsPermanent(err) {
		t.Errorf("a chat digest by push without a push sender = %v", err)
	}
}
