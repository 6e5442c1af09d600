package wstransport

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

const shapeSchema = `
type Query { hello: String! }
type Event { seq: Int! items(first: Int): [Int!]! }
type Subscription { events(game: ID!, after: Int): Event! }
`

// operationOf returns the operation context of query with variables.
func operationOf(t *testing.T, query string, variables map[string]any) *graphql.OperationContext {
	t.Helper()
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: shapeSchema})
	doc, errs := gqlparser.LoadQueryWithRules(schema, query, nil)
	if errs != nil {
		t.Fatalf("%s: %v", query, errs)
	}
	return &graphql.OperationContext{RawQuery: query, Doc: doc, Operation: doc.Operations[0], Variables: variables}
}

func TestShapeLeavesOutTheRootArgumentsOnly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		query string
		a, b  map[string]any
		same  bool
	}{
		{"root arguments", `subscription($g: ID!, $a: Int) { events(game: $g, after: $a) { seq } }`,
			map[string]any{"g": "1", "a": 1}, map[string]any{"g": "2", "a": 7}, true},
		{"an argument below the root", `subscription($n: Int) { events(game: "1") { items(first: $n) } }`,
			map[string]any{"n": 1}, map[string]any{"n": 2}, false},
		{"a directive", `subscription($x: Boolean!) { events(game: "1") { seq @include(if: $x) } }`,
			map[string]any{"x": true}, map[string]any{"x": false}, false},
		{"a directive on the root field", `subscription($x: Boolean!) { events(game: "1") @skip(if: $x) { seq } }`,
			map[string]any{"x": true}, map[string]any{"x": false}, false},
		{"a fragment below the root", `subscription($n: Int) { events(game: "1") { ...F } } fragment F on Event { items(first: $n) }`,
			map[string]any{"n": 1}, map[string]any{"n": 2}, false},
		{"a fragment at the root", `subscription($g: ID!) { ...R } fragment R on Subscription { events(game: $g) { seq } }`,
			map[string]any{"g": "1"}, map[string]any{"g": "2"}, true},
		{"a null variable and a missing one", `subscription($n: Int) { events(game: "1") { items(first: $n) } }`,
			map[string]any{"n": nil}, map[string]any{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, b := shapeOf(operationOf(t, tc.query, tc.a)), shapeOf(operationOf(t, tc.query, tc.b))
			if a == "" || b == "" {
				t.Fatal("a subscription has no shape")
			}
			if (a == b) != tc.same {
				t.Fatalf("shapes %q and %q: same %v, want %v", a, b, a == b, tc.same)
			}
		})
	}
	if s := shapeOf(operationOf(t, `{ hello }`, nil)); s != "" {
		t.Fatalf("a query has the shape %q; want none", s)
	}
	q := `subscription { events(game: "1") { seq } }`
	if shapeOf(operationOf(t, q, nil)) == shapeOf(operationOf(t, `subscription { e: events(game: "1") { seq } }`, nil)) {
		t.Fatal("two documents have the same shape")
	}
}

func TestSharedPayloadsRenderOnceAndForgetTheOldest(t *testing.T) {
	t.Parallel()
	s := newSharedPayloads()
	var renders atomic.Int64
	render := func() []byte {
		renders.Add(1)
		return []byte(`{"data":1}`)
	}
	first := sharedKey{new(int), "shape"}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if got := s.payload(first, render); string(got) != `{"data":1}` {
				t.Errorf("payload %s", got)
			}
		})
	}
	wg.Wait()
	if n := renders.Load(); n != 1 {
		t.Fatalf("50 operations of one key rendered %d times, want 1", n)
	}
	if s.payload(sharedKey{first.value, "another shape"}, render); renders.Load() != 2 {
		t.Fatal("another shape shared the rendering")
	}
	for range sharedKept {
		s.payload(sharedKey{new(int), "shape"}, render)
	}
	if len(s.byKey) != sharedKept {
		t.Fatalf("%d renderings kept, want %d", len(s.byKey), sharedKept)
	}
	before := renders.Load()
	s.payload(first, render)
	if renders.Load() != before+1 {
		t.Fatal("the oldest rendering was not forgotten")
	}
	// A rendering that may not be shared is nil for every operation, which then renders its own.
	unshared := sharedKey{new(int), "shape"}
	if got := s.payload(unshared, func() []byte { return nil }); got != nil {
		t.Fatalf("payload %s, want nil", got)
	}
	if !shareable(first.value) || shareable(nil) || shareable([]int{1}) {
		t.Fatal("shareable: a pointer is, nil and a slice are not")
	}
}
