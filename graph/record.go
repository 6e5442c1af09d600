package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// RecordPath is the route of a game's JSON record (docs/record-format.md); {id} is the game's global id
// (as in the API) or its number.
const RecordPath = "GET /games/{id}/record.json"

// NewRecordHandler returns the handler of RecordPath: the record of a game as the viewer sees it, like the
// Game.record field. A bearer token is resolved as on the GraphQL endpoint; without one the viewer is
// anonymous. A private game the viewer may not see, like a missing one, is 404. Until the game is
// finished, private card ids are hidden (the viewer's own included when the viewer has no seat).
func NewRecordHandler(cfg Settings, deps Deps) (http.Handler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("error checking the GraphQL configuration: %w", err)
	}
	r, err := newResolver(cfg, deps)
	if err != nil {
		return nil, err
	}
	return &recordHandler{r: r, p: &presenter{logger: r.logger}}, nil
}

type recordHandler struct {
	r *Resolver
	p *presenter
}

func (h *recordHandler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	id := newRequestID()
	w.Header().Set("X-Request-Id", id)
	ctx := context.WithValue(req.Context(), requestIDKey, id)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	fail := func(status int, err error) {
		writeResponse(w, status, &graphql.Response{Errors: gqlerror.List{h.p.present(ctx, err)}})
	}
	if ok, wait := h.r.rateIP.allow((&httpHandler{r: h.r}).clientIP(req)); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds(wait)))
		fail(http.StatusTooManyRequests, requestError(CodeRateLimited, "", "too many requests"))
		return
	}
	// The request's time starts before the token lookup, which a slow database may hold up.
	ctx, cancel := context.WithTimeout(ctx, h.r.cfg.RequestTimeout)
	defer cancel()
	v, err := h.r.authenticate(ctx, req.Header.Get("Authorization"))
	if err != nil {
		fail(authFailure(ctx, err))
		return
	}
	ctx = withViewer(ctx, v)
	gid := req.PathValue("id")
	var g *Game
	if n, err := strconv.Atoi(gid); err == nil && n > 0 {
		g, err = h.r.gameByID(ctx, n, gid)
		if err != nil {
			fail(http.StatusNotFound, err)
			return
		}
	} else if g, err = h.r.gameOf(ctx, gid); err != nil {
		fail(http.StatusNotFound, err)
		return
	}
	rec, err := h.r.record(ctx, g.gameID)
	if err != nil {
		fail(http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="game-%d.json"`, g.gameID))
	writeJSON(w, http.StatusOK, rec)
}

// record returns the record of game gameID as the viewer sees it.
func (r *Resolver) record(ctx context.Context, gameID int) (any, error) {
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil {
		return nil, err
	}
	seat := -1
	if p := viewerIn(ctx, snap); p >= 0 { // a player who handed their seat over sees a spectator's record (R90)
		seat = int(p)
	}
	return r.game.GameRecord(ctx, gameID, seat)
}

// recordJSON is record as a JSON object, for the Game.record field.
func (r *Resolver) recordJSON(ctx context.Context, gameID int) (map[string]any, error) {
	rec, err := r.record(ctx, gameID)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("error encoding the record: %w", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("error decoding the record: %w", err)
	}
	return m, nil
}
