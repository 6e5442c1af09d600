package apibench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// processStopTimeout is how long a child process may take to stop once interrupted before it is killed.
const processStopTimeout = 30 * time.Second

// process is a child process of the benchmark that serves HTTP on loopback and logs JSON records on its
// standard error, among them one with the message "ready" and the address it listens on: `rout serve`,
// or the plain HTTP handler (ServePlainHTTP). The zero process is one never started.
type process struct {
	name   string
	cmd    *exec.Cmd
	exited chan struct{}
	err    error // why the process ended; read after exited closes
}

// withoutRout returns env (the current environment when nil) without Rout's settings (ROUT_* and
// DATABASE_URL), which the benchmark sets itself.
func withoutRout(env []string) []string {
	if env == nil {
		env = os.Environ()
	}
	out := []string{}
	for _, kv := range env {
		if !strings.HasPrefix(kv, "ROUT_") && !strings.HasPrefix(kv, "DATABASE_URL=") {
			out = append(out, kv)
		}
	}
	return out
}

// start starts cmd (its standard error unset) as the process called name and returns the address it
// listens on once it has logged that it is ready, within timeout. Its warnings and errors go to progress.
func (p *process) start(ctx context.Context, name string, cmd *exec.Cmd, progress io.Writer, timeout time.Duration) (string, error) {
	p.name = name
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return "", fmt.Errorf("error starting %s: %w", name, err)
	}
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("error starting %s: %w", name, err)
	}
	p.cmd, p.exited = cmd, make(chan struct{})
	ready := make(chan string, 1)
	go func() {
		p.readLogs(stderr, ready, progress)
		p.err = cmd.Wait()
		close(p.exited)
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case addr := <-ready:
		return addr, nil
	case <-p.exited:
		return "", fmt.Errorf("%s ended before it was ready: %w", name, p.err)
	case <-timer.C:
		return "", fmt.Errorf("%s was not ready within %s", name, timeout)
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// readLogs reads the process's JSON log records until they end: it sends the address of the "ready"
// record to ready and copies warnings, errors and lines that are not JSON to progress.
func (p *process) readLogs(r io.Reader, ready chan<- string, progress io.Writer) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var rec struct {
			Level, Msg, Addr string
		}
		if json.Unmarshal(sc.Bytes(), &rec) != nil {
			fmt.Fprintf(progress, "%s: %s\n", p.name, sc.Text())
			continue
		}
		switch {
		case rec.Msg == "ready":
			select {
			case ready <- rec.Addr:
			default:
			}
		case rec.Level == "WARN" || rec.Level == "ERROR":
			fmt.Fprintf(progress, "%s: %s\n", p.name, sc.Text())
		}
	}
}

// cpuTime returns the CPU time the process has used (user and system), from /proc; false when it was
// never started or /proc cannot tell.
func (p *process) cpuTime() (time.Duration, bool) {
	if p.cmd == nil || p.cmd.Process == nil {
		return 0, false
	}
	return processCPU(p.cmd.Process.Pid)
}

// stop stops the process (SIGINT, then a kill after processStopTimeout); a process never started is
// left alone.
func (p *process) stop() error {
	if p.cmd == nil || p.exited == nil {
		return nil
	}
	_ = p.cmd.Process.Signal(os.Interrupt)
	select {
	case <-p.exited:
		return nil
	case <-time.After(processStopTimeout):
		_ = p.cmd.Process.Kill()
		<-p.exited
		return fmt.Errorf("%s (pid %d) did not stop within %s and was killed", p.name, p.cmd.Process.Pid, processStopTimeout)
	}
}
