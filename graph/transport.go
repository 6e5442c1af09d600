package graph

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
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
	params := &graphql.RawParams{Headers: r.Header}
	params.ReadTime.Start = graphql.Now()
	var status int
	var err *gqlerror.Error
	if r.Method == http.MethodGet {
		status, err = readGET(r.URL.RawQuery, params)
	} else {
		status, err = readPOST(r, params)
	}
	params.ReadTime.End = graphql.Now()
	serve(w, r, exec, params, status, err)
}

// serve answers a request whose parameters were read into params (or refused with status and err), with
// the statuses of docs/api.md: every HTTP transport ends here.
func serve(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, params *graphql.RawParams, status int, err *gqlerror.Error) {
	ctx := r.Context()
	media := responseMediaType(r.Header.Get("Accept"))
	w.Header().Set("Content-Type", media+"; charset=utf-8")
	fail := func(status int, err *gqlerror.Error) {
		writeRequestError(w, status, exec.DispatchError(ctx, gqlerror.List{err}))
	}
	if err != nil {
		fail(status, err)
		return
	}

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
		fail(http.StatusServiceUnavailable, unavailable(reasonTimeout, timeoutMessage))
		return
	}
	writeResponse(w, executedStatus(media, resp), resp)
}

// executedStatus is the HTTP status of an executed operation's response: 200, unless an error of the
// response is an overload (UNAVAILABLE: a timeout, a full pool or queue), which is 503, or an internal
// one (a database fault, a bug: INTERNAL_SERVER_ERROR), which is 500, so that an alert on 5xx answers
// sees it and a client or proxy knows to retry. GraphQL over HTTP only allows that where the response
// has no data: with application/graphql-response+json, a response whose data entry is not null MUST be
// 2xx, so it stays 200 (rout_graphql_errors_total counts its errors); with application/json the
// specification's 200 is a SHOULD, and Rout answers 503 or 500 whatever the data. An overload wins over
// an internal error, as the one a retry may cure.
func executedStatus(media string, resp *graphql.Response) int {
	status := http.StatusOK
	for _, e := range resp.Errors {
		switch code, _ := e.Extensions["code"].(string); Code(code) {
		case CodeUnavailable:
			status = http.StatusServiceUnavailable
		case CodeInternal:
			if status == http.StatusOK {
				status = http.StatusInternalServerError
			}
		}
	}
	if media == mediaGraphQLResponse && len(resp.Data) > 0 && !bytes.Equal(bytes.TrimSpace(resp.Data), []byte("null")) {
		return http.StatusOK
	}
	return status
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
			if jsonTooDeep([]byte(s)) {
				return http.StatusBadRequest, nestingError(v.name)
			}
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
	return decodeParams(b, "the request body", params)
}

// decodeParams decodes b, the JSON object of query, operationName, variables and extensions that a POST's
// body or a multipart request's operations part is (what names it in errors), into params.
func decodeParams(b []byte, what string, params *graphql.RawParams) (int, *gqlerror.Error) {
	if jsonTooDeep(b) {
		return http.StatusBadRequest, nestingError(what)
	}
	var body postBody
	if err := decodeJSON(b, &body); err != nil {
		return http.StatusBadRequest, requestError(CodeBadUserInput, "",
			what+" is not a JSON object with query, operationName, variables and extensions")
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
	setRetryAfter(w, resp.Errors)
	writeJSON(w, status, struct {
		Errors     gqlerror.List  `json:"errors"`
		Extensions map[string]any `json:"extensions,omitempty"`
	}{resp.Errors, resp.Extensions})
}

// writeResponse writes a GraphQL response with status; a failure whose errors tell of an overload (a
// record or a preview whose lookup timed out, say) is a 503.
func writeResponse(w http.ResponseWriter, status int, resp *graphql.Response) {
	if setRetryAfter(w, resp.Errors) && status >= http.StatusBadRequest {
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, resp)
}

// setRetryAfter sets the Retry-After header of an answer with an UNAVAILABLE error to the longest
// extensions.retryAfter of its errors, and reports whether it did.
func setRetryAfter(w http.ResponseWriter, errs gqlerror.List) bool {
	secs := 0
	for _, e := range errs {
		if code, _ := e.Extensions["code"].(string); code == string(CodeUnavailable) {
			if s, ok := e.Extensions["retryAfter"].(int); ok {
				secs = max(secs, s)
			}
		}
	}
	if secs > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	return secs > 0
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

// multipartTransport serves file uploads (the GraphQL multipart request specification): an operations
// part (a POST's JSON body), a map part (which file goes to which variable), then the files. It reads
// them itself rather than through gqlgen's MultipartForm, so that the operations and map parts are bounded
// like a JSON body (at most maxPart bytes, nested at most maxNesting deep, scanned before they are
// decoded), a file takes at most memory bytes of memory (the rest waits in a temporary file), a malformed
// request gets 400 with BAD_USER_INPUT, and the answer has the statuses of every other transport (serve).
type multipartTransport struct {
	maxPart int64 // the most bytes of the operations part, and of the map part
	memory  int64 // the most bytes of a file kept in memory
}

var _ graphql.Transport = multipartTransport{}

// Supports implements graphql.Transport: POSTs of multipart/form-data.
func (multipartTransport) Supports(r *http.Request) bool { return isMultipart(r) }

// Do implements graphql.Transport.
func (t multipartTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	params := &graphql.RawParams{Headers: r.Header}
	params.ReadTime.Start = graphql.Now()
	var files uploadFiles
	defer files.remove()
	status, err := t.read(r, params, &files)
	params.ReadTime.End = graphql.Now()
	serve(w, r, exec, params, status, err)
}

// read reads a multipart request into params, keeping its files in files.
func (t multipartTransport) read(r *http.Request, params *graphql.RawParams, files *uploadFiles) (int, *gqlerror.Error) {
	malformed := func(msg string) (int, *gqlerror.Error) {
		return http.StatusBadRequest, requestError(CodeBadUserInput, "", msg)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return malformed("the multipart request is malformed")
	}
	part, err := mr.NextPart()
	if err != nil || part.FormName() != "operations" {
		return partError(err, "the first part of a multipart request must be operations")
	}
	b, status, gerr := t.readPart(part, "the operations part")
	if gerr != nil {
		return status, gerr
	}
	if status, gerr := decodeParams(b, "the operations part", params); gerr != nil {
		return status, gerr
	}
	part, err = mr.NextPart()
	if err != nil || part.FormName() != "map" {
		return partError(err, "the second part of a multipart request must be map")
	}
	if b, status, gerr = t.readPart(part, "the map part"); gerr != nil {
		return status, gerr
	}
	if jsonTooDeep(b) {
		return http.StatusBadRequest, nestingError("the map part")
	}
	var uploads map[string][]string
	if err := decodeJSON(b, &uploads); err != nil {
		return malformed("the map part is not a JSON object of file names and lists of variable paths")
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return partError(err, "a part of the multipart request is malformed")
		}
		key := part.FormName()
		paths := uploads[key]
		if len(paths) == 0 {
			return malformed(fmt.Sprintf("the map part names no variable for the file %q", key))
		}
		delete(uploads, key)
		f, err := files.keep(part, t.memory)
		if err != nil {
			return partError(err, fmt.Sprintf("the file %q could not be read", key))
		}
		for _, path := range paths {
			u, err := f.upload(part.FileName(), part.Header.Get("Content-Type"))
			if err != nil {
				return http.StatusInternalServerError, requestError(CodeInternal, "", internalMessage)
			}
			files.open = append(files.open, u.File)
			if gerr := params.AddUpload(u, key, path); gerr != nil {
				gerr.Extensions = map[string]any{"code": string(CodeBadUserInput)}
				return http.StatusBadRequest, gerr
			}
		}
	}
	for key := range uploads {
		return malformed(fmt.Sprintf("the map part names the file %q, which the request does not have", key))
	}
	return 0, nil
}

// readPart reads a part of at most t.maxPart bytes (what names it in errors).
func (t multipartTransport) readPart(part io.Reader, what string) ([]byte, int, *gqlerror.Error) {
	b, err := io.ReadAll(io.LimitReader(part, t.maxPart+1))
	if err != nil {
		status, gerr := partError(err, what+" could not be read")
		return nil, status, gerr
	}
	if int64(len(b)) > t.maxPart {
		return nil, http.StatusRequestEntityTooLarge, requestError(CodeBadUserInput, "BODY_TOO_LARGE",
			fmt.Sprintf("%s is larger than the limit of %d bytes", what, t.maxPart))
	}
	return b, 0, nil
}

// partError is the status and error of a multipart body that could not be read: 413 when it is larger
// than the limit, 400 with msg otherwise.
func partError(err error, msg string) (int, *gqlerror.Error) {
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return http.StatusRequestEntityTooLarge, requestError(CodeBadUserInput, "BODY_TOO_LARGE",
			"the request body is larger than the limit")
	}
	return http.StatusBadRequest, requestError(CodeBadUserInput, "", msg)
}

// uploadFiles are the files of one multipart request: their temporary files, removed when the request
// is answered, and the readers handed to the resolvers, closed then.
type uploadFiles struct {
	temp []string
	open []io.ReadSeeker
}

// uploadFile is one file of a multipart request: its bytes, or the temporary file that holds them.
type uploadFile struct {
	data []byte
	path string
	size int64
}

// keep reads a file: its first memory bytes in memory, the whole file in a temporary file when it is
// larger.
func (fs *uploadFiles) keep(r io.Reader, memory int64) (uploadFile, error) {
	var buf bytes.Buffer
	n, err := io.Copy(&buf, io.LimitReader(r, memory+1))
	if err != nil {
		return uploadFile{}, fmt.Errorf("error reading an uploaded file: %w", err)
	}
	if n <= memory {
		return uploadFile{data: buf.Bytes(), size: n}, nil
	}
	tmp, err := os.CreateTemp("", "rout-upload-")
	if err != nil {
		return uploadFile{}, fmt.Errorf("error creating a file for an upload: %w", err)
	}
	fs.temp = append(fs.temp, tmp.Name())
	size, err := io.Copy(tmp, io.MultiReader(&buf, r))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return uploadFile{}, fmt.Errorf("error writing an uploaded file: %w", err)
	}
	return uploadFile{path: tmp.Name(), size: size}, nil
}

// upload returns a graphql.Upload of the file, with a reader of its own.
func (f uploadFile) upload(name, contentType string) (graphql.Upload, error) {
	u := graphql.Upload{Size: f.size, Filename: name, ContentType: contentType}
	if f.path == "" {
		u.File = bytes.NewReader(f.data)
		return u, nil
	}
	file, err := os.Open(f.path)
	if err != nil {
		return u, fmt.Errorf("error opening an uploaded file: %w", err)
	}
	u.File = file
	return u, nil
}

// remove closes the request's files and removes its temporary files.
func (fs *uploadFiles) remove() {
	for _, f := range fs.open {
		if c, ok := f.(io.Closer); ok {
			_ = c.Close()
		}
	}
	for _, name := range fs.temp {
		_ = os.Remove(name)
	}
}
