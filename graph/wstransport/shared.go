package wstransport

import (
	"encoding/json"
	"reflect"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// sharedKey names one rendering: a feed's key for a value, and the shape of the operations it is for.
type sharedKey struct {
	value any
	shape string
}

// sharedRendering is the payload of a next message rendered once for every operation that shares it.
type sharedRendering struct {
	once    sync.Once
	payload []byte // nil: the rendering could not be shared
}

// sharedPayloads keeps the payloads of the latest renderings, so that each is made once however many
// operations send it. It keeps at most sharedKept of them and forgets the oldest first: an operation
// that comes late for a forgotten one renders it again. It is safe for concurrent use.
type sharedPayloads struct {
	mu    sync.Mutex
	byKey map[sharedKey]*sharedRendering
	ring  []sharedKey // the keys kept, oldest at next once the ring is full
	next  int
}

// sharedKept is how many renderings a transport keeps: one command's events, in every visibility and
// shape that its subscribers use, with room for the subscribers that are a few batches behind.
const sharedKept = 1024

func newSharedPayloads() *sharedPayloads {
	return &sharedPayloads{byKey: make(map[sharedKey]*sharedRendering, sharedKept), ring: make([]sharedKey, sharedKept)}
}

// payload returns the payload of k's rendering. The first caller for k renders it with render, which
// returns nil when its result may not be shared; the others wait for it. A nil payload tells a caller
// other than the renderer to render its own.
func (s *sharedPayloads) payload(k sharedKey, render func() []byte) []byte {
	s.mu.Lock()
	r := s.byKey[k]
	if r == nil {
		r = &sharedRendering{}
		if old := s.ring[s.next]; old.value != nil {
			delete(s.byKey, old)
		}
		s.ring[s.next] = k
		s.next = (s.next + 1) % len(s.ring)
		s.byKey[k] = r
	}
	s.mu.Unlock()
	r.once.Do(func() { r.payload = render() })
	return r.payload
}

// shareable reports whether key can name a shared rendering: it must be comparable (a map key).
func shareable(key any) bool {
	return key != nil && reflect.TypeOf(key).Comparable()
}

// shareableResponse reports whether a result is the same for every operation of its shape: data
// without errors (whose paths and messages may be the operation's own) or extensions (such as traces).
func shareableResponse(resp *graphql.Response) bool {
	return resp != nil && len(resp.Data) > 0 && len(resp.Errors) == 0 && len(resp.Extensions) == 0
}

// shapeOf returns what the rendering of a subscription's values depends on besides the values: the
// document, the operation's name, and the values of the variables used under the root field (the root
// field's own arguments choose the stream, not how a value renders). Operations with equal shapes that
// receive equal values render the same bytes. It returns "" when the results are not to be shared.
func shapeOf(oc *graphql.OperationContext) string {
	if oc == nil || oc.Operation == nil || oc.Operation.Operation != ast.Subscription {
		return ""
	}
	names := map[string]bool{}
	selectionVariables(oc.Doc, oc.Operation.SelectionSet, true, names, map[fragmentUse]bool{})
	vars := make(map[string]any, len(names))
	for name := range names {
		vars[name] = oc.Variables[name]
	}
	b, err := json.Marshal(vars) // map keys in order: equal variables encode equally
	if err != nil {
		return ""
	}
	return oc.RawQuery + "\x00" + oc.OperationName + "\x00" + string(b)
}

// fragmentUse is a fragment spread at the root of the operation or below it.
type fragmentUse struct {
	name string
	root bool
}

// selectionVariables adds to names the variables that set uses: in directives anywhere, and in the
// arguments of the fields below the root.
func selectionVariables(doc *ast.QueryDocument, set ast.SelectionSet, root bool, names map[string]bool, seen map[fragmentUse]bool) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			directiveVariables(s.Directives, names)
			if !root {
				for _, a := range s.Arguments {
					valueVariables(a.Value, names)
				}
			}
			selectionVariables(doc, s.SelectionSet, false, names, seen)
		case *ast.InlineFragment:
			directiveVariables(s.Directives, names)
			selectionVariables(doc, s.SelectionSet, root, names, seen)
		case *ast.FragmentSpread:
			directiveVariables(s.Directives, names)
			use := fragmentUse{s.Name, root}
			if seen[use] {
				continue
			}
			seen[use] = true
			def := s.Definition
			if def == nil && doc != nil {
				def = doc.Fragments.ForName(s.Name)
			}
			if def != nil {
				directiveVariables(def.Directives, names)
				selectionVariables(doc, def.SelectionSet, root, names, seen)
			}
		}
	}
}

// directiveVariables adds the variables of the directives' arguments to names.
func directiveVariables(ds ast.DirectiveList, names map[string]bool) {
	for _, d := range ds {
		for _, a := range d.Arguments {
			valueVariables(a.Value, names)
		}
	}
}

// valueVariables adds the variables a value refers to (itself, or inside a list or an object) to names.
func valueVariables(v *ast.Value, names map[string]bool) {
	if v == nil {
		return
	}
	if v.Kind == ast.Variable {
		names[v.Raw] = true
	}
	for _, c := range v.Children {
		valueVariables(c.Value, names)
	}
}
