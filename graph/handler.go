package graph

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/graph/wstransport"
)

// Path is where the API is served: mount NewHandler's handler there, and the playground at playground.Path.
const Path = "/graphql"

// NewHandler returns the HTTP handler of the GraphQL API, to be mounted at Path:
//
//	mux.Handle(graph.Path, apiHandler)
//	mux.Handle("GET "+playground.Path, playground.Handler(graph.Path))
//	mux.Handle("GET "+playground.AssetsPath, playground.Handler(graph.Path))
//
// Around gqlgen's executor it gives each request an id (the X-Request-Id response header, and the
// request_id of its logs), refuses methods other than GET and POST (405) and bodies over the limit (413),
// applies the rate limits per client address and per user (429 with Retry-After), resolves the bearer
// token to the viewer, and bounds the request's time. Websocket upgrades go to the subscriptions'
// transport (graph/wstransport), authenticated by the connection_init payload; every operation on a
// socket counts against the same rate limits and checks that the socket's token is still live, and the
// sockets of a token that is revoked (on any replica: Deps.Live hears it) or expires close with 4403.
// The handler's Shutdown(ctx) error method closes those sockets. It fails when cfg is not valid or a required
// dependency is missing. The handler is safe for concurrent use.
func NewHandler(cfg Settings, deps Deps) (http.Handler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("error checking the GraphQL configuration: %w", err)
	}
	r, err := newResolver(cfg, deps)
	if err != nil {
		return nil, err
	}
	p := &presenter{logger: r.logger}
	srv := handler.New(NewExecutableSchema(r.executableSchema()))
	// Subscriptions: websocket upgrades first, as httpTransport takes every GET.
	ws := wstransport.New(wstransport.Opts{
		Authenticate:   r.authenticateSocket,
		AllowedOrigins: cfg.WSAllowedOrigins,
		InitTimeout:    cfg.WSInitTimeout,
		PingInterval:   cfg.WSPingInterval,
		WriteTimeout:   cfg.WSWriteTimeout,
		ReadLimit:      cfg.WSReadLimit,
		MaxOperations:  cfg.WSMaxOperations,
		MaxExecuting:   cfg.WSMaxExecuting,
		Admit:          r.admitSocketOperation,
		// ServeHTTP put the client's address in the context, as the rate limits see it.
		ClientKey:         func(req *http.Request) string { return clientIP(req.Context()) },
		MaxConnsPerClient: cfg.WSMaxConnsPerAddress,
		MaxConnsPerUser:   cfg.WSMaxConnsPerUser,
		Logger:            r.logger,
	})
	srv.AddTransport(ws)
	// File uploads (the GraphQL multipart request spec) before httpTransport, which takes every POST;
	// ServeHTTP bounds their bodies by MaxUploadBytes instead of MaxBodyBytes, and their operations and
	// map parts are bounded by MaxBodyBytes. Files larger than uploadMemory wait in temporary files rather
	// than in memory.
	srv.AddTransport(multipartTransport{maxPart: cfg.MaxBodyBytes, memory: uploadMemory})
	srv.AddTransport(httpTransport{})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](cfg.QueryCacheSize))
	srv.SetParserTokenLimit(cfg.MaxTokens)
	srv.SetDisableSuggestion(!cfg.Suggestions)
	srv.SetValidationRulesFn(validationRules(cfg.Suggestions))
	srv.SetErrorPresenter(p.present)
	srv.SetRecoverFunc(p.recover)
	srv.Use(extension.Introspection{})
	srv.Use(requestNesting{})
	srv.Use(rawVariables{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](cfg.APQCacheSize)})
	srv.Use(queryLimits{maxDepth: cfg.MaxDepth, maxAliases: cfg.MaxAliases})
	srv.Use(extension.FixedComplexityLimit(cfg.MaxComplexity))
	srv.Use(runtimeCost{limit: cfg.MaxComplexity})
	srv.AroundOperations(requestSnapshots)
	srv.AroundOperations(r.boundOperation)
	for _, e := range deps.Extensions {
		srv.Use(e)
	}
	h := &httpHandler{r: r, p: p, gql: srv, ws: ws}
	if deps.Live != nil {
		deps.Live.OnRevoked(h.tokenRevoked)
	}
	return h, nil
}

// httpHandler is the API's HTTP layer around gqlgen's server.
type httpHandler struct {
	r   *Resolver
	p   *presenter
	gql http.Handler
	ws  *wstransport.Transport
}

// Shutdown closes the handler's websockets (1001 going away: clients reconnect and resume) and waits for
// them until ctx ends. The server's own Shutdown does not reach hijacked connections.
func (h *httpHandler) Shutdown(ctx context.Context) error { return h.ws.Shutdown(ctx) }

// ServeHTTP implements http.Handler.
func (h *httpHandler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	id := newRequestID()
	w.Header().Set("X-Request-Id", id)
	w, finish := compressed(w, req)
	defer finish()
	ip := h.clientIP(req)
	ctx := context.WithValue(req.Context(), requestIDKey, id)
	ctx = context.WithValue(ctx, clientIPKey, ip)

	if req.Method != http.MethodGet && req.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, POST")
		h.fail(ctx, w, req, http.StatusMethodNotAllowed,
			requestError(CodeBadUserInput, "", "the GraphQL endpoint takes GET and POST requests"))
		return
	}
	limit := h.r.cfg.MaxBodyBytes
	if isMultipart(req) {
		limit = h.r.cfg.MaxUploadBytes
	}
	if req.ContentLength > limit {
		h.fail(ctx, w, req, http.StatusRequestEntityTooLarge,
			requestError(CodeBadUserInput, "BODY_TOO_LARGE", "the request body is larger than the limit"))
		return
	}
	req.Body = http.MaxBytesReader(w, req.Body, limit)
	if ok, wait := h.r.rateIP.allow(ip); !ok {
		h.tooMany(ctx, w, req, wait)
		return
	}
	// The request's time starts before the token lookup, which a slow database may hold up.
	ctx, cancel := context.WithTimeout(ctx, h.r.cfg.RequestTimeout)
	defer cancel()
	v, err := h.r.authenticate(ctx, req.Header.Get("Authorization"))
	if err != nil {
		status, err := authFailure(ctx, err)
		h.fail(ctx, w, req, status, err)
		return
	}
	if v.user != nil {
		if ok, wait := h.r.rateUser.allow(strconv.Itoa(v.user.ID)); !ok {
			h.tooMany(ctx, w, req, wait)
			return
		}
	}
	ctx = withViewer(ctx, v)
	h.gql.ServeHTTP(w, req.WithContext(ctx))
}

// uploadMemory is how much of an uploaded file is read into memory; a larger file waits in a temporary
// file until a map check reads it.
const uploadMemory = 4 << 20

// isMultipart reports whether req is a POST of multipart/form-data: a request with file uploads.
func isMultipart(req *http.Request) bool {
	media, _, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
	return err == nil && req.Method == http.MethodPost && media == "multipart/form-data"
}

// authFailure returns the status and error of a request whose token lookup failed: 503 UNAVAILABLE
// (reason TIMEOUT) when the request's time (ctx) ran out, as with a slow database or a full pool; 500
// otherwise.
func authFailure(ctx context.Context, err error) (int, error) {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return http.StatusServiceUnavailable, unavailable(reasonTimeout, timeoutMessage)
	}
	return http.StatusInternalServerError, err
}

// boundOperation is an operation middleware that gives a query or mutation without a deadline (one sent
// over a websocket: ServeHTTP bounds an HTTP request's time) the request timeout, so that it ends with
// UNAVAILABLE rather than waiting for ever on a full pool. A subscription runs as long as its socket.
func (r *Resolver) boundOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if _, ok := ctx.Deadline(); ok || graphql.GetOperationContext(ctx).Operation.Operation == ast.Subscription {
		return next(ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, r.cfg.RequestTimeout)
	responses := next(ctx)
	return func(ctx context.Context) *graphql.Response {
		resp := responses(ctx)
		if resp == nil || resp.HasNext == nil || !*resp.HasNext {
			cancel()
		}
		return resp
	}
}

// clientIP returns the address of the request's client: from Settings.ClientIPHeader when set and
// present (the last of a comma-separated list: the one the nearest proxy added), from the connection
// otherwise.
func (h *httpHandler) clientIP(req *http.Request) string {
	if name := h.r.cfg.ClientIPHeader; name != "" {
		if v := req.Header.Get(name); v != "" {
			parts := strings.Split(v, ",")
			return strings.TrimSpace(parts[len(parts)-1])
		}
	}
	host, _, err := net.SplitHostPort(req.RemoteAddr)
	if err != nil {
		return req.RemoteAddr
	}
	return host
}

// Starting answers a request to one of the API's routes (the endpoint, a websocket upgrade, the record,
// the previews) that comes before the server is ready to take it, while the database is being migrated:
// 503 with Retry-After and an UNAVAILABLE error of reason STARTING, in the API's error format.
func Starting(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	writeResponse(w, http.StatusServiceUnavailable, &graphql.Response{Errors: gqlerror.List{
		unavailable(reasonStarting, "the server is starting: retry in a moment")}})
}

// tooMany answers 429 with Retry-After and a RATE_LIMITED error.
func (h *httpHandler) tooMany(ctx context.Context, w http.ResponseWriter, req *http.Request, wait time.Duration) {
	secs := retryAfterSeconds(wait)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	h.fail(ctx, w, req, http.StatusTooManyRequests,
		requestError(CodeRateLimited, "", fmt.Sprintf("too many requests: retry in %d s", secs)))
}

// fail answers a request refused before execution with status and err, shown through the presenter.
func (h *httpHandler) fail(ctx context.Context, w http.ResponseWriter, req *http.Request, status int, err error) {
	w.Header().Set("Content-Type", responseMediaType(req.Header.Get("Accept"))+"; charset=utf-8")
	writeResponse(w, status, &graphql.Response{Errors: gqlerror.List{h.p.present(ctx, err)}})
}
