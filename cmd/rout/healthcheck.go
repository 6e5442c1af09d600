package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"rout/server"
)

// healthcheckTimeout bounds rout healthcheck's request, by default.
const healthcheckTimeout = 3 * time.Second

// runHealthcheck asks a server on this machine whether it is ready (GET /readyz) and fails when it is
// not: the health check of the Docker image, which has no shell or curl.
func runHealthcheck(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("healthcheck", "[flags]", "GETs http://<addr>/readyz and exits with status 0 when the server is ready, 1 otherwise.", stderr)
	addr := fs.String("addr", cmp.Or(getenv(server.EnvAddr), server.DefaultAddr),
		"`host:port` the server listens on ($ROUT_ADDR); an unspecified host (0.0.0.0, ::) means loopback")
	timeout := fs.Duration("timeout", healthcheckTimeout, "how long to wait for the answer")
	if done, err := parseFlags(fs, args, 0); done {
		return err
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return usageError(fmt.Sprintf("healthcheck: --addr %q is not host:port: %v", *addr, err))
	}
	if *timeout <= 0 {
		return usageError("healthcheck: --timeout must be positive")
	}
	url := "http://" + net.JoinHostPort(dialHost(host), port) + "/readyz"
	if err := checkReady(ctx, url, *timeout); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "ready")
	return nil
}

// checkReady GETs a /readyz URL and returns nil when it answers 200, else an error with the reason.
func checkReady(ctx context.Context, url string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("error checking %s: %w", url, err)
	}
	// No proxy: the server is on this machine.
	client := &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("not ready: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("not ready: error reading the answer of %s: %w", url, err)
	}
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	var r server.Readiness
	if json.Unmarshal(body, &r) == nil && r.Reason != "" {
		return fmt.Errorf("not ready: %s: %s", resp.Status, r.Reason)
	}
	return fmt.Errorf("not ready: %s from %s", resp.Status, url)
}

// dialHost returns the host to reach a server that listens on host: loopback for an unspecified host.
func dialHost(host string) string {
	switch host {
	case "", "0.0.0.0":
		return "127.0.0.1"
	case "::":
		return "::1"
	}
	return host
}
