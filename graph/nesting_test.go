package graph_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"rout/graph"
	"rout/live"
)

// nested returns JSON arrays nested depth deep around 0.
func nested(depth int) string {
	return strings.Repeat("[", depth) + "0" + strings.Repeat("]", depth)
}

// multipartBody returns a multipart request of operations and uploads parts as given, and one file.
func multipartBody(t *testing.T, operations, uploads string) (string, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	ops, _ := mw.CreateFormField("operations")
	_, _ = io.WriteString(ops, operations)
	mp, _ := mw.CreateFormField("map")
	_, _ = io.WriteString(mp, uploads)
	fw, _ := mw.CreateFormFile("0", "map.json")
	_, _ = io.WriteString(fw, "{}")
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return mw.FormDataContentType(), body.String()
}

// TestDeeplyNestedRequestsAreRefused sends requests nested 100,000 deep in every place a request can
// nest, over every transport: each is refused with BAD_USER_INPUT of reason MAX_NESTING_EXCEEDED, by a
// scan of its bytes before anything decodes or parses it, and the server logs no internal error. A
// multipart request's operations part is bounded like a JSON body (before, up to the 17 MiB of an upload).
func TestDeeplyNestedRequestsAreRefused(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, nil)[0]
	const deep = 100_000
	upload := `mutation($input: UploadMapInput!) { uploadMap(input: $input) { userErrors { code } } }`
	okOps := mustJSON(t, map[string]any{"query": upload, "variables": map[string]any{"input": map[string]any{"file": nil}}})
	deepOps := `{"query": "{ __typename }", "variables": {"x": ` + nested(deep) + `}}`
	ctypeOps, bodyOps := multipartBody(t, deepOps, `{"0": ["variables.input.file"]}`)
	ctypeMap, bodyMap := multipartBody(t, okOps, `{"0": `+nested(deep)+`}`)
	ctypeDoc, bodyDoc := multipartBody(t, mustJSON(t, map[string]any{"query": "{" + strings.Repeat("a {", deep),
		"variables": map[string]any{"input": map[string]any{"file": nil}}}), `{"0": ["variables.input.file"]}`)
	ctypeBig, bodyBig := multipartBody(t, `{"query": "{ __typename }", "variables": {"x": [`+strings.Repeat("0,", 1<<20)+`0]}}`,
		`{"0": ["variables.input.file"]}`)

	for _, c := range []struct {
		name   string
		req    request
		status int
		reason string
	}{
		{"variables in a POST", request{body: `{"query": "query($x: Int) { __typename }", "variables": {"x": ` + nested(deep) + `}}`},
			http.StatusBadRequest, "MAX_NESTING_EXCEEDED"},
		{"a POST body", request{body: nested(deep)}, http.StatusBadRequest, "MAX_NESTING_EXCEEDED"},
		{"variables of a GET", request{method: http.MethodGet, query: `{ __typename }`,
			vars: map[string]any{"x": json.RawMessage(nested(200))}}, http.StatusBadRequest, "MAX_NESTING_EXCEEDED"},
		{"selection sets", request{query: "{" + strings.Repeat("a {", deep)}, http.StatusOK, "MAX_NESTING_EXCEEDED"},
		{"a list literal", request{query: "{ nodes(ids: " + strings.Repeat("[", deep) + ") { id } }"},
			http.StatusOK, "MAX_NESTING_EXCEEDED"},
		{"a list literal, graphql-response+json", request{accept: "application/graphql-response+json",
			query: "{ nodes(ids: " + strings.Repeat("[", deep) + ") { id } }"}, http.StatusBadRequest, "MAX_NESTING_EXCEEDED"},
		{"an object literal", request{query: "{ games(filter: " + strings.Repeat("{a: ", deep) + ") { totalCount } }"},
			http.StatusOK, "MAX_NESTING_EXCEEDED"},
		{"a multipart operations part", request{ctype: ctypeOps, body: bodyOps}, http.StatusBadRequest, "MAX_NESTING_EXCEEDED"},
		{"a multipart map part", request{ctype: ctypeMap, body: bodyMap}, http.StatusBadRequest, "MAX_NESTING_EXCEEDED"},
		{"a multipart query document", request{ctype: ctypeDoc, body: bodyDoc}, http.StatusOK, "MAX_NESTING_EXCEEDED"},
		{"a multipart operations part over the body limit", request{ctype: ctypeBig, body: bodyBig},
			http.StatusRequestEntityTooLarge, "BODY_TOO_LARGE"},
	} {
		res := r.do(c.req)
		if res.Status != c.status || res.code(t) != string(graph.CodeBadUserInput) || res.Errors[0].Extensions["reason"] != c.reason {
			t.Errorf("%s: %d %+v, want %d BAD_USER_INPUT of reason %s", c.name, res.Status, res.Errors, c.status, c.reason)
		}
	}

	// A websocket message is at most 64 KiB: as deep as that allows.
	sock := dialWS(t, r, nil)
	for _, c := range []struct {
		name  string
		query string
		vars  map[string]any
	}{
		{"a document", "{" + strings.Repeat("a {", 20_000), nil},
		{"variables", `query($x: Int) { __typename }`, map[string]any{"x": json.RawMessage(nested(5_000))}},
	} {
		sock.mustBeRefusal(func() wsMessage {
			sock.subscribe(c.name, c.query, c.vars)
			m, err := sock.read()
			if err != nil {
				t.Fatalf("%s over the websocket: %v", c.name, err)
			}
			return m
		}(), string(graph.CodeBadUserInput))
	}
	if logs := r.logs.String(); strings.Contains(logs, "internal error") {
		t.Errorf("the server logged an internal error:\n%s", logs)
	}
}
