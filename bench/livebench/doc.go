// Package livebench measures how fast Rout's live subscriptions deliver an event to many subscribers, next
// to a plain gorilla/websocket broadcast of the same bytes to as many clients in the same run, or Rout
// with fog of war next to Rout without it. It is the engine of `rout bench live`; docs/benchmarks.md
// holds the figures.
//
// # Processes
//
// Rout's server runs in the benchmark's process; the baseline's server runs in a process of its own
// (ServeBaseline, started by Config.BaselineCommand: `rout bench live-baseline`), and so do each target's
// clients (Clients, started by Config.ClientsCommand: `rout bench live-clients`), so that neither the
// clients' work nor the other target's connections count in a server's memory (nor in its open files).
// All are on one machine, so their wall clocks compare. They talk in JSON lines. The clients:
//
//   - the parent writes a ClientsConfig line to the child's standard input: groups of clients, each
//     group signed in as one user and subscribed with the same variables, so that its clients receive
//     the same events under the same numbers (one viewer's of one game); the child opens the websocket
//     connections on loopback, does the graphql-transport-ws handshake (connection_init with the group's
//     token, connection_ack, subscribe) on each and answers a "ready" line on its standard output;
//   - for every event of a group, when all the group's clients have received it, the child writes an
//     "event" line with the group, the event's sequence number and the wall-clock times of the first and
//     the last receipt;
//   - the parent writes "done [SEQ, ...]" (the last sequence number published to each group); the child
//     closes its clients and answers a "summary" line: messages and bytes received, events lost (gaps,
//     and events after a client's last one up to its group's SEQ) and duplicated, connections that ended
//     early.
//
// The baseline's process writes a "listening" line with its URL, then answers the parent's command
// lines: "memory" (its live heap and goroutine stacks after a garbage collection, and its goroutines),
// "subscribers", and "publish" (the event's number and when its broadcast began).
//
// A child ends when its standard input closes; the parent kills it (by its pid) when it does not end
// within a bound.
//
// # One round
//
// For each number of subscribers N, Run runs one round over the targets (the baseline, then Rout; or
// Rout without fog, then Rout with fog). It starts each target in turn: it reads the live heap and
// goroutine stacks, after a garbage collection, of the process that serves the target (for Rout, before
// its server starts, so that the server's own costs count too; the Rout targets share the benchmark's
// process, each measured while it starts), starts a child with N clients and waits for them, publishes
// one warm-up event in each of its games and waits until every client each is for has it (so that the
// subscriptions are live), and reads the memory again (the difference divided by N is the memory per
// subscriber). Then it times Config.Events events in turns: event i on every target, one after the
// other, before event i+1, so that the targets share the good and the bad moments of a shared, noisy
// machine. A target says, for each event it publishes, which groups of clients it is for and under
// which number each sees it. Each event is timed from its publication (the baseline: when its broadcast
// begins; Rout: when the command's transaction begins to commit, its rows, events and notification
// written) to the last receipt of the clients it is for, and also from just before the publishing call
// (Rout: game.Service.TurnSubmit, so the whole command); the next event is published only when those
// clients have the previous one. Every wait is bounded. With Config.ProfileDir
// it also writes a heap profile of Rout's server after its warm-up and a CPU profile of it during the
// round's timed events.
//
// The baseline (Baseline) is a plain gorilla/websocket server: it answers the same handshake, and for an
// event encodes one graphql-transport-ws "next" message shaped like Rout's (BaselineMessage) once and
// hands it to one writer goroutine per connection through a channel. Rout (Rout) is the real API:
// graph.NewHandler with the live hub on a throwaway PostgreSQL database, every subscriber on gameEvents,
// and one attack roll (one battle_rolled event) per published event, in the games in turn. By default
// one two-player game on a generated 5,000-territory map, every subscriber signed in as its attacker;
// with Config.Games, that many games on the classic map of 2 to 6 seats, the subscribers spread evenly
// over every seat of every game and its spectators, each signed in as that seat's user or as a
// spectator, so that with fog they follow different records (live.Hub.ViewEvents): an attack then
// reaches the viewers who see it, or see what it changed, each under their own next number.
package livebench
