package server

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"rout/game"
	"rout/graph"
	"rout/maps"
	"rout/rules"
)

// attackGame is a started two-player game prepared for endless attacks through the API: a territory of
// the player to move and a bordering territory of the other hold a million armies each, so that a
// single roll never conquers.
type attackGame struct {
	id       string // the game's global id
	rowID    int    // its row in games
	token    string // the player to move
	from, to string
}

// newAttackGame creates, starts and prepares an attackGame on mapKey through the API.
func newAttackGame(b *testing.B, srv *largeMapServer, api *apiClient, board *rules.Board, mapKey, suffix string) attackGame {
	b.Helper()
	tokens := make([]string, 2)
	for i := range tokens {
		name := fmt.Sprintf("p%d-%s", i, suffix)
		var out struct {
			SignUp struct {
				Session struct {
					Token string `json:"token"`
				} `json:"session"`
			} `json:"signUp"`
		}
		api.do("signUp", "", `mutation($in: SignUpInput!) { signUp(input: $in) { session { token } } }`,
			map[string]any{"in": map[string]any{"name": name, "email": name + "@example.com", "password": "password-" + name}}, &out)
		tokens[i] = out.SignUp.Session.Token
	}
	var created struct {
		CreateGame struct {
			Game struct{ ID string } `json:"game"`
		} `json:"createGame"`
	}
	api.do("createGame", tokens[0], `mutation($in: CreateGameInput!) { createGame(input: $in) { game { id } } }`,
		map[string]any{"in": map[string]any{"mapKey": mapKey, "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}}}, &created)
	g := attackGame{id: created.CreateGame.Game.ID, from: ""}
	var ignored any
	api.do("joinGame", tokens[1], `mutation($id: ID!) { joinGame(input: {gameId: $id}) { userErrors { code } } }`, map[string]any{"id": g.id}, &ignored)
	api.do("startGame", tokens[0], `mutation($id: ID!) { startGame(input: {gameId: $id}) { userErrors { code } } }`, map[string]any{"id": g.id}, &ignored)
	if err := srv.db.QueryRow(`SELECT id FROM games ORDER BY id DESC LIMIT 1`).Scan(&g.rowID); err != nil {
		b.Fatal(err)
	}
	var st struct {
		Game struct {
			CurrentSeat int `json:"currentSeat"`
			Seats       []struct {
				Seat     int    `json:"seat"`
				UserName string `json:"userName"`
			} `json:"seats"`
			Board []struct {
				Owner *int `json:"owner"`
			} `json:"board"`
			Summary []struct {
				Kind string   `json:"kind"`
				From []string `json:"from"`
			} `json:"viewerActionSummary"`
		} `json:"game"`
	}
	api.do("game", tokens[0], `query($id: ID!) { game(id: $id) { currentSeat seats { seat userName } board { owner } } }`, map[string]any{"id": g.id}, &st)
	cur := st.Game.CurrentSeat
	for _, s := range st.Game.Seats {
		if s.Seat == cur {
			g.token = tokens[0]
			if s.UserName == fmt.Sprintf("p1-%s", suffix) {
				g.token = tokens[1]
			}
		}
	}
	owner := func(t rules.TerritoryID) int {
		if o := st.Game.Board[t].Owner; o != nil {
			return *o
		}
		return -1
	}
	for t := range board.Len() {
		for _, nb := range board.Neighbors(rules.TerritoryID(t)) {
			if g.from == "" && owner(rules.TerritoryID(t)) == cur && owner(nb) != cur {
				g.from, g.to = board.Territory(rules.TerritoryID(t)).Key, board.Territory(nb).Key
			}
		}
	}
	var actions struct {
		Game struct {
			ViewerActions []struct {
				Max int `json:"max"`
			} `json:"viewerActions"`
		} `json:"game"`
	}
	api.do("viewerActions", g.token, `query($id: ID!, $from: String) { game(id: $id) { viewerActions(from: $from) { max } } }`,
		map[string]any{"id": g.id, "from": g.from}, &actions)
	api.do("placeArmies", g.token, `mutation($in: PlaceArmiesInput!) { placeArmies(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"gameId": g.id, "placements": []map[string]any{{"territory": g.from, "armies": actions.Game.ViewerActions[0].Max}}}}, &ignored)
	for _, key := range []string{g.from, g.to} {
		t, _ := board.Lookup(key)
		if _, err := srv.db.Exec(`WITH t AS (UPDATE territories SET armies = armies + 1000000 WHERE game_id = $1 AND idx = $2 RETURNING owner_seat)
			UPDATE players SET armies = armies + 1000000 WHERE game_id = $1 AND seat = (SELECT owner_seat FROM t)`, g.rowID, int(t)); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := srv.db.Exec(`UPDATE games SET version = version + 1 WHERE id = $1`, g.rowID); err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkLargeMapAPI measures, through the real server (Run) over HTTP, on the classic map and on a
// generated 5,000-territory map: one attack roll (the attack mutation), a read of the whole board (game {
// board }, and as columns: boardColumns without the keys, which never change), the same territory rows
// read by plain SQL, and the compact viewer actions: viewerActionSummary and viewerActions(from:) of one
// territory (and, on classic, the whole viewerActions list). The measurements take turns: one op runs
// each of them once, in the same order, so that all meet the same moments of a shared machine, and the
// ratios are of medians over the ops. Metrics: each measurement's median (ms) and response size (B), and
// the ratios that docs/benchmarks.md states goals for.
func BenchmarkLargeMapAPI(b *testing.B) {
	srv := startLargeMapServer(b)
	large, err := maps.Generate(maps.GenerateOpts{Territories: 5000, Seed: 1, ID: "generated-5000"})
	if err != nil {
		b.Fatal(err)
	}
	if err := game.SeedMap(b.Context(), srv.db, large, false); err != nil {
		b.Fatal(err)
	}
	classic, _ := maps.Builtin(maps.ClassicID)
	api := &apiClient{t: b, url: "http://" + srv.addr + graph.Path}
	type measurement struct {
		name string
		op   func()
		took []time.Duration
	}
	var ms []*measurement
	for i, m := range []*maps.Map{classic, large} {
		board, err := m.Board()
		if err != nil {
			b.Fatal(err)
		}
		g := newAttackGame(b, srv, api, board, m.ID, fmt.Sprint(i))
		short := map[string]string{maps.ClassicID: "classic", large.ID: "5000"}[m.ID]
		read := func(name, query string, vars map[string]any) {
			kind := name + "/" + short
			ms = append(ms, &measurement{name: kind, op: func() {
				var out any
				api.do(kind, g.token, query, vars, &out)
			}})
		}
		read("attack", `mutation($in: AttackInput!) { attack(input: $in) { version events { seq kind payload } userErrors { code } } }`,
			map[string]any{"in": map[string]any{"gameId": g.id, "from": g.from, "to": g.to, "dice": 3}})
		read("board", `query($id: ID!) { game(id: $id) { seq board { key owner neutral armies } } }`, map[string]any{"id": g.id})
		read("columns", `query($id: ID!) { game(id: $id) { boardColumns { seq owners armies neutral } } }`, map[string]any{"id": g.id})
		ms = append(ms, &measurement{name: "sql/" + short, op: func() {
			rows, err := srv.db.QueryContext(b.Context(), `SELECT idx, owner_seat, armies FROM territories WHERE game_id = $1 ORDER BY idx`, g.rowID)
			if err != nil {
				b.Fatal(err)
			}
			var idx, owner, armies int
			for rows.Next() {
				if err := rows.Scan(&idx, &owner, &armies); err != nil {
					b.Fatal(err)
				}
			}
			if err := rows.Close(); err != nil {
				b.Fatal(err)
			}
		}})
		read("summary", `query($id: ID!) { game(id: $id) { viewerActionSummary { kind count from } } }`, map[string]any{"id": g.id})
		read("from", `query($id: ID!, $from: String) { game(id: $id) { viewerActions(from: $from) { kind from to min max } } }`,
			map[string]any{"id": g.id, "from": g.from})
		if m.ID == maps.ClassicID {
			read("actions", `query($id: ID!) { game(id: $id) { viewerActions { kind from to cards min max } } }`, map[string]any{"id": g.id})
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, m := range ms {
			start := time.Now()
			m.op()
			m.took = append(m.took, time.Since(start))
		}
	}
	b.StopTimer()
	p50 := map[string]float64{}
	for _, m := range ms {
		slices.Sort(m.took)
		p50[m.name] = float64(m.took[len(m.took)/2].Microseconds()) / 1000
		b.ReportMetric(p50[m.name], m.name+"-ms")
		if size, ok := api.size[m.name]; ok {
			b.ReportMetric(float64(size), m.name+"-B")
		}
	}
	for _, r := range [][2]string{
		{"attack/5000", "attack/classic"}, {"board/5000", "sql/5000"}, {"columns/5000", "sql/5000"},
		{"board/classic", "sql/classic"}, {"summary/5000", "summary/classic"}, {"from/5000", "from/classic"},
	} {
		b.ReportMetric(p50[r[0]]/p50[r[1]], r[0]+"÷"+r[1])
	}
}
