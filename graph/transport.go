package graph

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// The media types of GraphQL over HTTP.
const (
	mediaJSON            = "application/json"
	mediaGraphQLResponse = "application/graphql-response+json"
)

// httpTransport serves queries and mutations over POST and queries over GET, as the GraphQL-over-HTTP
// specification says:
//   - a POST body is JSON (Content-Type application/json; others get 415) of at most the body limit
//     (larger gets 413); a body that is not a JSON object of query, operationName, variables and
//     extensions gets 400;
//   - GET takes the same in the URL's query string; a mutation or subscription over GET gets 405;
//   - the response is application/graphql-response+json when the Accept header asks for it, and then a
//     request error (a query that does not parse or validate, a limit, an unknown persisted query) gets
//     400; with application/json (the default) it gets 200, as the specification's legacy rules want;
//   - an executed operation whose response carries an internal error gets 500 where the specification
//     allows it (see executedStatus).
//
// It replaces gqlgen's POST and GET transports, which echo the body back on a JSON error, answer a GET
// mutation with 406, and give application/json request errors 422.
type httpTransport struct{}

var _ graphql.Transport = httpTransport{}

// Supports implements graphql.Transport.
func (httpTransport) Supports(r *http.Request) bool {
	return r.Header.Get("Upgrade") == "" && (r.Method == http.MethodPost || r.Method == http.MethodGet)
}

// Do implements graphql.Transport.
func (httpTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	media := responseMediaType(r.Header.Get("Accept"))
	w.Header().Set("Content-Type", media+"; charset=utf-8")
	fail := func(status int, err *gqlerror.Error) {
		writeRequestError(w, status, exec.DispatchError(ctx, gqlerror.List{err}))
	}

	params := &graphql.RawParams{Headers: r.Header}
	params.ReadTime.Start = graphql.Now()
	var status int
	var err *gqlerror.Error
	if r.Method == http.MethodGet {
		status, err = readGET(r.URL.RawQuery, params)
	} else {
		status, err = readPOST(r, params)
	}
	if err != nil {
		fail(status, err)
		return
	}
	params.ReadTime.End = graphql.Now()

	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		for _, e := range errs {
			// Request errors gqlgen makes without a code (such as a malformed persisted query
			// extension) are the request's fault too.
			if _, ok := e.Extensions["code"]; !ok {
				if e.Extensions == nil {
					e.Extensions = map[string]any{}
				}
				e.Extensions["code"] = string(CodeBadUserInput)
			}
		}
		status := http.StatusOK
		if media == mediaGraphQLResponse {
			status = http.StatusBadRequest
		}
		writeRequestError(w, status, exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	switch op := opCtx.Operation.Operation; {
	case r.Method == http.MethodGet && op != ast.Query:
		w.Header().Set("Allow", http.MethodPost)
		fail(http.StatusMethodNotAllowed, requestError(CodeBadUserInput, "",
			"only queries may be sent with GET: send mutations with POST"))
		return
	case op == ast.Subscription:
		status := http.StatusOK
		if media == mediaGraphQLResponse {
			status = http.StatusBadRequest
		}
		fail(status, requestError(CodeBadUserInput, "", "subscriptions need a websocket connection"))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, opCtx)
	resp := responses(ctx)
	if resp == nil {
		// The request's time ran out before execution began.
		writeRequestError(w, http.StatusServiceUnavailable, exec.DispatchError(ctx, gqlerror.List{
			requestError(CodeInternal, "TIMEOUT", "the request took too long"),
		}))
		return
	}
	writeResponse(w, executedStatus(media, resp), resp)
}

// executedStatus is the HTTP status of an executed operation's response: 200, unless an error of the
// response is an internal one (a database fault, a timeout, a bug: extensions.code INTERNAL_SERVER_ERROR),
// which is 500 so that an alert on 5xx answers sees it. GraphQL over HTTP only allows that where the
// response has no data: with application/graphql-response+json, a response whose data entry is not null
// MUST be 2xx, so it stays 200 (rout_graphql_errors_total counts its internal errors); with application/json
// the specification's 200 is a SHOULD, and Rout answers 500 for internal errors whatever the data.
func executedStatus(media string, resp *graphql.Response) int {
	internal := false
	for _, e := range resp.Errors {
		if code, _ := e.Extensions["code"].(string); code == string(CodeInternal) {
			internal = true
			break
		}
	}
	if !internal {
		return http.StatusOK
	}
	if media == mediaGraphQLResponse && len(resp.Data) > 0 && !bytes.Equal(bytes.TrimSpace(resp.Data), []byte("null")) {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}

// readGET reads the parameters of a GET request from its query string.
func readGET(rawQuery string, params *graphql.RawParams) (int, *gqlerror.Error) {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return http.StatusBadRequest, requestError(CodeBadUserInput, "", "the query string is malformed")
	}
	params.Query = q.Get("query")
	params.OperationName = q.Get("operationName")
	for _, v := range []struct {
		name string
		dst  *map[string]any
	}{{"variables", &params.Variables}, {"extensions", &params.Extensions}} {
		if s := q.Get(v.name); s != "" {
			if err := decodeJSON([]byte(s), v.dst); err != nil {
				return http.StatusBadRequest, requestError(CodeBadUserInput, "", v.name+" is not a JSON object")
			}
		}
	}
	return 0, nil
}

// postBody is the JSON body of a POST request.
type postBody struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Extensions    map[string]any `json:"extensions"`
}

// readPOST reads the parameters of a POST request from its body.
func readPOST(r *http.Request, params *graphql.RawParams) (int, *gqlerror.Error) {
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != mediaJSON {
		return http.StatusUnsupportedMediaType, requestError(CodeBadUserInput, "",
			"the request body must be JSON, with Content-Type: application/json")
	}
	b, err := io.ReadAll(r.Body)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge, requestError(CodeBadUserInput, "BODY_TOO_LARGE",
			"the request body is larger than the limit")
	}
	if err != nil {
		return http.StatusBadRequest, requestError(CodeBadUserInput, "", "the request body could not be read")
	}
	var body postBody
	if err := decodeJSON(b, &body); err != nil {
		return http.StatusBadRequest, requestError(CodeBadUserInput, "",
			"the request body is not a JSON object with query, operationName, variables and extensions")
	}
	params.Query = body.Query
	params.OperationName = body.OperationName
	params.Variables = body.Variables
	params.Extensions = body.Extensions
	return 0, nil
}

// decodeJSON decodes one JSON value into v, numbers as json.Number (so that large integers keep their
// digits), and fails on anything after it.
func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// responseMediaType picks the response's media type from the Accept header: the first of
// application/graphql-response+json and application/json it names; application/json otherwise.
func responseMediaType(accept string) string {
	for part := range strings.SplitSeq(accept, ",") {
		media, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch media {
		case mediaGraphQLResponse:
			return mediaGraphQLResponse
		case mediaJSON:
			return mediaJSON
		}
	}
	return mediaJSON
}

// writeRequestError writes the response to a request that was not executed (it did not parse or
// validate, or its time ran out first): errors without a data entry, as GraphQL over HTTP asks.
func writeRequestError(w http.ResponseWriter, status int, resp *graphql.Response) {
	writeJSON(w, status, struct {
		Errors     gqlerror.List  `json:"errors"`
		Extensions map[string]any `json:"extensions,omitempty"`
	}{resp.Errors, resp.Extensions})
}

// writeResponse writes a GraphQL response with status.
func writeResponse(w http.ResponseWriter, status int, resp *graphql.Response) {
	writeJSON(w, status, resp)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"errors":[{"message":"internal error","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}`)
	}
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// multipartTransport serves file uploads (the GraphQL multipart request spec) with gqlgen's
// MultipartForm, and gives the errors MultipartForm writes itself for a malformed request (no operations
// part, a map that names no file, ...) the code BAD_USER_INPUT and the status 400 instead of 422 without a
// code.
type multipartTransport struct {
	form transport.MultipartForm
}

var _ graphql.Transport = multipartTransport{}

// Supports implements graphql.Transport: POSTs of multipart/form-data.
func (t multipartTransport) Supports(r *http.Request) bool { return t.form.Supports(r) }

// Do implements graphql.Transport.
func (t multipartTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	rec := &responseRecorder{header: w.Header(), status: http.StatusOK}
	t.form.Do(rec, r, exec)
	if rec.status == http.StatusOK {
		w.WriteHeader(rec.status)
		_, _ = w.Write(rec.body.Bytes())
		return
	}
	var resp struct {
		Errors     []map[string]any `json:"errors"`
		Extensions map[string]any   `json:"extensions,omitempty"`
	}
	if err := json.Unmarshal(rec.body.Bytes(), &resp); err != nil || len(resp.Errors) == 0 {
		w.WriteHeader(rec.status)
		_, _ = w.Write(rec.body.Bytes())
		return
	}
	for _, e := range resp.Errors {
		ext, _ := e["extensions"].(map[string]any)
		if ext == nil {
			ext = map[string]any{}
			e["extensions"] = ext
		}
		if _, ok := ext["code"]; !ok {
			ext["code"] = string(CodeBadUserInput)
		}
	}
	status := rec.status
	if status == http.StatusUnprocessableEntity {
		status = http.StatusBadRequest
	}
	w.Header().Set("Content-Type", mediaJSON+"; charset=utf-8")
	writeJSON(w, status, resp)
}

// responseRecorder keeps what a transport writes, for multipartTransport to look at before answering.
type responseRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *responseRecorder) Header() http.Header         { return r.header }
func (r *responseRecorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *responseRecorder) WriteHeader(status int)      { r.status = status }
