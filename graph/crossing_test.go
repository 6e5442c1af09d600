package graph_test

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql"

	"rout/dbtest"
	"rout/game"
	"rout/jobs"
)

// crossings records which of Rout's packages run during a request, as far as a test can see into it
// deterministically: the call stack at every SQL statement (the counting driver), at every call of the
// game service's effects, and at every GraphQL field the executor resolves. Packages reached through a
// seam without a statement of their own are named by the seam: the effects' implementation.
type crossings struct {
	mu    sync.Mutex
	on    bool
	sites []site
}

// site is one place a stack was taken: what ran there, and the Rout packages on the stack.
type site struct {
	where string
	pkgs  []string
	stack []string // the Rout functions on the stack, innermost first
}

func (c *crossings) start() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.on, c.sites = true, nil
}

func (c *crossings) stop() []site {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.on = false
	return c.sites
}

// record takes the stack of its caller, as the site where; callees are packages the site hands over to
// (the implementation behind a seam).
func (c *crossings) record(where string, callees ...string) {
	pcs := make([]uintptr, 512)
	pcs = pcs[:runtime.Callers(2, pcs)]
	frames := runtime.CallersFrames(pcs)
	s := site{where: where, pkgs: callees}
	for {
		f, more := frames.Next()
		if pkg, ok := routPackage(f.Function); ok {
			s.stack = append(s.stack, f.Function)
			if !slices.Contains(s.pkgs, pkg) {
				s.pkgs = append(s.pkgs, pkg)
			}
		}
		if !more {
			break
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.on {
		c.sites = append(c.sites, s)
	}
}

// routPackage returns the Rout package of the function named fn (as runtime.Frame.Function names it):
// its import path, with Ent's generated packages counted as rout/ent. The test's own harness
// (rout/graph_test, rout/dbtest) is not one.
func routPackage(fn string) (string, bool) {
	if i := strings.IndexByte(fn, '['); i >= 0 { // a generic function's type arguments
		fn = fn[:i]
	}
	slash := strings.LastIndexByte(fn, '/')
	dot := strings.IndexByte(fn[slash+1:], '.')
	if dot < 0 {
		return "", false
	}
	pkg := fn[:slash+1+dot]
	if !strings.HasPrefix(pkg, "rout/") || pkg == "rout/graph_test" || pkg == "rout/dbtest" {
		return "", false
	}
	if pkg == "rout/ent" || strings.HasPrefix(pkg, "rout/ent/") {
		return "rout/ent", true
	}
	return pkg, true
}

// seenEffects is the game service's effects with a stack taken at every call.
type seenEffects struct {
	inner game.Effects
	seen  *crossings
}

// implementer is the package of the effects' implementation, the seam's far side.
func (e seenEffects) implementer() string { return reflect.TypeOf(e.inner).Elem().PkgPath() }

func (e seenEffects) AfterCommand(ctx context.Context, tx *sql.Tx, cs ...game.Change) error {
	e.seen.record("effects: AfterCommand", e.implementer())
	return e.inner.AfterCommand(ctx, tx, cs...)
}

func (e seenEffects) AfterCreate(ctx context.Context, tx *sql.Tx, g game.NewGame) error {
	e.seen.record("effects: AfterCreate", e.implementer())
	return e.inner.AfterCreate(ctx, tx, g)
}

// seenFields is an extension of the GraphQL server that takes a stack at every field it resolves.
type seenFields struct{ seen *crossings }

func (seenFields) ExtensionName() string                   { return "seenFields" }
func (seenFields) Validate(graphql.ExecutableSchema) error { return nil }

func (f seenFields) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	f.seen.record("field " + fc.Object + "." + fc.Field.Name)
	return next(ctx)
}

// authenticating tells whether a site is the request's authentication (the bearer token's lookup, and
// the write of its last use): the account service's, through Ent's rows, and before the command's
// transaction.
func authenticating(s site) bool {
	return slices.ContainsFunc(s.stack, func(fn string) bool {
		return fn == "rout/graph.(*Resolver).authenticate" || strings.HasPrefix(fn, "rout/account.(*usageWriter).")
	})
}

// TestAttackCrossesFourPackages pins the packages an attack through /graphql crosses: the resolver in
// graph, the service in game, the engine in rules, the effects in jobs (through game.Effects), and no
// other (Ent's rows are not on the command's path), in one transaction with no read outside it. The
// packages are those on the stacks of every SQL statement, every call of the effects and every GraphQL
// field (crossings), plus rules: pure, it runs no statement and calls back into nothing, so no stack
// shows it; the battle's events in the answer are what it decided.
func TestAttackCrossesFourPackages(t *testing.T) {
	t.Parallel()
	db, log := dbtest.OpenCounting(t, dbtest.MigratedURL(t))
	seen := &crossings{}
	log.OnStatement = func(sql string) { seen.record(fmt.Sprintf("SQL %.60s", sql)) }
	fx, err := jobs.NewEffects(jobs.EffectsOpts{DB: db, Accounts: dbtest.Accounts(t, db), Config: jobs.DefaultConfig()})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWith(t, db, nil, envOpts{effects: seenEffects{inner: fx, seen: seen},
		extensions: []graphql.HandlerExtension{seenFields{seen: seen}}})
	cur, other, id := e.startedPair()
	cur, from, to, version := e.toAttack(cur, other, id)
	query := `mutation($input: AttackInput!) { attack(input: $input) {
		version replayed events { seq turn seat kind payload } userErrors { code field message }
		game { id status phase version seq currentSeat turnDeadline
			board { key name owner neutral armies } viewerActions { kind from to min max }
			seats { seat color cpu difficulty status territories armies cardCount cards } } } }`
	vars := map[string]any{"input": map[string]any{"gameId": id, "from": from, "to": to, "expectedVersion": version}}
	log.Start()
	seen.start()
	r := e.gql(cur, query, vars)
	sites := seen.stop()
	txs, stmts := log.Stop()
	var out struct {
		Attack struct {
			Version    *int        `json:"version"`
			UserErrors []userError `json:"userErrors"`
			Events     []struct {
				Kind string `json:"kind"`
			} `json:"events"`
		} `json:"attack"`
	}
	r.decode(t, &out)
	if len(out.Attack.UserErrors) > 0 || out.Attack.Version == nil || *out.Attack.Version != version+1 ||
		len(out.Attack.Events) == 0 || out.Attack.Events[0].Kind != "battle_rolled" {
		t.Fatalf("attack: %s", r.Data)
	}

	// What the engine decided is in the answer: rules ran, though no stack shows it.
	command := map[string][]string{"rout/rules": {"rules.Apply, called by game: the battle_rolled event of the answer"}}
	auth := map[string][]string{}
	effects := 0
	for _, s := range sites {
		into := command
		if authenticating(s) {
			into = auth
		}
		if strings.HasPrefix(s.where, "effects") {
			effects++
		}
		for _, p := range s.pkgs {
			if len(into[p]) < 3 && !slices.Contains(into[p], s.where) {
				into[p] = append(into[p], s.where)
			}
		}
	}
	report := func(m map[string][]string) string {
		var lines []string
		for p, where := range m {
			lines = append(lines, fmt.Sprintf("  %s: %s", p, strings.Join(where, "; ")))
		}
		sort.Strings(lines)
		return strings.Join(lines, "\n")
	}
	inTx := 0
	for _, s := range stmts {
		if s.Tx != 0 {
			inTx++
		}
	}
	t.Logf("%d sites; the command crosses %d packages:\n%s\nthe authentication:\n%s\n%d transaction, %d statements (%d in it)",
		len(sites), len(command), report(command), report(auth), txs, len(stmts), inTx)

	want := []string{"rout/game", "rout/graph", "rout/jobs", "rout/rules"}
	var got []string
	for p := range command {
		got = append(got, p)
	}
	sort.Strings(got)
	if !slices.Equal(got, want) {
		t.Errorf("the attack crosses %v, want %v", got, want)
	}
	if len(got) > 4 {
		t.Errorf("the attack crosses %d packages, want at most 4", len(got))
	}
	for p := range auth {
		if p != "rout/graph" && p != "rout/account" && p != "rout/ent" {
			t.Errorf("the authentication reaches %s, want only rout/graph, rout/account and rout/ent", p)
		}
	}
	if effects != 1 {
		t.Errorf("the effects were called %d times, want once", effects)
	}
	if txs != 1 {
		t.Errorf("the attack took %d transactions, want 1", txs)
	}
	for _, s := range stmts {
		if s.Tx == 0 && dbtest.GameTables.MatchString(s.SQL) {
			t.Errorf("the attack read the game outside its transaction: %s", s.SQL)
		}
	}
}
