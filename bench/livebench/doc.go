// Package livebench measures how fast Rout's live subscriptions deliver an event to many subscribers, next
// to a plain gorilla/websocket broadcast of the same bytes to as many clients in the same run, or Rout
// with fog of war next to Rout without it. It is the engine of `rout bench live`; docs/benchmarks.md
// holds the figures.
//
// # Processes
//
// Each target's server runs in a process of its own (ServeTarget, started by Config.ServerCommand: `rout
// bench live-server`), and so do each target's clients (Clients, started by Config.ClientsCommand: `rout
// bench live-clients`), so that neither the clients' work nor another target's connections count in a
// server's memory (nor in its open files: a round of N subscribers holds about N in each process, never
// 2N in one). The benchmark's own process only directs them and times. All are on one machine, so their
// wall clocks compare. They talk in JSON lines. The clients:
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
// A target's server:
//
//   - the parent writes a ServerConfig line: the target, the number of subscribers and, for Rout, the
//     database server, the games, the fog and the events; the child reads its live heap and goroutine
//     stacks after a garbage collection, and its goroutines, then starts the server (Rout: creates its
//     database and prepares its games) and writes a "listening" line with that memory from before, the
//     configuration of the clients (ClientsConfig: Rout's groups follow its games' viewers) and how many
//     games the events rotate over;
//   - it then answers the parent's command lines: "memory" (the same reading, now), "subscribers" (how
//     many subscriptions the server holds), "publish" (makes the next event and answers its deliveries,
//     when the publishing call began, when the event was published and how long the call took, each
//     time read in the server's process), and "heap-profile", "cpu-profile-start" and
//     "cpu-profile-stop" (answered "profiled").
//
// A child ends when its standard input closes (a server first stops, and Rout's drops its database); the
// parent kills it (by its pid) when it does not end within a bound. Every answer the parent waits for is
// bounded too.
//
// # One round
//
// For each number of subscribers N, Run runs one round over the targets (the baseline, then Rout; or
// Rout without fog, then Rout with fog). It starts each target in turn: it starts the process that
// serves the target, which reads its memory before its server starts (so that the server's own costs
// count too), starts a child with N clients and waits for them, publishes one warm-up event in each of
// its games and waits until every client each is for has it (so that the subscriptions are live), and
// reads the server process's memory again (the difference divided by N is the memory per subscriber).
// Then it times Config.Events events in turns: event i on every target, one after the other, before
// event i+1, so that the targets share the good and the bad moments of a shared, noisy machine. A target
// says, for each event it publishes, which groups of clients it is for and under which number each sees
// it. Each event is timed from its publication (the baseline: when its broadcast begins; Rout: when the
// command's transaction begins to commit, its rows, events and notification written) to the last
// receipt of the clients it is for, and also from just before the publishing call (Rout:
// game.Service.TurnSubmit, so the whole command); both times are read in the server's process, so the
// command line that asks for the event is not counted. The next event is published only when those
// clients have the previous one. Every wait is bounded. With Config.ProfileDir each server's process
// also writes a heap profile after its warm-up and a CPU profile during the round's timed events.
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
//
// Rout's chat (TargetRoutChat, Config.Chat) is measured against Rout's game events in the same run: its
// server starts Config.Games games on the classic map without playing them, its subscribers are spread
// evenly over the seats of every game and follow the game's players' room (chatMessages; one room a
// game), and an event is one chat line in the next game in turn, sent with sendChatMessage through the
// API over HTTP as a client sends it, by the game's seats in turn. It is timed as a game event is, from
// when its transaction is about to commit (its row and notification written) to the last receipt of the
// room's subscribers. The chat's limits stay on: every line says something new, the seats share the lines of
// each game (and seat 0 of every game is one user, so with many games each user writes a share of all
// the lines, under the daily cap of a run of at most MaxEvents and one warm-up line a game), and a line
// that the flood rule refuses (many events over few rooms) is sent again once the wait it answers has
// passed, timed from that last call.
package livebench
