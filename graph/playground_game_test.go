package graph_test

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"rout/graph"
	"rout/graph/playground"
	routmaps "rout/maps"
)

// playgroundSection is the heading of the section of docs/api.md whose operations
// TestPlaygroundGameFromTheDocs runs.
const playgroundSection = "## Play a whole game from the playground"

// graphiQLAccept is the Accept header GraphiQL's fetcher sends.
const graphiQLAccept = "application/graphql-response+json, application/json, multipart/mixed"

// docOperations returns the operations of the ```graphql blocks of docs/api.md's playground section, by
// operation name; each block must hold one named operation.
func docOperations(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "\n"+playgroundSection+"\n")
	if start < 0 {
		t.Fatalf("docs/api.md has no section %q", playgroundSection)
	}
	section := doc[start+len(playgroundSection)+2:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	ops := map[string]string{}
	named := regexp.MustCompile(`(?m)^(?:query|mutation|subscription)\s+(\w+)`)
	for _, block := range regexp.MustCompile("(?s)```graphql\n(.*?)```").FindAllStringSubmatch(section, -1) {
		names := named.FindAllStringSubmatch(block[1], -1)
		if len(names) != 1 {
			t.Fatalf("a graphql block of %q holds %d named operations, want 1:\n%s", playgroundSection, len(names), block[1])
		}
		if _, dup := ops[names[0][1]]; dup {
			t.Fatalf("operation %s is documented twice", names[0][1])
		}
		ops[names[0][1]] = block[1]
	}
	return ops
}

// docPlayer runs the documented operations as the playground does: the operation's text with its name
// and variables, and the Authorization header of the Headers tab.
type docPlayer struct {
	e    *env
	ops  map[string]string
	used map[string]bool
}

// send sends operation name as the holder of token ("" for none).
func (p *docPlayer) send(token, name string, vars map[string]any) *response {
	t := p.e.t
	t.Helper()
	op, ok := p.ops[name]
	if !ok {
		t.Fatalf("docs/api.md does not document operation %s", name)
	}
	req := request{accept: graphiQLAccept,
		body: mustJSON(t, map[string]any{"query": op, "variables": vars, "operationName": name})}
	if token != "" {
		req.header = map[string]string{"Authorization": "Bearer " + token}
	}
	p.used[name] = true
	return p.e.do(req)
}

// run sends operation name as the holder of token ("" for none) and decodes its data into out (which
// may be nil). The response must hold no error.
func (p *docPlayer) run(token, name string, vars map[string]any, out any) {
	t := p.e.t
	t.Helper()
	r := p.send(token, name, vars)
	if r.Status != http.StatusOK {
		t.Fatalf("%s: status %d, errors %+v", name, r.Status, r.Errors)
	}
	var data map[string]json.RawMessage
	r.decode(t, &data)
	for field, raw := range data {
		var payload struct {
			UserErrors []userError `json:"userErrors"`
		}
		if err := json.Unmarshal(raw, &payload); err == nil && len(payload.UserErrors) > 0 {
			t.Fatalf("%s: %s: userErrors %+v", name, field, payload.UserErrors)
		}
		if out != nil {
			if err := json.Unmarshal(raw, out); err != nil {
				t.Fatalf("%s: decoding %s: %v", name, raw, err)
			}
		}
	}
}

// docTurnOperations maps the game mutations to the documented operations.
var docTurnOperations = map[string]string{
	"claimTerritory": "Claim", "placeArmies": "Place", "tradeCards": "Trade", "attack": "Attack",
	"occupy": "Occupy", "endAttack": "EndAttack", "fortify": "Fortify", "endTurn": "EndTurn",
}

func TestPlaygroundGameFromTheDocs(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.RateIP, c.RateUser = graph.RateLimit{}, graph.RateLimit{} })
	p := &docPlayer{e: e, ops: docOperations(t), used: map[string]bool{}}

	// Alice and Bob sign up, and sign in again.
	tokens := map[string]string{}
	for _, name := range []string{"alice", "bob"} {
		password := "correct horse battery " + name
		p.run("", "SignUp", map[string]any{"name": name, "email": name + "@example.com", "password": password}, nil)
		var in struct {
			Session struct {
				Token string `json:"token"`
			} `json:"session"`
		}
		p.run("", "SignIn", map[string]any{"login": name, "password": password}, &in)
		tokens[name] = in.Session.Token
	}

	var created struct {
		Game struct {
			ID string `json:"id"`
		} `json:"game"`
	}
	p.run(tokens["alice"], "CreateGame", nil, &created)
	id := created.Game.ID
	p.run(tokens["bob"], "JoinGame", map[string]any{"game": id}, nil)
	var moved struct {
		Game struct {
			CurrentSeat *int `json:"currentSeat"`
		} `json:"game"`
	}
	p.run(tokens["alice"], "StartGame", map[string]any{"game": id}, &moved)
	var started playView
	p.run(tokens["alice"], "Game", map[string]any{"game": id}, &started)
	seatTokens := make([]string, 2)
	for _, s := range started.Seats {
		seatTokens[s.Seat] = tokens[s.UserName]
	}

	// The player to move reads the game and sends one of their viewerActions (chosen as the whole-game
	// tests choose, with a fortify move as soon as one is possible) until every turn operation but Trade
	// (which needs a set of cards) has run.
	m, _ := routmaps.Builtin(routmaps.ClassicID)
	board, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	policy := &fullGame{t: t, e: e, board: board}
	read := func(seat int) playView {
		var v playView
		p.run(seatTokens[seat], "Game", map[string]any{"game": id}, &v)
		checkHands(t, "Game", seat, v.Seats, nil)
		return v
	}
	turnOps := []string{"Claim", "Place", "Attack", "Occupy", "EndAttack", "Fortify", "EndTurn"}
	var v playView
	for commands := 0; ; commands++ {
		seat := *moved.Game.CurrentSeat
		v = read(seat)
		done := true
		for _, op := range turnOps {
			done = done && p.used[op]
		}
		if done {
			break
		}
		if commands == 400 {
			t.Fatalf("after %d commands, the operations run are %v", commands, p.used)
		}
		policy.view = v
		name, input := policy.decide(seat)
		if (name == "endTurn" || name == "endAttack") && !p.used["Fortify"] {
			for _, a := range v.ViewerActions {
				if a.Kind == "fortify" {
					name, input = "fortify", map[string]any{"from": a.From, "to": a.To, "armies": a.Max}
					break
				}
			}
		}
		input["game"], input["version"] = id, v.Version
		p.run(seatTokens[seat], docTurnOperations[name], input, &moved)
	}

	// The player not to move resigns: the other wins.
	winner := *v.CurrentSeat
	var resigned struct {
		Game playView `json:"game"`
	}
	p.run(seatTokens[1-winner], "Resign", map[string]any{"game": id, "version": v.Version}, &resigned)
	if g := resigned.Game; g.Status != "finished" || g.Seats[winner].Status != "active" || g.Seats[1-winner].Status != "resigned" {
		t.Errorf("after resigning: %+v", g)
	}
	if !p.used["Trade"] {
		// No set came up. The operation must still be valid: on the finished game it is refused with
		// CONFLICT, not with a validation error.
		r := p.send(seatTokens[winner], "Trade", map[string]any{"game": id, "version": resigned.Game.Version, "cards": []int{0, 1, 2}})
		if r.Status != http.StatusOK || len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != string(graph.CodeConflict) {
			t.Errorf("Trade on a finished game: status %d, errors %+v; want CONFLICT", r.Status, r.Errors)
		}
	}
	for name := range p.ops {
		if !p.used[name] {
			t.Errorf("the documented operation %s was not run", name)
		}
	}
}

func TestPlaygroundServedFromTheBinary(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	get := func(path string) (*http.Response, string) {
		t.Helper()
		res, err := e.srv.Client().Get(e.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, string(b)
	}
	res, page := get(playground.Path)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /playground: status %d, Content-Type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	// The page talks to the API at graph.Path; its script derives the websocket URL (ws: or wss:) from
	// the same endpoint, and the page's policy lets it connect there.
	if !strings.Contains(page, `data-endpoint="`+graph.Path+`"`) {
		t.Errorf("the page does not name the endpoint %s:\n%s", graph.Path, page)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self' ws: wss:") {
		t.Errorf("Content-Security-Policy %q does not allow the API and its websocket", csp)
	}
	if strings.Contains(page, "//") {
		t.Errorf("the page names another site:\n%s", page)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(page, -1)
	if len(refs) == 0 {
		t.Fatal("the page loads no assets")
	}
	var script string
	for _, ref := range refs {
		if !strings.HasPrefix(ref[1], playground.AssetsPath) {
			t.Errorf("the page loads %q from outside %s", ref[1], playground.AssetsPath)
			continue
		}
		res, body := get(ref[1])
		if res.StatusCode != http.StatusOK || body == "" {
			t.Errorf("%s: status %d, %d bytes", ref[1], res.StatusCode, len(body))
		}
		if strings.HasSuffix(ref[1], "/playground.js") {
			script = body
		}
	}
	for _, want := range []string{"dataset.endpoint", "subscriptionUrl", "'ws:'", "'wss:'"} {
		if !strings.Contains(script, want) {
			t.Errorf("playground.js does not configure GraphiQL's websocket from the endpoint (no %s):\n%s", want, script)
		}
	}
}
