// Package jobs runs Rout's background work on River, on the same *sql.DB as the game service, so that a job
// commits in the same transaction as the game change that causes it:
//
//   - a CPU turn (KindCPUTurn, on QueueCPU): when a CPU seat's turn, claim pick or placement turn starts,
//     the CPU plays it, Config.CPUDelay after, through game.Service.TurnPlay: the whole turn's ordinary
//     commands decided in memory and committed in one transaction (a turn longer than one play goes on in
//     the job's next run);
//   - a turn warning (KindTurnWarning): when a quarter of the turn limit is left, the idle player is told;
//   - a turn deadline (KindTurnDeadline): at the limit, the Cautious CPU plays the rest of the idle
//     player's turn (or pick, or placement turn) through game.Service.TurnPlay, in one transaction, and
//     the game moves on; the player keeps the seat;
//   - a notification (KindNotification): one email or SMS, by the channel the user chose, retried with
//     backoff;
//   - a digest (KindDigest): at the end of a user's digest window, one message of their your_turn notices,
//     or (DigestArgs.NoticeKind chat) of the games whose chat they have not read (Effects.AfterChatMessage
//     gives the notices);
//   - the sweeper (KindSweep), a periodic job: it finds games whose deadline passed more than
//     Config.SweepGrace ago (the partial index on games.turn_deadline) and plays their turn. It is the
//     safety net, not the mechanism.
//
// # The seam
//
// Effects (NewEffects, insert-only) is the game service's game.Effects: inside every command's
// transaction it inserts the jobs the command causes (InsertTx) and the notices the players get. Each job
// kind is unique per game and turn (River's unique jobs by the args tagged river:"unique"), and each job
// does nothing when the game has moved on (another turn, another seat, another deadline, over): a CPU turn
// or takeover has game.Service.TurnPlay check it under the game's lock, and is refused with CONFLICT.
// The CPU turns have a queue of their own (QueueCPU, Config.CPUWorkers), so that many games of CPUs do not
// delay the deadlines of QueueGame, nor a burst of deadlines the CPUs.
//
// # Notices
//
// A notice (table notices) is one thing a user is told about a game; the unique (user, game, turn, kind)
// index is the ledger that keeps messages to one per player, game turn and kind across retries and
// replicas. A notice is inserted with INSERT ... ON CONFLICT DO NOTHING; when the row is new, the same
// transaction announces it on the PostgreSQL channel inbox.Channel ("<user id>:<notice id>") and, when
// the user takes notifications (users.notify is email or sms), inserts the notification job that sends
// it. The notification worker reads the user's channel again when it sends, sets notices.sent_at after
// the provider accepted the message, and does nothing for a notice already sent.
//
// # Start and stop
//
// NewEffects is built first and handed to game.New; New then builds the River client that works jobs,
// with the game service it plays through (no I/O). Start works jobs on this process; Stop waits for the
// jobs in flight. The commands the workers play carry their cause (game.CauseCPU, game.CauseTakeover,
// game.CauseSweeper, game.CauseSurvivor) in their input.
// A process that only serves the API never calls Start: its commands still insert jobs, which worker
// processes run. Stats returns counters (jobs done and failed per kind, CPU turns, takeovers) for
// metrics.
package jobs
