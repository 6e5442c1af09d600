// Package notifications tells players what happens in their games while they are away: by email (SMTP),
// by text message (SMS, through a Twilio-compatible HTTP API) or by web push, whichever each player chose.
// It holds what every part of that shares: the kinds of message, their texts, the players' preferences
// and the types a channel sends. The packages below it do the rest:
//
//   - inbox: the notices users are told of (the notices table, the claim of a digest's notices and the
//     rout_notices channel) and the send limits every replica shares;
//   - email, sms and push: one Sender per channel (push with its VAPID settings and its check of
//     registered endpoints);
//   - router: the Router that picks the channel a player chose, writes its texts and sends them, and the
//     Config of all the channels, read from the environment.
//
// Package jobs holds the River workers that decide when to send.
//
// # Senders
//
// A Sender sends one Message through one channel, honours the context's deadline and cancellation, and is
// safe for concurrent use.
//
// # Errors
//
// A failed Send is either permanent or temporary. IsPermanent reports the errors that sending again
// cannot cure: a missing or malformed address or phone number, an SMTP 5xx reply (550, no such mailbox),
// an SMS API answer of 4xx other than 429. Everything else — a lost connection, a timeout, an SMTP 4xx
// reply, an SMS API 429 or 5xx — is temporary, and the job that sent the message retries it. Senders
// mark their permanent errors with Permanent.
//
// # Texts
//
// Compose writes the subject and text of an email, ComposeSMS the one-line text of an SMS (160
// characters when it can), for each Kind: your_turn, turn_warning, cpu_played, eliminated, game_over,
// invited, declined, seat_delegated, chat and chat_timeout; ComposeDigest and ComposeChatDigest (with their
// SMS forms) write the digests of turns and of chat, which never carry a message's text. Every text ends
// with the game's link, which Links makes from the public address of the web
// client: {BaseURL}/games/{id}.
//
// Kind and Channel (none, email, sms or push) have stable snake_case names (String, Parse*,
// MarshalText) for job arguments, settings and logs. See docs/notifications.md for the variables, the
// texts and the retry rules.
package notifications
