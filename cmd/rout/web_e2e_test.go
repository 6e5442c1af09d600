package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"rout/dbtest"
)

// chromiumPaths are where Debian's chromium package (and Ubuntu's) put the browser.
var chromiumPaths = []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"}

// TestWebClientEndToEnd runs the web client's browser test (web/e2e/run.mjs: playwright-core driving
// Debian's Chromium) against a started `rout serve` on a fresh database: two users sign up, one creates a
// game with a CPU seat and invites the other, both play every phase, one reloads and resumes live, both
// resign, the replay steps, and axe-core checks the screens. It serves the web client embedded in this
// binary, so it tests the committed web/dist. It needs Node.js, Chromium and web/node_modules (`make
// check-web` runs `npm ci`); without them it skips, except in CI. Screenshots of a failure are left in
// web/e2e-artifacts.
func TestWebClientEndToEnd(t *testing.T) {
	web, err := filepath.Abs(filepath.Join("..", "..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf("CI needs %s for the web client's browser test", what)
		}
		t.Skipf("no %s on this machine", what)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("Node.js")
	}
	chromium := os.Getenv("CHROMIUM")
	for _, p := range chromiumPaths {
		if chromium != "" {
			break
		}
		if _, err := os.Stat(p); err == nil {
			chromium = p
		}
	}
	if chromium == "" {
		missing("Chromium (apt-get install chromium)")
	}
	if _, err := os.Stat(filepath.Join(web, "node_modules", "playwright-core")); err != nil {
		missing("web/node_modules (run npm ci in web/, or make check-web)")
	}

	s := startServe(t, map[string]string{"DATABASE_URL": dbtest.URL(t)})
	s.waitReady(t)
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	artifacts := filepath.Join(web, "e2e-artifacts")
	cmd := exec.CommandContext(ctx, "node", filepath.Join("e2e", "run.mjs"), "http://"+s.addr)
	cmd.Dir = web
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium, "E2E_ARTIFACTS="+artifacts)
	cmd.WaitDelay = 10 * time.Second
	began := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("web/e2e/run.mjs (%s):\n%s", time.Since(began).Round(time.Second), out)
	if err != nil {
		t.Fatalf("the browser test failed: %v (screenshots in %s)", err, artifacts)
	}
	s.stop(t)
}
