// Package notifications tells players what happens in their games while they are away: by email (SMTP) or by
// text message (SMS, through a Twilio-compatible HTTP API), whichever each player chose.
//
// # Senders
//
// A Sender sends one Message through one channel. Email speaks SMTP with the standard library's
// net/smtp: one connection per message, STARTTLS (always, auto or never), AUTH PLAIN, and an RFC 5322
// message in UTF-8 plain text. SMS posts a form to {BaseURL}/2010-04-01/Accounts/{AccountSID}/Messages.json
// with HTTP basic authentication. Both honour the context's deadline and cancellation and their own
// Timeout, and both are safe for concurrent use.
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
// characters when it can), for each Kind: your_turn, turn_warning, cpu_played, eliminated, game_over and
// invited. Every text ends with the game's link, which Links makes from the public address of the web
// client: {BaseURL}/games/{id}.
//
// # Routing
//
// Router.Notify picks the channel a player chose (a Channel: none, email, sms or push), writes the texts
// for it and sends them. The push sender (package rout/push) works on the database, so it is set on the
// Router by whoever builds it; PushConfig holds its settings and the checks of registered endpoints and
// keys. ChannelNone sends nothing. NewRouter builds a Router from a Config, which ConfigFromEnv reads
// from the ROUT_SMTP_*, ROUT_SMS_*, ROUT_VAPID_*, ROUT_PUSH_* and ROUT_PUBLIC_URL variables; see
// docs/notifications.md for the variables, the texts and the retry rules.
//
// Kind, Channel and StartTLSMode have stable snake_case names (String, Parse*, MarshalText) for job
// arguments, settings and logs.
package notifications
