package livebench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"time"
)

// The commands the parent writes to the baseline's process, one a line.
const (
	commandMemory      = "memory"
	commandSubscribers = "subscribers"
	commandPublish     = "publish"
)

// ServeBaseline is the baseline's process (`rout bench live-baseline`): it starts a Baseline on loopback,
// writes a "listening" line with its URL to out, and then answers each command line of in: "memory"
// (the process's live heap and goroutine stacks after a garbage collection, and its goroutines),
// "subscribers" (how many connections have subscribed) and "publish" (the next event: its number and
// when its broadcast began). It stops the server and returns when in ends; an error line has been
// written for every error it returns.
func ServeBaseline(ctx context.Context, in io.Reader, out io.Writer) (err error) {
	w := &lineWriter{w: out}
	defer func() {
		if err != nil {
			w.write(line{Type: lineError, Error: err.Error()})
		}
	}()
	b, err := StartBaseline()
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		err = errors.Join(err, b.Close(closeCtx))
	}()
	w.write(line{Type: lineListening, URL: b.URL()})
	commands := bufio.NewScanner(in)
	for commands.Scan() {
		switch command := commands.Text(); command {
		case commandMemory:
			w.write(line{Type: lineMemory, Bytes: liveMemory(), Goroutines: runtime.NumGoroutine()})
		case commandSubscribers:
			w.write(line{Type: lineSubscribers, Count: b.Subscribers()})
		case commandPublish:
			start := time.Now()
			seq, err := b.Publish(ctx)
			if err != nil {
				return err
			}
			w.write(line{Type: linePublished, Seq: seq, PublishedNano: start.UnixNano()})
		default:
			return fmt.Errorf("unknown command %q", command)
		}
	}
	return commands.Err()
}

// baselineProcess is the baseline as a target: a Baseline in a process of its own (ServeBaseline), so
// that its connections and its memory are apart from Rout's, which runs in the benchmark's process.
type baselineProcess struct {
	c       *child
	url     string
	timeout time.Duration // bounds each answer
}

// startBaselineProcess starts the baseline's process with cmd (whose standard input and output must be
// unset) and waits until it listens.
func startBaselineProcess(ctx context.Context, cmd *exec.Cmd, timeout time.Duration) (*baselineProcess, error) {
	c, err := startChild("the baseline", cmd, nil)
	if err != nil {
		return nil, err
	}
	p := &baselineProcess{c: c, timeout: timeout}
	l, err := c.next(ctx, lineListening, timeout)
	if err != nil {
		return nil, errors.Join(err, c.stop())
	}
	p.url = l.URL
	return p, nil
}

// ask writes command and returns the answer of type want.
func (p *baselineProcess) ask(ctx context.Context, command, want string) (line, error) {
	if err := p.c.send(command); err != nil {
		return line{}, err
	}
	return p.c.next(ctx, want, p.timeout)
}

func (p *baselineProcess) clients(n int) ClientsConfig {
	return ClientsConfig{URL: p.url, Query: RoutQuery, Field: "gameEvents", Groups: []ClientGroup{{Clients: n}}}
}

func (p *baselineProcess) memory(ctx context.Context) (uint64, int, error) {
	l, err := p.ask(ctx, commandMemory, lineMemory)
	return l.Bytes, l.Goroutines, err
}

func (p *baselineProcess) subscribers(ctx context.Context) (int, error) {
	l, err := p.ask(ctx, commandSubscribers, lineSubscribers)
	return l.Count, err
}

// rotation is one: the baseline has one stream of events.
func (p *baselineProcess) rotation() int { return 1 }

// publish sends the next event to every client, the one group.
func (p *baselineProcess) publish(ctx context.Context) ([]delivery, time.Time, error) {
	l, err := p.ask(ctx, commandPublish, linePublished)
	return []delivery{{group: 0, seq: l.Seq}}, time.Unix(0, l.PublishedNano), err
}

func (p *baselineProcess) close(context.Context) error { return p.c.stop() }
