package graph_test

import (
	"strings"
	"testing"
	"time"

	"rout/graph"
)

func TestDefaultConfigIsValid(t *testing.T) {
	t.Parallel()
	if err := graph.DefaultConfig().Validate(); err != nil {
		t.Fatalf("DefaultConfig: %v", err)
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
	}
	cfg, err := graph.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := graph.DefaultConfig()
	want.MaxBodyBytes, want.MaxDepth, want.RequestTimeout = 2048, 7, 3*time.Second
	want.RateIP = graph.RateLimit{Events: 60, Per: time.Minute, Burst: 5}
	want.RateUser = graph.RateLimit{}
	want.Suggestions, want.ClientIPHeader = true, "X-Real-IP"
	if cfg != want {
		t.Errorf("ConfigFromEnv = %+v, want %+v", cfg, want)
	}

	bad := map[string]string{
		graph.EnvMaxDepth:       "deep",
		graph.EnvRequestTimeout: "10",
		graph.EnvRateSignIn:     "10 per minute",
	}
	_, err = graph.ConfigFromEnv(func(k string) string { return bad[k] })
	for k := range bad {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("ConfigFromEnv with a bad %s: %v", k, err)
		}
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	cfg := graph.DefaultConfig()
	cfg.MaxDepth = 0
	cfg.RequestTimeout = -time.Second
	cfg.RateIP = graph.RateLimit{Events: 5, Per: 0, Burst: 1}
	err := cfg.Validate()
	for _, k := range []string{graph.EnvMaxDepth, graph.EnvRequestTimeout, graph.EnvRateIP} {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("Validate does not name %s: %v", k, err)
		}
	}
	if _, err := graph.NewHandler(cfg, graph.Deps{}); err == nil {
		t.Error("NewHandler took an invalid config")
	}
	if _, err := graph.NewHandler(graph.DefaultConfig(), graph.Deps{}); err == nil || !strings.Contains(err.Error(), "Deps.Ent") {
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
