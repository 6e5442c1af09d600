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

// maxNesting is how deeply a request may nest: brackets and braces in its JSON (the body, a multipart
// request's operations and map parts, the variables and extensions of a GET), and braces, brackets and
// parentheses in its query document. It is checked by a scan of the bytes before anything decodes or
// parses them, so that a deeply nested request costs neither recursion nor memory. An operation within
// MaxDepth nests far less.
const maxNesting = 64

// reasonMaxNesting is the extensions.reason of a request nested deeper than maxNesting.
const reasonMaxNesting = "MAX_NESTING_EXCEEDED"

// nestingError is the error of a request whose what (the request body, the query document, ...) nests
// deeper than maxNesting.
func nestingError(what string) *gqlerror.Error {
	return requestError(CodeBadUserInput, reasonMaxNesting,
		fmt.Sprintf("%s is nested more than %d levels deep", what, maxNesting))
}

// jsonTooDeep reports whether the JSON text b nests arrays and objects deeper than maxNesting. It looks
// at every byte once and allocates nothing; b need not be valid JSON (the decoder finds what else is
// wrong).
func jsonTooDeep(b []byte) bool {
	depth, inString, escaped := 0, false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > maxNesting {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}

// documentTooDeep reports whether the GraphQL document doc nests braces, brackets and parentheses deeper
// than maxNesting, outside strings, block strings and comments. Like jsonTooDeep it looks at every byte
// once and allocates nothing.
func documentTooDeep(doc string) bool {
	depth := 0
	for i := 0; i < len(doc); i++ {
		switch c := doc[i]; c {
		case '#':
			for i < len(doc) && doc[i] != '\n' && doc[i] != '\r' {
				i++
			}
		case '"':
			if strings.HasPrefix(doc[i:], `"""`) {
				// A block string ends at the next """ not escaped as \""".
				i += 3
				for i < len(doc) && !strings.HasPrefix(doc[i:], `"""`) {
					if strings.HasPrefix(doc[i:], `\"""`) {
						i += 3
					}
					i++
				}
				i += 2
				continue
			}
			for i++; i < len(doc) && doc[i] != '"' && doc[i] != '\n'; i++ {
				if doc[i] == '\\' {
					i++
				}
			}
		case '{', '[', '(':
			if depth++; depth > maxNesting {
				return true
			}
		case '}', ']', ')':
			depth--
		}
	}
	return false
}

// valueTooDeep reports whether a decoded JSON value (as the websocket transport hands the variables
// over) nests deeper than limit levels. It stops at limit, so its recursion is bounded too.
func valueTooDeep(v any, limit int) bool {
	switch v := v.(type) {
	case map[string]any:
		if limit == 0 {
			return true
		}
		for _, c := range v {
			if valueTooDeep(c, limit-1) {
				return true
			}
		}
	case []any:
		if limit == 0 {
			return true
		}
		for _, c := range v {
			if valueTooDeep(c, limit-1) {
				return true
			}
		}
	}
	return false
}

// requestNesting is a gqlgen handler extension that refuses, before parsing, a query document nested
// deeper than maxNesting, and variables or extensions nested deeper than maxNesting, whatever the
// transport (the HTTP transports scan their JSON before decoding it as well).
type requestNesting struct{}

var (
	_ graphql.HandlerExtension          = requestNesting{}
	_ graphql.OperationParameterMutator = requestNesting{}
)

// ExtensionName implements graphql.HandlerExtension.
func (requestNesting) ExtensionName() string { return "RoutRequestNesting" }

// Validate implements graphql.HandlerExtension.
func (requestNesting) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters implements graphql.OperationParameterMutator.
func (requestNesting) MutateOperationParameters(_ context.Context, params *graphql.RawParams) *gqlerror.Error {
	switch {
	case documentTooDeep(params.Query):
		return nestingError("the query document")
	case valueTooDeep(params.Variables, maxNesting):
		return nestingError("the variables")
	case valueTooDeep(params.Extensions, maxNesting):
		return nestingError("the extensions")
	}
	return nil
}
