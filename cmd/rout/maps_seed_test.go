package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"rout/dbtest"
	"rout/maps"
)

// TestFreshServersListBuiltinMaps starts two `rout serve` replicas together on a new database: once ready,
// each lists every built-in map in `maps` and finds it with `map(key)`, before any game was created, and
// every built-in map is stored once.
func TestFreshServersListBuiltinMaps(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(t)
	replicas := []*served{startServe(t, map[string]string{"DATABASE_URL": dsn}), startServe(t, map[string]string{"DATABASE_URL": dsn})}
	builtins := maps.Builtins()
	for _, s := range replicas {
		s.waitReady(t)
		resp, err := http.Post("http://"+s.addr+"/graphql", "application/json",
			strings.NewReader(`{"query":"{ maps(first: 100) { edges { node { key version } } } map(key: \"`+builtins[0].ID+`\") { key version } }"}`))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var out struct {
			Data struct {
				Maps struct {
					Edges []struct {
						Node struct {
							Key     string `json:"key"`
							Version int    `json:"version"`
						} `json:"node"`
					} `json:"edges"`
				} `json:"maps"`
				Map *struct {
					Key string `json:"key"`
				} `json:"map"`
			} `json:"data"`
		}
		if err := json.Unmarshal(body, &out); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if len(out.Data.Maps.Edges) != len(builtins) || out.Data.Map == nil || out.Data.Map.Key != builtins[0].ID {
			t.Errorf("a fresh server lists %s, want the %d built-in maps", body, len(builtins))
		}
		listed := map[string]int{}
		for _, e := range out.Data.Maps.Edges {
			listed[e.Node.Key] = e.Node.Version
		}
		for _, m := range builtins {
			if listed[m.ID] != m.Version {
				t.Errorf("maps lists %s at version %d, want %d", m.ID, listed[m.ID], m.Version)
			}
		}
	}
	if n := dbtest.Int(t, dbtest.OpenURL(t, dsn), `SELECT count(*) FROM maps WHERE builtin`); n != len(builtins) {
		t.Errorf("%d built-in map rows, want %d", n, len(builtins))
	}
}
