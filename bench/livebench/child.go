package livebench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// clientsStopTimeout is how long the clients' process may take to end once asked before it is killed.
const clientsStopTimeout = 30 * time.Second

// child is a running child process: the clients, or a target's server.
type child struct {
	name        string // for messages: "the clients", "the rout server"
	cmd         *exec.Cmd
	stdin       io.WriteCloser
	stopTimeout time.Duration // how long it may take to end once asked before it is killed
	lines       chan line     // the lines it writes, closed at the end of its output
	exited      chan struct{} // closed when it has ended
	err         error         // why it ended; read after exited closes
}

// startChild starts cmd (whose standard input and output must be unset), named name in messages, and
// sends it first as its first line. Once asked to stop, it may take stopTimeout to end before it is
// killed.
func startChild(name string, cmd *exec.Cmd, first any, stopTimeout time.Duration) (*child, error) {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("error starting %s: %w", name, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("error starting %s: %w", name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("error starting %s: %w", name, err)
	}
	c := &child{name: name, cmd: cmd, stdin: stdin, stopTimeout: stopTimeout, lines: make(chan line, 16), exited: make(chan struct{})}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(stdout)
		// A server's listening line holds its clients' configuration: as long as a configuration line.
		sc.Buffer(nil, maxConfigLine)
		for sc.Scan() {
			var l line
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.Type != "" {
				c.lines <- l
			}
		}
		// After a line too long, the rest unread, so that the child does not block writing it.
		_, _ = io.Copy(io.Discard, stdout)
		// Wait only once the output is read, as os/exec asks.
		c.err = cmd.Wait()
		close(c.exited)
	}()
	b, err := json.Marshal(first)
	if err == nil {
		err = c.send(string(b))
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("error configuring %s: %w", name, err), c.stop())
	}
	return c, nil
}

// send writes one line to the child.
func (c *child) send(text string) error {
	if _, err := io.WriteString(c.stdin, text+"\n"); err != nil {
		return fmt.Errorf("error writing to %s: %w", c.name, err)
	}
	return nil
}

// next returns the child's next line of type want, failing on an error line, on the end of its output
// and when timeout passes or ctx ends first. Lines of other types are skipped.
func (c *child) next(ctx context.Context, want string, timeout time.Duration) (line, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-c.lines:
			switch {
			case !ok:
				<-c.exited
				return line{}, fmt.Errorf("%s ended while the benchmark waited for %q: %w", c.name, want, c.err)
			case l.Type == lineError:
				return line{}, fmt.Errorf("%s failed: %s", c.name, l.Error)
			case l.Type == want:
				return l, nil
			}
		case <-timer.C:
			return line{}, fmt.Errorf("no %q from %s within %s", want, c.name, timeout)
		case <-ctx.Done():
			return line{}, ctx.Err()
		}
	}
}

// finish tells the child the last event of each group of clients and returns its summary.
func (c *child) finish(ctx context.Context, last []int64) (*Summary, error) {
	seqs, err := json.Marshal(last)
	if err != nil {
		return nil, err
	}
	if err := c.send("done " + string(seqs)); err != nil {
		return nil, err
	}
	l, err := c.next(ctx, lineSummary, c.stopTimeout)
	if err != nil {
		return nil, err
	}
	return l.Summary, nil
}

// stop closes the child's input, which ends it, and waits for it; after c.stopTimeout it kills it (by its
// pid). It returns an error when the child had to be killed or ended with an error (with its last error
// line not read yet, if any).
func (c *child) stop() error {
	c.stdin.Close()
	reported := make(chan string, 1)
	go func() {
		last := ""
		for l := range c.lines { // drain, so that the reader reaches Wait
			if l.Type == lineError {
				last = l.Error
			}
		}
		reported <- last
	}()
	select {
	case <-c.exited:
		if c.err == nil {
			return nil
		}
		if last := <-reported; last != "" {
			return fmt.Errorf("%s failed: %s (%w)", c.name, last, c.err)
		}
		return fmt.Errorf("%s failed: %w", c.name, c.err)
	case <-time.After(c.stopTimeout):
		_ = c.cmd.Process.Kill() // it may have ended since: <-c.exited tells
		<-c.exited
		return fmt.Errorf("%s (pid %d) did not end within %s and was killed", c.name, c.cmd.Process.Pid, c.stopTimeout)
	}
}
