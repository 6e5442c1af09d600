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

// childStopTimeout is how long the client process may take to end once asked before it is killed.
const childStopTimeout = 30 * time.Second

// child is a running client process.
type child struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan line     // the lines it writes, closed at the end of its output
	exited chan struct{} // closed when it has ended
	err    error         // why it ended; read after exited closes
}

// startChild starts cmd (whose standard input and output must be unset) and sends it cfg.
func startChild(cmd *exec.Cmd, cfg ClientsConfig) (*child, error) {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("error starting the clients: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("error starting the clients: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("error starting the clients: %w", err)
	}
	c := &child{cmd: cmd, stdin: stdin, lines: make(chan line, 16), exited: make(chan struct{})}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var l line
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.Type != "" {
				c.lines <- l
			}
		}
		// Wait only once the output is read, as os/exec asks.
		c.err = cmd.Wait()
		close(c.exited)
	}()
	b, err := json.Marshal(cfg)
	if err == nil {
		_, err = stdin.Write(append(b, '\n'))
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("error configuring the clients: %w", err), c.stop())
	}
	return c, nil
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
				return line{}, fmt.Errorf("the clients ended while the benchmark waited for %q: %v", want, c.err)
			case l.Type == lineError:
				return line{}, fmt.Errorf("the clients failed: %s", l.Error)
			case l.Type == want:
				return l, nil
			}
		case <-timer.C:
			return line{}, fmt.Errorf("no %q from the clients within %s", want, timeout)
		case <-ctx.Done():
			return line{}, ctx.Err()
		}
	}
}

// finish tells the child that seq was the last event and returns its summary.
func (c *child) finish(ctx context.Context, seq int64) (*Summary, error) {
	if _, err := fmt.Fprintf(c.stdin, "done %d\n", seq); err != nil {
		return nil, fmt.Errorf("error telling the clients to stop: %w", err)
	}
	l, err := c.next(ctx, lineSummary, childStopTimeout)
	if err != nil {
		return nil, err
	}
	return l.Summary, nil
}

// stop closes the child's input, which ends it, and waits for it; after childStopTimeout it kills it.
// It returns an error when the child had to be killed.
func (c *child) stop() error {
	c.stdin.Close()
	go func() {
		for range c.lines { // drain, so that the reader reaches Wait
		}
	}()
	select {
	case <-c.exited:
		return nil
	case <-time.After(childStopTimeout):
		c.cmd.Process.Kill()
		<-c.exited
		return fmt.Errorf("the clients (pid %d) did not end within %s and were killed", c.cmd.Process.Pid, childStopTimeout)
	}
}
