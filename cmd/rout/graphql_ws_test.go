package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"rout/dbtest"
)

// The releases of the npm packages the end-to-end subscription test runs.
const (
	graphqlWSVersion = "6.4.2"
	wsVersion        = "8.23.0"
	// graphiqlToolkitVersion is GraphiQL's fetcher, which the playground's GraphiQL bundles.
	graphiqlToolkitVersion = "0.12.1"
)

// TestGraphQLWSClientEndToEnd plays a game over HTTP against a started server while the graphql-ws
// client (the reference client of graphql-transport-ws) watches it, then resumes from a sequence number
// on a new connection, then subscribes as the playground does (GraphiQL's fetcher, the token in its
// headers): every event arrives once, in order (scripts/graphql-ws-e2e.mjs). It needs Node.js and npm,
// and installs the packages from the npm registry into a temporary folder.
func TestGraphQLWSClientEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI needs Node.js and npm for the graphql-ws end-to-end test")
		}
		t.Skip("no npm on this machine: the graphql-ws end-to-end test needs Node.js and npm")
	}
	modules := t.TempDir()
	install := exec.Command("npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", modules,
		"graphql-ws@"+graphqlWSVersion, "ws@"+wsVersion, "@graphiql/toolkit@"+graphiqlToolkitVersion, "graphql@16")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install graphql-ws ws: %v\n%s", err, out)
	}
	s := startServe(t, map[string]string{"DATABASE_URL": dbtest.URL(t)})
	s.waitReady(t)
	run := exec.Command("node", filepath.Join("..", "..", "scripts", "graphql-ws-e2e.mjs"), "http://"+s.addr+"/graphql")
	run.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(modules, "node_modules"))
	out, runErr := run.Output()
	var report struct {
		OK             bool
		Error          string
		First, Resumed int
		Playground     int
		After          int
		Kinds          []string
	}
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatalf("the script printed %q (%v): %v", out, runErr, err)
	}
	if !report.OK || runErr != nil {
		t.Fatalf("graphql-ws end-to-end: %s (%v); log:\n%s", report.Error, runErr, s.log)
	}
	if report.First < 15 || report.Resumed < 10 || report.Playground < report.First {
		t.Fatalf("too few events: %+v", report)
	}
	t.Logf("graphql-ws %s: %d events live, %d after resuming from %d, %d through the playground's fetcher; kinds %v",
		graphqlWSVersion, report.First, report.Resumed, report.After, report.Playground, report.Kinds)
	s.stop(t)
}
