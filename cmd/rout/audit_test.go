package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rout/dbtest"
)

// graphqlHTTPVersion is the graphql-http release whose audits the API must pass.
const graphqlHTTPVersion = "1.23.1"

// TestGraphQLOverHTTPAudit runs the graphql-http package's server audits against a started server: every
// MUST has to pass; SHOULDs that fail are logged (docs/api.md says which and why). It needs Node.js and
// npm, and installs the package from the npm registry into a temporary folder.
func TestGraphQLOverHTTPAudit(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI needs Node.js for the GraphQL-over-HTTP audit")
		}
		t.Skip("no Node.js on this machine")
	}
	modules := t.TempDir()
	install := exec.Command("npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", modules, "graphql-http@"+graphqlHTTPVersion, "graphql@16")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install graphql-http: %v\n%s", err, out)
	}
	s := startServe(t, map[string]string{"DATABASE_URL": dbtest.URL(t)})
	s.waitReady(t)
	audit := exec.Command("node", filepath.Join("..", "..", "scripts", "graphql-http-audit.mjs"), "http://"+s.addr+"/graphql")
	audit.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(modules, "node_modules"))
	out, err := audit.Output()
	if err != nil {
		t.Fatalf("the audit script failed: %v\n%s", err, out)
	}
	var report struct {
		Results []struct{ Name, Status, Reason string }
	}
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatalf("the audit printed %q: %v", out, err)
	}
	if len(report.Results) < 20 {
		t.Fatalf("only %d audits ran", len(report.Results))
	}
	musts, shoulds := 0, 0
	for _, r := range report.Results {
		switch {
		case r.Status == "ok":
		case strings.HasPrefix(r.Name, "MUST"):
			t.Errorf("%s: %s (%s)", r.Name, r.Status, r.Reason)
		default:
			shoulds++
			t.Logf("%s: %s (%s)", r.Name, r.Status, r.Reason)
		}
		if strings.HasPrefix(r.Name, "MUST") {
			musts++
		}
	}
	t.Logf("%d audits: %d MUSTs, all met; %d SHOULDs and MAYs not met", len(report.Results), musts, shoulds)
	s.stop(t)
}
