package maps

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// ClassicID is the id of the built-in classic world map.
const ClassicID = "classic"

// builtinFiles holds the built-in maps, one JSON file per map named after its id. Dropping a valid file
// named <id>.json into builtin/ adds a built-in map.
//
//go:embed builtin/*.json
var builtinFiles embed.FS

var builtins = sync.OnceValue(func() []*Map {
	list, err := readBuiltins(builtinFiles, "builtin")
	if err != nil {
		// The files are part of the binary and a test parses them all, so this is a programming error.
		panic(fmt.Sprintf("maps: built-in map files are broken: %v", err))
	}
	return list
})

// Builtin returns the built-in map with the given id. The map is shared: it must not be modified (use
// Clone for a copy that may be).
func Builtin(id string) (*Map, bool) {
	list := builtins()
	i, found := slices.BinarySearchFunc(list, id, func(m *Map, id string) int { return strings.Compare(m.ID, id) })
	if !found {
		return nil, false
	}
	return list[i], true
}

// Builtins returns every built-in map, sorted by id. The maps are shared: they must not be modified.
func Builtins() []*Map {
	return slices.Clone(builtins())
}

// readBuiltins parses every .json file of dir in fsys. Each file must be a valid map whose id is the
// file's name without the extension.
func readBuiltins(fsys fs.FS, dir string) ([]*Map, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("error reading built-in maps: %w", err)
	}
	var list []*Map
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".json" {
			continue
		}
		data, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("error reading built-in map %s: %w", e.Name(), err)
		}
		m, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("error parsing built-in map %s: %w", e.Name(), err)
		}
		if want := strings.TrimSuffix(e.Name(), ".json"); m.ID != want {
			return nil, fmt.Errorf("error loading built-in map %s: its id is %q, not %q", e.Name(), m.ID, want)
		}
		list = append(list, m)
	}
	// File names are unique and each id equals its file name, so ids are unique too.
	slices.SortFunc(list, func(a, b *Map) int { return strings.Compare(a.ID, b.ID) })
	return list, nil
}
