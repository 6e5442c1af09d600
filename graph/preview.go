package graph

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/ent/player"
	"rout/maps/mapsvg"
	"rout/rules"
)

// The routes of the SVG previews: a map version (GET /maps/{key}/{version}.svg) and a game's board as
// it stands (GET /games/{id}/board.svg, {id} the game's global id or its number). Mount the handler of
// NewPreviewHandler at both.
const (
	MapPreviewRoute   = "GET /maps/{key}/{file}"
	BoardPreviewRoute = "GET /games/{id}/board.svg"
)

// NewPreviewHandler returns the handler of MapPreviewRoute and BoardPreviewRoute: SVG drawings of a map
// version (its shapes in the colours of its bonus areas, the sea crossings as dashed lines) and of a game's
// current board (the owners' colours and the armies). A bearer token is resolved as on the GraphQL
// endpoint; without one the viewer is anonymous. A private map that is not the viewer's, or a private
// game the viewer may not see, is 404 like a missing one.
func NewPreviewHandler(cfg Settings, deps Deps) (http.Handler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("error checking the GraphQL configuration: %w", err)
	}
	r, err := newResolver(cfg, deps)
	if err != nil {
		return nil, err
	}
	h := &previewHandler{r: r, p: &presenter{logger: r.logger}, mux: http.NewServeMux()}
	h.mux.HandleFunc(MapPreviewRoute, h.serveMap)
	h.mux.HandleFunc(BoardPreviewRoute, h.serveBoard)
	return h, nil
}

type previewHandler struct {
	r   *Resolver
	p   *presenter
	mux *http.ServeMux
}

func (h *previewHandler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	id := newRequestID()
	w.Header().Set("X-Request-Id", id)
	ctx := context.WithValue(req.Context(), requestIDKey, id)
	if ok, wait := h.r.rateIP.allow((&httpHandler{r: h.r}).clientIP(req)); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds(wait)))
		h.fail(ctx, w, http.StatusTooManyRequests, requestError(CodeRateLimited, "", "too many requests"))
		return
	}
	ctx, cancel := context.WithTimeout(ctx, h.r.cfg.RequestTimeout)
	defer cancel()
	v, err := h.r.authenticate(ctx, req.Header.Get("Authorization"))
	if err != nil {
		status, err := authFailure(ctx, err)
		h.fail(ctx, w, status, err)
		return
	}
	h.mux.ServeHTTP(w, req.WithContext(withViewer(ctx, v)))
}

// fail answers with a JSON error, as the record handler does.
func (h *previewHandler) fail(ctx context.Context, w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	writeResponse(w, status, &graphql.Response{Errors: gqlerror.List{h.p.present(ctx, err)}})
}

// failFor answers err: 404 for a NOT_FOUND error, 500 otherwise.
func (h *previewHandler) failFor(ctx context.Context, w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	if e, ok := errors.AsType[*Error](err); ok && e.Code == CodeNotFound {
		status = http.StatusNotFound
	}
	h.fail(ctx, w, status, err)
}

// writeSVG answers with an SVG document, which may not run scripts or load anything when opened alone.
func writeSVG(w http.ResponseWriter, cache string, doc []byte) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Header().Set("Cache-Control", cache)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(doc)
}

func (h *previewHandler) serveMap(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	key := req.PathValue("key")
	file := req.PathValue("file")
	n, err := strconv.Atoi(strings.TrimSuffix(file, ".svg"))
	if !strings.HasSuffix(file, ".svg") || err != nil || n < 1 {
		h.fail(ctx, w, http.StatusNotFound, errorf(CodeNotFound, "no preview %q: ask for /maps/{key}/{version}.svg", file))
		return
	}
	m, err := h.r.mapByKey(ctx, key, &n)
	if err != nil {
		h.failFor(ctx, w, err)
		return
	}
	drawing, err := h.r.mapView(ctx, m)
	if err != nil {
		h.failFor(ctx, w, err)
		return
	}
	var doc bytes.Buffer
	if err := mapsvg.Map(&doc, drawing.Map, drawing.Geometry); err != nil {
		h.failFor(ctx, w, err)
		return
	}
	// A map version never changes; a private one is for its author's browser only.
	cache := "public, max-age=86400"
	if m.Visibility != "public" {
		cache = "private, max-age=300"
	}
	writeSVG(w, cache, doc.Bytes())
}

func (h *previewHandler) serveBoard(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	gid := req.PathValue("id")
	var g *Game
	var err error
	if n, convErr := strconv.Atoi(gid); convErr == nil && n > 0 {
		g, err = h.r.gameByID(ctx, n, gid)
	} else {
		g, err = h.r.gameOf(ctx, gid)
	}
	if err != nil {
		h.failFor(ctx, w, err)
		return
	}
	m, err := h.r.ent.GameMap.Get(ctx, g.mapID)
	if err != nil {
		h.failFor(ctx, w, fmt.Errorf("error loading the game's map: %w", err))
		return
	}
	drawing, err := h.r.mapView(ctx, m)
	if err != nil {
		h.failFor(ctx, w, err)
		return
	}
	snap, err := h.r.snapshotOf(ctx, g.gameID)
	if err != nil {
		h.failFor(ctx, w, fmt.Errorf("error loading the game's state: %w", err))
		return
	}
	st := snap.State
	view := rules.Project(st, viewerIn(ctx, snap)) // everything, without fog or once the game is over
	seats, err := h.r.ent.Player.Query().Where(player.GameID(g.gameID)).All(ctx)
	if err != nil {
		h.failFor(ctx, w, fmt.Errorf("error loading the game's seats: %w", err))
		return
	}
	colors := make([]string, len(seats))
	for _, p := range seats {
		if p.Seat >= 0 && p.Seat < len(colors) {
			colors[p.Seat] = p.Color
		}
	}
	var doc bytes.Buffer
	if err := mapsvg.Board(&doc, drawing.Map, drawing.Geometry, st, view, colors); err != nil {
		h.failFor(ctx, w, err)
		return
	}
	writeSVG(w, "no-store", doc.Bytes())
}
