package game

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/lib/pq"

	"rout/internal/pgstmt"
)

// notifyTimeout bounds one statement of the notifier.
const notifyTimeout = 5 * time.Second

// notifier announces committed commands on NotifyChannel after their commit, in autocommit statements of
// its own. A NOTIFY inside the command's transaction would make PostgreSQL hold its notification queue's
// database-wide lock from just before the commit until the commit record is flushed, so that commands
// would flush their commits one after another instead of sharing a WAL flush (group commit). A statement
// that only notifies writes no WAL and waits for no flush.
//
// Notifications are coalesced per game (the highest sequence number wins: a listener reads every event
// after its head) and sent by at most one goroutine at a time, which runs only while there is something to
// send, so that an idle service holds no goroutine. A notification can be lost (the process dies between
// the commit and the statement, or the statement fails); the live hub's periodic check of its games'
// heads (Service.Heads) repairs that within its interval.
type notifier struct {
	stmt   *pgstmt.Stmt // notifySQL
	logger *slog.Logger
	off    bool // send nothing (Opts.SkipNotify)

	mu      sync.Mutex
	pending map[stream]int64 // stream -> the highest sequence number to announce
	running bool             // a goroutine is sending
}

// stream is what one announcement is about: a game (NotifyChannel) or another stream of numbered rows,
// such as a user's notices.
type stream struct {
	channel string
	id      int
}

// notifySQL sends each channel $1[i] its payload $2[i]: prepared, as it runs after every command, so
// that it is one round trip and PostgreSQL parses it once per connection.
const notifySQL = `SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS v(c, p)`

// add announces that the stream id of channel has reached seq, its rows up to seq committed. It never
// blocks on the database.
func (n *notifier) add(channel string, id int, seq int64) {
	if n.off {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.pending == nil {
		n.pending = make(map[stream]int64)
	}
	k := stream{channel, id}
	if seq > n.pending[k] {
		n.pending[k] = seq
	}
	if !n.running {
		n.running = true
		go n.send()
	}
}

// send sends what is pending, one statement per round, until nothing is.
func (n *notifier) send() {
	for {
		n.mu.Lock()
		if len(n.pending) == 0 {
			n.running = false
			n.mu.Unlock()
			return
		}
		channels := make([]string, 0, len(n.pending))
		payloads := make([]string, 0, len(n.pending))
		for k, seq := range n.pending {
			channels = append(channels, k.channel)
			payloads = append(payloads, strconv.Itoa(k.id)+":"+strconv.FormatInt(seq, 10))
		}
		clear(n.pending)
		n.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), notifyTimeout)
		stmt, err := n.stmt.Get(ctx)
		if err == nil {
			_, err = stmt.ExecContext(ctx, pq.Array(channels), pq.Array(payloads))
		}
		cancel()
		if err != nil {
			n.logger.Warn("error announcing committed commands (the live hubs' head check will find them)",
				"streams", len(payloads), "error", fmt.Errorf("error notifying: %w", err))
		}
	}
}

// Announcer takes what a transaction's effects announce: that stream id of a PostgreSQL channel (a user's
// notices on inbox.Channel, say) has reached seq, sent as "<id>:<seq>". The service sends it after the
// commit, coalesced with its own announcements (see notifier), so that the commit keeps PostgreSQL's group
// commit; nothing of a transaction that rolls back is sent. Listeners read the rows after their head, so
// a lost announcement (a crash after the commit) is repaired by their own head checks.
type Announcer interface {
	Announce(channel string, id int, seq int64)
}

// announcements collects what one transaction's effects announce, for the service to send after its
// commit.
type announcements []announcement

type announcement struct {
	channel string
	id      int
	seq     int64
}

// Announce implements Announcer.
func (a *announcements) Announce(channel string, id int, seq int64) {
	*a = append(*a, announcement{channel, id, seq})
}

// Announce sends "<id>:<seq>" on channel after a commit, as the service announces its own commands
// (coalesced, from a statement of its own, never blocking): for a caller that committed a transaction of
// its own whose rows it announces, such as a turn warning's notice. It implements Announcer for
// transactions that have committed.
func (s *Service) Announce(channel string, id int, seq int64) { s.notify.add(channel, id, seq) }

// announce announces a committed command's events, and what its effects announced.
func (s *Service) announce(r Result) {
	if r.after != nil {
		s.notify.add(NotifyChannel, r.GameID, r.Game.Seq)
	}
	for _, a := range r.ann {
		s.notify.add(a.channel, a.id, a.seq)
	}
}

// MaxHeads is the most games one call of Heads reads.
const MaxHeads = 1000

// Heads returns the sequence number of the last committed event of each game of ids that exists (at most
// MaxHeads ids): what a listener that may have missed a notification compares with its own head.
func (s *Service) Heads(ctx context.Context, ids []int) (map[int]int64, error) {
	if len(ids) > MaxHeads {
		return nil, errorf(CodeBadInput, "at most %d games at once, not %d", MaxHeads, len(ids))
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, seq FROM games WHERE id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error reading the heads of %d games: %w", len(ids), err)
	}
	defer rows.Close()
	heads := make(map[int]int64, len(ids))
	for rows.Next() {
		var id int
		var seq int64
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, fmt.Errorf("error reading the head of a game: %w", err)
		}
		heads[id] = seq
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the heads of %d games: %w", len(ids), err)
	}
	return heads, nil
}

// NotifyChannel is the PostgreSQL channel on which every committed command announces "<game id>:<seq>",
// the game and the sequence number of its last event, after its commit (see notifier). Listeners read the
// events themselves from the database.
const NotifyChannel = "rout_events"

// LobbyChannel is the PostgreSQL channel on which every committed change of an open game's seats (a join,
// a leave, a declined invitation, the start) announces "<game id>:<version>", the game and its version
// after the change, after its commit (see notifier; a change that rolls back announces nothing).
// Listeners read the game itself from the database.
const LobbyChannel = "rout_lobbies"

// announceLobby announces, after its commit, a change of an open game's seats that left the game at
// version.
func (s *Service) announceLobby(gameID int, version int64) {
	s.notify.add(LobbyChannel, gameID, version)
}

// Versions returns the version of each game of ids that exists (at most MaxHeads ids): what a listener
// of LobbyChannel that may have missed a notification compares with the version it has.
func (s *Service) Versions(ctx context.Context, ids []int) (map[int]int64, error) {
	if len(ids) > MaxHeads {
		return nil, errorf(CodeBadInput, "at most %d games at once, not %d", MaxHeads, len(ids))
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, version FROM games WHERE id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error reading the versions of %d games: %w", len(ids), err)
	}
	defer rows.Close()
	versions := make(map[int]int64, len(ids))
	for rows.Next() {
		var id int
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, fmt.Errorf("error reading the version of a game: %w", err)
		}
		versions[id] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the versions of %d games: %w", len(ids), err)
	}
	return versions, nil
}
