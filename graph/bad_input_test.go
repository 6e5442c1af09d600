package graph_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rout/graph"
	"rout/live"
)

// TestEveryWrongInputIsBadUserInput gives every scalar and enum of the schema a wrong value, in every
// argument of every query, mutation and subscription field and in every field of their input objects
// (found by introspecting the real handler), once as an inline literal and once inside a variable, over
// HTTP, a multipart request and the websocket. Each answer is BAD_USER_INPUT naming the argument's path,
// never an internal error nor HTTP 500.
func TestEveryWrongInputIsBadUserInput(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) {
		c.RateIP, c.RateUser = graph.RateLimit{}, graph.RateLimit{}
	})[0]
	token, _ := r.signUp("ann")
	cases := introspect(t, r.env, token).wrongInputCases(t)
	// The schema has some forty root fields with arguments: far fewer cases means the walk lost its way.
	if len(cases) < 200 {
		t.Fatalf("%d cases generated from the schema, want at least 200", len(cases))
	}
	t.Logf("%d cases, each over the transports that run its operation", len(cases))
	for _, c := range cases {
		if c.operation != "subscription" {
			checkBadInput(t, "HTTP "+c.name, c.named(false), r.do(request{token: token, query: c.query, vars: c.vars(false)}))
			checkBadInput(t, "multipart "+c.name, c.named(true), r.multipartRequest(token, c))
		}
	}
	ws := dialWS(t, r, map[string]any{"Authorization": "Bearer " + token})
	for i, c := range cases {
		checkBadInput(t, "websocket "+c.name, c.named(false), ws.answer(strconv.Itoa(i), c.query, c.vars(false)))
	}
	noInternalErrors(t, r.env)
}

// TestMalformedTimeIsBadUserInput: a Time that is not RFC 3339, inline or in a variable, is the caller's
// error, named by its path, not an internal error (issue 26, finding 3).
func TestMalformedTimeIsBadUserInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	const want = `delegateSeat.input.until: Time must be an RFC 3339 string such as "2026-12-04T17:00:00Z", not the string "tomorrow"`
	for _, r := range []*response{
		e.gql(ann, `mutation { delegateSeat(input: {gameId: "x", difficulty: "easy", until: "tomorrow"}) { userErrors { code } } }`, nil),
		e.gql(ann, `mutation($input: DelegateSeatInput!) { delegateSeat(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"gameId": "x", "difficulty": "easy", "until": "tomorrow"}}),
	} {
		badInput(t, "until", r, "WRONG_TYPE", want)
		if r.Status != http.StatusOK {
			t.Errorf("status %d, want 200", r.Status)
		}
	}
	noInternalErrors(t, e)
}

// checkBadInput fails the test unless r holds errors, all BAD_USER_INPUT, one of which names one of paths
// in its message or its path, with an HTTP status other than 500.
func checkBadInput(t *testing.T, what string, paths []string, r *response) {
	t.Helper()
	if r.Status == http.StatusInternalServerError {
		t.Errorf("%s: HTTP 500", what)
	}
	if len(r.Errors) == 0 {
		t.Errorf("%s: no error (data %s)", what, r.Data)
		return
	}
	named := false
	for _, e := range r.Errors {
		if e.Extensions["code"] != string(graph.CodeBadUserInput) {
			t.Errorf("%s: error %+v, want BAD_USER_INPUT", what, e)
		}
		for _, p := range paths {
			named = named || strings.Contains(e.Message, p) || strings.Contains(joinPath(e.Path), p)
		}
	}
	if !named {
		t.Errorf("%s: no error names %s: %+v", what, strings.Join(paths, " or "), r.Errors)
	}
}

// joinPath writes an error's path as the API's messages do: names joined by dots, indexes in brackets.
func joinPath(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch p.(type) {
		case float64, int:
			fmt.Fprintf(&b, "[%v]", p)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		fmt.Fprint(&b, p)
	}
	return b.String()
}

// multipartRequest sends c as a multipart request (the GraphQL multipart request spec), with a file
// part for every Upload its variables hold a placeholder for.
func (e *env) multipartRequest(token string, c wrongInputCase) *response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	ops, _ := mw.CreateFormField("operations")
	_, _ = io.WriteString(ops, mustJSON(e.t, map[string]any{"query": c.query, "variables": c.vars(true)}))
	var uploads [][]any
	if c.argument != "" {
		uploads = uploadPaths(c.value, []any{"variables", c.argument})
	}
	files := map[string][]string{}
	for i, p := range uploads {
		parts := make([]string, len(p))
		for j, x := range p {
			parts[j] = fmt.Sprint(x)
		}
		files[strconv.Itoa(i)] = []string{strings.Join(parts, ".")} // the spec's form: variables.input.file
	}
	mp, _ := mw.CreateFormField("map")
	_, _ = io.WriteString(mp, mustJSON(e.t, files))
	for i := range uploads {
		fw, _ := mw.CreateFormFile(strconv.Itoa(i), "map.json")
		_, _ = io.WriteString(fw, "{}")
	}
	if err := mw.Close(); err != nil {
		e.t.Fatal(err)
	}
	return e.do(request{token: token, ctype: mw.FormDataContentType(), body: body.String()})
}

// answer runs the operation id on the socket and returns its errors: those of its error message, or of
// its first next message (after which the client completes it).
func (c *wsClient) answer(id, query string, vars map[string]any) *response {
	c.t.Helper()
	c.subscribe(id, query, vars)
	for {
		m, err := c.read()
		if err != nil {
			c.t.Fatalf("operation %s: %v", id, err)
		}
		if m.ID != id {
			continue // the complete of an operation answered before
		}
		out := &response{}
		switch m.Type {
		case "complete":
			c.t.Fatalf("operation %s completed without an answer", id)
		case "error":
			if err := json.Unmarshal(m.Payload, &out.Errors); err != nil {
				c.t.Fatal(err)
			}
		default:
			if err := json.Unmarshal(m.Payload, out); err != nil {
				c.t.Fatal(err)
			}
			c.send(wsMessage{ID: id, Type: "complete"})
		}
		return out
	}
}

// typeRef is a type of the introspection: a named type, or a list or non-null wrapper of one.
type typeRef struct {
	Kind   string   `json:"kind"`
	Name   string   `json:"name"`
	OfType *typeRef `json:"ofType"`
}

// String writes t as GraphQL does ("[Int!]!").
func (t *typeRef) String() string {
	switch t.Kind {
	case "NON_NULL":
		return t.OfType.String() + "!"
	case "LIST":
		return "[" + t.OfType.String() + "]"
	}
	return t.Name
}

// named returns the named type inside t's wrappers.
func (t *typeRef) named() *typeRef {
	for t.OfType != nil {
		t = t.OfType
	}
	return t
}

// inputValue is an argument or an input object's field.
type inputValue struct {
	Name         string   `json:"name"`
	Type         *typeRef `json:"type"`
	DefaultValue *string  `json:"defaultValue"`
}

// introspectedType is a type of the schema with what the cases need of it.
type introspectedType struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Fields []struct {
		Name string       `json:"name"`
		Args []inputValue `json:"args"`
		Type *typeRef     `json:"type"`
	} `json:"fields"`
	InputFields []inputValue `json:"inputFields"`
	EnumValues  []struct {
		Name string `json:"name"`
	} `json:"enumValues"`
}

// introspectedSchema is the schema as the introspection query gives it.
type introspectedSchema struct {
	QueryType        *struct{ Name string } `json:"queryType"`
	MutationType     *struct{ Name string } `json:"mutationType"`
	SubscriptionType *struct{ Name string } `json:"subscriptionType"`
	Types            []introspectedType     `json:"types"`
	byName           map[string]*introspectedType
}

const introspectionQuery = `{ __schema {
	queryType { name } mutationType { name } subscriptionType { name }
	types {
		kind name
		fields { name args { ...input } type { ...ref } }
		inputFields { ...input }
		enumValues { name }
	}
} }
fragment input on __InputValue { name defaultValue type { ...ref } }
fragment ref on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`

// introspect runs the introspection query on e's API as the holder of token.
func introspect(t *testing.T, e *env, token string) *introspectedSchema {
	t.Helper()
	var out struct {
		Schema introspectedSchema `json:"__schema"`
	}
	e.gql(token, introspectionQuery, nil).decode(t, &out)
	s := &out.Schema
	s.byName = map[string]*introspectedType{}
	for i := range s.Types {
		s.byName[s.Types[i].Name] = &s.Types[i]
	}
	return s
}

// wrongInputCase is one operation with one wrong value.
type wrongInputCase struct {
	name      string
	operation string // query, mutation or subscription
	query     string
	argument  string // the argument given as a variable; "" when the case has none
	value     any    // the variable's value
	path      string // the wrong value's path from its argument, as the errors must name it
}

// named returns the paths an error for c may name: its wrong value's, and, but in a multipart request,
// those of the required Uploads of its variable, which only a multipart request can give.
func (c wrongInputCase) named(multipart bool) []string {
	out := []string{c.path}
	if !multipart && c.argument != "" {
		for _, p := range uploadPaths(c.value, []any{c.argument}) {
			out = append(out, joinPath(p))
		}
	}
	return out
}

// vars returns the variables of c, for a multipart request or not.
func (c wrongInputCase) vars(multipart bool) map[string]any {
	if c.argument == "" {
		return nil
	}
	return map[string]any{c.argument: variable(c.value, multipart)}
}

// enumValue is an enum value in a literal.
type enumValue string

// upload is a placeholder for a required Upload: a file part in a multipart request, a string elsewhere.
type upload struct{}

// wrong is a wrong value: its literal and its JSON for a variable.
type wrong struct {
	literal  string
	variable any
}

// wrongValue returns a wrong value for the scalar or enum t.
func wrongValue(t *testing.T, named *typeRef) wrong {
	t.Helper()
	if named.Kind == "ENUM" {
		return wrong{"NOT_A_VALUE", "NOT_A_VALUE"}
	}
	switch named.Name {
	case "Int":
		return wrong{`"1"`, "1"}
	case "Float":
		return wrong{`"1.5"`, "1.5"}
	case "String":
		return wrong{"5", 5}
	case "ID":
		return wrong{"true", true}
	case "Boolean":
		return wrong{`"true"`, "true"}
	case "Time", "Cursor", "Upload":
		return wrong{`"tomorrow"`, "tomorrow"}
	case "JSON":
		return wrong{"5", 5}
	}
	t.Fatalf("no wrong value for the scalar %s: add one", named.Name)
	return wrong{}
}

// validValue returns a value of t that input coercion accepts, with only the required fields of input
// objects.
func (s *introspectedSchema) validValue(t *testing.T, ref *typeRef) any {
	t.Helper()
	switch ref.Kind {
	case "NON_NULL":
		return s.validValue(t, ref.OfType)
	case "LIST":
		return []any{s.validValue(t, ref.OfType)}
	case "ENUM":
		return enumValue(s.byName[ref.Name].EnumValues[0].Name)
	case "INPUT_OBJECT":
		obj := map[string]any{}
		for _, f := range s.byName[ref.Name].InputFields {
			if f.Type.Kind == "NON_NULL" && f.DefaultValue == nil {
				obj[f.Name] = s.validValue(t, f.Type)
			}
		}
		return obj
	}
	switch ref.Name {
	case "Int", "Float":
		return 1
	case "Boolean":
		return true
	case "Time":
		return "2026-01-01T00:00:00Z"
	case "Upload":
		return upload{}
	}
	return "x"
}

// wrongPlace is a value of a type with one wrong value inside, at path.
type wrongPlace struct {
	path  string
	value any
}

// wrongPlaces returns one value of ref for each scalar or enum a wrong value can be put in, the other
// fields required by input objects valid. Input objects already on the way (seen) are not entered again.
func (s *introspectedSchema) wrongPlaces(t *testing.T, ref *typeRef, seen []string) []wrongPlace {
	t.Helper()
	var out []wrongPlace
	switch ref.Kind {
	case "NON_NULL":
		return s.wrongPlaces(t, ref.OfType, seen)
	case "LIST":
		for _, p := range s.wrongPlaces(t, ref.OfType, seen) {
			out = append(out, wrongPlace{"[0]" + p.path, []any{p.value}})
		}
	case "SCALAR", "ENUM":
		out = append(out, wrongPlace{"", wrongValue(t, ref)})
	case "INPUT_OBJECT":
		if slices.Contains(seen, ref.Name) {
			return nil
		}
		for _, f := range s.byName[ref.Name].InputFields {
			for _, p := range s.wrongPlaces(t, f.Type, append(seen, ref.Name)) {
				obj := s.validValue(t, ref).(map[string]any)
				obj[f.Name] = p.value
				out = append(out, wrongPlace{"." + f.Name + p.path, obj})
			}
		}
	}
	return out
}

// wrongInputCases returns two cases (the wrong value inline, and inside a variable) for every place of
// every argument of the root fields.
func (s *introspectedSchema) wrongInputCases(t *testing.T) []wrongInputCase {
	t.Helper()
	var out []wrongInputCase
	for _, root := range []struct {
		operation string
		typ       *struct{ Name string }
	}{{"query", s.QueryType}, {"mutation", s.MutationType}, {"subscription", s.SubscriptionType}} {
		if root.typ == nil {
			continue
		}
		for _, f := range s.byName[root.typ.Name].Fields {
			selection := ""
			if k := f.Type.named().Kind; k == "OBJECT" || k == "INTERFACE" || k == "UNION" {
				selection = " { __typename }"
			}
			for _, arg := range f.Args {
				for _, p := range s.wrongPlaces(t, arg.Type, nil) {
					// The other arguments: the required ones, valid.
					var others []string
					for _, o := range f.Args {
						if o.Name != arg.Name && o.Type.Kind == "NON_NULL" && o.DefaultValue == nil {
							others = append(others, o.Name+": "+literal(s.validValue(t, o.Type)))
						}
					}
					path := arg.Name + p.path
					name := fmt.Sprintf("%s(%s: %s)", f.Name, path, arg.Type)
					inline := strings.Join(append(slices.Clone(others), arg.Name+": "+literal(p.value)), ", ")
					out = append(out, wrongInputCase{
						name:      name + " inline",
						operation: root.operation,
						query:     fmt.Sprintf("%s { %s(%s)%s }", root.operation, f.Name, inline, selection),
						path:      path,
					})
					withVar := strings.Join(append(others, arg.Name+": $"+arg.Name), ", ")
					out = append(out, wrongInputCase{
						name:      name + " in a variable",
						operation: root.operation,
						query:     fmt.Sprintf("%s($%s: %s) { %s(%s)%s }", root.operation, arg.Name, arg.Type, f.Name, withVar, selection),
						argument:  arg.Name,
						value:     p.value,
						path:      path,
					})
				}
			}
		}
	}
	return out
}

// literal writes v as a GraphQL literal. A required Upload is a string: validation, which refuses the
// wrong value, runs before any Upload is read.
func literal(v any) string {
	switch v := v.(type) {
	case wrong:
		return v.literal
	case enumValue:
		return string(v)
	case upload:
		return `"not a file"`
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = literal(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		parts := make([]string, 0, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			parts = append(parts, k+": "+literal(v[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case string:
		return strconv.Quote(v)
	}
	return fmt.Sprint(v)
}

// variable returns v as the JSON of a variable. A required Upload is null in a multipart request, which
// maps a file there, and a string elsewhere: the wrong value is refused before any Upload is read.
func variable(v any, multipart bool) any {
	switch v := v.(type) {
	case wrong:
		return v.variable
	case enumValue:
		return string(v)
	case upload:
		if multipart {
			return nil
		}
		return "not a file"
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = variable(x, multipart)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			out[k] = variable(x, multipart)
		}
		return out
	}
	return v
}

// uploadPaths returns the paths (names and indexes) of the Upload placeholders in v, under prefix.
func uploadPaths(v any, prefix []any) [][]any {
	switch v := v.(type) {
	case upload:
		return [][]any{prefix}
	case []any:
		var out [][]any
		for i, x := range v {
			out = append(out, uploadPaths(x, append(slices.Clone(prefix), i))...)
		}
		return out
	case map[string]any:
		var out [][]any
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, uploadPaths(v[k], append(slices.Clone(prefix), k))...)
		}
		return out
	}
	return nil
}
