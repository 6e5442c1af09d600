package live

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lib/pq"

	"rout/account"
	"rout/chat"
	"rout/game"
	"rout/notifications/inbox"
	"rout/presence"
	"rout/rules"
)

// Opts are a Hub's dependencies and settings.
type Opts struct {
	// DB is the database the rows are read from. Required.
	DB *sql.DB
	// DSN is the connection string of DB, for the hub's own LISTEN connection. Required.
	DSN string
	// Game is the game service whose events and boards the hub reads. Required.
	Game *game.Service
	// Logger receives the listener's state changes and read failures. Nil discards them.
	Logger *slog.Logger
	// Buffer is how many batches of rows (the rows one notification brings, usually one command's events)
	// a subscriber may fall behind the hub before it is dropped with a *ResumeError; 16 when zero. The
	// batches are shared by all the subscribers: one is a slice header in a subscriber's channel.
	Buffer int
	// MinReconnect and MaxReconnect bound the wait between attempts to connect the LISTEN connection
	// again (doubling from the first to the second); 100 ms and 10 s when zero.
	MinReconnect, MaxReconnect time.Duration
	// PingInterval is how often an idle LISTEN connection is checked; 30 s when zero.
	PingInterval time.Duration
	// RetryInterval is how long a topic waits before reading again after a failed read; 1 s when zero.
	RetryInterval time.Duration
	// HeadCheckInterval is how often the hub reads the heads of the games it follows, to find a committed
	// command whose notification was lost (see checkHeads); DefaultHeadCheckInterval when zero.
	HeadCheckInterval time.Duration
	// PresenceInterval is how often the hub refreshes the rows of the watchers it keeps (Watch), sweeps
	// the expired rows and reads the watchers of the games it follows (Watchers); a row expires three
	// intervals after its last refresh. DefaultPresenceInterval when zero.
	PresenceInterval time.Duration
}

// DefaultHeadCheckInterval is how often a hub checks the heads of the games it follows by default: a
// committed command whose notification was lost reaches the subscribers within about this long.
const DefaultHeadCheckInterval = time.Second

// ErrStopped is returned by a subscription's Next after the hub stopped.
var ErrStopped = errors.New("live: the hub stopped")

// ResumeError is returned by a subscription's Next when the subscriber fell too far behind and was
// dropped: subscribe again after LastSeq to get everything that followed.
type ResumeError struct {
	// LastSeq is the sequence number (notice id for notices) of the last value Next returned; the
	// subscription's starting number when it returned none.
	LastSeq int64
}

func (e *ResumeError) Error() string {
	return fmt.Sprintf("the subscriber fell behind: subscribe again after %d", e.LastSeq)
}

// Stats are a hub's counters since it was made.
type Stats struct {
	// Notifications is the number of notifications received.
	Notifications int64
	// Reads is the number of database reads the topics made for new rows (catch-ups not counted).
	Reads int64
	// Encodes is the number of event payloads the topics encoded: for their batches, and for the recent
	// events a game's topic prepares when it opens (catch-ups from the database not counted).
	Encodes int64
	// CatchUps is the number of subscriptions that caught up from the database (not from a topic's
	// recent events).
	CatchUps int64
	// Dropped is the number of subscribers dropped for falling behind.
	Dropped int64
	// Connects is the number of times the LISTEN connection connected (the first time included).
	Connects int64
	// HeadWakes is the number of times the periodic check of the games' heads found a topic behind: a
	// notification lost, or not yet arrived.
	HeadWakes int64
	// Topics and Subscribers are the games, users and chat rooms followed now, and their subscribers.
	Topics, Subscribers int
}

// Hub fans rows out to this process's subscribers (see the package documentation). Make it with New,
// start it with Start, stop it with Stop. It is safe for concurrent use.
type Hub struct {
	db       *sql.DB
	dsn      string
	svc      *game.Service
	chat     *chat.Service // reads only
	presence *presence.Service
	logger   *slog.Logger
	buffer   int
	minRe    time.Duration
	maxRe    time.Duration
	ping     time.Duration
	retry    time.Duration
	listener *pq.Listener
	done     chan struct{} // closed by Stop
	wg       sync.WaitGroup

	headCheck time.Duration // see checkHeads

	mu     sync.Mutex
	topics map[topicKey]*topic
	// gameHeads are the last sequence numbers the hub was told of the fog games it follows views of
	// (wakeViews).
	gameHeads map[int]int64
	stopped   bool
	revoked   []func(tokenID int) // see OnRevoked

	// presenceEvery is Opts.PresenceInterval; presenceWake asks keepPresence to delete the rows of the
	// watches that ended.
	presenceEvery time.Duration
	presenceWake  chan struct{}
	pmu           sync.Mutex
	watches       map[*watch]struct{} // the watchers this hub keeps alive; guarded by pmu

	notifications, reads, encodes, dropped, connects, catchUps, headWakes atomic.Int64
}

// New returns a hub. It does no I/O.
func New(opts Opts) (*Hub, error) {
	var errs []error
	if opts.DB == nil {
		errs = append(errs, errors.New("live: Opts.DB is required"))
	}
	if opts.DSN == "" {
		errs = append(errs, errors.New("live: Opts.DSN is required"))
	}
	if opts.Game == nil {
		errs = append(errs, errors.New("live: Opts.Game is required"))
	}
	if opts.Buffer < 0 {
		errs = append(errs, fmt.Errorf("live: Opts.Buffer must not be negative, not %d", opts.Buffer))
	}
	if opts.PresenceInterval < 0 {
		errs = append(errs, fmt.Errorf("live: Opts.PresenceInterval must not be negative, not %s", opts.PresenceInterval))
	}
	if opts.HeadCheckInterval < 0 {
		errs = append(errs, fmt.Errorf("live: Opts.HeadCheckInterval must not be negative, not %s", opts.HeadCheckInterval))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	h := &Hub{
		db: opts.DB, dsn: opts.DSN, svc: opts.Game, chat: chat.NewService(opts.DB, nil), logger: opts.Logger,
		buffer: orDefault(opts.Buffer, 16),
		minRe:  orDefault(opts.MinReconnect, 100*time.Millisecond),
		maxRe:  orDefault(opts.MaxReconnect, 10*time.Second),
		ping:   orDefault(opts.PingInterval, 30*time.Second),
		retry:  orDefault(opts.RetryInterval, time.Second),
		done:   make(chan struct{}),
		topics: make(map[topicKey]*topic), gameHeads: make(map[int]int64),
		presence: presence.NewService(opts.DB, nil), presenceEvery: orDefault(opts.PresenceInterval, DefaultPresenceInterval),
		presenceWake: make(chan struct{}, 1), watches: make(map[*watch]struct{}),
	}
	h.headCheck = orDefault(opts.HeadCheckInterval, DefaultHeadCheckInterval)
	return h, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Start connects the LISTEN connection and starts dispatching notifications. It returns when the hub
// listens on its channels, or with an error when ctx ends first (the hub is then stopped).
func (h *Hub) Start(ctx context.Context) error {
	h.listener = pq.NewListener(h.dsn, h.minRe, h.maxRe, h.listenerEvent)
	listened := make(chan error, 1)
	go func() {
		err := h.listener.Listen(game.NotifyChannel)
		if err == nil {
			err = h.listener.Listen(inbox.Channel)
		}
		if err == nil {
			err = h.listener.Listen(game.LobbyChannel)
		}
		if err == nil {
			err = h.listener.Listen(account.RevocationChannel)
		}
		if err == nil {
			err = h.listener.Listen(chat.Channel)
		}
		if err == nil {
			err = h.listener.Listen(presence.Channel)
		}
		if err == nil {
			err = h.listener.Listen(account.BlockChannel)
		}
		listened <- err
	}()
	select {
	case err := <-listened:
		if err != nil {
			_ = h.listener.Close()
			return fmt.Errorf("error listening for notifications: %w", err)
		}
	case <-ctx.Done():
		_ = h.listener.Close()
		if err := <-listened; err != nil { // Listen fails on the closed listener: the context's end is the cause
			h.logger.DebugContext(ctx, "LISTEN ended with the context", "error", err.Error())
		}
		return fmt.Errorf("error connecting the LISTEN connection: %w", ctx.Err())
	}
	h.wg.Add(3)
	go h.dispatch()
	go h.checkHeads()
	go h.keepPresence()
	h.logger.InfoContext(ctx, "live hub listening", "channels",
		game.NotifyChannel+","+inbox.Channel+","+game.LobbyChannel+","+account.RevocationChannel+","+chat.Channel+","+presence.Channel+
			","+account.BlockChannel)
	return nil
}

// listenerEvent is the listener's callback: after every (re)connection the topics read what they may
// have missed.
func (h *Hub) listenerEvent(ev pq.ListenerEventType, err error) {
	switch ev {
	case pq.ListenerEventConnected, pq.ListenerEventReconnected:
		h.connects.Add(1)
		h.logger.Info("live hub connected", "event", ev.String())
		h.wakeAll()
		if ev == pq.ListenerEventReconnected {
			h.tellRevoked(0)    // revocations may have been missed
			go h.rereadBlocks() // and block changes
		}
	case pq.ListenerEventDisconnected, pq.ListenerEventConnectionAttemptFailed:
		h.logger.Warn("live hub disconnected", "event", ev.String(), "error", err)
	}
}

// dispatch wakes the topics that notifications name, and pings an idle connection.
func (h *Hub) dispatch() {
	defer h.wg.Done()
	ticker := time.NewTicker(h.ping)
	defer ticker.Stop()
	for {
		select {
		case <-h.done:
			return
		case n, ok := <-h.listener.NotificationChannel():
			if !ok {
				return
			}
			if n == nil { // reconnected: the callback woke every topic
				continue
			}
			h.notifications.Add(1)
			h.notified(n.Channel, n.Extra)
		case <-ticker.C:
			go func() { _ = h.listener.Ping() }() // a failed ping makes the listener reconnect
		}
	}
}

// notified wakes the topic a notification names, when it is behind.
func (h *Hub) notified(channel, payload string) {
	var kind topicKind
	switch channel {
	case game.NotifyChannel:
		kind = gameTopic
	case inbox.Channel:
		kind = noticeTopic
	case game.LobbyChannel:
		kind = lobbyTopic
	case account.RevocationChannel:
		if id, ok := revokedPayload(payload); ok {
			h.tellRevoked(id)
		} else {
			h.logger.Warn("live hub: bad notification payload", "channel", channel, "payload", payload)
		}
		return
	case presence.Channel:
		id, ok := presence.ParsePayload(payload)
		if !ok {
			h.logger.Warn("live hub: bad notification payload", "channel", channel, "payload", payload)
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if t, ok := h.topics[topicKey{kind: watchersTopic, id: id}]; ok {
			t.wake() // a change of the watchers has no number: read them again
		}
		return
	case account.BlockChannel:
		if blocker, blocked, on, ok := blockPayload(payload); ok {
			h.BlockChanged(blocker, blocked, on)
		} else {
			h.logger.Warn("live hub: bad notification payload", "channel", channel, "payload", payload)
		}
		return
	case chat.Channel:
		key, seq, ok := chatPayload(payload)
		if !ok {
			h.logger.Warn("live hub: bad notification payload", "channel", channel, "payload", payload)
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if t, ok := h.topics[key]; ok && seq > t.head {
			t.wake()
		}
		return
	default:
		return
	}
	idText, seqText, ok := strings.Cut(payload, ":")
	id, err1 := strconv.Atoi(idText)
	seq, err2 := strconv.ParseInt(seqText, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		h.logger.Warn("live hub: bad notification payload", "channel", channel, "payload", payload)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if t, ok := h.topics[topicKey{kind: kind, id: id}]; ok && seq > t.head {
		t.wake()
	}
	if kind == gameTopic {
		h.wakeViews(id, seq)
	}
}

// wakeAll makes every topic read what came after its head.
func (h *Hub) wakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range h.topics {
		t.wake()
	}
}

// Stop stops the hub: the LISTEN connection closes, every subscription's Next returns ErrStopped, and Stop
// waits for the hub's goroutines until ctx ends.
func (h *Hub) Stop(ctx context.Context) error {
	h.mu.Lock()
	if h.stopped {
		h.mu.Unlock()
		return nil
	}
	h.stopped = true
	close(h.done)
	for _, t := range h.topics {
		for s := range t.subs {
			h.drop(t, s, ErrStopped)
		}
	}
	h.mu.Unlock()
	if h.listener != nil {
		_ = h.listener.Close()
	}
	waited := make(chan struct{})
	go func() { h.wg.Wait(); close(waited) }()
	select {
	case <-waited:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("error stopping the live hub: %w", ctx.Err())
	}
}

// Stats returns the hub's counters.
func (h *Hub) Stats() Stats {
	st := Stats{
		Notifications: h.notifications.Load(), Reads: h.reads.Load(), Encodes: h.encodes.Load(),
		CatchUps: h.catchUps.Load(), Dropped: h.dropped.Load(), Connects: h.connects.Load(),
		HeadWakes: h.headWakes.Load(),
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	st.Topics = len(h.topics)
	for _, t := range h.topics {
		st.Subscribers += len(t.subs)
	}
	return st
}

func (h *Hub) addEncodes(n int64) { h.encodes.Add(n) }

// GameEvents subscribes to the events of game gameID after sequence number after, as seat sees them
// (rules.NoPlayer: a viewer without a seat). The caller checks that the viewer may see the game. Close
// the subscription when done.
func (h *Hub) GameEvents(ctx context.Context, gameID int, seat rules.PlayerID, after int64) (*Subscription[*Event], error) {
	s, err := h.subscribe(ctx, topicKey{kind: gameTopic, id: gameID}, seat, after)
	if err != nil {
		return nil, err
	}
	f := &folder{svc: h.svc, gameID: gameID}
	s.catchUp = func(ctx context.Context) ([]sequenced, bool, error) {
		var out []sequenced
		for len(out) == 0 && f.seq < s.from {
			err := f.foldTo(ctx, min(s.from, f.seq+eventBatch), s.last, func(e game.SeqEvent, before rules.State) error {
				ev, err := prepareFor(e, before, f.state, seat)
				out = append(out, ev)
				return err
			})
			if err != nil {
				return nil, false, err
			}
		}
		return out, f.seq >= s.from, nil
	}
	return &Subscription[*Event]{s: s}, nil
}

// Notices subscribes to the notices of user userID after notice id after. Close the subscription when
// done.
func (h *Hub) Notices(ctx context.Context, userID int, after int64) (*Subscription[*Notice], error) {
	s, err := h.subscribe(ctx, topicKey{kind: noticeTopic, id: userID}, rules.NoPlayer, after)
	if err != nil {
		return nil, err
	}
	s.catchUp = func(ctx context.Context) ([]sequenced, bool, error) {
		ns, err := inbox.Read(ctx, h.db, userID, s.last, noticeBatch)
		if err != nil {
			return nil, false, err
		}
		out := make([]sequenced, 0, len(ns))
		for _, n := range ns {
			if n.ID > s.from {
				return out, true, nil
			}
			out = append(out, (*Notice)(n))
		}
		return out, len(ns) < noticeBatch, nil
	}
	return &Subscription[*Notice]{s: s}, nil
}

// subscribe joins (or opens) the topic of key and registers a subscriber from its head.
func (h *Hub) subscribe(ctx context.Context, key topicKey, seat rules.PlayerID, after int64) (*sub, error) {
	if after < 0 {
		return nil, fmt.Errorf("live: the starting number must not be negative, not %d", after)
	}
	s := &sub{hub: h, seat: seat, ch: make(chan []sequenced, h.buffer), last: after}
	h.mu.Lock()
	if h.stopped {
		h.mu.Unlock()
		return nil, ErrStopped
	}
	t, ok := h.topics[key]
	if !ok {
		t = h.open(key)
	}
	t.subs[s] = struct{}{} // held while the topic starts, so that it is not dropped as unused
	s.t = t
	h.mu.Unlock()

	select {
	case <-t.ready:
	case <-ctx.Done():
		s.Close()
		return nil, ctx.Err()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if s.gone != nil { // the hub stopped
		return nil, s.gone
	}
	if t.err != nil {
		h.leave(t, s)
		return nil, t.err
	}
	// Everything after the head reaches s through its channel; catch up on the rest, from the topic's
	// recent rows when they reach back far enough, from the database otherwise. A lobby's subscriber
	// starts with the state at the head, and so does a subscriber of a game's watchers.
	s.from = t.head
	if key.kind == lobbyTopic || key.kind == watchersTopic {
		s.last, s.pending, s.caught = t.head-1, append([]sequenced(nil), t.recent...), true
		return s, nil
	}
	if s.last < s.from {
		if s.pending, s.caught = t.recentAfter(s.last); !s.caught {
			h.catchUps.Add(1)
		}
	}
	return s, nil
}
