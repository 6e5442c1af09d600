package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"rout/game"
	"rout/graph"
	"rout/maps"
)

// uploadRequest sends a GraphQL multipart request (the multipart request spec): query with vars, and
// the file content at the variable path (such as "variables.input.file"), as the holder of token.
func (e *env) uploadRequest(token, query string, vars map[string]any, path, content string) *response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	ops, _ := mw.CreateFormField("operations")
	_, _ = io.WriteString(ops, mustJSON(e.t, map[string]any{"query": query, "variables": vars}))
	mp, _ := mw.CreateFormField("map")
	_, _ = io.WriteString(mp, mustJSON(e.t, map[string][]string{"0": {path}}))
	fw, _ := mw.CreateFormFile("0", "map.json")
	_, _ = io.WriteString(fw, content)
	if err := mw.Close(); err != nil {
		e.t.Fatal(err)
	}
	return e.do(request{token: token, ctype: mw.FormDataContentType(), body: body.String()})
}

const mapPayloadFields = `map { key version name visibility territoryCount author { name } versions { version } }
	userErrors { code field message }`

// mapPayload is the data of a map mutation.
type mapPayload struct {
	Map *struct {
		Key            string `json:"key"`
		Version        int    `json:"version"`
		Name           string `json:"name"`
		Visibility     string `json:"visibility"`
		TerritoryCount int    `json:"territoryCount"`
		Author         *struct {
			Name string `json:"name"`
		} `json:"author"`
		Versions []struct {
			Version int `json:"version"`
		} `json:"versions"`
	} `json:"map"`
	UserErrors []userError `json:"userErrors"`
	Warnings   []userError `json:"warnings"`
}

// uploadMap uploads content as a new map with visibility ("" for the default).
func (e *env) uploadMap(token, content, visibility string) mapPayload {
	e.t.Helper()
	input := map[string]any{"file": nil}
	if visibility != "" {
		input["visibility"] = visibility
	}
	var out struct {
		UploadMap mapPayload `json:"uploadMap"`
	}
	e.uploadRequest(token, `mutation($input: UploadMapInput!) { uploadMap(input: $input) { `+mapPayloadFields+` } }`,
		map[string]any{"input": input}, "variables.input.file", content).decode(e.t, &out)
	return out.UploadMap
}

// publishVersion uploads content as a new version of map key.
func (e *env) publishVersion(token, key, content string) mapPayload {
	e.t.Helper()
	var out struct {
		PublishMapVersion mapPayload `json:"publishMapVersion"`
	}
	e.uploadRequest(token, `mutation($input: PublishMapVersionInput!) { publishMapVersion(input: $input) { `+mapPayloadFields+` } }`,
		map[string]any{"input": map[string]any{"key": key, "file": nil}}, "variables.input.file", content).decode(e.t, &out)
	return out.PublishMapVersion
}

// testMap returns the JSON of a playable map of n territories in a row (n >= 6), with id and version.
func testMap(t *testing.T, id string, version, n int) string {
	t.Helper()
	m := &maps.Map{ID: id, Name: "Map " + id, Version: version, Description: "A <test> map & more", Width: 100 * n, Height: 100}
	for i := range n {
		m.Territories = append(m.Territories, maps.Territory{ID: fmt.Sprint("t", i), Name: fmt.Sprintf("T<%d>", i), X: float64(100*i + 50), Y: 50})
		if i > 0 {
			m.Borders = append(m.Borders, maps.Border{fmt.Sprint("t", i-1), fmt.Sprint("t", i)})
		}
	}
	m.BonusAreas = []maps.BonusArea{{ID: "west", Name: "West", Bonus: 2, Territories: []string{"t0", "t1", "t2"}}}
	var b bytes.Buffer
	if err := maps.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func noMapErrors(t *testing.T, what string, p mapPayload) {
	t.Helper()
	if len(p.UserErrors) > 0 || p.Map == nil {
		t.Fatalf("%s: userErrors %+v, map %+v", what, p.UserErrors, p.Map)
	}
}

func TestMapsOfAFreshServer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	if err := game.SeedBuiltinMaps(context.Background(), e.db); err != nil {
		t.Fatal(err)
	}
	var list struct {
		Maps struct {
			TotalCount int `json:"totalCount"`
			Edges      []struct {
				Node struct {
					Key     string `json:"key"`
					Builtin bool   `json:"builtin"`
				} `json:"node"`
			} `json:"edges"`
		} `json:"maps"`
	}
	e.gql("", `{ maps(filter: {builtin: true}, first: 100) { totalCount edges { node { key builtin } } } }`, nil).decode(t, &list)
	if list.Maps.TotalCount != len(maps.Builtins()) {
		t.Errorf("maps(builtin) totalCount = %d, want %d", list.Maps.TotalCount, len(maps.Builtins()))
	}
	var classic struct {
		Map struct {
			Key            string `json:"key"`
			Width          int    `json:"width"`
			Height         int    `json:"height"`
			TerritoryCount int    `json:"territoryCount"`
			BorderCount    int    `json:"borderCount"`
			BonusAreaCount int    `json:"bonusAreaCount"`
			Builtin        bool   `json:"builtin"`
			Visibility     string `json:"visibility"`
			PreviewURL     string `json:"previewUrl"`
			Territories    []struct {
				Index        int      `json:"index"`
				Key          string   `json:"key"`
				Card         string   `json:"card"`
				BonusAreas   []string `json:"bonusAreas"`
				Neighbours   []string `json:"neighbours"`
				Shape        string   `json:"shape"`
				ShapeDerived bool     `json:"shapeDerived"`
			} `json:"territories"`
			Borders []struct {
				From string `json:"from"`
				To   string `json:"to"`
				Sea  bool   `json:"sea"`
			} `json:"borders"`
			BonusAreas []struct {
				Key         string   `json:"key"`
				Bonus       int      `json:"bonus"`
				Territories []string `json:"territories"`
			} `json:"bonusAreas"`
		} `json:"map"`
	}
	e.gql("", `{ map(key: "classic") { key width height territoryCount borderCount bonusAreaCount builtin visibility previewUrl
		territories { index key card bonusAreas neighbours shape shapeDerived } borders { from to sea }
		bonusAreas { key bonus territories } } }`, nil).decode(t, &classic)
	c := classic.Map
	if c.Width != 1000 || c.Height != 600 || c.TerritoryCount != 42 || c.BorderCount != 83 || c.BonusAreaCount != 6 ||
		!c.Builtin || c.Visibility != "PUBLIC" || c.PreviewURL != "/maps/classic/2.svg" {
		t.Errorf("classic = %+v", c)
	}
	if len(c.Territories) != 42 || len(c.Borders) != 83 || len(c.BonusAreas) != 6 {
		t.Fatalf("classic lists %d territories, %d borders, %d areas", len(c.Territories), len(c.Borders), len(c.BonusAreas))
	}
	alaska := c.Territories[0]
	if alaska.Key != "alaska" || alaska.Card != "infantry" || !strings.HasPrefix(alaska.Shape, "M") || alaska.ShapeDerived ||
		strings.Join(alaska.BonusAreas, ",") != "north_america" || len(alaska.Neighbours) != 3 {
		t.Errorf("alaska = %+v", alaska)
	}
	for _, b := range c.Borders {
		if (b.From == "alaska" && b.To == "kamchatka") != b.Sea && b.From == "alaska" {
			t.Errorf("border %+v: want only alaska-kamchatka at sea among alaska's", b)
		}
	}
	if c.BonusAreas[0].Key != "north_america" || c.BonusAreas[0].Bonus != 5 || len(c.BonusAreas[0].Territories) != 9 {
		t.Errorf("north_america = %+v", c.BonusAreas[0])
	}
	// Ordered by size, largest first, two a page.
	var page struct {
		Maps struct {
			Edges []struct {
				Node struct {
					TerritoryCount int `json:"territoryCount"`
				} `json:"node"`
			} `json:"edges"`
			PageInfo struct {
				HasNextPage bool   `json:"hasNextPage"`
				EndCursor   string `json:"endCursor"`
			} `json:"pageInfo"`
		} `json:"maps"`
	}
	var sizes []int
	after := any(nil)
	for range len(maps.Builtins()) {
		e.gql("", `query($after: Cursor) { maps(filter: {builtin: true}, orderBy: {field: TERRITORY_COUNT, descending: true}, first: 2, after: $after) {
			edges { node { territoryCount } } pageInfo { hasNextPage endCursor } } }`, map[string]any{"after": after}).decode(t, &page)
		for _, ed := range page.Maps.Edges {
			sizes = append(sizes, ed.Node.TerritoryCount)
		}
		if !page.Maps.PageInfo.HasNextPage {
			break
		}
		after = page.Maps.PageInfo.EndCursor
	}
	if len(sizes) != len(maps.Builtins()) || !slices.IsSortedFunc(sizes, func(a, b int) int { return b - a }) {
		t.Errorf("built-in maps by size, largest first, in pages of 2: %v", sizes)
	}
	if code := e.gql("", `{ map(key: "nowhere") { key } }`, nil).code(t); code != "NOT_FOUND" {
		t.Errorf("map(nowhere): code %s, want NOT_FOUND", code)
	}
}

func TestMapUploadProblems(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	for _, tc := range []struct {
		name, file string
		want       []string // code and field joined by "/"
	}{
		{"not JSON", "{", []string{"INVALID_JSON/input/file"}},
		{"broken", `{"id": "Bad Id", "name": "x", "version": 1, "territories": [
			{"id": "a", "name": "A", "x": 1, "y": 1, "shape": "M0 0 L<script>"}, {"id": "a", "name": "B", "x": 1, "y": 1}],
			"borders": [["a", "nowhere"]]}`, []string{
			"BAD_ID/input/file/id", "BAD_SHAPE/input/file/territories/0/shape", "DUPLICATE_ID/input/file/territories/1/id",
			"UNKNOWN_TERRITORY/input/file/borders/0/1"}},
		{"cannot seat 2", `{"id": "small", "name": "Small", "version": 1, "territories": [
			{"id": "a", "name": "A", "x": 1, "y": 1}, {"id": "b", "name": "B", "x": 2, "y": 2}], "borders": [["a", "b"]]}`,
			[]string{"CANNOT_SEAT/input/file/territories"}},
		{"absurd bonus", strings.Replace(testMap(t, "rich", 1, 6), `"bonus": 2`, `"bonus": 500`, 1),
			[]string{"BONUS_OUT_OF_PROPORTION/input/file/bonusAreas/0/bonus"}},
		{"built-in key", testMap(t, "classic", 1, 6),
			[]string{"MAP_KEY_TAKEN/input/file/id"}},
	} {
		p := e.uploadMap(ann, tc.file, "")
		var got []string
		for _, ue := range p.UserErrors {
			got = append(got, ue.Code+"/"+strings.Join(ue.Field, "/"))
			if ue.Message == "" {
				t.Errorf("%s: userError %+v without a message", tc.name, ue)
			}
		}
		if p.Map != nil || strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: userErrors %v, map %+v; want %v", tc.name, got, p.Map, tc.want)
		}
	}
	if n := e.count(`SELECT count(*) FROM maps WHERE NOT builtin`); n != 0 {
		t.Errorf("%d maps stored from refused uploads", n)
	}
	// Uploads need a signed-in user.
	r := e.uploadRequest("", `mutation($input: UploadMapInput!) { uploadMap(input: $input) { userErrors { code } } }`,
		map[string]any{"input": map[string]any{"file": nil}}, "variables.input.file", testMap(t, "anon", 1, 6))
	if code := r.code(t); code != "UNAUTHENTICATED" {
		t.Errorf("anonymous upload: code %s", code)
	}
}

func TestMapVersionsAndVisibility(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	bob, _ := e.signUp("bob")

	up := e.uploadMap(ann, testMap(t, "anns-map", 1, 6), "PRIVATE")
	noMapErrors(t, "uploadMap", up)
	if up.Map.Key != "anns-map" || up.Map.Version != 1 || up.Map.Visibility != "PRIVATE" || up.Map.TerritoryCount != 6 ||
		up.Map.Author == nil || up.Map.Author.Name != "ann" {
		t.Errorf("uploaded map = %+v", up.Map)
	}
	again := e.uploadMap(ann, testMap(t, "anns-map", 2, 6), "")
	if codesOf(again.UserErrors) != "MAP_KEY_TAKEN[input file id]" {
		t.Errorf("second upload of the key: %s", codesOf(again.UserErrors))
	}

	// A private map is NOT_FOUND to others, and playable by its author only.
	readAs := func(token string) *response {
		return e.gql(token, `{ map(key: "anns-map") { key version description } }`, nil)
	}
	if code := readAs(bob).code(t); code != "NOT_FOUND" {
		t.Errorf("bob reads ann's private map: code %s", code)
	}
	if code := readAs("").code(t); code != "NOT_FOUND" {
		t.Errorf("an anonymous viewer reads ann's private map: code %s", code)
	}
	var mine struct {
		Map struct {
			Description string `json:"description"`
		} `json:"map"`
	}
	readAs(ann).decode(t, &mine)
	if mine.Map.Description != "A <test> map & more" {
		t.Errorf("ann reads her map: %+v", mine.Map)
	}
	listed := func(token, filter string) []string {
		var out struct {
			Maps struct {
				Edges []struct {
					Node struct {
						Key     string `json:"key"`
						Version int    `json:"version"`
					} `json:"node"`
				} `json:"edges"`
			} `json:"maps"`
		}
		e.gql(token, `{ maps(filter: `+filter+`, orderBy: {field: NAME}) { edges { node { key version } } } }`, nil).decode(t, &out)
		var keys []string
		for _, ed := range out.Maps.Edges {
			keys = append(keys, fmt.Sprintf("%s@%d", ed.Node.Key, ed.Node.Version))
		}
		return keys
	}
	if got := listed(bob, `{builtin: false}`); len(got) != 0 {
		t.Errorf("bob lists %v", got)
	}
	if got := listed(ann, `{mine: true}`); strings.Join(got, " ") != "anns-map@1" {
		t.Errorf("ann lists her maps as %v", got)
	}
	seats := []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}
	if p := e.gameMutation(bob, "createGame", map[string]any{"mapKey": "anns-map", "seats": seats}); codesOf(p.UserErrors) != "UNKNOWN_MAP[input mapKey]" {
		t.Errorf("bob creates a game on ann's private map: %s", codesOf(p.UserErrors))
	}
	created := e.gameMutation(ann, "createGame", map[string]any{"mapKey": "anns-map", "seats": seats})
	noUserErrors(t, "createGame on an uploaded map", created)
	started := e.gameMutation(ann, "startGame", map[string]any{"gameId": created.Game.ID})
	noUserErrors(t, "startGame on an uploaded map", started)
	if len(started.Game.Board) != 6 {
		t.Errorf("the game's board has %d territories, want 6", len(started.Game.Board))
	}

	// New versions: only by the author, only newer, same key; games keep theirs.
	if p := e.publishVersion(ann, "anns-map", testMap(t, "anns-map", 1, 7)); codesOf(p.UserErrors) != "VERSION_NOT_NEWER[input file version]" {
		t.Errorf("same version: %s", codesOf(p.UserErrors))
	}
	if p := e.publishVersion(ann, "anns-map", testMap(t, "other", 2, 7)); codesOf(p.UserErrors) != "MAP_KEY_MISMATCH[input file id]" {
		t.Errorf("other id: %s", codesOf(p.UserErrors))
	}
	if p := e.publishVersion(bob, "anns-map", testMap(t, "anns-map", 2, 7)); codesOf(p.UserErrors) != "UNKNOWN_MAP[input key]" {
		t.Errorf("bob publishes ann's private map: %s", codesOf(p.UserErrors))
	}
	if p := e.publishVersion(ann, "classic", testMap(t, "classic", 2, 7)); codesOf(p.UserErrors) != "NOT_YOUR_MAP[input file id]" {
		t.Errorf("ann publishes classic: %s", codesOf(p.UserErrors))
	}
	v2 := e.publishVersion(ann, "anns-map", testMap(t, "anns-map", 2, 7))
	noMapErrors(t, "publishMapVersion", v2)
	if v2.Map.Version != 2 || v2.Map.TerritoryCount != 7 || v2.Map.Visibility != "PRIVATE" || len(v2.Map.Versions) != 2 || v2.Map.Versions[0].Version != 2 {
		t.Errorf("version 2 = %+v", v2.Map)
	}
	var g struct {
		Game struct {
			Map struct {
				Version int `json:"version"`
			} `json:"map"`
		} `json:"game"`
	}
	e.gql(ann, `query($id: ID!) { game(id: $id) { map { version } } }`, map[string]any{"id": created.Game.ID}).decode(t, &g)
	if g.Game.Map.Version != 1 {
		t.Errorf("the game is on version %d after a new one was published, want 1", g.Game.Map.Version)
	}

	// Unlisted: readable and playable by anyone with the key, listed to the author only.
	var vis struct {
		SetMapVisibility mapPayload `json:"setMapVisibility"`
	}
	e.gql(ann, `mutation { setMapVisibility(input: {key: "anns-map", visibility: UNLISTED}) { `+mapPayloadFields+` } }`, nil).decode(t, &vis)
	noMapErrors(t, "setMapVisibility", vis.SetMapVisibility)
	var read struct {
		Map struct {
			Version int `json:"version"`
		} `json:"map"`
	}
	readAs(bob).decode(t, &read)
	if read.Map.Version != 2 {
		t.Errorf("bob reads the unlisted map at version %d", read.Map.Version)
	}
	if got := listed(bob, `{search: "ANNS"}`); len(got) != 0 {
		t.Errorf("bob lists the unlisted map: %v", got)
	}
	if got := listed(ann, `{search: "ANNS", public: false}`); strings.Join(got, " ") != "anns-map@2" {
		t.Errorf("ann lists %v, want the newest version only", got)
	}
	if p := e.gameMutation(bob, "createGame", map[string]any{"mapKey": "anns-map", "mapVersion": 1, "seats": seats}); len(p.UserErrors) > 0 {
		t.Errorf("bob creates a game on the unlisted map: %s", codesOf(p.UserErrors))
	}
	e.gql(bob, `mutation { setMapVisibility(input: {key: "anns-map", visibility: PUBLIC}) { `+mapPayloadFields+` } }`, nil).decode(t, &vis)
	if codesOf(vis.SetMapVisibility.UserErrors) != "UNKNOWN_MAP[input key]" {
		t.Errorf("bob sets the visibility of ann's map: %s", codesOf(vis.SetMapVisibility.UserErrors))
	}
	// Public: listed to everyone; filters by size.
	e.gql(ann, `mutation { setMapVisibility(input: {key: "anns-map", visibility: PUBLIC}) { `+mapPayloadFields+` } }`, nil).decode(t, &vis)
	if got := listed("", `{builtin: false, minTerritories: 7, maxTerritories: 7}`); strings.Join(got, " ") != "anns-map@2" {
		t.Errorf("anyone lists %v", got)
	}
	if got := listed("", `{builtin: false, maxTerritories: 6}`); len(got) != 0 {
		t.Errorf("maxTerritories 6 lists %v", got)
	}
}

func TestMapUploadLimits(t *testing.T) {
	t.Parallel()
	big := testMap(t, "big", 1, 1000)
	e := newEnv(t, func(s *graph.Settings) {
		s.MaxBodyBytes = 16 << 10 // a JSON body; the upload's own limit stays
		s.MapsPerUser = 2
		s.MapBytesPerUser = int64(len(big)) + 2000
	})
	if len(big) <= 16<<10 {
		t.Fatalf("the big map has %d bytes; want more than the JSON body limit", len(big))
	}
	ann, _ := e.signUp("ann")
	noMapErrors(t, "upload of a map larger than the JSON body limit", e.uploadMap(ann, big, ""))
	if p := e.uploadMap(ann, testMap(t, "second", 1, 100), ""); codesOf(p.UserErrors) != "MAP_BYTES_LIMIT[]" {
		t.Errorf("over the bytes limit: %s", codesOf(p.UserErrors))
	}
	noMapErrors(t, "second upload", e.uploadMap(ann, testMap(t, "second", 1, 6), ""))
	if p := e.uploadMap(ann, testMap(t, "third", 1, 6), ""); codesOf(p.UserErrors) != "MAP_COUNT_LIMIT[]" {
		t.Errorf("over the count limit: %s", codesOf(p.UserErrors))
	}

	// A multipart body over MaxUploadBytes is refused before it is read.
	small := newEnv(t, func(s *graph.Settings) { s.MaxUploadBytes = 4 << 10 })
	bob, _ := small.signUp("bob")
	r := small.uploadRequest(bob, `mutation($input: UploadMapInput!) { uploadMap(input: $input) { userErrors { code } } }`,
		map[string]any{"input": map[string]any{"file": nil}}, "variables.input.file", big)
	if r.Status != http.StatusRequestEntityTooLarge || r.code(t) != "BAD_USER_INPUT" {
		t.Errorf("an upload over the limit: status %d, errors %+v", r.Status, r.Errors)
	}
}

func TestMapUploadConcurrentLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(s *graph.Settings) { s.MapsPerUser = 1 })
	ann, _ := e.signUp("ann")
	results := make(chan mapPayload, 4)
	for i := range 4 {
		go func() {
			var out struct {
				UploadMap mapPayload `json:"uploadMap"`
			}
			r := e.uploadRequest(ann, `mutation($input: UploadMapInput!) { uploadMap(input: $input) { `+mapPayloadFields+` } }`,
				map[string]any{"input": map[string]any{"file": nil}}, "variables.input.file", testMap(t, fmt.Sprint("m", i), 1, 6))
			_ = json.Unmarshal(r.Data, &out)
			results <- out.UploadMap
		}()
	}
	stored := 0
	for range 4 {
		if p := <-results; p.Map != nil {
			stored++
		} else if codesOf(p.UserErrors) != "MAP_COUNT_LIMIT[]" {
			t.Errorf("a refused concurrent upload: %s", codesOf(p.UserErrors))
		}
	}
	if stored != 1 || e.count(`SELECT count(*) FROM maps WHERE NOT builtin`) != 1 {
		t.Errorf("%d concurrent uploads stored with a limit of 1", stored)
	}
}

// getSVG fetches path as the holder of token and returns the status and body; a 200 must be an SVG
// document that encoding/xml reads.
func (e *env) getSVG(token, path string) (int, string) {
	e.t.Helper()
	req, err := http.NewRequestWithContext(e.t.Context(), http.MethodGet, e.srv.URL+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode == http.StatusOK {
		if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
			e.t.Errorf("GET %s: Content-Type %q", path, ct)
		}
		dec := xml.NewDecoder(bytes.NewReader(b))
		dec.Strict = true
		for {
			_, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				e.t.Fatalf("GET %s: the SVG does not parse: %v", path, err)
			}
		}
	}
	return res.StatusCode, string(b)
}

func TestPreviews(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	if err := game.SeedBuiltinMaps(context.Background(), e.db); err != nil {
		t.Fatal(err)
	}
	ann, _ := e.signUp("ann")
	bob, _ := e.signUp("bob")
	if status, body := e.getSVG("", "/maps/classic/2.svg"); status != http.StatusOK || strings.Count(body, "<path") != 42 {
		t.Errorf("classic preview: %d, %d paths", status, strings.Count(body, "<path"))
	}
	for _, path := range []string{"/maps/classic/3.svg", "/maps/classic/2.png", "/maps/classic/x.svg", "/maps/nowhere/1.svg"} {
		if status, _ := e.getSVG("", path); status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, status)
		}
	}
	noMapErrors(t, "uploadMap", e.uploadMap(ann, testMap(t, "secret", 1, 6), "PRIVATE"))
	if status, _ := e.getSVG(bob, "/maps/secret/1.svg"); status != http.StatusNotFound {
		t.Errorf("bob's preview of ann's private map: %d, want 404", status)
	}
	status, body := e.getSVG(ann, "/maps/secret/1.svg")
	if status != http.StatusOK || !strings.Contains(body, "T&lt;3&gt;") || strings.Contains(body, "T<3>") {
		t.Errorf("ann's preview of her map: %d, names escaped: %v", status, strings.Contains(body, "T&lt;3&gt;"))
	}

	created := e.gameMutation(ann, "createGame", map[string]any{"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	noUserErrors(t, "createGame", created)
	noUserErrors(t, "startGame", e.gameMutation(ann, "startGame", map[string]any{"gameId": created.Game.ID}))
	board := "/games/" + created.Game.ID + "/board.svg"
	if status, _ := e.getSVG(bob, board); status != http.StatusNotFound {
		t.Errorf("a stranger's board of a private game: %d, want 404", status)
	}
	if status, _ := e.getSVG("", board); status != http.StatusNotFound {
		t.Errorf("an anonymous board of a private game: %d, want 404", status)
	}
	status, body = e.getSVG(ann, board)
	if status != http.StatusOK || strings.Count(body, "<circle") != 42 || !strings.Contains(body, `fill="red"`) || !strings.Contains(body, `fill="blue"`) {
		t.Errorf("the player's board: %d, %d army counts", status, strings.Count(body, "<circle"))
	}
}

func TestImportMap(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	file := func(name string) string {
		b, err := os.ReadFile("../maps/testdata/import/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	importAs := func(format, name, oneWay, id string) mapPayload {
		input := map[string]any{"format": format, "file": nil, "id": id}
		if oneWay != "" {
			input["oneWayBorders"] = oneWay
		}
		var out struct {
			ImportMap mapPayload `json:"importMap"`
		}
		e.uploadRequest(ann, `mutation($input: ImportMapInput!) { importMap(input: $input) { `+mapPayloadFields+`
			warnings { code field message } } }`, map[string]any{"input": input}, "variables.input.file", file(name)).decode(t, &out)
		return out.ImportMap
	}
	refused := importAs("DOMINATION", "one-way.map", "", "isles")
	oneWay := 0
	for _, ue := range refused.UserErrors {
		if ue.Code == "ONE_WAY_BORDER" && strings.Join(ue.Field, ".") == "input.file" {
			oneWay++
		}
	}
	if refused.Map != nil || oneWay != 2 {
		t.Errorf("a Domination file with two one-way borders: map %+v, userErrors %s", refused.Map, codesOf(refused.UserErrors))
	}
	two := importAs("DOMINATION", "one-way.map", "TWO_WAY", "isles")
	noMapErrors(t, "importMap two-way", two)
	if two.Map.Key != "isles" || two.Map.TerritoryCount != 9 || !strings.Contains(codesOf(two.Warnings), "ONE_WAY_BORDER") {
		t.Errorf("imported map %+v, warnings %s", two.Map, codesOf(two.Warnings))
	}
	cc := importAs("CONQUER_CLUB", "three-isles.xml", "", "isles-cc")
	noMapErrors(t, "importMap conquer club", cc)
	if cc.Map.TerritoryCount != 9 {
		t.Errorf("Conquer Club import = %+v", cc.Map)
	}
	if status, _ := e.getSVG(ann, "/maps/isles-cc/1.svg"); status != http.StatusOK {
		t.Errorf("preview of the imported map: %d", status)
	}
	// The same key again: the problem is on the input's id (the imported file has no id field), with
	// advice an import can follow.
	taken := importAs("CONQUER_CLUB", "three-isles.xml", "", "isles-cc")
	if len(taken.UserErrors) != 1 || taken.UserErrors[0].Code != "MAP_KEY_TAKEN" ||
		strings.Join(taken.UserErrors[0].Field, ".") != "input.id" || !strings.Contains(taken.UserErrors[0].Message, "another id (input.id)") {
		t.Errorf("an import under a taken key: %+v", taken.UserErrors)
	}
}

func TestUploadedShapes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	file := strings.Replace(testMap(t, "shaped", 1, 6), `"x": 50, "y": 50}`, `"x": 50, "y": 50, "shape": "M0 0 H100 V100 H0 Z"}`, 1)
	if !strings.Contains(file, "shape") {
		t.Fatalf("no shape in %s", file)
	}
	noMapErrors(t, "uploadMap", e.uploadMap(ann, file, ""))
	var out struct {
		Map struct {
			Width       int `json:"width"`
			Territories []struct {
				Shape        string `json:"shape"`
				ShapeDerived bool   `json:"shapeDerived"`
			} `json:"territories"`
			Borders []struct {
				Sea bool `json:"sea"`
			} `json:"borders"`
		} `json:"map"`
	}
	e.gql("", `{ map(key: "shaped") { width territories { shape shapeDerived } borders { sea } } }`, nil).decode(t, &out)
	ts := out.Map.Territories
	if out.Map.Width != 600 || len(ts) != 6 || ts[0].Shape != "M0 0 H100 V100 H0 Z" || ts[0].ShapeDerived || !ts[1].ShapeDerived || ts[1].Shape == "" {
		t.Errorf("map = %+v", out.Map)
	}
	for i, b := range out.Map.Borders {
		if b.Sea {
			t.Errorf("border %d of a row of touching territories is at sea", i)
		}
	}
}

func TestMalformedMultipart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	ops, _ := mw.CreateFormField("operations")
	_, _ = io.WriteString(ops, `{"query": "mutation($input: UploadMapInput!) { uploadMap(input: $input) { userErrors { code } } }", "variables": {"input": {"file": null}}}`)
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	r := e.do(request{token: ann, ctype: mw.FormDataContentType(), body: body.String()})
	if r.Status != http.StatusBadRequest || r.code(t) != "BAD_USER_INPUT" {
		t.Errorf("a multipart request without its map part: %d %+v, want 400 BAD_USER_INPUT", r.Status, r.Errors)
	}
	r = e.uploadRequest(ann, `mutation($input: UploadMapInput!) { uploadMap(input: $input) { nowhere } }`,
		map[string]any{"input": map[string]any{"file": nil}}, "variables.input.file", "{}")
	// As over a JSON POST: a request error is 200 with application/json (400 with
	// application/graphql-response+json).
	if r.Status != http.StatusOK || len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" {
		t.Errorf("an upload whose query does not validate: %d %+v, want 200 with BAD_USER_INPUT", r.Status, r.Errors)
	}
}

// TestMapAreaColorIndexes checks colorIndex on world-1000, where areas 12 apart in the map's order
// neighbour (an index by position modulo 12 gives them one colour): with a palette of 12, no two areas
// that meet across a border share an index, every index is within the palette, and a palette of no
// colours is refused.
func TestMapAreaColorIndexes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	if err := game.SeedBuiltinMaps(context.Background(), e.db); err != nil {
		t.Fatal(err)
	}
	var world struct {
		Map struct {
			Territories []struct {
				Key        string   `json:"key"`
				BonusAreas []string `json:"bonusAreas"`
			} `json:"territories"`
			Borders []struct {
				From string `json:"from"`
				To   string `json:"to"`
			} `json:"borders"`
			BonusAreas []struct {
				Key    string `json:"key"`
				Twelve int    `json:"twelve"`
				Three  int    `json:"three"`
			} `json:"bonusAreas"`
		} `json:"map"`
	}
	e.gql("", `query($n: Int!) { map(key: "world-1000") { territories { key bonusAreas } borders { from to }
		bonusAreas { key twelve: colorIndex(paletteSize: $n) three: colorIndex(paletteSize: 3) } } }`,
		map[string]any{"n": 12}).decode(t, &world)
	m := world.Map
	if len(m.BonusAreas) <= 12 {
		t.Fatalf("world-1000 has %d areas, want more than 12", len(m.BonusAreas))
	}
	colour := map[string]int{}
	for _, a := range m.BonusAreas {
		colour[a.Key] = a.Twelve
		if a.Twelve < 0 || a.Twelve >= 12 || a.Three < 0 || a.Three >= 3 {
			t.Errorf("area %s: colorIndex %d of 12, %d of 3", a.Key, a.Twelve, a.Three)
		}
	}
	areasOf := map[string][]string{}
	for _, tr := range m.Territories {
		areasOf[tr.Key] = tr.BonusAreas
	}
	met := 0
	for _, b := range m.Borders {
		for _, x := range areasOf[b.From] {
			for _, y := range areasOf[b.To] {
				if x == y {
					continue
				}
				met++
				if colour[x] == colour[y] {
					t.Errorf("areas %s and %s meet at %s-%s and share colorIndex %d", x, y, b.From, b.To, colour[x])
				}
			}
		}
	}
	if met == 0 {
		t.Errorf("no two areas of world-1000 meet across a border")
	}
	if code := e.gql("", `{ map(key: "classic") { bonusAreas { colorIndex(paletteSize: 0) } } }`, nil).code(t); code != "BAD_USER_INPUT" {
		t.Errorf("paletteSize 0: code %s, want BAD_USER_INPUT", code)
	}
}
