package game

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"rout/maps"
	"rout/rules"
)

// findMap returns the id of the map row with key and version (0: the newest) that user viewerID may play
// on (a private map only its creator), storing a built-in map the first time it is asked for.
func (s *Service) findMap(ctx context.Context, tx *sql.Tx, key string, version, viewerID int) (int, error) {
	var id int
	err := tx.QueryRowContext(ctx, `SELECT id FROM maps WHERE key = $1 AND ($2 = 0 OR version = $2)
		AND (visibility <> 'private' OR creator_id = $3)
		ORDER BY version DESC LIMIT 1`, key, version, viewerID).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("error finding map %q: %w", key, err)
	}
	m, ok := maps.Builtin(key)
	if !ok || (version != 0 && version != m.Version) {
		return 0, unknownMap(key, version)
	}
	if err := SeedMap(ctx, tx, m, true); err != nil {
		return 0, err
	}
	return s.findMap(ctx, tx, key, version, viewerID)
}

// execer is what SeedMap needs of a database or transaction.
type execer interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}

// storedMap is one map version ready to be stored: its definition, its derived geometry and the columns
// listings read.
type storedMap struct {
	m             *maps.Map
	def           []byte
	geometry      []byte
	width, height int // the geometry's canvas, rounded up
}

func prepareMap(m *maps.Map) (*storedMap, error) {
	var def bytes.Buffer
	if err := maps.Encode(&def, m); err != nil {
		return nil, err
	}
	g, err := maps.DeriveGeometry(m)
	if err != nil {
		return nil, fmt.Errorf("error deriving the geometry of map %s: %w", m.ID, err)
	}
	geo, err := json.Marshal(g)
	if err != nil {
		return nil, fmt.Errorf("error encoding the geometry of map %s: %w", m.ID, err)
	}
	return &storedMap{m: m, def: def.Bytes(), geometry: geo,
		width: int(math.Ceil(g.Width)), height: int(math.Ceil(g.Height))}, nil
}

// SeedMap stores a map's definition and derived geometry unless its key and version are stored already;
// a stored row without geometry (stored before geometry was) gets it.
func SeedMap(ctx context.Context, q execer, m *maps.Map, builtin bool) error {
	sm, err := prepareMap(m)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO maps (created_at, key, version, name, definition, builtin,
		description, territory_count, border_count, area_count, size_bytes, geometry, width, height)
		VALUES (now(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (key, version) DO UPDATE SET geometry = EXCLUDED.geometry, description = EXCLUDED.description,
			territory_count = EXCLUDED.territory_count, border_count = EXCLUDED.border_count,
			area_count = EXCLUDED.area_count, size_bytes = EXCLUDED.size_bytes,
			width = EXCLUDED.width, height = EXCLUDED.height
		WHERE maps.geometry IS NULL`,
		m.ID, m.Version, m.Name, string(sm.def), builtin, m.Description, len(m.Territories), len(m.Borders),
		len(m.BonusAreas), len(sm.def), string(sm.geometry), sm.width, sm.height); err != nil {
		return fmt.Errorf("error storing map %s: %w", m.ID, err)
	}
	return nil
}

// SeedBuiltinMaps stores every built-in map that is not stored yet (with its derived geometry), so that a
// fresh server lists them in `maps` and `map(key)` before any game is played on them. It is idempotent,
// and safe when replicas start together: a (key, version) stored already, or being stored by another
// replica at the same moment, is left alone (ON CONFLICT on the unique key and version). A built-in map
// stored before geometry was stored gets it; one stored with it is not derived again.
func SeedBuiltinMaps(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT key, version FROM maps WHERE builtin AND geometry IS NOT NULL`)
	if err != nil {
		return fmt.Errorf("error listing the stored built-in maps: %w", err)
	}
	done := map[string]int{}
	for rows.Next() {
		var key string
		var version int
		if err := rows.Scan(&key, &version); err != nil {
			_ = rows.Close()
			return fmt.Errorf("error listing the stored built-in maps: %w", err)
		}
		done[key+"\x00"+fmt.Sprint(version)] = 1
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("error listing the stored built-in maps: %w", err)
	}
	for _, m := range maps.Builtins() {
		if done[m.ID+"\x00"+fmt.Sprint(m.Version)] == 1 {
			continue
		}
		if err := SeedMap(ctx, db, m, true); err != nil {
			return err
		}
	}
	return nil
}

// MapView is one stored map version as clients see it: the map and its geometry. Both are shared and
// must not be modified.
type MapView struct {
	Map      *maps.Map
	Geometry *maps.Geometry
}

// MapView returns map row mapID parsed, with its geometry (derived and stored now when the row has none),
// kept among the most recently used.
func (s *Service) MapView(ctx context.Context, mapID int) (*MapView, error) {
	if v, ok := s.views.get(mapID); ok {
		return v, nil
	}
	var def []byte
	var geo sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT definition, geometry FROM maps WHERE id = $1`, mapID).Scan(&def, &geo)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errorf(CodeNotFound, "no map %d", mapID)
	}
	if err != nil {
		return nil, fmt.Errorf("error loading map %d: %w", mapID, err)
	}
	m, err := maps.Parse(def)
	if err != nil {
		return nil, fmt.Errorf("error parsing stored map %d: %w", mapID, err)
	}
	v := &MapView{Map: m}
	if geo.Valid {
		v.Geometry = &maps.Geometry{}
		if err := json.Unmarshal([]byte(geo.String), v.Geometry); err != nil {
			return nil, fmt.Errorf("error decoding the geometry of map %d: %w", mapID, err)
		}
	} else {
		if v.Geometry, err = maps.DeriveGeometry(m); err != nil {
			return nil, fmt.Errorf("error deriving the geometry of map %d: %w", mapID, err)
		}
		b, err := json.Marshal(v.Geometry)
		if err != nil {
			return nil, fmt.Errorf("error encoding the geometry of map %d: %w", mapID, err)
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE maps SET geometry = $2, width = $3, height = $4 WHERE id = $1 AND geometry IS NULL`,
			mapID, string(b), int(math.Ceil(v.Geometry.Width)), int(math.Ceil(v.Geometry.Height))); err != nil {
			return nil, fmt.Errorf("error storing the geometry of map %d: %w", mapID, err)
		}
	}
	s.views.put(mapID, v)
	return v, nil
}

// The codes of a refused map upload, beside the maps package's validation codes. They are stable.
const (
	CodeMapKeyTaken     = "MAP_KEY_TAKEN"      // a new map's id is the key of another map (any version)
	CodeMapKeyMismatch  = "MAP_KEY_MISMATCH"   // a new version's file has another id than the map's key
	CodeVersionNotNewer = "VERSION_NOT_NEWER"  // a new version's version is not above the newest stored
	CodeMapCountLimit   = "MAP_COUNT_LIMIT"    // the user has as many map versions as the limit allows
	CodeMapBytesLimit   = "MAP_BYTES_LIMIT"    // the user's map versions would take more bytes than allowed
	CodeNotYourMap      = "NOT_YOUR_MAP"       // a new version of a map someone else uploaded (or a built-in)
	CodeBadVisibility   = "INVALID_VISIBILITY" // a visibility other than public, unlisted, private
)

// MapLimits bound what one user may upload. Zero means no limit.
type MapLimits struct {
	// Maps is the most map versions a user may have stored.
	Maps int
	// Bytes is the most bytes the user's stored map versions may take in all.
	Bytes int64
}

// MapPublishInput is a map upload: a new map (Key empty) or a new version of the user's map Key.
type MapPublishInput struct {
	UserID int
	// Data is the map file.
	Data []byte
	// Key is the map a new version is for; empty for a new map.
	Key string
	// Visibility is public, unlisted or private; empty keeps a map's (a new map: public). It applies to
	// every version of the map.
	Visibility string
	Limits     MapLimits
}

// MapPublished is the outcome of MapPublish: the new map row, or the problems that refused it.
type MapPublished struct {
	MapID    int
	Problems []maps.Problem
}

// uploadLockSpace is the first key of the transaction-level advisory lock, pg_advisory_xact_lock(space,
// user id), that MapPublish takes on its user, so that one user's uploads (their keys and versions) are
// decided one at a time ("ma" in ASCII: the inbox's spaces are "no" and "ns").
const uploadLockSpace = 0x6d61

// MapPublish stores an uploaded map file as a new map or a new version of the user's map: every problem
// of the file (the maps package's validation and CheckPlayable) and of the upload (the key, the version,
// the user's limits) is returned in Problems, with nothing stored. The user's uploads are serialised on
// their user row, so the limits hold under concurrent uploads.
func (s *Service) MapPublish(ctx context.Context, in MapPublishInput) (MapPublished, error) {
	switch in.Visibility {
	case "", "public", "unlisted", "private":
	default:
		return MapPublished{Problems: []maps.Problem{{Path: "visibility", Code: CodeBadVisibility,
			Message: "visibility must be public, unlisted or private"}}}, nil
	}
	m, err := maps.Parse(in.Data)
	if err == nil {
		err = m.CheckPlayable()
	}
	if ve, ok := errors.AsType[*maps.ValidationError](err); ok {
		return MapPublished{Problems: ve.Problems}, nil
	}
	if err != nil {
		return MapPublished{}, err
	}
	refuse := func(path, code, format string, args ...any) (MapPublished, error) {
		return MapPublished{Problems: []maps.Problem{{Path: path, Code: code, Message: fmt.Sprintf(format, args...)}}}, nil
	}
	if in.Key != "" && m.ID != in.Key {
		return refuse("id", CodeMapKeyMismatch, "the file's id %q is not the map's key %q", m.ID, in.Key)
	}
	if _, builtin := maps.Builtin(m.ID); builtin {
		if in.Key != "" {
			return refuse("id", CodeNotYourMap, "%q is a built-in map", m.ID)
		}
		return refuse("id", CodeMapKeyTaken, "%q is the key of a built-in map: choose another id", m.ID)
	}
	sm, err := prepareMap(m)
	if err != nil {
		return MapPublished{}, err
	}
	var out MapPublished
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, uploadLockSpace, in.UserID); err != nil {
			return fmt.Errorf("error locking the user's uploads: %w", err)
		}
		var owner sql.NullInt64
		var newest int
		var visibility string
		var builtin bool
		err := tx.QueryRowContext(ctx, `SELECT creator_id, version, visibility, builtin FROM maps WHERE key = $1
			ORDER BY version DESC LIMIT 1`, m.ID).Scan(&owner, &newest, &visibility, &builtin)
		exists := err == nil
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("error finding map %q: %w", m.ID, err)
		}
		mine := exists && owner.Valid && int(owner.Int64) == in.UserID
		switch {
		case in.Key == "" && exists:
			out.Problems = []maps.Problem{{Path: "id", Code: CodeMapKeyTaken, Message: keyTakenMessage(m.ID, mine)}}
			return nil
		case in.Key != "" && (!exists || !mine && visibility == "private"):
			out.Problems = []maps.Problem{{Path: "key", Code: string(CodeUnknownMap), Message: fmt.Sprintf("no map %q", in.Key)}}
			return nil
		case in.Key != "" && !mine:
			out.Problems = []maps.Problem{{Path: "key", Code: CodeNotYourMap, Message: fmt.Sprintf("map %q was uploaded by someone else: upload yours under another id", in.Key)}}
			return nil
		case in.Key != "" && m.Version <= newest:
			out.Problems = []maps.Problem{{Path: "version", Code: CodeVersionNotNewer,
				Message: fmt.Sprintf("version %d is not above the newest stored version %d", m.Version, newest)}}
			return nil
		}
		var count int
		var used int64
		if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(size_bytes), 0) FROM maps WHERE creator_id = $1`,
			in.UserID).Scan(&count, &used); err != nil {
			return fmt.Errorf("error counting the user's maps: %w", err)
		}
		if in.Limits.Maps > 0 && count+1 > in.Limits.Maps {
			out.Problems = append(out.Problems, maps.Problem{Code: CodeMapCountLimit,
				Message: fmt.Sprintf("you have %d map versions stored; the limit is %d", count, in.Limits.Maps)})
		}
		if in.Limits.Bytes > 0 && used+int64(len(sm.def)) > in.Limits.Bytes {
			out.Problems = append(out.Problems, maps.Problem{Code: CodeMapBytesLimit,
				Message: fmt.Sprintf("your map versions take %d bytes and this one %d; the limit is %d in all", used, len(sm.def), in.Limits.Bytes)})
		}
		if out.Problems != nil {
			return nil
		}
		if in.Visibility == "" {
			in.Visibility = "public"
			if exists {
				in.Visibility = visibility
			}
		}
		err = tx.QueryRowContext(ctx, `INSERT INTO maps (created_at, key, version, name, definition, builtin, creator_id,
			description, territory_count, border_count, area_count, size_bytes, geometry, visibility, width, height)
			VALUES (now(), $1, $2, $3, $4, false, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
			ON CONFLICT (key, version) DO NOTHING RETURNING id`,
			m.ID, m.Version, m.Name, string(sm.def), in.UserID, m.Description, len(m.Territories), len(m.Borders),
			len(m.BonusAreas), len(sm.def), string(sm.geometry), in.Visibility, sm.width, sm.height).Scan(&out.MapID)
		if errors.Is(err, sql.ErrNoRows) {
			// Another user's upload of the same key committed first.
			out.Problems = []maps.Problem{{Path: "id", Code: CodeMapKeyTaken, Message: keyTakenMessage(m.ID, false)}}
			return nil
		}
		if err != nil {
			return fmt.Errorf("error storing map %q: %w", m.ID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE maps SET visibility = $2 WHERE key = $1 AND visibility <> $2`,
			m.ID, in.Visibility); err != nil {
			return fmt.Errorf("error setting the visibility of map %q: %w", m.ID, err)
		}
		return nil
	})
	if err != nil {
		return MapPublished{}, err
	}
	return out, nil
}

func keyTakenMessage(key string, mine bool) string {
	if mine {
		return fmt.Sprintf("you have a map %q already: publish a new version of it instead", key)
	}
	return fmt.Sprintf("the key %q is taken by another map: choose another id", key)
}

// MapSetVisibility sets the visibility of every version of user userID's map key. A map that does not
// exist, or that the user did not upload, is NOT_FOUND.
func (s *Service) MapSetVisibility(ctx context.Context, userID int, key, visibility string) error {
	switch visibility {
	case "public", "unlisted", "private":
	default:
		return errorf(CodeBadInput, "visibility must be public, unlisted or private")
	}
	res, err := s.db.ExecContext(ctx, `UPDATE maps SET visibility = $3 WHERE key = $1 AND creator_id = $2`, key, userID, visibility)
	if err != nil {
		return fmt.Errorf("error setting the visibility of map %q: %w", key, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errorf(CodeNotFound, "no map %q of yours", key)
	}
	return nil
}

// MapSeats returns the most seats a game takes on the newest version of map key when that version is
// public, stored or built in: min(rules.MaxPlayers, territories / 3) (docs/rules.md); 0 when there is no
// such map or it is not public (unlisted, private). Games open to strangers, as a tournament's tables are,
// are played on public maps only.
func (s *Service) MapSeats(ctx context.Context, key string) (int, error) {
	var territories int
	var visibility string
	err := s.db.QueryRowContext(ctx, `SELECT territory_count, visibility FROM maps WHERE key = $1
		ORDER BY version DESC LIMIT 1`, key).Scan(&territories, &visibility)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		m, ok := maps.Builtin(key)
		if !ok {
			return 0, nil
		}
		territories, visibility = len(m.Territories), "public"
	case err != nil:
		return 0, fmt.Errorf("error reading map %q: %w", key, err)
	}
	if visibility != "public" {
		return 0, nil
	}
	return min(rules.MaxPlayers, territories/3), nil
}
