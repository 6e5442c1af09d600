// Package live fans committed game events, user notices and chat lines out to the subscribers of this
// replica.
//
// One Hub per process holds one PostgreSQL LISTEN connection (lib/pq's Listener) on the channels
// game.NotifyChannel ("rout_events", payload "<game id>:<seq>"), inbox.Channel ("rout_notices",
// payload "<user id>:<notice id>"), game.LobbyChannel ("rout_lobbies", payload "<game id>:<version>": a
// change of an open game's seats, whose subscribers get the game as it stands after it; see Hub.Lobby),
// chat.Channel ("rout_chat", payload "<game id>:<room>:<seq>": a new line of a game's chat room, whose
// subscribers each get the lines their viewer sees; see Hub.ChatLines), presence.Channel ("rout_watchers",
// payload "<game id>": a change of who follows a game live, whose subscribers get the game's watchers as
// they are after it; see Hub.Watchers and Hub.Watch, which keeps this replica's rows alive),
// account.BlockChannel ("rout_user_blocks", payload "<blocker>:<blocked>:<1|0>": a block or its lift,
// which the blocker's chat subscriptions follow at once; see Hub.BlockChanged),
// and account.RevocationChannel ("rout_token_revocations", payload "<token id>"),
// whose notifications it hands to the functions given to OnRevoked (the API closes the sockets of a
// revoked token with them). The payloads carry numbers (and a chat room's name) only: the hub reads the
// rows themselves.
//
// Subscribers of one game (or one user's notices, or one chat room) share a topic. A topic has one
// goroutine that, when
// woken by a notification, reads the new rows once from the database, prepares them once per visibility
// (for a game: the public view and, for the few events that carry private card ids, each seat's own view;
// the state after each event is folded once with the rules engine) and offers the same batch to every
// subscriber, each of which picks its view as it reads. Offers never block: a subscriber whose buffer
// (Opts.Buffer batches) is full is dropped, and its Next returns a *ResumeError naming the last sequence
// number it delivered, so that the client resubscribes with that number and misses nothing.
//
// A subscription first catches up from the database (every row after the number the client sent, up to
// the topic's head when it joined) and then receives the topic's live rows, which all come after that
// head: no gap and no duplicate. Notifications are lost while the LISTEN connection is down; when it
// connects again every topic reads from the database whatever came after its head.
//
// A game's topic also keeps its last 64 prepared events, so that a subscriber resuming shortly after its
// last event catches up from memory; one from further back folds the game's record from the database.
//
// The database stays the only source of truth: a topic holds nothing that the rows cannot rebuild, and a
// topic without subscribers is dropped.
package live
