package game_test

import (
	"bytes"
	"context"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/maps"
)

// TestSeedBuiltinMapsBackfillsGeometry stores classic as a server did before geometry was stored, and
// checks that SeedBuiltinMaps adds its geometry and counts, once, and that MapView reads them.
func TestSeedBuiltinMapsBackfillsGeometry(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.Migrated(t)
	classic, _ := maps.Builtin(maps.ClassicID)
	var def bytes.Buffer
	if err := maps.Encode(&def, classic); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO maps (created_at, key, version, name, definition, builtin)
		VALUES (now(), $1, $2, $3, $4, true)`, classic.ID, classic.Version, classic.Name, def.String()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := game.SeedBuiltinMaps(ctx, db); err != nil {
			t.Fatalf("SeedBuiltinMaps() error = %v", err)
		}
	}
	var id, territories, width, rows int
	var hasGeometry bool
	if err := db.QueryRowContext(ctx, `SELECT id, territory_count, width, geometry IS NOT NULL FROM maps WHERE key = 'classic'`).
		Scan(&id, &territories, &width, &hasGeometry); err != nil {
		t.Fatal(err)
	}
	if territories != 42 || width != 1000 || !hasGeometry {
		t.Errorf("classic after SeedBuiltinMaps: %d territories, width %d, geometry %v", territories, width, hasGeometry)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM maps WHERE builtin`).Scan(&rows); err != nil || rows != len(maps.Builtins()) {
		t.Errorf("%d built-in rows (%v), want %d", rows, err, len(maps.Builtins()))
	}
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	v, err := svc.MapView(ctx, id)
	if err != nil {
		t.Fatalf("MapView() error = %v", err)
	}
	if len(v.Geometry.Shapes) != 42 || v.Map.ID != "classic" || !v.Geometry.IsSea(indexOfBorder(classic, "alaska", "kamchatka")) {
		t.Errorf("MapView() = %d shapes of %s", len(v.Geometry.Shapes), v.Map.ID)
	}
}

func indexOfBorder(m *maps.Map, a, b string) int {
	for i, br := range m.Borders {
		if br == (maps.Border{a, b}) || br == (maps.Border{b, a}) {
			return i
		}
	}
	return -1
}
