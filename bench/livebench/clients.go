package livebench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/sync/errgroup"
)

// Subprotocol is the websocket subprotocol the clients speak.
const Subprotocol = "graphql-transport-ws"

// subscriptionID is the operation id of every client's one subscription.
const subscriptionID = "1"

// ClientsConfig tells the client process what to open. The parent sends it as the first line of the
// child's standard input.
type ClientsConfig struct {
	// URL is the websocket URL of the server, such as ws://127.0.0.1:8080/graphql.
	URL string `json:"url"`
	// Query is the subscribe message's query.
	Query string `json:"query"`
	// Field is the subscription's root field, whose "seq" member numbers the events.
	Field string `json:"field"`
	// Groups are the connections to open, each with one subscription: the clients of a group sign in
	// alike and subscribe with the same variables, so they receive the same events under the same numbers.
	Groups []ClientGroup `json:"groups"`
	// Dialers is how many connections are opened at once. Default 64.
	Dialers int `json:"dialers,omitempty"`
	// HandshakeTimeout bounds the opening of one connection, its connection_ack included. Default 30s.
	HandshakeTimeout time.Duration `json:"handshakeTimeout,omitempty"`
}

// ClientGroup is a number of clients that follow the same events: one viewer's of one game.
type ClientGroup struct {
	// Clients is how many connections the group opens.
	Clients int `json:"clients"`
	// Token is sent in connection_init as {"Authorization": "Bearer <token>"}; empty sends no payload.
	Token string `json:"token,omitempty"`
	// Variables are the subscribe message's variables.
	Variables json.RawMessage `json:"variables,omitempty"`
	// After is the sequence number before the group's first event: its first event is After+1.
	After int64 `json:"after"`
}

func (c *ClientsConfig) validate() error {
	var errs []error
	if !strings.HasPrefix(c.URL, "ws://") {
		errs = append(errs, fmt.Errorf("url %q is not a ws:// URL", c.URL))
	}
	if len(c.Groups) == 0 {
		errs = append(errs, errors.New("no groups of clients"))
	}
	for i, g := range c.Groups {
		if g.Clients < 1 || g.After < 0 {
			errs = append(errs, fmt.Errorf("group %d: clients must be at least 1 and after not negative, not %d and %d", i, g.Clients, g.After))
		}
	}
	if c.Query == "" || c.Field == "" {
		errs = append(errs, errors.New("query and field are required"))
	}
	if c.Dialers < 0 || c.HandshakeTimeout < 0 {
		errs = append(errs, errors.New("dialers and handshakeTimeout must not be negative"))
	}
	if c.Dialers == 0 {
		c.Dialers = 64
	}
	if c.HandshakeTimeout == 0 {
		c.HandshakeTimeout = 30 * time.Second
	}
	return errors.Join(errs...)
}

// The types of the lines the children write: the clients' process, and a target's server (ServeTarget).
const (
	lineReady       = "ready"
	lineEvent       = "event"
	lineSummary     = "summary"
	lineError       = "error"
	lineListening   = "listening"
	lineMemory      = "memory"
	lineSubscribers = "subscribers"
	linePublished   = "published"
	lineProfiled    = "profiled"
)

// line is one JSON line from a child to the parent; Type says which fields are set.
type line struct {
	Type string `json:"type"`
	// Group, Seq, FirstNano and LastNano (event): the event of a group of clients, and the wall-clock
	// times (Unix nanoseconds) the group's first and last client received it.
	Group     int   `json:"group,omitempty"`
	Seq       int64 `json:"seq,omitempty"`
	FirstNano int64 `json:"firstNano,omitempty"`
	LastNano  int64 `json:"lastNano,omitempty"`
	// Publication (published) is the event a server published.
	Publication *publication `json:"publication,omitempty"`
	// Clients and Rotation (listening) are the configuration of the server's clients and how many games
	// its events rotate over.
	Clients  *ClientsConfig `json:"clients,omitempty"`
	Rotation int            `json:"rotation,omitempty"`
	// Bytes and Goroutines (memory; listening: before the server started) are the server process's live
	// heap and goroutine stacks after a garbage collection, and its goroutines.
	Bytes      uint64 `json:"bytes,omitempty"`
	Goroutines int    `json:"goroutines,omitempty"`
	// Count (subscribers) is how many connections have subscribed to the server.
	Count int `json:"count,omitempty"`
	// Summary (summary) is the clients' tally.
	Summary *Summary `json:"summary,omitempty"`
	// Error (error) is why the child stopped.
	Error string `json:"error,omitempty"`
}

// Summary is what the clients received, summed over the clients.
type Summary struct {
	// Messages and Bytes count the "next" messages received and their sizes.
	Messages int64 `json:"messages"`
	Bytes    int64 `json:"bytes"`
	// Lost counts the events a client missed: gaps in its sequence numbers, and the events after its last
	// one up to the last event published to its group.
	Lost int64 `json:"lost"`
	// Duplicated counts the events a client received again or out of order.
	Duplicated int64 `json:"duplicated"`
	// Resubscribed counts the subscriptions sent again because the server answered them busy
	// (UNAVAILABLE), after the wait it asked for.
	Resubscribed int `json:"resubscribed,omitempty"`
	// Ended counts the connections that ended (closed, or a protocol error or complete message) before the
	// end; FirstEnd says why the first did.
	Ended    int    `json:"ended"`
	FirstEnd string `json:"firstEnd,omitempty"`
}

// maxConfigLine bounds the configuration's line: a group of clients takes about 200 bytes of it.
const maxConfigLine = 64 << 20

// readConfigLine reads a child's first line from in, a JSON configuration of at most maxConfigLine bytes,
// into cfg; whose names the child in errors ("the clients'"). It returns the scanner of the lines after it.
func readConfigLine(in io.Reader, cfg any, whose string) (*bufio.Scanner, error) {
	lines := bufio.NewScanner(in)
	lines.Buffer(nil, maxConfigLine)
	if !lines.Scan() {
		return nil, fmt.Errorf("error reading %s configuration: %w", whose, errors.Join(lines.Err(), io.ErrUnexpectedEOF))
	}
	if err := json.Unmarshal(lines.Bytes(), cfg); err != nil {
		return nil, fmt.Errorf("error reading %s configuration: %w", whose, err)
	}
	return lines, nil
}

// Clients is the client process (`rout bench live-clients`): it reads a ClientsConfig line from in, opens
// the clients, and then follows the protocol of the package documentation until in says "done" (with the
// last event of each group, a JSON array) or closes.
// It writes its lines to out. It returns when the clients are closed; an error line has been written
// for every error it returns after reading the configuration.
func Clients(ctx context.Context, in io.Reader, out io.Writer) (err error) {
	var cfg ClientsConfig
	lines, err := readConfigLine(in, &cfg, "the clients'")
	if err != nil {
		return err
	}
	w := &lineWriter{w: out}
	defer func() {
		if err != nil {
			w.write(line{Type: lineError, Error: err.Error()})
		}
	}()
	if err := cfg.validate(); err != nil {
		return fmt.Errorf("error in the clients' configuration: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The standard input tells when to stop; its end (the parent went away) stops everything.
	done := make(chan []int64, 1)
	go func() {
		defer cancel()
		for lines.Scan() {
			if seqs, ok := strings.CutPrefix(lines.Text(), "done "); ok {
				var last []int64
				if json.Unmarshal([]byte(seqs), &last) == nil && len(last) == len(cfg.Groups) {
					done <- last
					return
				}
			}
		}
	}()

	t := newTally(cfg.Groups, w)
	conns, subs, err := dialAll(ctx, &cfg)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	defer func() {
		for _, c := range conns {
			c.Close()
		}
		wg.Wait()
	}()
	for i, c := range conns {
		wg.Go(func() { t.ended(i, receive(c, i, cfg.Field, subs[i], t)) })
	}
	w.write(line{Type: lineReady})
	select {
	case last := <-done:
		t.close()
		for _, c := range conns {
			c.Close()
		}
		wg.Wait()
		w.write(line{Type: lineSummary, Summary: t.summary(last)})
		return nil
	case <-ctx.Done():
		return fmt.Errorf("stopped before the parent said done: %w", ctx.Err())
	}
}

// dialAll opens the connections of every group, cfg.Dialers at a time, each subscribed, in the order of
// the groups, and returns them with each one's subscribe message.
func dialAll(ctx context.Context, cfg *ClientsConfig) ([]*websocket.Conn, [][]byte, error) {
	type hello struct{ init, sub []byte } // a group's connection_init and subscribe messages
	var clients []hello
	for _, g := range cfg.Groups {
		h := hello{init: []byte(`{"type":"connection_init"}`)}
		var err error
		if g.Token != "" {
			h.init, err = json.Marshal(map[string]any{"type": "connection_init", "payload": map[string]string{"Authorization": "Bearer " + g.Token}})
			if err != nil {
				return nil, nil, err
			}
		}
		h.sub, err = json.Marshal(map[string]any{"id": subscriptionID, "type": "subscribe",
			"payload": map[string]any{"query": cfg.Query, "variables": g.Variables}})
		if err != nil {
			return nil, nil, err
		}
		for range g.Clients {
			clients = append(clients, h)
		}
	}
	dialer := &websocket.Dialer{HandshakeTimeout: cfg.HandshakeTimeout, Subprotocols: []string{Subprotocol}}
	conns := make([]*websocket.Conn, len(clients))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(cfg.Dialers)
	for i, h := range clients {
		g.Go(func() error {
			c, err := dial(gctx, dialer, cfg, h.init, h.sub)
			if err != nil {
				return fmt.Errorf("error opening client %d: %w", i, err)
			}
			conns[i] = c
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		for _, c := range conns {
			if c != nil {
				c.Close()
			}
		}
		return nil, nil, err
	}
	subs := make([][]byte, len(clients))
	for i, h := range clients {
		subs[i] = h.sub
	}
	return conns, subs, nil
}

// dial opens one connection: the upgrade, connection_init, connection_ack, subscribe.
func dial(ctx context.Context, d *websocket.Dialer, cfg *ClientsConfig, init, sub []byte) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.HandshakeTimeout)
	defer cancel()
	c, resp, err := d.DialContext(ctx, cfg.URL, nil)
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("%w (HTTP %s)", err, resp.Status)
		}
		return nil, err
	}
	if c.Subprotocol() != Subprotocol {
		c.Close()
		return nil, fmt.Errorf("the server chose subprotocol %q", c.Subprotocol())
	}
	deadline, _ := ctx.Deadline()
	err = func() error {
		if err := errors.Join(c.SetReadDeadline(deadline), c.SetWriteDeadline(deadline)); err != nil {
			return err
		}
		if err := c.WriteMessage(websocket.TextMessage, init); err != nil {
			return err
		}
		for {
			var m struct {
				Type string `json:"type"`
			}
			if err := c.ReadJSON(&m); err != nil {
				return fmt.Errorf("error waiting for connection_ack: %w", err)
			}
			if m.Type == "connection_ack" {
				break
			}
			if m.Type == "ping" {
				if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"pong"}`)); err != nil {
					return err
				}
			}
		}
		return c.WriteMessage(websocket.TextMessage, sub)
	}()
	if err != nil {
		c.Close()
		return nil, err
	}
	if err := errors.Join(c.SetReadDeadline(time.Time{}), c.SetWriteDeadline(time.Time{})); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// message is a graphql-transport-ws message as the clients read it: the payload of "next" is a result
// (nextPayload), that of "error" a list of errors.
type message struct {
	Type    string          `json:"type"`
	ID      string          `json:"id"`
	Payload json.RawMessage `json:"payload"`
}

// nextPayload is the payload of a "next" message.
type nextPayload struct {
	Data   map[string]struct{ Seq json.RawMessage } `json:"data"`
	Errors json.RawMessage                          `json:"errors"`
}

// receive reads client i's messages into t until the connection ends, and returns why it ended. A
// subscription the server refuses as busy (an error UNAVAILABLE with a retryAfter, as when its start took
// longer than the request timeout) is sent again (sub) after that wait, as a client does, and counted.
func receive(c *websocket.Conn, i int, field string, sub []byte, t *tally) error {
	for {
		_, b, err := c.ReadMessage()
		at := time.Now()
		if err != nil {
			return err
		}
		var m message
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("error decoding a message: %w", err)
		}
		switch m.Type {
		case "next":
			var p nextPayload
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				return fmt.Errorf("error decoding a next message: %w", err)
			}
			if len(p.Errors) > 0 {
				return fmt.Errorf("the server sent errors: %s", p.Errors)
			}
			seq, err := strconv.ParseInt(strings.Trim(string(p.Data[field].Seq), `"`), 10, 64)
			if err != nil {
				return fmt.Errorf("a next message without %s.seq: %.200s", field, b)
			}
			t.received(i, seq, at, len(b))
		case "ping":
			if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"pong"}`)); err != nil {
				return err
			}
		case "error":
			if wait, ok := busy(m.Payload); ok {
				t.resubscribed()
				time.Sleep(wait)
				if err := c.WriteMessage(websocket.TextMessage, sub); err != nil {
					return err
				}
				continue
			}
			return fmt.Errorf("the server ended the subscription: %.300s", b)
		case "complete":
			return fmt.Errorf("the server ended the subscription: %.300s", b)
		}
	}
}

// busy tells whether the payload of an error message refuses the subscription as busy for now
// (UNAVAILABLE), and how long it asks to wait.
func busy(payload json.RawMessage) (time.Duration, bool) {
	var errs []struct {
		Extensions struct {
			Code       string `json:"code"`
			RetryAfter int    `json:"retryAfter"`
		} `json:"extensions"`
	}
	if json.Unmarshal(payload, &errs) != nil || len(errs) != 1 || errs[0].Extensions.Code != "UNAVAILABLE" || errs[0].Extensions.RetryAfter < 1 {
		return 0, false
	}
	return time.Duration(errs[0].Extensions.RetryAfter) * time.Second, true
}

// tally counts what the clients received and writes an event line when every client of a group has an
// event.
type tally struct {
	w     *lineWriter
	group []int // by client: its group
	sizes []int // by group: its clients

	mu     sync.Mutex
	last   []int64 // by client: the last sequence number received
	events map[groupEvent]*receipt
	sum    Summary
	// closing is set when the child closes the connections itself: their ends are not counted.
	closing bool
}

// groupEvent is one event of one group of clients.
type groupEvent struct {
	group int
	seq   int64
}

// receipt is how many clients received an event, and when the first and the last of them did.
type receipt struct {
	count       int
	first, last time.Time
}

// newTally returns the tally of the clients of groups, numbered in the order of the groups.
func newTally(groups []ClientGroup, w *lineWriter) *tally {
	t := &tally{w: w, events: map[groupEvent]*receipt{}}
	for g, cg := range groups {
		t.sizes = append(t.sizes, cg.Clients)
		for range cg.Clients {
			t.group, t.last = append(t.group, g), append(t.last, cg.After)
		}
	}
	return t
}

// received counts the receipt of event seq by client i at time at.
func (t *tally) received(i int, seq int64, at time.Time, size int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sum.Messages++
	t.sum.Bytes += int64(size)
	if seq <= t.last[i] {
		t.sum.Duplicated++
		return
	}
	t.sum.Lost += seq - t.last[i] - 1
	t.last[i] = seq
	key := groupEvent{group: t.group[i], seq: seq}
	r := t.events[key]
	if r == nil {
		r = &receipt{}
		t.events[key] = r
	}
	r.count++
	if r.first.IsZero() || at.Before(r.first) {
		r.first = at
	}
	if at.After(r.last) {
		r.last = at
	}
	if r.count == t.sizes[key.group] {
		delete(t.events, key)
		t.w.write(line{Type: lineEvent, Group: key.group, Seq: seq, FirstNano: r.first.UnixNano(), LastNano: r.last.UnixNano()})
	}
}

// resubscribed counts a subscription sent again because the server was busy.
func (t *tally) resubscribed() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sum.Resubscribed++
}

// ended records that client i's connection ended with err.
func (t *tally) ended(i int, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closing {
		return
	}
	t.sum.Ended++
	if t.sum.FirstEnd == "" {
		t.sum.FirstEnd = fmt.Sprintf("client %d: %v", i, err)
	}
}

// close tells the tally that the child closes the connections now.
func (t *tally) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closing = true
}

// summary returns the tally, with lastSeqs the last event published to each group.
func (t *tally) summary(lastSeqs []int64) *Summary {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.sum
	for i, seq := range t.last {
		s.Lost += max(0, lastSeqs[t.group[i]]-seq)
	}
	return &s
}

// lineWriter writes JSON lines, one at a time.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lineWriter) write(l line) {
	b, _ := json.Marshal(l) // a line has nothing json.Marshal can refuse
	w.mu.Lock()
	defer w.mu.Unlock()
	// A failed write means that the parent went away: the end of the standard input stops the child.
	_, _ = w.w.Write(append(b, '\n'))
}
