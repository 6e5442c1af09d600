package graph

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime/debug"
	"slices"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"rout/ent"
	"rout/game"
	"rout/rules"
)

// Code is the extensions.code of a top-level error. Every error the API returns has one of these.
type Code string

// The codes of top-level errors.
const (
	CodeUnauthenticated Code = "UNAUTHENTICATED"       // no valid credentials for a field that needs them
	CodeForbidden       Code = "FORBIDDEN"             // signed in, but not allowed
	CodeBadUserInput    Code = "BAD_USER_INPUT"        // the request itself is wrong: syntax, validation, limits, arguments
	CodeNotFound        Code = "NOT_FOUND"             // no such object, or the caller may not see it
	CodeConflict        Code = "CONFLICT"              // the object changed since the caller looked
	CodeRateLimited     Code = "RATE_LIMITED"          // too many requests: wait and retry
	CodeUnavailable     Code = "UNAVAILABLE"           // the server is overloaded (a timeout, a full pool or queue): retry after extensions.retryAfter seconds
	CodeInternal        Code = "INTERNAL_SERVER_ERROR" // a bug or an outage; logged with the request id
)

// codes is the set of Code values.
var codes = map[Code]bool{
	CodeUnauthenticated: true, CodeForbidden: true, CodeBadUserInput: true, CodeNotFound: true,
	CodeConflict: true, CodeRateLimited: true, CodeUnavailable: true, CodeInternal: true,
}

// internalMessage is all a client learns about an internal error.
const internalMessage = "internal error"

// Error is a top-level error that a resolver or the transport returns on purpose. Reason, when set, is
// a finer, stable reason shown as extensions.reason (such as MAX_DEPTH_EXCEEDED).
type Error struct {
	Code    Code
	Message string
	Reason  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// errorf returns an *Error with a formatted message.
func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// requestErrorCodes maps the codes gqlgen and gqlparser give to request errors (and Ent's pagination
// checks) to BAD_USER_INPUT; the original code becomes extensions.reason.
var requestErrorCodes = map[string]bool{
	errcode.ValidationFailed:        true,
	errcode.ParseFailed:             true,
	"COMPLEXITY_LIMIT_EXCEEDED":     true,
	"PERSISTED_QUERY_NOT_FOUND":     true,
	"PERSISTED_QUERY_NOT_SUPPORTED": true,
	"INVALID_PAGINATION":            true,
}

// presenter turns every error of a response into one with an extensions.code from the Code set. It is
// the API's one error presenter: resolvers' errors, request errors and recovered panics all pass here.
type presenter struct {
	logger *slog.Logger
}

// present is a graphql.ErrorPresenterFunc.
func (p *presenter) present(ctx context.Context, err error) *gqlerror.Error {
	base := graphql.DefaultErrorPresenter(ctx, err)
	out := &gqlerror.Error{
		Message:   base.Message,
		Path:      base.Path,
		Locations: base.Locations,
		Rule:      base.Rule,
	}
	code, _ := base.Extensions["code"].(string)
	var own *Error
	var gameErr *game.Error
	var rulesErr *rules.Error
	var inputErr *InputError
	switch {
	case errors.As(err, &inputErr):
		// A value a scalar refused (scalars.go): named by the path of the argument it was given as.
		msg := inputErr.Message
		if len(base.Path) > 0 {
			msg = base.Path.String() + ": " + msg
		}
		setCode(out, CodeBadUserInput, msg)
		out.Extensions["reason"] = inputErr.Reason
	case errors.As(err, &own):
		setCode(out, own.Code, own.Message)
		if own.Reason != "" {
			out.Extensions["reason"] = own.Reason
		}
		if own.Code == CodeInternal {
			out.Extensions["requestId"] = requestID(ctx)
		}
		if own.Code == CodeUnavailable {
			out.Extensions["retryAfter"] = retryAfterSeconds(unavailableRetry)
		}
	case errors.As(err, &gameErr):
		c := Code(gameErr.Code)
		if !codes[c] {
			c = CodeBadUserInput
		}
		setCode(out, c, gameErr.Message)
	case errors.As(err, &rulesErr):
		// Mutations report rule violations as userErrors; one that escapes is still the caller's fault.
		setCode(out, CodeBadUserInput, rulesErr.Message)
		out.Extensions["reason"] = string(rulesErr.Code)
	case codes[Code(code)]:
		// Made with one of the API's codes already (a scalar's unmarshaler, the transport).
		out.Extensions = base.Extensions
	case requestErrorCodes[code]:
		// A request error of gqlgen's or gqlparser's, or Ent's pagination check.
		msg, reason := requestErrorMessage(ctx, base)
		setCode(out, CodeBadUserInput, msg)
		out.Extensions["reason"] = code
		if reason != "" {
			out.Extensions["reason"] = reason
		}
	case ent.IsNotFound(err):
		setCode(out, CodeNotFound, "not found")
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		// The request's time ran out: waiting for a database connection, a slot, or a statement that
		// PostgreSQL then canceled. The server is overloaded, not wrong.
		p.logger.WarnContext(ctx, "graphql: request timed out",
			"request_id", requestID(ctx), "path", out.Path.String(), "error", err.Error())
		setUnavailable(out, reasonTimeout, timeoutMessage)
	case errors.Is(err, context.Canceled):
		p.internal(ctx, out, err, slog.LevelDebug)
		out.Message = "the request was canceled"
	default:
		// Anything else is a bug or an outage, including an error gqlgen makes without a code (such as a
		// non-null field left without a value).
		p.internal(ctx, out, err, slog.LevelError)
	}
	return out
}

// setCode sets the message and the code of out.
func setCode(out *gqlerror.Error, code Code, message string) {
	out.Message = message
	if out.Extensions == nil {
		out.Extensions = map[string]any{}
	}
	out.Extensions["code"] = string(code)
}

// The overload errors: a request whose time ran out (reasonTimeout), and the time a client is told to
// wait before it retries one (unavailableRetry).
const (
	reasonTimeout    = "TIMEOUT"
	reasonStarting   = "STARTING"
	timeoutMessage   = "the server is busy: the request took too long; retry later"
	unavailableRetry = 5 * time.Second
)

// setUnavailable makes out an UNAVAILABLE error of reason with message, which tells the client when to
// retry (extensions.retryAfter, in seconds; the Retry-After header over HTTP).
func setUnavailable(out *gqlerror.Error, reason, message string) {
	setCode(out, CodeUnavailable, message)
	out.Extensions["reason"] = reason
	out.Extensions["retryAfter"] = retryAfterSeconds(unavailableRetry)
}

// unavailable returns a request error (one found before execution) of code UNAVAILABLE with reason and
// message.
func unavailable(reason, message string) *gqlerror.Error {
	out := &gqlerror.Error{}
	setUnavailable(out, reason, message)
	return out
}

// internal logs err with the request id and hides it behind internalMessage.
func (p *presenter) internal(ctx context.Context, out *gqlerror.Error, err error, level slog.Level) {
	p.logger.Log(ctx, level, "graphql: internal error",
		"request_id", requestID(ctx), "path", out.Path.String(), "error", err.Error())
	setCode(out, CodeInternal, internalMessage)
	out.Extensions["requestId"] = requestID(ctx)
}

// recover is the graphql.RecoverFunc: it logs a panic of a resolver with its stack and turns it into
// an internal error.
func (p *presenter) recover(ctx context.Context, v any) error {
	p.logger.ErrorContext(ctx, "graphql: panic", "request_id", requestID(ctx), "panic", fmt.Sprint(v),
		"stack", string(debug.Stack()))
	return &Error{Code: CodeInternal, Message: internalMessage}
}

// requestError returns a request error (one found before execution) with code, reason and message.
func requestError(code Code, reason, message string) *gqlerror.Error {
	ext := map[string]any{"code": string(code)}
	if reason != "" {
		ext["reason"] = reason
	}
	return &gqlerror.Error{Message: message, Extensions: ext}
}

// coercionError matches gqlparser's coercion error of a variable that is not of its builtin scalar type.
// Its message names the wrong value or none: "cannot use value 0 as Int" for 1.5, "cannot use string as
// Int" for a number inside an input object.
var coercionError = regexp.MustCompile(`^cannot use .+ as (Int|Float|String|Boolean|ID)(:.*)?$`)

// literalError matches gqlparser's validation error of a literal that is not of its builtin scalar's
// kind: "Int cannot represent non-integer value: \"1\"".
var literalError = regexp.MustCompile(`^(Int|Float|String|Boolean|ID) cannot represent `)

// literalRules are the names of gqlparser's validation rule that checks literals, with suggestions and
// without.
var literalRules = map[string]bool{"ValuesOfCorrectType": true, "ValuesOfCorrectTypeWithoutSuggestions": true}

// requestErrorMessage returns the message of a request error, with the path of the value at fault in
// front of a coercion error (the variable's, or the argument's of a literal that validation refused)
// and, for a builtin scalar, the strict scalar's message naming the value sent and its reason
// (WRONG_TYPE, ...; empty to keep the request error's).
func requestErrorMessage(ctx context.Context, e *gqlerror.Error) (msg, reason string) {
	msg = e.Message
	switch {
	case len(e.Path) >= 2 && e.Path[0] == ast.PathName("variable"):
		if m := coercionError.FindStringSubmatch(msg); m != nil {
			if v, ok := rawVariable(ctx, e.Path[1:]); ok {
				if ie := refusal(ctx, m[1], v); ie != nil {
					msg, reason = ie.Message, ie.Reason
				}
			}
		}
		return "variable $" + e.Path[1:].String() + ": " + msg, reason
	case literalRules[e.Rule] && len(e.Locations) == 1:
		path, lit, ok := literalAt(ctx, e.Locations[0])
		if !ok {
			return msg, ""
		}
		// An enum value is no string, though its Value is one.
		if m := literalError.FindStringSubmatch(msg); m != nil && lit.Kind != ast.EnumValue {
			if v, err := lit.Value(nil); err == nil {
				if ie := refusal(ctx, m[1], v); ie != nil {
					msg, reason = ie.Message, ie.Reason
				}
			}
		}
		return path + ": " + msg, reason
	}
	return msg, ""
}

// rawVariablesKey is the operation stats extension that holds the variables as the client sent them.
const rawVariablesKey = "rout.rawVariables"

// rawVariables keeps the variables as sent, for requestErrorMessage: gqlparser's coercion drops them
// when it fails.
type rawVariables struct{}

var (
	_ graphql.HandlerExtension          = rawVariables{}
	_ graphql.OperationParameterMutator = rawVariables{}
)

func (rawVariables) ExtensionName() string                   { return "RawVariables" }
func (rawVariables) Validate(graphql.ExecutableSchema) error { return nil }

func (rawVariables) MutateOperationParameters(ctx context.Context, params *graphql.RawParams) *gqlerror.Error {
	if graphql.HasOperationContext(ctx) {
		graphql.GetOperationContext(ctx).Stats.SetExtension(rawVariablesKey, params.Variables)
	}
	return nil
}

// rawVariable returns the value at path (a variable's name, then fields and indexes) of the variables
// as sent.
func rawVariable(ctx context.Context, path ast.Path) (any, bool) {
	if !graphql.HasOperationContext(ctx) {
		return nil, false
	}
	v := graphql.GetOperationContext(ctx).Stats.GetExtension(rawVariablesKey)
	if m, ok := v.(map[string]any); !ok || m == nil {
		return nil, false
	}
	for _, p := range path {
		switch p := p.(type) {
		case ast.PathName:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[string(p)]; !ok {
				return nil, false
			}
		case ast.PathIndex:
			l, ok := v.([]any)
			if !ok || int(p) < 0 || int(p) >= len(l) {
				return nil, false
			}
			v = l[p]
		}
	}
	return v, true
}

// literalsKey is the operation stats extension that holds the argument literals of the operation's
// query, for requestErrorMessage: a validation error gives the position of a literal, not its path.
const literalsKey = "rout.literals"

// queryLiterals is the fields of a query and the literal values of their arguments (each part of a
// list or an object one more), each with its parent: one pass over the query, and no path built but
// those of the literals an error names.
type queryLiterals struct {
	nodes []literalNode
	at    map[gqlerror.Location]int // the index in nodes of the literal at a position
}

// literalNode is a field (value nil) or an argument's literal value; its path is its parent's (none
// for -1) followed by elem.
type literalNode struct {
	parent int
	elem   ast.PathElement
	value  *ast.Value
}

// literalAt returns the argument literal at loc in the operation's query, with its path from the top of
// its operation or fragment ("createGame.input.seats[1].color").
func literalAt(ctx context.Context, loc gqlerror.Location) (path string, v *ast.Value, ok bool) {
	if !graphql.HasOperationContext(ctx) {
		return "", nil, false
	}
	opCtx := graphql.GetOperationContext(ctx)
	q, _ := opCtx.Stats.GetExtension(literalsKey).(*queryLiterals)
	if q == nil {
		q = &queryLiterals{at: map[gqlerror.Location]int{}}
		// The query parsed before validation refused it: it parses again.
		if doc, err := parser.ParseQuery(&ast.Source{Input: opCtx.RawQuery}); err == nil {
			for _, op := range doc.Operations {
				q.addSelections(-1, op.SelectionSet)
			}
			for _, f := range doc.Fragments {
				q.addSelections(-1, f.SelectionSet)
			}
		}
		opCtx.Stats.SetExtension(literalsKey, q)
	}
	i, ok := q.at[loc]
	if !ok {
		return "", nil, false
	}
	var p ast.Path
	for j := i; j >= 0; j = q.nodes[j].parent {
		p = append(p, q.nodes[j].elem)
	}
	slices.Reverse(p)
	return p.String(), q.nodes[i].value, true
}

// addSelections adds the fields of set, under the field parent, and their arguments' literals.
func (q *queryLiterals) addSelections(parent int, set ast.SelectionSet) {
	for _, s := range set {
		switch s := s.(type) {
		case *ast.Field:
			q.nodes = append(q.nodes, literalNode{parent: parent, elem: ast.PathName(s.Alias)})
			field := len(q.nodes) - 1
			for _, a := range s.Arguments {
				q.addValue(field, ast.PathName(a.Name), a.Value)
			}
			q.addSelections(field, s.SelectionSet)
		case *ast.InlineFragment:
			q.addSelections(parent, s.SelectionSet)
		}
	}
}

// addValue adds the literal v, at elem under parent, and its parts.
func (q *queryLiterals) addValue(parent int, elem ast.PathElement, v *ast.Value) {
	if v == nil || v.Position == nil {
		return
	}
	q.nodes = append(q.nodes, literalNode{parent: parent, elem: elem, value: v})
	i := len(q.nodes) - 1
	q.at[gqlerror.Location{Line: v.Position.Line, Column: v.Position.Column}] = i
	for j, c := range v.Children {
		var e ast.PathElement = ast.PathName(c.Name)
		if v.Kind == ast.ListValue {
			e = ast.PathIndex(j)
		}
		q.addValue(i, e, c.Value)
	}
}
