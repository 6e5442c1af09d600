// Package router sends each notification through the channel its player chose. Router picks the
// channel's sender (packages email, sms and push), writes the channel's texts (package notifications)
// and sends them; ChannelNone sends nothing. Config holds the settings of every channel, which
// ConfigFromEnv reads from the ROUT_SMTP_*, ROUT_SMS_*, ROUT_VAPID_*, ROUT_PUSH_*, ROUT_PUBLIC_URL and
// ROUT_UNSUBSCRIBE_KEY variables.
package router

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"rout/notifications"
	"rout/notifications/email"
	"rout/notifications/sms"
)

// ErrChannelUnavailable is the permanent error of Router.Notify for a channel this server has no sender
// for (such as SMS when no SMS provider is configured). A worker may treat it like ChannelNone.
var ErrChannelUnavailable = errors.New("notification channel not configured on this server")

// Router sends each notification through the channel its recipient chose, with the texts of that
// channel: Compose's for email, ComposeSMS's for SMS and web push (with Compose's subject as the title).
type Router struct {
	// Email sends ChannelEmail notifications; nil when email is not configured.
	Email notifications.Sender
	// SMS sends ChannelSMS notifications; nil when SMS is not configured.
	SMS notifications.Sender
	// Push sends ChannelPush notifications to every device of the recipient (To.UserID); nil when web
	// push is not configured. It gets the SMS text as Text, the email subject as Subject.
	Push notifications.Sender
	// Links makes the game link of a notification whose Data has none.
	Links notifications.Links
	// Unsubscribe signs the unsubscribe links of emails; nil for none.
	Unsubscribe *notifications.Unsubscribe
}

// New returns a Router with an email Sender when cfg.Email is set, an SMS Sender when cfg.SMS is
// set, and cfg.Links, or the reasons cfg is not valid. The web push sender works on the database, so
// the caller sets Push (package push builds it from cfg.Push).
func New(cfg Config) (*Router, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	r := &Router{Links: cfg.Links}
	if cfg.UnsubscribeKey != "" {
		r.Unsubscribe = &notifications.Unsubscribe{Key: []byte(cfg.UnsubscribeKey), BaseURL: cfg.Links.BaseURL}
	}
	if cfg.Email != nil {
		sender, err := email.New(*cfg.Email)
		if err != nil {
			return nil, err
		}
		r.Email = sender
	}
	if cfg.SMS != nil {
		sender, err := sms.New(*cfg.SMS)
		if err != nil {
			return nil, err
		}
		r.SMS = sender
	}
	return r, nil
}

// Notify sends a notification of kind about data to the recipient through channel ch, the recipient's
// preference. ChannelNone sends nothing and returns nil. A channel without a sender fails with
// ErrChannelUnavailable; an invalid kind or channel fails too, permanently. Otherwise the error is the
// sender's (see IsPermanent). When data.Link is empty, Notify sets it from r.Links (Links.For: the game's page, or
// the tournament's for a tournament_standing).
func (r *Router) Notify(ctx context.Context, ch notifications.Channel, kind notifications.Kind, to notifications.Recipient, data notifications.Data) error {
	if !kind.Valid() {
		return notifications.Permanent(fmt.Errorf("error sending notification: %v is not a notification kind", kind))
	}
	var sender notifications.Sender
	switch ch {
	case notifications.ChannelNone:
		return nil
	case notifications.ChannelEmail:
		sender = r.Email
	case notifications.ChannelSMS:
		sender = r.SMS
	case notifications.ChannelPush:
		sender = r.Push
	default:
		return notifications.Permanent(fmt.Errorf("error sending notification: %v is not a notification channel", ch))
	}
	if sender == nil {
		return notifications.Permanent(fmt.Errorf("error sending %s notification by %s: %w", kind, ch, ErrChannelUnavailable))
	}
	if data.Link == "" {
		data.Link = r.Links.For(kind, data)
	}
	m := notifications.Message{Kind: kind, To: to, Link: data.Link, GameID: data.GameID, Turn: data.Turn}
	if r.Unsubscribe != nil && to.UserID > 0 {
		m.Unsubscribe = r.Unsubscribe.URL(to.UserID, kind)
	}
	switch ch {
	case notifications.ChannelSMS:
		m.Text = notifications.ComposeSMS(kind, data)
	case notifications.ChannelPush:
		m.Subject, _ = notifications.Compose(kind, data)
		m.Text = notifications.ComposeSMS(kind, data)
	default:
		m.Subject, m.Text = notifications.Compose(kind, data)
		m.HTML = notifications.HTMLOf(withUnsubscribe(m.Text, m.Unsubscribe))
	}
	if err := sender.Send(ctx, m); err != nil {
		return fmt.Errorf("error sending %s notification by %s: %w", kind, ch, err)
	}
	return nil
}

// NotifyDigest sends one message through channel ch that lists every game waiting on the recipient
// (ComposeDigest for email, ComposeDigestSMS for SMS and web push), deadlines in loc. Links left empty are set from
// r.Links. Errors are as Notify's.
func (r *Router) NotifyDigest(ctx context.Context, ch notifications.Channel, to notifications.Recipient, games []notifications.DigestGame, loc *time.Location) error {
	if len(games) == 0 {
		return nil
	}
	for i := range games {
		if games[i].Link == "" {
			games[i].Link = r.Links.Game(games[i].GameID)
		}
	}
	m := notifications.Message{Kind: notifications.KindYourTurn, To: to, Link: games[0].Link, GameID: games[0].GameID, Turn: games[0].Turn}
	m.Subject, m.Text = notifications.ComposeDigest(games, loc)
	return r.sendDigest(ctx, ch, m, notifications.ComposeDigestSMS(games), len(games))
}

// NotifyChatDigest sends one message through channel ch that names every game of games with its number
// of unread chat messages (ComposeChatDigest for email, ComposeChatDigestSMS for SMS and web push). Links
// left empty are set from r.Links. Errors are as Notify's.
func (r *Router) NotifyChatDigest(ctx context.Context, ch notifications.Channel, to notifications.Recipient, games []notifications.ChatGame) error {
	if len(games) == 0 {
		return nil
	}
	for i := range games {
		if games[i].Link == "" {
			games[i].Link = r.Links.Game(games[i].GameID)
		}
	}
	m := notifications.Message{Kind: notifications.KindChat, To: to, Link: games[0].Link, GameID: games[0].GameID}
	m.Subject, m.Text = notifications.ComposeChatDigest(games)
	return r.sendDigest(ctx, ch, m, notifications.ComposeChatDigestSMS(games), len(games))
}

// sendDigest sends m, a digest of n games whose email subject and text are written, through channel ch:
// by SMS its text is sms, by web push its title the subject and its body sms.
func (r *Router) sendDigest(ctx context.Context, ch notifications.Channel, m notifications.Message, sms string, n int) error {
	var sender notifications.Sender
	switch ch {
	case notifications.ChannelNone:
		return nil
	case notifications.ChannelEmail:
		sender = r.Email
	case notifications.ChannelSMS:
		sender = r.SMS
	case notifications.ChannelPush:
		sender = r.Push
	default:
		return notifications.Permanent(fmt.Errorf("error sending a digest: %v is not a notification channel", ch))
	}
	if sender == nil {
		return notifications.Permanent(fmt.Errorf("error sending a digest by %s: %w", ch, ErrChannelUnavailable))
	}
	if r.Unsubscribe != nil && m.To.UserID > 0 {
		m.Unsubscribe = r.Unsubscribe.URL(m.To.UserID, m.Kind)
	}
	switch ch {
	case notifications.ChannelSMS:
		m.Subject, m.Text = "", sms
	case notifications.ChannelPush:
		m.Text = sms
	default:
		m.HTML = notifications.HTMLOf(withUnsubscribe(m.Text, m.Unsubscribe))
	}
	if err := sender.Send(ctx, m); err != nil {
		return fmt.Errorf("error sending a digest of %d games by %s: %w", n, ch, err)
	}
	return nil
}

// withUnsubscribe adds the unsubscribe line the email sender adds to the plain text, for the HTML part.
func withUnsubscribe(text, link string) string {
	if link == "" {
		return text
	}
	return strings.TrimRight(text, "\n") + "\nStop these emails: " + link + "\n"
}
