package graph_test

import (
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/graph"
	"rout/graph/wstransport"
)

func TestDefaultConfigIsValid(t *testing.T) {
	t.Parallel()
	if err := graph.DefaultSettings().Validate(); err != nil {
		t.Fatalf("DefaultSettings: %v", err)
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		graph.EnvMaxBodyBytes:   "2048",
		graph.EnvMaxDepth:       "7",
		graph.EnvRequestTimeout: "3s",
		graph.EnvRateIP:         "60/1m,5",
		graph.EnvRateUser:       "off",
		graph.EnvSuggestions:    "true",
		graph.EnvClientIPHeader: "X-Real-IP",

		graph.EnvWSAllowedOrigins: "https://play.example.com, http://localhost:5173,",
		graph.EnvWSMaxOperations:  "5",
		graph.EnvWSReadLimit:      "4096",
		graph.EnvWSPingInterval:   "5s",
	}
	cfg, err := graph.SettingsFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := graph.DefaultSettings()
	want.MaxBodyBytes, want.MaxDepth, want.RequestTimeout = 2048, 7, 3*time.Second
	want.RateIP = graph.RateLimit{Events: 60, Per: time.Minute, Burst: 5}
	want.RateUser = graph.RateLimit{}
	want.Suggestions, want.ClientIPHeader = true, "X-Real-IP"
	want.WSAllowedOrigins = []string{"https://play.example.com", "http://localhost:5173"}
	want.WSMaxOperations, want.WSReadLimit, want.WSPingInterval = 5, 4096, 5*time.Second
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("SettingsFromEnv = %+v, want %+v", cfg, want)
	}

	bad := map[string]string{
		graph.EnvMaxDepth:       "deep",
		graph.EnvRequestTimeout: "10",
		graph.EnvRateSignIn:     "10 per minute",
		graph.EnvWSReadLimit:    "lots",
		graph.EnvWSInitTimeout:  "soon",
	}
	_, err = graph.SettingsFromEnv(func(k string) string { return bad[k] })
	for k := range bad {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("SettingsFromEnv with a bad %s: %v", k, err)
		}
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	cfg := graph.DefaultSettings()
	cfg.MaxDepth = 0
	cfg.RequestTimeout = -time.Second
	cfg.RateIP = graph.RateLimit{Events: 5, Per: 0, Burst: 1}
	cfg.WSMaxOperations, cfg.WSWriteTimeout = 0, 0
	cfg.WSAllowedOrigins = []string{"*", "https://ok.example.com"}
	if err := cfg.Validate(); err != nil && strings.Contains(err.Error(), graph.EnvWSAllowedOrigins) {
		t.Errorf("Validate refuses good origins: %v", err)
	}
	for _, bad := range []string{"play.example.com", "https://play.example.com/app", "ftp://x", "https://"} {
		c := graph.DefaultSettings()
		c.WSAllowedOrigins = []string{bad}
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("Validate with the origin %q: %v", bad, err)
		}
	}
	err := cfg.Validate()
	for _, k := range []string{graph.EnvMaxDepth, graph.EnvRequestTimeout, graph.EnvRateIP, graph.EnvWSMaxOperations, graph.EnvWSWriteTimeout} {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("Validate does not name %s: %v", k, err)
		}
	}
	if _, err := graph.NewHandler(cfg, graph.Deps{}); err == nil {
		t.Error("NewHandler took an invalid config")
	}
	if _, err := graph.NewHandler(graph.DefaultSettings(), graph.Deps{}); err == nil || !strings.Contains(err.Error(), "Deps.Ent") {
		t.Errorf("NewHandler without dependencies: %v", err)
	}
}

func TestParseRateLimit(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]graph.RateLimit{
		"600/1m":     {Events: 600, Per: time.Minute, Burst: 600},
		"600/1m,100": {Events: 600, Per: time.Minute, Burst: 100},
		"off":        {},
	} {
		got, err := graph.ParseRateLimit(s)
		if err != nil || got != want {
			t.Errorf("ParseRateLimit(%q) = %+v, %v; want %+v", s, got, err, want)
		}
		if again, err := graph.ParseRateLimit(got.String()); err != nil || again != got {
			t.Errorf("ParseRateLimit(%q.String()) = %+v, %v", s, again, err)
		}
	}
	for _, s := range []string{"", "600", "x/1m", "600/x", "600/1m,x"} {
		if _, err := graph.ParseRateLimit(s); err == nil {
			t.Errorf("ParseRateLimit(%q) did not fail", s)
		}
	}
}

func TestWebsocketSettingsReachTheTransport(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) {
		c.WSAllowedOrigins = []string{"https://play.example.com"}
		c.WSInitTimeout = 100 * time.Millisecond
	})
	url := "ws" + strings.TrimPrefix(e.srv.URL, "http") + graph.Path
	dial := func(origin string) (*websocket.Conn, *http.Response, error) {
		d := websocket.Dialer{Subprotocols: []string{wstransport.ProtocolTransportWS}, HandshakeTimeout: 10 * time.Second}
		return d.Dial(url, http.Header{"Origin": {origin}})
	}
	if _, resp, err := dial("https://evil.example.com"); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("an origin not allowed: %v, %v; want 403", resp, err)
	}
	ws, _, err := dial("https://play.example.com")
	if err != nil {
		t.Fatalf("an allowed origin: %v", err)
	}
	defer ws.Close()
	// No connection_init: the configured init timeout closes the socket with 4408.
	_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, _, err = ws.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != wstransport.CloseInitTimeout {
		t.Fatalf("read: %v, want close %d", err, wstransport.CloseInitTimeout)
	}
}
