package jobs_test

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	"rout/jobs"
)

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	cfg, err := jobs.ConfigFromEnv(func(string) string { return "" })
	if err != nil || cfg != jobs.DefaultConfig() {
		t.Fatalf("ConfigFromEnv with no environment = %+v, %v; want the defaults", cfg, err)
	}
	if err := cfg.Validate(); err != nil {
		t.Errorf("the defaults do not validate: %v", err)
	}
	env := map[string]string{jobs.EnvPollInterval: "1s", jobs.EnvCPUDelay: "0s", jobs.EnvSweepInterval: "5m",
		jobs.EnvSweepGrace: "30s", jobs.EnvMaxWorkers: "4", jobs.EnvCPUWorkers: "6", jobs.EnvFetchCooldown: "20ms", jobs.EnvNotifyAttempts: "3", jobs.EnvRescueAfter: "2m",
		jobs.EnvNotifyDelay: "5s", jobs.EnvNotifyPerUser: "6", jobs.EnvNotifyRate: "50", jobs.EnvTakeoverBatch: "7"}
	cfg, err = jobs.ConfigFromEnv(func(k string) string { return env[k] })
	want := jobs.Config{PollInterval: time.Second, SweepInterval: 5 * time.Minute, SweepGrace: 30 * time.Second,
		MaxWorkers: 4, CPUWorkers: 6, FetchCooldown: 20 * time.Millisecond, NotifyAttempts: 3, RescueAfter: 2 * time.Minute,
		NotifyDelay: 5 * time.Second, NotifyPerUserHour: 6, NotifyPerSecond: 50, TakeoverBatch: 7}
	if err != nil || cfg != want {
		t.Errorf("ConfigFromEnv = %+v, %v; want %+v", cfg, err, want)
	}
	_, err = jobs.ConfigFromEnv(func(k string) string {
		return map[string]string{jobs.EnvCPUDelay: "soon", jobs.EnvMaxWorkers: "many"}[k]
	})
	if err == nil || !strings.Contains(err.Error(), jobs.EnvCPUDelay) || !strings.Contains(err.Error(), jobs.EnvMaxWorkers) {
		t.Errorf("ConfigFromEnv with two bad values = %v, want an error naming both", err)
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change func(*jobs.Config)
		want   string // a part of the error; "" for none
	}{
		{"defaults", func(*jobs.Config) {}, ""},
		{"no CPU delay", func(c *jobs.Config) { c.CPUDelay = 0 }, ""},
		{"no fetch cooldown", func(c *jobs.Config) { c.FetchCooldown = 0 }, jobs.EnvFetchCooldown},
		{"zero poll interval", func(c *jobs.Config) { c.PollInterval = 0 }, jobs.EnvPollInterval},
		{"slow poll interval", func(c *jobs.Config) { c.PollInterval = time.Hour }, jobs.EnvPollInterval},
		{"negative CPU delay", func(c *jobs.Config) { c.CPUDelay = -time.Second }, jobs.EnvCPUDelay},
		{"fast sweeper", func(c *jobs.Config) { c.SweepInterval = time.Millisecond }, jobs.EnvSweepInterval},
		{"negative grace", func(c *jobs.Config) { c.SweepGrace = -time.Second }, jobs.EnvSweepGrace},
		{"no workers", func(c *jobs.Config) { c.MaxWorkers = 0 }, jobs.EnvMaxWorkers},
		{"no CPU workers", func(c *jobs.Config) { c.CPUWorkers = 0 }, jobs.EnvCPUWorkers},
		{"takeovers one at a time", func(c *jobs.Config) { c.TakeoverBatch = 1 }, ""},
		{"no takeover batch", func(c *jobs.Config) { c.TakeoverBatch = 0 }, jobs.EnvTakeoverBatch},
		{"huge takeover batch", func(c *jobs.Config) { c.TakeoverBatch = 1001 }, jobs.EnvTakeoverBatch},
		{"no attempts", func(c *jobs.Config) { c.NotifyAttempts = 0 }, jobs.EnvNotifyAttempts},
		{"quick rescue", func(c *jobs.Config) { c.RescueAfter = time.Second }, jobs.EnvRescueAfter},
		{"late rescue", func(c *jobs.Config) { c.RescueAfter = 2 * time.Hour }, jobs.EnvRescueAfter},
		{"CPU delay of half the job timeout", func(c *jobs.Config) { c.CPUDelay = c.JobTimeout() / 2 }, jobs.EnvCPUDelay},
		{"long CPU delay with a late rescue", func(c *jobs.Config) { c.CPUDelay, c.RescueAfter = time.Minute, 10*time.Minute }, ""},
	} {
		cfg := jobs.DefaultConfig()
		tc.change(&cfg)
		err := cfg.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Validate() = %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
	if _, err := jobs.New(jobs.Opts{Config: jobs.DefaultConfig()}); err == nil {
		t.Errorf("New without a database: no error")
	}
	if _, err := jobs.New(jobs.Opts{DB: &sql.DB{}, Config: jobs.DefaultConfig()}); err == nil {
		t.Errorf("New without a game service: no error")
	}
	if _, err := jobs.NewEffects(jobs.EffectsOpts{Config: jobs.DefaultConfig()}); err == nil {
		t.Errorf("NewEffects without a database: no error")
	}
}

func TestNotifyWorkersAreCapped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ max, want int }{{1, 1}, {jobs.MaxNotifyWorkers, jobs.MaxNotifyWorkers}, {500, jobs.MaxNotifyWorkers}} {
		if got := (jobs.Config{MaxWorkers: tc.max}).NotifyWorkers(); got != tc.want {
			t.Errorf("MaxWorkers %d: %d notification workers, want %d", tc.max, got, tc.want)
		}
	}
}
