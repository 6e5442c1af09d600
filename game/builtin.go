package game

import (
	"context"
	"database/sql"

	"rout/maps"
)

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
