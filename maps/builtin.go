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

// generatedWorld is a built-in map that Generate makes when the built-in maps are first used, rather than
// a file: generating the largest takes a fraction of the time parsing its JSON would, and keeps megabytes of
// generated data out of the repository. A test pins each one's encoded form, so a change of Generate
// cannot change a published built-in map under the same version.
type generatedWorld struct {
	opts        GenerateOpts
	name        string
	version     int
	description string
}

// generatedWorlds are the generated built-in maps.
var generatedWorlds = []generatedWorld{
	{
		opts:    GenerateOpts{ID: "world-200", Territories: 200, AreaSize: 8, Seed: 200},
		name:    "Small World",
		version: 1,
		description: "A generated world of 200 territories in 24 bonus areas of about 8, " +
			"for a long evening of 3 to 6 players.",
	},
	{
		opts:    GenerateOpts{ID: "world-1000", Territories: 1000, AreaSize: 10, Seed: 1000},
		name:    "Wide World",
		version: 1,
		description: "A generated world of 1,000 territories in 93 bonus areas of about 10, " +
			"for a correspondence game of many players.",
	},
	{
		opts:    GenerateOpts{ID: "world-5000", Territories: 5000, AreaSize: 12, Seed: 5000},
		name:    "Vast World",
		version: 1,
		description: "A generated world of 5,000 territories in 396 bonus areas of about 12, " +
			"the largest built-in map: a campaign rather than a game.",
	},
}

// builtinFileMaps are the maps of the files, sorted by id.
var builtinFileMaps = sync.OnceValue(func() []*Map {
	list, err := readBuiltins(builtinFiles, "builtin")
	if err != nil {
		// The files are part of the binary and a test parses them all, so this is a programming error.
		panic(fmt.Sprintf("maps: built-in map files are broken: %v", err))
	}
	return list
})

// generatedMaps generate each world once, when it is first asked for: Builtin of a file's map never pays
// for generating the worlds.
var generatedMaps = func() map[string]func() *Map {
	out := make(map[string]func() *Map, len(generatedWorlds))
	for _, w := range generatedWorlds {
		out[w.opts.ID] = sync.OnceValue(func() *Map {
			m, err := generateWorld(w)
			if err != nil {
				// The options are fixed and a test generates every world, so this is a programming error.
				panic(fmt.Sprintf("maps: generated built-in maps are broken: %v", err))
			}
			return m
		})
	}
	return out
}()

// builtins is every built-in map, sorted by id.
var builtins = sync.OnceValue(func() []*Map {
	generated := make([]*Map, 0, len(generatedWorlds))
	for _, w := range generatedWorlds {
		generated = append(generated, generatedMaps[w.opts.ID]())
	}
	list, err := mergeBuiltins(builtinFileMaps(), generated)
	if err != nil {
		panic(fmt.Sprintf("maps: built-in maps are broken: %v", err))
	}
	return list
})

// mergeBuiltins returns the maps of the files and the generated maps in one list sorted by id. An id of
// both lists is an error.
func mergeBuiltins(files, generated []*Map) ([]*Map, error) {
	list := slices.Clone(files)
	for _, m := range generated {
		if slices.ContainsFunc(files, func(o *Map) bool { return o.ID == m.ID }) {
			return nil, fmt.Errorf("built-in map %q is both a file and generated", m.ID)
		}
		list = append(list, m)
	}
	slices.SortFunc(list, func(a, b *Map) int { return strings.Compare(a.ID, b.ID) })
	return list, nil
}

// generateWorld generates one world and gives it its name, version and description.
func generateWorld(w generatedWorld) (*Map, error) {
	m, err := Generate(w.opts)
	if err != nil {
		return nil, fmt.Errorf("error generating built-in map %q: %w", w.opts.ID, err)
	}
	m.Name, m.Version, m.Description = w.name, w.version, w.description
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("error validating built-in map %q: %w", m.ID, err)
	}
	return m, nil
}

// Builtin returns the built-in map with the given id. The map is shared: it must not be modified (use
// Clone for a copy that may be).
func Builtin(id string) (*Map, bool) {
	if gen, ok := generatedMaps[id]; ok {
		return gen(), true
	}
	list := builtinFileMaps()
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
