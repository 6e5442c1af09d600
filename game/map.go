package game

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"

	"rout/maps"
)

// findMap returns the id of the map row with key and version (0: the newest), storing a built-in map the
// first time it is asked for.
func (s *Service) findMap(ctx context.Context, tx *sql.Tx, key string, version int) (int, error) {
	var id int
	err := tx.QueryRowContext(ctx, `SELECT id FROM maps WHERE key = $1 AND ($2 = 0 OR version = $2)
		ORDER BY version DESC LIMIT 1`, key, version).Scan(&id)
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
	return s.findMap(ctx, tx, key, version)
}

// SeedMap stores a map's definition unless its key and version are stored already.
func SeedMap(ctx context.Context, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, m *maps.Map, builtin bool) error {
	var def bytes.Buffer
	if err := maps.Encode(&def, m); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO maps (created_at, key, version, name, definition, builtin)
		VALUES (now(), $1, $2, $3, $4, $5) ON CONFLICT (key, version) DO NOTHING`,
		m.ID, m.Version, m.Name, def.String(), builtin); err != nil {
		return fmt.Errorf("error storing map %s: %w", m.ID, err)
	}
	return nil
}

// SeedBuiltinMaps stores every built-in map that is not stored yet, so that a fresh server lists them in
// `maps` and `map(key)` before any game is played on them. It is idempotent, and safe when replicas start
// together: a (key, version) stored already, or being stored by another replica at the same moment, is
// left alone (ON CONFLICT DO NOTHING on the unique key and version).
func SeedBuiltinMaps(ctx context.Context, db *sql.DB) error {
	for _, m := range maps.Builtins() {
		if err := SeedMap(ctx, db, m, true); err != nil {
			return err
		}
	}
	return nil
}
