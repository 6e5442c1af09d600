package notifications

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Channel is the way a user wants to be notified. Its stable names are "none", "email", "sms" and
// "push"; the zero value is ChannelNone.
type Channel uint8

// The channels.
const (
	// ChannelNone: no notifications ("none").
	ChannelNone Channel = iota
	// ChannelEmail: by email ("email").
	ChannelEmail
	// ChannelSMS: by text message ("sms").
	ChannelSMS
	// ChannelPush: by web push to the user's browsers ("push"). A server without VAPID keys has no
	// push sender: Router.Notify fails with ErrChannelUnavailable.
	ChannelPush
)

var channelNames = [...]string{ChannelNone: "none", ChannelEmail: "email", ChannelSMS: "sms", ChannelPush: "push"}

// Valid reports whether c is one of the channels declared in this package.
func (c Channel) Valid() bool {
	return int(c) < len(channelNames)
}

// String returns the stable name of c, such as "email", or "channel(N)" for a value that is not a channel.
func (c Channel) String() string {
	if !c.Valid() {
		return fmt.Sprintf("channel(%d)", uint8(c))
	}
	return channelNames[c]
}

// ParseChannel returns the channel named name: none, email, sms or push.
func ParseChannel(name string) (Channel, error) {
	for c, n := range channelNames {
		if n == name {
			return Channel(c), nil
		}
	}
	return 0, fmt.Errorf("%q is not a notification channel: want none, email, sms or push", name)
}

// MarshalText encodes c as its stable name.
func (c Channel) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("error encoding notification channel: %v is not a channel", c)
	}
	return []byte(channelNames[c]), nil
}

// UnmarshalText decodes a channel from its stable name.
func (c *Channel) UnmarshalText(text []byte) error {
	parsed, err := ParseChannel(string(text))
	if err != nil {
		return err
	}
	*c = parsed
	return nil
}

// ErrChannelUnavailable is the permanent error of Router.Notify for a channel this server has no sender
// for (such as SMS when no SMS provider is configured). A worker may treat it like ChannelNone.
var ErrChannelUnavailable = errors.New("notification channel not configured on this server")

// Router sends each notification through the channel its recipient chose, with the texts of that
// channel: Compose's for email, ComposeSMS's for SMS and web push (with Compose's subject as the title).
type Router struct {
	// Email sends ChannelEmail notifications; nil when email is not configured.
	Email Sender
	// SMS sends ChannelSMS notifications; nil when SMS is not configured.
	SMS Sender
	// Push sends ChannelPush notifications to every device of the recipient (To.UserID); nil when web
	// push is not configured. It gets the SMS text as Text, the email subject as Subject.
	Push Sender
	// Links makes the game link of a notification whose Data has none.
	Links Links
	// Unsubscribe signs the unsubscribe links of emails; nil for none.
	Unsubscribe *Unsubscribe
}

// NewRouter returns a Router with an Email sender when cfg.Email is set, an SMS sender when cfg.SMS is
// set, and cfg.Links, or the reasons cfg is not valid. The web push sender works on the database, so
// the caller sets Push (package rout/push builds it from cfg.Push).
func NewRouter(cfg Config) (*Router, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	r := &Router{Links: cfg.Links}
	if cfg.UnsubscribeKey != "" {
		r.Unsubscribe = &Unsubscribe{Key: []byte(cfg.UnsubscribeKey), BaseURL: cfg.Links.BaseURL}
	}
	if cfg.Email != nil {
		email, err := NewEmail(*cfg.Email)
		if err != nil {
			return nil, err
		}
		r.Email = email
	}
	if cfg.SMS != nil {
		sms, err := NewSMS(*cfg.SMS)
		if err != nil {
			return nil, err
		}
		r.SMS = sms
	}
	return r, nil
}

// Notify sends a notification of kind about data to the recipient through channel ch, the recipient's
// preference. ChannelNone sends nothing and returns nil. A channel without a sender fails with
// ErrChannelUnavailable; an invalid kind or channel fails too, permanently. Otherwise the error is the
// sender's (see IsPermanent). When data.Link is empty, Notify sets it from r.Links and data.GameID.
func (r *Router) Notify(ctx context.Context, ch Channel, kind Kind, to Recipient, data Data) error {
	if !kind.Valid() {
		return Permanent(fmt.Errorf("error sending notification: %v is not a notification kind", kind))
	}
	var sender Sender
	switch ch {
	case ChannelNone:
		return nil
	case ChannelEmail:
		sender = r.Email
	case ChannelSMS:
		sender = r.SMS
	case ChannelPush:
		sender = r.Push
	default:
		return Permanent(fmt.Errorf("error sending notification: %v is not a notification channel", ch))
	}
	if sender == nil {
		return Permanent(fmt.Errorf("error sending %s notification by %s: %w", kind, ch, ErrChannelUnavailable))
	}
	if data.Link == "" {
		data.Link = r.Links.Game(data.GameID)
	}
	m := Message{Kind: kind, To: to, Link: data.Link, GameID: data.GameID, Turn: data.Turn}
	if r.Unsubscribe != nil && to.UserID > 0 {
		m.Unsubscribe = r.Unsubscribe.URL(to.UserID, kind)
	}
	switch ch {
	case ChannelSMS:
		m.Text = ComposeSMS(kind, data)
	case ChannelPush:
		m.Subject, _ = Compose(kind, data)
		m.Text = ComposeSMS(kind, data)
	default:
		m.Subject, m.Text = Compose(kind, data)
		m.HTML = HTMLOf(withUnsubscribe(m.Text, m.Unsubscribe))
	}
	if err := sender.Send(ctx, m); err != nil {
		return fmt.Errorf("error sending %s notification by %s: %w", kind, ch, err)
	}
	return nil
}

// NotifyDigest sends one message through channel ch that lists every game waiting on the recipient
// (ComposeDigest for email, ComposeDigestSMS for SMS and web push), deadlines in loc. Links left empty are set from
// r.Links. Errors are as Notify's.
func (r *Router) NotifyDigest(ctx context.Context, ch Channel, to Recipient, games []DigestGame, loc *time.Location) error {
	if len(games) == 0 {
		return nil
	}
	var sender Sender
	switch ch {
	case ChannelNone:
		return nil
	case ChannelEmail:
		sender = r.Email
	case ChannelSMS:
		sender = r.SMS
	case ChannelPush:
		sender = r.Push
	default:
		return Permanent(fmt.Errorf("error sending a digest: %v is not a notification channel", ch))
	}
	if sender == nil {
		return Permanent(fmt.Errorf("error sending a digest by %s: %w", ch, ErrChannelUnavailable))
	}
	for i := range games {
		if games[i].Link == "" {
			games[i].Link = r.Links.Game(games[i].GameID)
		}
	}
	m := Message{Kind: KindYourTurn, To: to, Link: games[0].Link, GameID: games[0].GameID, Turn: games[0].Turn}
	if r.Unsubscribe != nil && to.UserID > 0 {
		m.Unsubscribe = r.Unsubscribe.URL(to.UserID, KindYourTurn)
	}
	switch ch {
	case ChannelSMS:
		m.Text = ComposeDigestSMS(games)
	case ChannelPush:
		m.Subject, _ = ComposeDigest(games, loc)
		m.Text = ComposeDigestSMS(games)
	default:
		m.Subject, m.Text = ComposeDigest(games, loc)
		m.HTML = HTMLOf(withUnsubscribe(m.Text, m.Unsubscribe))
	}
	if err := sender.Send(ctx, m); err != nil {
		return fmt.Errorf("error sending a digest of %d games by %s: %w", len(games), ch, err)
	}
	return nil
}

// withUnsubscribe adds the unsubscribe line Email adds to the plain text, for the HTML part.
func withUnsubscribe(text, link string) string {
	if link == "" {
		return text
	}
	return strings.TrimRight(text, "\n") + "\nStop these emails: " + link + "\n"
}
