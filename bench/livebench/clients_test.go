package livebench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

func TestTallyCountsLossesAndDuplicates(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	w := &lineWriter{w: &out}
	tl := newTally([]ClientGroup{{Clients: 2, After: 10}}, w)
	at := time.Unix(100, 0)
	// Client 0 gets 11, 12, 12 again, 14 (13 lost); client 1 gets 11 and 12 only.
	for _, r := range []struct {
		client int
		seq    int64
	}{{0, 11}, {1, 11}, {0, 12}, {0, 12}, {1, 12}, {0, 14}} {
		at = at.Add(time.Millisecond)
		tl.received(r.client, r.seq, at, 100)
	}
	tl.ended(1, io.EOF)
	tl.close()
	tl.ended(0, io.EOF) // closed by the child: not counted
	got := tl.summary([]int64{15})
	want := Summary{Messages: 6, Bytes: 600, Lost: 1 + 1 + 3, Duplicated: 1, Ended: 1, FirstEnd: "client 1: EOF"}
	if *got != want {
		t.Errorf("summary = %+v, want %+v", *got, want)
	}
	// Events 11 and 12 reached both clients (first and last at the times given); 14 only one.
	lines := readLines(t, out.String())
	wantLines := []line{
		{Type: lineEvent, Seq: 11, FirstNano: time.Unix(100, 0).Add(1 * time.Millisecond).UnixNano(),
			LastNano: time.Unix(100, 0).Add(2 * time.Millisecond).UnixNano()},
		{Type: lineEvent, Seq: 12, FirstNano: time.Unix(100, 0).Add(3 * time.Millisecond).UnixNano(),
			LastNano: time.Unix(100, 0).Add(5 * time.Millisecond).UnixNano()},
	}
	if fmt.Sprint(lines) != fmt.Sprint(wantLines) {
		t.Errorf("lines = %+v, want %+v", lines, wantLines)
	}
}

func TestTallyCompletesEachGroupsEvents(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	tl := newTally([]ClientGroup{{Clients: 1, After: 4}, {Clients: 2, After: 0}}, &lineWriter{w: &out})
	at := time.Unix(100, 0)
	// Client 0 (group 0) gets 5 and 6; clients 1 and 2 (group 1) get 1, and client 1 also 2.
	for _, r := range []struct {
		client int
		seq    int64
	}{{1, 1}, {0, 5}, {2, 1}, {1, 2}, {0, 6}} {
		at = at.Add(time.Millisecond)
		tl.received(r.client, r.seq, at, 10)
	}
	ms := func(n int) int64 { return time.Unix(100, 0).Add(time.Duration(n) * time.Millisecond).UnixNano() }
	want := []line{
		{Type: lineEvent, Group: 0, Seq: 5, FirstNano: ms(2), LastNano: ms(2)},
		{Type: lineEvent, Group: 1, Seq: 1, FirstNano: ms(1), LastNano: ms(3)},
		{Type: lineEvent, Group: 0, Seq: 6, FirstNano: ms(5), LastNano: ms(5)},
	}
	if got := readLines(t, out.String()); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lines = %+v, want %+v", got, want)
	}
	// Each group's last event counts only for its own clients: client 2 lost 2 and 3, client 1 lost 3.
	if got := tl.summary([]int64{6, 3}); got.Lost != 3 || got.Messages != 5 {
		t.Errorf("summary = %+v, want 3 lost of 5 messages", *got)
	}
}

// readLines decodes the JSON lines of a child's output.
func readLines(t *testing.T, out string) []line {
	t.Helper()
	var lines []line
	for _, s := range strings.Split(strings.TrimSpace(out), "\n") {
		var l line
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Fatalf("line %q: %v", s, err)
		}
		lines = append(lines, l)
	}
	return lines
}

// startClients runs Clients in a goroutine with cfg, and returns its input, its output lines and a
// function that waits for its result.
func startClients(t *testing.T, cfg ClientsConfig) (io.WriteCloser, *bufio.Scanner, func() error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	finished := make(chan struct{})
	var result error
	go func() {
		defer close(finished)
		result = Clients(context.Background(), inR, outW)
		outW.CloseWithError(io.EOF)
	}()
	wait := func() error {
		select {
		case <-finished:
			return result
		case <-time.After(time.Minute):
			return errors.New("the clients did not end within a minute")
		}
	}
	t.Cleanup(func() {
		inW.Close()
		go func() { _, _ = io.Copy(io.Discard, outR) }() // drain, so that Clients can end
		select {
		case <-finished:
		case <-time.After(time.Minute):
			t.Error("the clients did not end within a minute")
		}
	})
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = inW.Write(append(b, '\n')) }() // a Clients that did not read it fails the test
	return inW, bufio.NewScanner(outR), wait
}

// nextLine reads the next line of the clients, failing the test at the end of their output.
func nextLine(t *testing.T, out *bufio.Scanner) line {
	t.Helper()
	if !out.Scan() {
		t.Fatalf("the clients' output ended: %v", out.Err())
	}
	var l line
	if err := json.Unmarshal(out.Bytes(), &l); err != nil {
		t.Fatalf("line %q: %v", out.Text(), err)
	}
	return l
}

func TestClientsAgainstBaseline(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b, err := StartBaseline()
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := b.Close(ctx); err != nil {
			t.Error(err)
		}
	}()
	const clients = 5
	in, out, wait := startClients(t, ClientsConfig{URL: b.URL(), Groups: []ClientGroup{{Clients: clients}}, Query: RoutQuery, Field: "gameEvents", Dialers: 2})
	if l := nextLine(t, out); l.Type != lineReady {
		t.Fatalf("first line = %+v, want ready", l)
	}
	for deadline := time.Now().Add(time.Minute); b.Subscribers() < clients; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d subscribers, want %d", b.Subscribers(), clients)
		}
	}
	before := time.Now()
	for want := int64(1); want <= 3; want++ {
		seq, err := b.Publish(ctx)
		if err != nil || seq != want {
			t.Fatalf("Publish = %d, %v; want %d", seq, err, want)
		}
		l := nextLine(t, out)
		if l.Type != lineEvent || l.Seq != want || l.LastNano < before.UnixNano() {
			t.Fatalf("line = %+v, want event %d received after %d", l, want, before.UnixNano())
		}
	}
	// Say one more event was published than was: every client lost it.
	fmt.Fprintln(in, "done [4]")
	l := nextLine(t, out)
	msg, err := BaselineMessage(1)
	if err != nil {
		t.Fatal(err)
	}
	want := Summary{Messages: 3 * clients, Bytes: 3 * clients * int64(len(msg)), Lost: clients}
	if l.Type != lineSummary || *l.Summary != want {
		t.Errorf("summary line = %+v %+v, want %+v", l, l.Summary, want)
	}
	if err := wait(); err != nil {
		t.Errorf("Clients = %v", err)
	}
}

func TestClientsReportsFailures(t *testing.T) {
	t.Parallel()
	// As many groups as the viewers of a thousand games, each with a token and variables.
	many := make([]ClientGroup, Views(1000))
	for i := range many {
		many[i] = ClientGroup{Clients: 1, Token: strings.Repeat("t", 43), Variables: json.RawMessage(`{"gameId":"R2FtZToxMDAw","after":1234}`)}
	}
	for name, cfg := range map[string]ClientsConfig{
		"bad config":            {URL: "http://127.0.0.1:1/", Groups: []ClientGroup{{Clients: 0}}},
		"no server":             {URL: "ws://127.0.0.1:1/", Groups: []ClientGroup{{Clients: 1}}, Query: RoutQuery, Field: "gameEvents"},
		"no server, many games": {URL: "ws://127.0.0.1:1/", Groups: many, Query: RoutQuery, Field: "gameEvents"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, out, wait := startClients(t, cfg)
			if l := nextLine(t, out); l.Type != lineError || l.Error == "" {
				t.Errorf("line = %+v, want an error", l)
			}
			if err := wait(); err == nil {
				t.Error("Clients = nil, want an error")
			}
		})
	}
}

// A subscription the server refuses as busy is sent again after the wait it asks for; one it ends with
// another error (whose payload is a list of errors) ends its client with the server's words.
func TestClientResubscribesWhenBusyAndEndsWithTheServersError(t *testing.T) {
	t.Parallel()
	const (
		busy    = `{"type":"error","id":"1","payload":[{"message":"the server is busy","extensions":{"code":"UNAVAILABLE","retryAfter":1}}]}`
		refusal = `{"type":"error","id":"1","payload":[{"message":"no such room","extensions":{"code":"CHAT_ROOM"}}]}`
		sub     = `{"id":"1","type":"subscribe","payload":{}}`
	)
	again := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		_ = c.WriteMessage(websocket.TextMessage, []byte(busy))
		_, b, _ := c.ReadMessage() // the subscription again
		again <- string(b)
		_ = c.WriteMessage(websocket.TextMessage, []byte(refusal))
		_, _, _ = c.ReadMessage() // until the client closes
	}))
	defer srv.Close()
	c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tl := newTally([]ClientGroup{{Clients: 1}}, &lineWriter{w: io.Discard})
	start := time.Now()
	err = receive(c, 0, "gameEvents", []byte(sub), tl)
	if err == nil || !strings.Contains(err.Error(), "the server ended the subscription: "+refusal) {
		t.Errorf("receive = %v, want the server's second error", err)
	}
	if got := <-again; got != sub || time.Since(start) < time.Second || tl.summary([]int64{0}).Resubscribed != 1 {
		t.Errorf("sent again %q after %s, %d counted; want %q after a second, 1", got, time.Since(start), tl.summary([]int64{0}).Resubscribed, sub)
	}
}
