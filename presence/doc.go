// Package presence owns who follows a game live now: the game_watchers table, one row per open
// gameEvents subscription on any replica, and the rules of what a viewer is shown of it. No other
// package writes that table.
//
// # Rows and their life
//
// A replica writes a row when a subscription opens (Service.Join) and deletes it when the subscription
// ends (Service.Leave). While it is open, the replica's heartbeat moves the row's expiry on
// (Service.Refresh, every live.Opts.PresenceInterval, the expiry three intervals ahead), so a row whose
// replica died stops counting within the TTL; every replica sweeps expired rows (Service.Sweep), and every
// read ignores them. Each change of a game's rows is announced on Channel with the game's id, in the
// statement that makes it, so every replica's hub tells its subscribers.
//
// # What a viewer is shown (Count)
//
//   - SpectatorCount: the viewers following the game who hold no seat in it (a row without a seat):
//     each signed-in user once however many subscriptions they hold, each anonymous subscription once.
//     The number names no one, so it includes spectators who hide their presence; it leaves out the users
//     the viewer blocks. It includes the viewer.
//   - PresentSeats: the seats whose user follows the game now, but for a user who hides their presence
//     (users.hide_presence: never shown, but to themselves) and a user the viewer blocks.
//
// Spectators are never named.
package presence
