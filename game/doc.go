// Package game is Rout's application service: every command on a game (a human's move, a CPU's turn, a
// deadline's takeover, creating, joining and starting a game) goes through it, in one transaction.
//
// The path of a turn command (Service.TurnSubmit):
//
//  1. begin; lock the game row (SELECT ... FOR UPDATE); get the engine state and the seats: from this
//     replica's cache when it holds the game at this version, otherwise from the rows (the whole board,
//     once); a private game is NOT_FOUND to a user who neither holds a seat nor created it;
//  2. return the stored result when the caller's idempotency key was used before;
//  3. refuse a stale command with CONFLICT when the caller's expected version is not the game's;
//  4. refuse a user without a seat with FORBIDDEN;
//  5. decide with the rules engine (a refused command is a *rules.Error and changes nothing);
//  6. write only what changed: the territories and cards the events touch (rules.Touched), the players
//     whose counts changed, the game row (scalars, version, sequence, deadline, dice), and the new events;
//  7. run the command's side effects in the same transaction (the Effects seam: River jobs and notices,
//     package rout/jobs's Effects, told the command's Cause; GameCreate calls Effects.AfterCreate the same
//     way);
//  8. commit; then announce the game id and its new sequence number (pg_notify, in a statement of its
//     own after the commit, so that commands keep PostgreSQL's group commit: see notifier).
//
// A command that leaves a game going on with a lone survivor is followed, in its transaction, by the
// survivor's own commands, chosen by the CPU, each decided in memory (step 5), all written, heard by the
// Effects, committed and announced at once (see batch, playSurvivor).
//
// A CPU's turn and a takeover take the same path with a turn of commands (Service.TurnPlay): lock once,
// refuse a stale turn with CONFLICT, have the CPU choose and rules.Apply decide one command after another
// on the in-memory state, then write everything in one statement, run the Effects once and commit. The
// commands are ordinary commands, each with its own version and events with consecutive sequence
// numbers, so the record replays exactly; the play stops at the turn's end or at its bounds
// (Opts.PlayCommands, Opts.PlayTime), and the caller plays on in another call.
//
// The Result holds all an answer needs (the acting seat, the version, the events, and the game as the
// command left it), so that the caller reads nothing after the command; Service.Board gives the board to
// resolve a command's territory keys without a transaction before it. ViewEvent is the one projection of
// an event for a viewer.
//
// Nothing is half-done: a command that fails at any step rolls back and notifies nobody. A notification
// lost after a commit (the process died in between) is found by the live hubs' check of their games'
// heads (Service.Heads). The database is
// the only source of truth: the cache is keyed by the game's version and is only a shortcut.
package game
