package livebench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// baselineWriteTimeout bounds one write of the baseline server.
const baselineWriteTimeout = 10 * time.Second

// Baseline is the plain broadcast the subscriptions are measured against: a gorilla/websocket server on
// loopback that answers the graphql-transport-ws handshake (connection_ack to connection_init, pong to
// ping) and, for each event, encodes one BaselineMessage and hands the same bytes to every subscribed
// connection's writer goroutine through a channel. It does nothing else: no authentication, no GraphQL,
// no database.
type Baseline struct {
	srv      *http.Server
	url      string
	upgrader websocket.Upgrader
	served   chan error
	seq      int64 // the last event published; used by Publish only

	mu     sync.Mutex
	subs   map[*baselineConn]struct{}
	conns  map[*websocket.Conn]struct{}
	closed bool
	wg     sync.WaitGroup // the connections' goroutines
}

// baselineConn is one subscribed connection: its writer takes the messages from out until done closes.
type baselineConn struct {
	out  chan []byte
	done chan struct{}
}

// StartBaseline starts a baseline server on a free loopback port. Close stops it.
func StartBaseline() (*Baseline, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("error listening for the baseline: %w", err)
	}
	b := &Baseline{
		url:      "ws://" + ln.Addr().String() + "/",
		upgrader: websocket.Upgrader{Subprotocols: []string{Subprotocol}},
		served:   make(chan error, 1),
		subs:     map[*baselineConn]struct{}{},
		conns:    map[*websocket.Conn]struct{}{},
	}
	b.srv = &http.Server{Handler: http.HandlerFunc(b.serve), ReadHeaderTimeout: 30 * time.Second}
	go func() { b.served <- b.srv.Serve(ln) }()
	return b, nil
}

// URL returns the server's websocket URL.
func (b *Baseline) URL() string { return b.url }

// Subscribers returns how many connections have subscribed and not ended.
func (b *Baseline) Subscribers() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs)
}

// Publish sends the next event (sequence numbers 1, 2, ...) to every subscribed connection and returns
// its number. It waits while a connection's channel is full, until ctx ends. Not safe for concurrent use.
func (b *Baseline) Publish(ctx context.Context) (int64, error) {
	b.seq++
	msg, err := BaselineMessage(b.seq)
	if err != nil {
		return 0, err
	}
	b.mu.Lock()
	subs := make([]*baselineConn, 0, len(b.subs))
	for s := range b.subs {
		subs = append(subs, s)
	}
	b.mu.Unlock()
	for _, s := range subs {
		select {
		case s.out <- msg:
		case <-s.done:
		case <-ctx.Done():
			return 0, fmt.Errorf("error publishing baseline event %d: %w", b.seq, ctx.Err())
		}
	}
	return b.seq, nil
}

// Close stops the server and closes every connection, and waits for their goroutines.
func (b *Baseline) Close(ctx context.Context) error {
	err := b.srv.Shutdown(ctx)
	b.mu.Lock()
	b.closed = true
	for c := range b.conns {
		c.Close()
	}
	b.mu.Unlock()
	b.wg.Wait()
	if served := <-b.served; !errors.Is(served, http.ErrServerClosed) {
		err = errors.Join(err, served)
	}
	return err
}

// serve runs one connection: the handshake, then the reads (pings) while a writer goroutine sends the
// events.
func (b *Baseline) serve(w http.ResponseWriter, r *http.Request) {
	c, err := b.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		c.Close()
		return
	}
	b.conns[c] = struct{}{}
	b.wg.Add(1)
	b.mu.Unlock()
	defer b.wg.Done()
	defer func() {
		b.mu.Lock()
		delete(b.conns, c)
		b.mu.Unlock()
		c.Close()
	}()
	if c.Subprotocol() != Subprotocol {
		return
	}
	var s *baselineConn
	for {
		var m struct {
			Type string `json:"type"`
		}
		if err := c.ReadJSON(&m); err != nil {
			break
		}
		switch {
		case m.Type == "connection_init" && s == nil:
			if c.SetWriteDeadline(time.Now().Add(baselineWriteTimeout)) != nil ||
				c.WriteMessage(websocket.TextMessage, []byte(`{"type":"connection_ack"}`)) != nil {
				return
			}
		case m.Type == "subscribe" && s == nil:
			s = &baselineConn{out: make(chan []byte, 64), done: make(chan struct{})}
			b.wg.Go(func() { s.write(c) })
			b.mu.Lock()
			b.subs[s] = struct{}{}
			b.mu.Unlock()
		}
	}
	if s != nil {
		b.mu.Lock()
		delete(b.subs, s)
		b.mu.Unlock()
		close(s.done)
	}
}

// write sends the messages of s to c until s ends; after a failed write it drops them.
func (s *baselineConn) write(c *websocket.Conn) {
	failed := false
	for {
		select {
		case msg := <-s.out:
			if failed {
				continue
			}
			if c.SetWriteDeadline(time.Now().Add(baselineWriteTimeout)) != nil ||
				c.WriteMessage(websocket.TextMessage, msg) != nil {
				failed = true
				c.Close()
			}
		case <-s.done:
			return
		}
	}
}

// BaselineMessage returns the message the baseline sends for event seq: a graphql-transport-ws "next"
// message shaped like the one Rout sends for one battle_rolled event of the benchmark's game, with every
// field that the benchmark's subscription selects (see RoutQuery).
func BaselineMessage(seq int64) ([]byte, error) {
	type territory struct {
		Index   int    `json:"index"`
		Key     string `json:"key"`
		Owner   int    `json:"owner"`
		Neutral bool   `json:"neutral"`
		Armies  int    `json:"armies"`
	}
	type dice struct {
		Attacker []int `json:"attacker"`
		Defender []int `json:"defender"`
	}
	type event struct {
		Seq         int64           `json:"seq"`
		Turn        int             `json:"turn"`
		Seat        int             `json:"seat"`
		Kind        string          `json:"kind"`
		Payload     json.RawMessage `json:"payload"`
		Phase       string          `json:"phase"`
		CurrentSeat int             `json:"currentSeat"`
		Territories []territory     `json:"territories"`
		Dice        dice            `json:"dice"`
		Winner      *int            `json:"winner"`
	}
	type next struct {
		Type    string `json:"type"`
		ID      string `json:"id"`
		Payload struct {
			Data struct {
				GameEvents event `json:"gameEvents"`
			} `json:"data"`
		} `json:"payload"`
	}
	var m next
	m.Type, m.ID = "next", subscriptionID
	m.Payload.Data.GameEvents = event{
		Seq: seq, Turn: 3, Seat: 1, Kind: "battle_rolled",
		Payload: json.RawMessage(`{"attackDice":[6,4,1],"attacker":1,"attackerLosses":1,"defendDice":[5,3],"defender":0,"defenderLosses":1,"from":1,"to":2}`),
		Phase:   "attack", CurrentSeat: 1,
		Territories: []territory{{Index: 1, Key: "t2", Owner: 1, Armies: 1722}, {Index: 2, Key: "t3", Owner: 0, Armies: 851}},
		Dice:        dice{Attacker: []int{6, 4, 1}, Defender: []int{5, 3}},
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("error encoding a baseline message: %w", err)
	}
	return b, nil
}
