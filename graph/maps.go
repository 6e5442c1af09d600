package graph

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/dialect/sql"
	"github.com/99designs/gqlgen/graphql"
	"golang.org/x/sync/semaphore"

	"rout/ent"
	"rout/ent/gamemap"
	"rout/ent/predicate"
	"rout/game"
	"rout/maps"
)

// maxMapSearch is the longest text a maps search may have, in characters.
const maxMapSearch = 100

// mayReadMap tells whether the viewer may read map version m: a private map only its author may.
func mayReadMap(ctx context.Context, m *ent.GameMap) bool {
	if m.Visibility != gamemap.VisibilityPrivate {
		return true
	}
	me, ok := ViewerID(ctx)
	return ok && m.CreatorID != nil && *m.CreatorID == me
}

// mapNotFound is the error of a map the viewer may not read, or that does not exist.
func mapNotFound(key string, version *int) error {
	if version != nil {
		return errorf(CodeNotFound, "no map %q version %d", key, *version)
	}
	return errorf(CodeNotFound, "no map %q", key)
}

// mapByKey returns the version of map key (the newest when version is nil) if the viewer may read it.
func (r *Resolver) mapByKey(ctx context.Context, key string, version *int) (*ent.GameMap, error) {
	q := r.ent.GameMap.Query().Where(gamemap.Key(key))
	if version != nil {
		q = q.Where(gamemap.Version(*version))
	}
	m, err := q.Order(ent.Desc(gamemap.FieldVersion)).First(ctx)
	if ent.IsNotFound(err) {
		return nil, mapNotFound(key, version)
	}
	if err != nil {
		return nil, fmt.Errorf("error loading the map: %w", err)
	}
	if !mayReadMap(ctx, m) {
		return nil, mapNotFound(key, version)
	}
	return m, nil
}

// newestVersion keeps the map rows that are the newest version of their key.
func newestVersion() predicate.GameMap {
	return func(s *sql.Selector) {
		t := sql.Table(gamemap.Table).As("newer")
		s.Where(sql.Not(sql.Exists(sql.Select(t.C(gamemap.FieldID)).From(t).Where(sql.And(
			sql.ColumnsEQ(t.C(gamemap.FieldKey), s.C(gamemap.FieldKey)),
			sql.ColumnsGT(t.C(gamemap.FieldVersion), s.C(gamemap.FieldVersion)),
		)))))
	}
}

// listMaps is the maps query: the newest version of every map the viewer may list, filtered and ordered.
func (r *Resolver) listMaps(ctx context.Context, filter *MapsFilter, orderBy *MapOrder, first *int, after *entgql.Cursor[int]) (*ent.GameMapConnection, error) {
	first, _, err := pageArgs(first, nil)
	if err != nil {
		return nil, err
	}
	q := r.ent.GameMap.Query().Where(newestVersion())
	me, signed := ViewerID(ctx)
	if signed {
		q = q.Where(gamemap.Or(gamemap.VisibilityEQ(gamemap.VisibilityPublic), gamemap.CreatorID(me)))
	} else {
		q = q.Where(gamemap.VisibilityEQ(gamemap.VisibilityPublic))
	}
	if f := filter; f != nil {
		if f.Builtin != nil {
			q = q.Where(gamemap.Builtin(*f.Builtin))
		}
		if f.Mine != nil && *f.Mine {
			if !signed {
				return nil, errorf(CodeUnauthenticated, "sign in to list your maps")
			}
			q = q.Where(gamemap.CreatorID(me))
		}
		if f.Public != nil {
			if *f.Public {
				q = q.Where(gamemap.VisibilityEQ(gamemap.VisibilityPublic))
			} else {
				q = q.Where(gamemap.VisibilityNEQ(gamemap.VisibilityPublic))
			}
		}
		if f.Search != nil && *f.Search != "" {
			if utf8.RuneCountInString(*f.Search) > maxMapSearch {
				return nil, errorf(CodeBadUserInput, "search must be at most %d characters", maxMapSearch)
			}
			q = q.Where(gamemap.Or(gamemap.NameContainsFold(*f.Search), gamemap.KeyContainsFold(*f.Search)))
		}
		if f.MinTerritories != nil {
			q = q.Where(gamemap.TerritoryCountGTE(*f.MinTerritories))
		}
		if f.MaxTerritories != nil {
			q = q.Where(gamemap.TerritoryCountLTE(*f.MaxTerritories))
		}
	}
	order := &ent.GameMapOrder{Field: ent.GameMapOrderFieldName, Direction: entgql.OrderDirectionAsc}
	if orderBy != nil {
		switch orderBy.Field {
		case MapOrderFieldCreatedAt:
			order.Field = ent.DefaultGameMapOrder.Field // ids grow with the time of upload
		case MapOrderFieldTerritoryCount:
			order.Field = ent.GameMapOrderFieldTerritoryCount
		}
		if orderBy.Descending != nil && *orderBy.Descending {
			order.Direction = entgql.OrderDirectionDesc
		}
	}
	conn, err := q.Paginate(ctx, after, first, nil, nil, ent.WithGameMapOrder(order))
	if err != nil {
		return nil, fmt.Errorf("error listing maps: %w", err)
	}
	return conn, nil
}

// mapView returns the parsed map and geometry of map row m.
func (r *Resolver) mapView(ctx context.Context, m *ent.GameMap) (*game.MapView, error) {
	v, err := r.game.MapView(ctx, m.ID)
	if err != nil {
		return nil, fmt.Errorf("error loading map %d: %w", m.ID, err)
	}
	return v, nil
}

// mapTerritories is the territories field of a map view.
func mapTerritories(v *game.MapView) []*MapTerritory {
	m := v.Map
	index := make(map[string]int, len(m.Territories))
	out := make([]*MapTerritory, len(m.Territories))
	for i, t := range m.Territories {
		index[t.ID] = i
		out[i] = &MapTerritory{Index: i, Key: t.ID, Name: t.Name, X: t.X, Y: t.Y,
			Card: maps.CardSymbol(i, t.Card).String(), BonusAreas: []string{}, Neighbours: []string{},
			Shape: v.Geometry.Shapes[i], ShapeDerived: t.Shape == ""}
	}
	for _, b := range m.Borders {
		i, j := index[b[0]], index[b[1]]
		out[i].Neighbours = append(out[i].Neighbours, b[1])
		out[j].Neighbours = append(out[j].Neighbours, b[0])
	}
	for _, a := range m.BonusAreas {
		for _, id := range a.Territories {
			out[index[id]].BonusAreas = append(out[index[id]].BonusAreas, a.ID)
		}
	}
	return out
}

// mapBorders is the borders field of a map view.
func mapBorders(v *game.MapView) []*MapBorder {
	out := make([]*MapBorder, len(v.Map.Borders))
	for i, b := range v.Map.Borders {
		out[i] = &MapBorder{From: b[0], To: b[1], Sea: v.Geometry.IsSea(i)}
	}
	return out
}

// MapBonusArea is a bonus area of a map version, as the API gives it.
type MapBonusArea struct {
	Key         string
	Name        string
	Bonus       int
	Territories []string

	index   int
	colours *areaColours
}

// ColorIndex answers colorIndex: the area's index in its map's colouring for a palette of paletteSize.
func (a *MapBonusArea) ColorIndex(paletteSize int) (int, error) {
	colours, err := a.colours.of(paletteSize)
	if colours == nil {
		return 0, err
	}
	return colours[a.index], nil
}

// areaColours is the colouring of one map's areas (maps.Map.AreaColours) shared by the areas of one
// bonusAreas list, worked out once per palette size, whichever area asks first.
type areaColours struct {
	m       *maps.Map
	mu      sync.Mutex
	bySize  map[int][]int
	refused bool
}

// of returns the colouring for a palette of n colours. A palette of no colours is refused with one error
// for the whole list: the first area to ask gets it, which nulls the list, so the others' answers (nil
// colours, no error) are never read.
func (c *areaColours) of(n int) ([]int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n < 1 {
		if c.refused {
			return nil, nil
		}
		c.refused = true
		return nil, errorf(CodeBadUserInput, "paletteSize must be at least 1, not %d", n)
	}
	colours, ok := c.bySize[n]
	if !ok {
		colours = c.m.AreaColours(n)
		c.bySize[n] = colours
	}
	return colours, nil
}

// mapBonusAreas is the bonusAreas field of a map view.
func mapBonusAreas(v *game.MapView) []*MapBonusArea {
	colours := &areaColours{m: v.Map, bySize: map[int][]int{}}
	out := make([]*MapBonusArea, len(v.Map.BonusAreas))
	for i, a := range v.Map.BonusAreas {
		out[i] = &MapBonusArea{Key: a.ID, Name: a.Name, Bonus: a.Bonus, Territories: append([]string{}, a.Territories...),
			index: i, colours: colours}
	}
	return out
}

// canvasSide is a side of a map view's canvas as a whole number.
func canvasSide(v float64) int { return int(math.Ceil(v)) }

// mapVisibility converts the API's visibility to the service's ("" for nil).
func mapVisibility(v *MapVisibility) string {
	if v == nil {
		return ""
	}
	return strings.ToLower(string(*v))
}

// problemField is the userError field of a problem of an uploaded file at path ("territories[3].id"):
// the input's file field, then the path's parts ("territories", "3", "id").
func problemField(path string) []string {
	field := []string{"input", "file"}
	if path == "" {
		return field
	}
	for part := range strings.SplitSeq(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		if name != "" {
			field = append(field, name)
		}
		for rest != "" {
			idx, after, _ := strings.Cut(rest, "]")
			field = append(field, idx)
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return field
}

// uploadErrors turns the problems of an upload into userErrors: problems of the file at its path in the
// file, problems of the upload's own arguments at theirs.
func uploadErrors(problems []maps.Problem) []*UserError {
	out := make([]*UserError, len(problems))
	for i, p := range problems {
		var field []string
		switch {
		case p.Code == game.CodeMapCountLimit || p.Code == game.CodeMapBytesLimit:
			field = nil
		case p.Path == "key" || p.Path == "visibility":
			field = []string{"input", p.Path}
		default:
			field = problemField(p.Path)
		}
		out[i] = &UserError{Code: p.Code, Message: p.String(), Field: field}
	}
	return out
}

// readUpload reads an uploaded file of at most maps.MaxFileSize bytes (nil for a larger one).
func readUpload(u graphql.Upload) ([]byte, error) {
	if u.Size > maps.MaxFileSize {
		return nil, nil
	}
	data := make([]byte, u.Size)
	_, err := io.ReadFull(u.File, data)
	if err != nil {
		return nil, fmt.Errorf("error reading the uploaded file: %w", err)
	}
	return data, nil
}

// publishMap runs an upload (a new map when key is empty, a new version otherwise) and makes its payload.
func (r *Resolver) publishMap(ctx context.Context, key string, file graphql.Upload, visibility *MapVisibility) (*MapPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	if file.Size > maps.MaxFileSize {
		return tooLargeUpload(file), nil
	}
	return r.withMapSlot(ctx, "", file, func(data []byte) (*MapPayload, error) {
		return r.storeMap(ctx, me.ID, key, data, visibility, nil)
	})
}

// tooLargeUpload is the payload of an upload larger than a map file may be.
func tooLargeUpload(file graphql.Upload) *MapPayload {
	return &MapPayload{UserErrors: uploadErrors([]maps.Problem{{Code: maps.CodeTooLarge,
		Message: fmt.Sprintf("the file is %d bytes; the limit is %d", file.Size, maps.MaxFileSize)}}), Warnings: []*UserError{}}
}

// MapCheckReads is how many times the memory of reading its file (maps.ReadMemory) a map check
// (parsing, validating, deriving the geometry, storing) is charged: the check keeps the file and the map it
// read while it derives and stores the geometry.
const MapCheckReads = 2

// mapCheckCharge is the memory a check of a file of size bytes in format ("" for Rout's JSON) is
// charged: MapCheckReads times the most that reading it allocates.
func mapCheckCharge(format string, size int64) int64 {
	return MapCheckReads * maps.ReadMemory(format, size)
}

// freeAfterCheck is the charge of a map check (mapCheckCharge) from which the
// memory is returned to the system once no other check runs.
const freeAfterCheck = 32 << 20

// mapChecks bounds the map checks (uploads, imports) that run at once: by count, at most half the
// cores (a large map takes up to a second of a core), and by memory, MapCheckMemory in all (a check is
// charged mapCheckCharge). When the last check of a large file ends, the
// server returns the memory the checks took to the system, so that a burst of uploads does not leave it
// holding their peak.
type mapChecks struct {
	slots  chan struct{}
	memory *semaphore.Weighted
	budget int64

	mu      sync.Mutex
	charged int64 // the memory charged to the checks running
}

// newMapChecks returns the bounds of the map checks of a server with budget bytes for them.
func newMapChecks(budget int64) *mapChecks {
	return &mapChecks{
		slots:  make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)),
		memory: semaphore.NewWeighted(budget),
		budget: budget,
	}
}

// errChecksBusy is the error of a map check that waited for its turn until the request's time ran out.
var errChecksBusy = &Error{Code: CodeUnavailable, Reason: "MAP_CHECKS_BUSY",
	Message: "the server is busy checking other maps: retry later"}

// acquire waits for a slot and charge bytes of memory, until ctx ends (errChecksBusy). The caller
// releases them with release.
func (c *mapChecks) acquire(ctx context.Context, charge int64) error {
	select {
	case c.slots <- struct{}{}:
	case <-ctx.Done():
		return errChecksBusy
	}
	if err := c.memory.Acquire(ctx, charge); err != nil {
		<-c.slots
		return errChecksBusy
	}
	c.mu.Lock()
	c.charged += charge
	c.mu.Unlock()
	return nil
}

// release gives back what acquire took, and returns the memory to the system when the check was a large
// one and no other runs.
func (c *mapChecks) release(charge int64) {
	c.mu.Lock()
	c.charged -= charge
	idle := c.charged == 0
	c.mu.Unlock()
	c.memory.Release(charge)
	<-c.slots
	if idle && charge >= freeAfterCheck {
		debug.FreeOSMemory()
	}
}

// withMapSlot reads an uploaded file in format ("" for Rout's JSON) and runs f on it while holding a turn
// of the map checks, charged by the file's size and format (at most the whole budget, so that any file may
// run alone). A request that waits
// until its time runs out gets UNAVAILABLE.
func (r *Resolver) withMapSlot(ctx context.Context, format string, file graphql.Upload, f func(data []byte) (*MapPayload, error)) (*MapPayload, error) {
	charge := min(mapCheckCharge(format, max(0, file.Size)), r.mapChecks.budget)
	if err := r.mapChecks.acquire(ctx, charge); err != nil {
		return nil, err
	}
	defer r.mapChecks.release(charge)
	data, err := readUpload(file)
	if err != nil {
		return nil, err
	}
	return f(data)
}

// storeMap stores a map file for user userID (as a new map when key is empty) and makes the payload,
// with warnings.
func (r *Resolver) storeMap(ctx context.Context, userID int, key string, data []byte, visibility *MapVisibility, warnings []*UserError) (*MapPayload, error) {
	if warnings == nil {
		warnings = []*UserError{}
	}
	res, err := r.game.MapPublish(ctx, game.MapPublishInput{UserID: userID, Data: data, Key: key,
		Visibility: mapVisibility(visibility),
		Limits:     game.MapLimits{Maps: r.cfg.MapsPerUser, Bytes: r.cfg.MapBytesPerUser}})
	if err != nil {
		return nil, err
	}
	if len(res.Problems) > 0 {
		return &MapPayload{UserErrors: uploadErrors(res.Problems), Warnings: warnings}, nil
	}
	m, err := r.ent.GameMap.Get(ctx, res.MapID)
	if err != nil {
		return nil, fmt.Errorf("error loading the stored map: %w", err)
	}
	return &MapPayload{Map: m, UserErrors: []*UserError{}, Warnings: warnings}, nil
}

// importFormats are the maps package's names of the API's formats.
var importFormats = map[MapFormat]string{MapFormatDomination: maps.FormatDomination, MapFormatConquerClub: maps.FormatConquerClub}

// importMap converts an uploaded file of another game with the maps package's Import and stores the
// result as uploadMap does. The converter's notes become warnings; its problems, and those of the
// converted map, userErrors on the file (the message says where).
func (r *Resolver) importMap(ctx context.Context, input ImportMapInput) (*MapPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	format, ok := importFormats[input.Format]
	if !ok {
		return nil, errorf(CodeBadUserInput, "unknown map format %q", input.Format)
	}
	if input.File.Size > maps.MaxFileSize {
		return tooLargeUpload(input.File), nil
	}
	opts := maps.ImportOpts{FallbackName: strings.TrimSuffix(input.File.Filename, filepath.Ext(input.File.Filename))}
	if input.ID != nil {
		opts.ID = *input.ID
	}
	if input.Name != nil {
		opts.Name = *input.Name
	}
	if input.OneWayBorders != nil {
		opts.OneWay, _ = maps.ParseOneWay(strings.ReplaceAll(strings.ToLower(string(*input.OneWayBorders)), "_", "-"))
	}
	return r.withMapSlot(ctx, format, input.File, func(data []byte) (*MapPayload, error) {
		return r.importFile(ctx, me.ID, format, data, opts, input.Visibility)
	})
}

// importFile converts a file and stores the result for user userID.
func (r *Resolver) importFile(ctx context.Context, userID int, format string, data []byte, opts maps.ImportOpts, visibility *MapVisibility) (*MapPayload, error) {
	m, notes, err := maps.ImportWith(format, data, opts)
	warnings := make([]*UserError, len(notes))
	for i, n := range notes {
		warnings[i] = &UserError{Code: n.Code, Message: n.String(), Field: []string{"input", "file"}}
	}
	if ve, ok := errors.AsType[*maps.ValidationError](err); ok {
		ues := make([]*UserError, len(ve.Problems))
		for i, p := range ve.Problems {
			ues[i] = &UserError{Code: p.Code, Message: p.String(), Field: []string{"input", "file"}}
		}
		return &MapPayload{UserErrors: ues, Warnings: warnings}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("error importing the map: %w", err)
	}
	var def bytes.Buffer
	if err := maps.Encode(&def, m); err != nil {
		return nil, fmt.Errorf("error encoding the imported map: %w", err)
	}
	out, err := r.storeMap(ctx, userID, "", def.Bytes(), visibility, warnings)
	if err != nil {
		return nil, err
	}
	// The key comes from the input's id (or the map's name), not from a field of the imported file: say
	// so, with advice an import can follow.
	for _, ue := range out.UserErrors {
		if ue.Code == game.CodeMapKeyTaken {
			ue.Field = []string{"input", "id"}
			ue.Message = fmt.Sprintf("id: %s: the key %q is taken: give the import another id (input.id); to publish it as a new version of your map %q, convert it with `rout maps import` and send the result to publishMapVersion", game.CodeMapKeyTaken, m.ID, m.ID)
		}
	}
	return out, nil
}

// setMapVisibility changes the visibility of one of the viewer's maps.
func (r *Resolver) setMapVisibility(ctx context.Context, input SetMapVisibilityInput) (*MapPayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	err = r.game.MapSetVisibility(ctx, me.ID, input.Key, mapVisibility(&input.Visibility))
	if ge, ok := errors.AsType[*game.Error](err); ok && ge.Code == game.CodeNotFound {
		return &MapPayload{UserErrors: []*UserError{userError(string(game.CodeUnknownMap), ge.Message, "input", "key")}, Warnings: []*UserError{}}, nil
	}
	if err != nil {
		return nil, err
	}
	m, err := r.mapByKey(ctx, input.Key, nil)
	if err != nil {
		return nil, err
	}
	return &MapPayload{Map: m, UserErrors: []*UserError{}, Warnings: []*UserError{}}, nil
}

// mapVersions lists the versions of m's map, newest first.
func (r *Resolver) mapVersions(ctx context.Context, m *ent.GameMap) ([]*ent.GameMap, error) {
	list, err := r.ent.GameMap.Query().Where(gamemap.Key(m.Key)).Order(ent.Desc(gamemap.FieldVersion)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("error listing the versions of map %q: %w", m.Key, err)
	}
	return list, nil
}

// MapPreviewPath is the path of a map version's SVG preview.
func MapPreviewPath(key string, version int) string {
	return "/maps/" + key + "/" + strconv.Itoa(version) + ".svg"
}
