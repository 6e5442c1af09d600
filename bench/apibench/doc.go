// Package apibench measures Rout's real API: a `rout serve` process on loopback (started by the
// benchmark on a throwaway database, with the rate limits off and no pause before a CPU's commands;
// see ServeEnv) or a running server given by Config.URL. It is the engine of `rout bench api`;
// docs/benchmarks.md holds the figures.
//
// The measurements, in order (Config.Measurements):
//
//   - commands: for each number N of Config.Games, N plain clients each run Config.Commands plain
//     transactions of the shape of a command (BEGIN; two UPDATEs; one INSERT; COMMIT) on tables of their
//     own in the server's database through lib/pq; N clients each post Config.Commands commands over
//     keep-alive HTTP to the plain HTTP handler (ServePlainHTTP, in a process of its own: net/http and
//     lib/pq only; each command locks its game's row, updates two territories, inserts an event and
//     bumps the version, on the same tables); and N games of two signed-up players each play
//     Config.Commands legal commands at once through /graphql over keep-alive HTTP. They go in turns of
//     25 commands a client (the plain transaction, the plain HTTP handler, then the games), so that all
//     three meet the same moments of a shared machine. A player picks its
//     command from the game's viewerActions, as the mutation's payload returns them (see chooser); when
//     the turn passes, the next player reads the game first (counted apart as reads). Each mutation is
//     timed from its request to its answer; commands/s is the commands over the wall time of their
//     turns.
//   - board: one game's board read through GraphQL (game.board) and the raw SQL read of the same rows,
//     in turns, Config.Reads times each.
//   - count: PostgreSQL's counters of the database (pg_stat_database, pg_stat_user_tables) before and
//     after Config.Commands commands of one game, each read once the backends have reported theirs,
//     less the background (River's polling and the like): the quieter rate of two spans with no
//     command, before and after.
//   - cpu: games of a player against a CPU seat (normal), a new one when one ends; the player plays
//     until Config.CPUTurns CPU game turns have been worked (a CPU's placement turn is not counted),
//     each timed as River worked it (its rout_cpu_turn job, from attempted_at to finalized_at).
//   - deadlines: the server's CPU time (from /proc) is measured over Config.Idle; Config.Deadlines
//     games of two players are started and it is measured again while they wait; then every game's
//     deadline and its deadline job are moved to one moment five seconds ahead, in one transaction, and the burst is timed from that
//     moment until every game's turn has been taken over (its deadline is no longer the moved one),
//     whether by the server's own River workers running the deadline jobs or by its sweeper, for at
//     most Config.BurstTimeout (the turns left then are reported).
//
// Every loop is bounded in count and by Config.Timeout, and all traffic stays on loopback.
package apibench
