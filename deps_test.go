package rout_test

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// depRule is one house rule of import direction. It is about the dependencies of the packages' own code,
// direct and indirect; their tests may import more (a test SMTP server, dbtest, the classic map).
type depRule struct {
	pkgs   string   // the packages the rule is about: an import path, or a tree as "rout/ent/..."
	except []string // packages of pkgs the rule leaves out
	only   []string // when not nil: the only dependencies allowed besides the standard library
	deny   []string // dependencies never allowed
	why    string
}

// standardLibraryOnly is the only list of a package that depends on the standard library alone.
var standardLibraryOnly = []string{}

// webPush is the only list of the web push sender: the notifications' types and webpush-go with what it
// imports.
var webPush = []string{"rout/notifications", "github.com/SherClockHolmes/webpush-go", "github.com/golang-jwt/jwt/v5", "golang.org/x/crypto/hkdf"}

// depRules are the house rules of import direction: rules (standard library only) <- maps, ai <- game <-
// graph, jobs, cmd. Paths and trees ("rout/graph" is the package, "rout/graph/..." the package and those
// below it) name packages; a dependency matches a tree when it is the tree's root or below it.
// .golangci.yml says the same with depguard, for direct imports, file by file.
var depRules = []depRule{
	{pkgs: "rout/rules", only: standardLibraryOnly, why: "the engine is pure and deterministic"},
	{pkgs: "rout/internal/envconf", only: standardLibraryOnly, why: "every package reads its environment with it, notifications included"},
	{pkgs: "rout/notifications", only: standardLibraryOnly, why: "the kinds, texts and preferences of messages are plain Go"},
	{pkgs: "rout/notifications/email", only: []string{"rout/notifications"}, why: "the email sender speaks SMTP with the standard library"},
	{pkgs: "rout/notifications/sms", only: []string{"rout/notifications"}, why: "the SMS sender speaks HTTP with the standard library"},
	{pkgs: "rout/notifications/push", only: webPush, why: "web push is the notifications' messages, encrypted and signed by webpush-go"},
	{pkgs: "rout/notifications/router", only: append([]string{"rout/notifications/...", "rout/internal/envconf"}, webPush...),
		why: "the router reads the channels' settings and sends through them"},
	{pkgs: "rout/notifications/inbox", only: []string{"rout/notifications"}, why: "the inbox is rows and a channel; their kinds are the notifications'"},
	{pkgs: "rout/web", only: []string{"rout/internal/gzipcache"}, why: "the web client is embedded files and a file server"},
	{pkgs: "rout/internal/gzipcache", only: standardLibraryOnly, why: "compressing files needs nothing else"},
	{pkgs: "rout/internal/testwait", only: standardLibraryOnly, why: "the tests' waits poll a condition, nothing more"},
	{pkgs: "rout/internal/fogtest", only: []string{"rout/rules"}, why: "the fog tests' twin states are engine states"},
	{pkgs: "rout/bench/benchstat", only: standardLibraryOnly, why: "the benchmarks' figures are arithmetic"},
	{pkgs: "rout/tournament/pairing", only: standardLibraryOnly, why: "seating a round and ranking its results are arithmetic"},
	{pkgs: "rout/account/username", only: []string{"golang.org/x/text/..."}, why: "user names are PRECIS and Unicode only"},
	{pkgs: "rout/ai", only: []string{"rout/rules"}, why: "CPU players are pure functions of a rules state"},
	{pkgs: "rout/maps", only: []string{"rout/rules"}, why: "maps are data for the engine"},
	{pkgs: "rout/sim", only: []string{"rout/rules"}, why: "simulations play the engine alone"},
	{pkgs: "rout/luck", only: []string{"rout/rules"}, why: "the luck audit and a game's course are arithmetic over the engine's events and odds"},
	{pkgs: "rout/chat", only: []string{"github.com/lib/pq/...", "github.com/agnivade/levenshtein", "golang.org/x/text/..."},
		why: "the chat is its tables and its text rules; the caller says who the viewer is and what the game is"},
	{pkgs: "rout/rating", only: standardLibraryOnly, why: "a rating is arithmetic over finishing places; the caller says who finished where"},
	{pkgs: "rout/presence", only: []string{"github.com/lib/pq/..."},
		why: "presence is its table and its counting rules; the caller says who the viewer is and whom they block"},
	{pkgs: "rout/tournament", only: []string{"github.com/lib/pq/...", "rout/tournament/pairing"},
		why: "a tournament is its tables and pairing; the games of its tables come through its Games interface (tournament/tablegame)"},
	{pkgs: "rout/ladder", only: []string{"github.com/lib/pq/...", "rout/tournament", "rout/tournament/pairing", "rout/rating"},
		why: "a ladder is its tables, pairing and the ratings' arithmetic; its games and its players' ratings come through its Games interface (tournament/tablegame)"},
	{pkgs: "rout/maps/mapsvg", only: []string{"rout/maps", "rout/rules"}, why: "drawings are pure functions of a map and a state"},
	{
		pkgs: "rout/game",
		deny: []string{"rout/ent/...", "rout/graph/...", "rout/jobs", "rout/live", "rout/account"},
		why:  "game is the service under the API, the jobs and the live feed; it writes its tables with its own SQL and reads the users through its Accounts interface",
	},
	{
		pkgs: "rout/account/...",
		deny: []string{"rout/game", "rout/graph/...", "rout/jobs", "rout/live", "rout/notifications/inbox", "rout/notifications/router"},
		why:  "accounts are below the games, the API, the jobs and the live feed that ask them; they know the messages' kinds and the push endpoints' rules, not the inbox",
	},
	{pkgs: "rout/live", deny: []string{"rout/jobs", "rout/graph/..."}, why: "live feeds graph and hears what jobs did through the database"},
	{pkgs: "rout/jobs", deny: []string{"rout/graph/...", "rout/live"}, why: "jobs drive game, never the API or the live feed"},
	{pkgs: "rout/graph/...", deny: []string{"rout/jobs"}, why: "the API submits to game; the jobs follow from what game wrote"},
	{pkgs: "rout/graph/wstransport", deny: []string{"rout/..."}, why: "the websocket transport knows GraphQL, not the game"},
	{pkgs: "rout/ent/...", deny: []string{"rout/rules", "rout/game"}, why: "the Ent schema is storage; it knows no engine and no service"},
	{
		pkgs:   "rout/...",
		except: []string{"rout/cmd/rout"},
		deny:   []string{"rout/cmd/...", "rout/server", "rout/bench/apibench", "rout/bench/livebench"},
		why:    "the binary wires the packages; nothing below it depends on it or on what only it runs",
	},
	{pkgs: "rout/...", deny: []string{"rout/dbtest", "rout/internal/testwait", "rout/internal/fogtest"},
		why: "dbtest, testwait and fogtest are for tests; no package's own code depends on them"},
}

// goPackage is what the test reads of `go list -json`.
type goPackage struct {
	ImportPath string
	Standard   bool
	Imports    []string
	Deps       []string
}

func TestDependencies(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	for _, r := range depRules {
		matched := 0
		for _, p := range pkgs {
			if p.Standard || !inTree(p.ImportPath, "rout/...") || !inTree(p.ImportPath, r.pkgs) ||
				slices.ContainsFunc(r.except, func(e string) bool { return inTree(p.ImportPath, e) }) {
				continue
			}
			matched++
			if r.only != nil && len(p.Imports) == 0 {
				t.Errorf("%s: go list reported no imports at all: the rule would pass vacuously", p.ImportPath)
			}
			bad := make(map[string]bool)
			for _, dep := range p.Deps {
				denied := slices.ContainsFunc(r.deny, func(d string) bool { return inTree(dep, d) })
				unlisted := r.only != nil && (pkgs[dep] == nil || !pkgs[dep].Standard) &&
					!slices.ContainsFunc(r.only, func(o string) bool { return inTree(dep, o) })
				bad[dep] = denied || unlisted
			}
			for _, dep := range p.Deps {
				// Each wrong turn once: what a bad dependency drags in is not reported again.
				if chain := importChain(pkgs, p.ImportPath, dep); bad[dep] && !bad[chain[len(chain)-2]] {
					t.Errorf("%s depends on %s (%s): %s", p.ImportPath, dep, strings.Join(chain, " -> "), r.why)
				}
			}
		}
		if matched == 0 {
			t.Errorf("the rule about %s matches no package", r.pkgs)
		}
	}
}

// listPackages returns every package of the module and every package they depend on, by import path.
func listPackages(t *testing.T) map[string]*goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Standard,Imports,Deps", "./...").Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("go list: %v\n%s", err, exit.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	pkgs := make(map[string]*goPackage)
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		p := new(goPackage)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
	}
	// The standard library must be told apart, or every rule with a list would fail or pass on nothing.
	if p, q := pkgs["fmt"], pkgs["rout/rules"]; p == nil || !p.Standard || q == nil || q.Standard {
		t.Fatalf("go list did not tell the standard library apart: fmt %+v, rout/rules %+v", p, q)
	}
	return pkgs
}

// inTree reports whether the import path p is pattern, or within it when pattern ends in "/...".
func inTree(p, pattern string) bool {
	if root, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == root || strings.HasPrefix(p, root+"/")
	}
	return p == pattern
}

// importChain returns the shortest chain of imports from the package from to the package to.
func importChain(pkgs map[string]*goPackage, from, to string) []string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == to {
			var chain []string
			for ; p != ""; p = prev[p] {
				chain = append(chain, p)
			}
			slices.Reverse(chain)
			return chain
		}
		if pkgs[p] == nil {
			continue
		}
		for _, next := range pkgs[p].Imports {
			if _, seen := prev[next]; !seen {
				prev[next] = p
				queue = append(queue, next)
			}
		}
	}
	return []string{from, "...", to}
}
