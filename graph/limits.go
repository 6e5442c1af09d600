package graph

import (
	"context"
	"fmt"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// The extensions.reason of the errors of the query limits.
const (
	reasonMaxDepth   = "MAX_DEPTH_EXCEEDED"
	reasonMaxAliases = "MAX_ALIASES_EXCEEDED"
)

// queryLimits is a gqlgen handler extension that refuses operations nested deeper than maxDepth or with
// more than maxAliases aliased fields, before anything runs. (gqlgen's complexity extension and the
// parser's token limit cover the rest.)
type queryLimits struct {
	maxDepth   int
	maxAliases int
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = queryLimits{}

// ExtensionName implements graphql.HandlerExtension.
func (queryLimits) ExtensionName() string { return "RoutQueryLimits" }

// Validate implements graphql.HandlerExtension.
func (queryLimits) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext implements graphql.OperationContextMutator.
func (l queryLimits) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	w := limitWalk{doc: oc.Doc, depths: map[string]int{}, counted: map[string]bool{}}
	if d := w.depth(oc.Operation.SelectionSet); d > l.maxDepth {
		return requestError(CodeBadUserInput, reasonMaxDepth,
			fmt.Sprintf("the operation is nested %d fields deep; the limit is %d", d, l.maxDepth))
	}
	if n := w.aliases(oc.Operation.SelectionSet); n > l.maxAliases {
		return requestError(CodeBadUserInput, reasonMaxAliases,
			fmt.Sprintf("the operation has %d aliases; the limit is %d", n, l.maxAliases))
	}
	return nil
}

// limitWalk measures one validated operation (fragments cannot form cycles there).
type limitWalk struct {
	doc     *ast.QueryDocument
	depths  map[string]int  // fragment name -> depth of its selection set
	counted map[string]bool // fragments whose aliases are counted
}

// depth returns how many fields deep a selection set nests. Introspection fields count as one level:
// gqlparser's MaxIntrospectionDepth rule bounds what is below them.
func (w *limitWalk) depth(set ast.SelectionSet) int {
	deepest := 0
	for _, sel := range set {
		d := 0
		switch s := sel.(type) {
		case *ast.Field:
			d = 1
			if s.Name != "__schema" && s.Name != "__type" {
				d += w.depth(s.SelectionSet)
			}
		case *ast.InlineFragment:
			d = w.depth(s.SelectionSet)
		case *ast.FragmentSpread:
			cached, ok := w.depths[s.Name]
			if !ok {
				if f := w.doc.Fragments.ForName(s.Name); f != nil {
					cached = w.depth(f.SelectionSet)
				}
				w.depths[s.Name] = cached
			}
			d = cached
		}
		deepest = max(deepest, d)
	}
	return deepest
}

// aliases counts the fields with an alias other than their name, each fragment once.
func (w *limitWalk) aliases(set ast.SelectionSet) int {
	n := 0
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if s.Alias != "" && s.Alias != s.Name {
				n++
			}
			n += w.aliases(s.SelectionSet)
		case *ast.InlineFragment:
			n += w.aliases(s.SelectionSet)
		case *ast.FragmentSpread:
			if w.counted[s.Name] {
				continue
			}
			w.counted[s.Name] = true
			if f := w.doc.Fragments.ForName(s.Name); f != nil {
				n += w.aliases(f.SelectionSet)
			}
		}
	}
	return n
}

// validationRules returns the validation rules: gqlparser's defaults, with the variants that give no
// "Did you mean" hints unless suggestions are on. (gqlgen's SetDisableSuggestion swaps only two of the
// five rules that suggest.)
func validationRules(suggestions bool) func() *rules.Rules {
	return func() *rules.Rules {
		r := rules.NewDefaultRules()
		if suggestions {
			return r
		}
		for _, quiet := range []core.Rule{
			rules.FieldsOnCorrectTypeRuleWithoutSuggestions,
			rules.KnownArgumentNamesRuleWithoutSuggestions,
			rules.KnownTypeNamesRuleWithoutSuggestions,
			rules.ScalarLeafsRuleWithoutSuggestions,
			rules.ValuesOfCorrectTypeRuleWithoutSuggestions,
		} {
			r.RemoveRule(strings.TrimSuffix(quiet.Name, "WithoutSuggestions"))
			r.AddRule(quiet.Name, quiet.RuleFunc)
		}
		return r
	}
}
