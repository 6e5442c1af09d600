package notifications

import "context"

// Recipient is the person a message goes to. Each channel uses its own field: Email for email, Phone for
// SMS, UserID for web push.
type Recipient struct {
	// Email is the address for email, such as "ada@example.com" (no display name: that is Name).
	Email string
	// Phone is the number for SMS in E.164 form: "+" and the country code, such as "+14155550100".
	Phone string
	// UserID is the recipient's user, for the unsubscribe link and web push (which goes to the user's
	// registered devices); 0 for none.
	UserID int
	// Name is the name to address the recipient by, such as "Ada Lovelace"; optional. Email puts it in
	// the To header.
	Name string
}

// Message is one notification, ready to send. Compose or ComposeSMS (or router.Router.Notify, which calls
// them) writes Subject and Text; the other fields describe what the message is about.
type Message struct {
	// Kind is what the message is about.
	Kind Kind
	// To is the recipient.
	To Recipient
	// Subject is the subject line of an email; SMS does not use it.
	Subject string
	// Text is the body: plain text, lines separated by "\n".
	Text string
	// HTML is the same body as an HTML document, for email; empty sends the plain text alone. Router
	// writes it from Text (HTMLOf).
	HTML string
	// Link is the address of the game's page, which Text contains too.
	Link string
	// GameID is the game the message is about (0 for none). Email puts it in an X-Rout-Game header.
	GameID int
	// Turn is the game's turn number the message is about (0 for none).
	Turn int
	// Unsubscribe is the one-click unsubscribe link (RFC 8058) of the message's kind; empty for none.
	// Email sends it in List-Unsubscribe with List-Unsubscribe-Post.
	Unsubscribe string
}

// Sender sends messages through one channel. Send returns nil once the provider has accepted the message;
// an error is either permanent (IsPermanent: do not retry) or temporary (retry later). A Sender is safe
// for concurrent use.
type Sender interface {
	// Send sends m, or fails when ctx ends first.
	Send(ctx context.Context, m Message) error
}
