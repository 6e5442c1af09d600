package graph_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rout/graph"
	routmaps "rout/maps"
	"rout/rules"
)

// ruleCase is one command a rule refuses: who sends it and the userError code it gets.
type ruleCase struct {
	name     string
	seat     int
	mutation string
	input    map[string]any
	code     rules.Code
}

// codeCase is one request and the top-level error code it gets.
type codeCase struct {
	name   string
	send   func() *response
	code   graph.Code
	status int // the HTTP status; 200 unless set
}

// notThroughTheAPI are the rules' codes no GraphQL request can get, and why.
var notThroughTheAPI = map[rules.Code]string{
	rules.CodeUnknownCommand: "the schema's mutations are the engine's commands",
	rules.CodeUnknownPlayer:  "the service acts for the viewer's own seat (no seat: FORBIDDEN)",
	rules.CodeInvalidEvent:   "events come from the engine, not from requests",
	rules.CodeIllegalEvent:   "records are checked by game.Replay, not by requests",
	rules.CodeLastPlayer:     "the service plays a lone survivor's commands at once, in the command that left them alone",
	// The game service refuses commands on a game that is not active with CONFLICT before the engine
	// sees them: the top-level table below reaches each case.
	rules.CodeNotStarted:     "a command on an open game is CONFLICT",
	rules.CodeGameOver:       "a command on a finished game is CONFLICT",
	rules.CodeAlreadyStarted: "startGame on a started game is CONFLICT",
	// A forced trade needs five cards in hand (or six after an elimination): dice decide when that
	// happens, so no fixed script reaches it. The engine's tests pin both: rules.TestForcedTrades and
	// rules.TestScenarios (testdata/scenarios/cards-classic.txt, elimination-forced-trade.txt); the
	// resolvers pass every rules code through rulesUserErrors alike (TestRulesUserErrors).
	rules.CodeMustTrade: "dice decide when a hand reaches five cards",
	rules.CodeMustPlace: "dice decide when an elimination forces a trade",
}

// allRuleCodes is every code of rules/error.go.
var allRuleCodes = []rules.Code{
	rules.CodeInvalidConfig, rules.CodeUnknownCommand, rules.CodeAlreadyStarted, rules.CodeNotStarted,
	rules.CodeGameOver, rules.CodeUnknownPlayer, rules.CodeNotActive, rules.CodeNotYourTurn, rules.CodeWrongPhase,
	rules.CodeUnknownTerritory, rules.CodeAlreadyClaimed, rules.CodeNotOwner, rules.CodeOwnTerritory,
	rules.CodeNotAdjacent, rules.CodeTooFewArmies, rules.CodeInvalidDice, rules.CodeInvalidAmount,
	rules.CodeUnknownCard, rules.CodeNotHolder, rules.CodeInvalidSet, rules.CodeMustTrade, rules.CodeMustPlace,
	rules.CodeMustOccupy, rules.CodeInvalidEvent, rules.CodeIllegalEvent, rules.CodeLastPlayer,
}

// TestEveryErrorCode plays a three-player game through the API with a fixed script that sends, at each
// stage, the commands the rules refuse there (each must come back as that userError and change nothing),
// then sends the requests that get each top-level error code.
func TestEveryErrorCode(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.RateIP, c.RateUser = graph.RateLimit{}, graph.RateLimit{} })
	m, _ := routmaps.Builtin(routmaps.ClassicID)
	board, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	ann, _ := e.signUp("ann")
	bob, _ := e.signUp("bob")
	cyd, _ := e.signUp("cyd")
	zed, _ := e.signUp("zed") // holds no seat

	bad := e.playMutate(ann, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "red"}}})
	if codesOf(bad.UserErrors) != "INVALID_CONFIG[input]" {
		t.Errorf("createGame with two red seats: userErrors %+v, want INVALID_CONFIG", bad.UserErrors)
	}
	reached := map[rules.Code]bool{rules.CodeInvalidConfig: true}

	created := e.playMutate(ann, "createGame", map[string]any{"mapKey": "classic", "claim": "round_robin",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}, {"kind": "OPEN", "color": "green"}}})
	id := created.Game.ID
	e.playMutate(bob, "joinGame", map[string]any{"gameId": id})
	// While a seat is free.
	runCodeCases(t, []codeCase{
		{"a command on an open game", func() *response {
			return e.playMutateRaw(ann, "claimTerritory", map[string]any{"gameId": id, "territory": "alaska"})
		}, graph.CodeConflict, 0},
		{"startGame with a free seat", func() *response {
			return e.playMutateRaw(ann, "startGame", map[string]any{"gameId": id})
		}, graph.CodeConflict, 0},
	})
	e.playMutate(cyd, "joinGame", map[string]any{"gameId": id})
	started := e.playMutate(ann, "startGame", map[string]any{"gameId": id})
	tokens := map[int]string{}
	for name, seat := range e.seatsOf(ann, id) {
		tokens[seat] = map[string]string{"ann": ann, "bob": bob, "cyd": cyd}[name]
	}

	// s is the script's view of the game: refuse sends a case that must be refused, do a command that
	// must pass.
	s := &ruleScript{t: t, e: e, id: id, board: board, tokens: tokens, reached: reached}
	s.read(*started.Game.CurrentSeat)

	// The claim: the first pick is refused for others, then the game goes on with two players.
	p := s.current()
	q, r := (p+1)%3, (p+2)%3
	first := s.view.ViewerActions[0].From
	s.refuse(
		ruleCase{"a claim out of turn", q, "claimTerritory", map[string]any{"territory": first}, rules.CodeNotYourTurn},
		ruleCase{"a placement in the claim", p, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": first, "armies": 1}}}, rules.CodeWrongPhase},
		ruleCase{"endTurn in the claim", p, "endTurn", map[string]any{}, rules.CodeWrongPhase},
		ruleCase{"an unknown territory", p, "claimTerritory", map[string]any{"territory": "atlantis"}, rules.CodeUnknownTerritory},
	)
	s.do(p, "claimTerritory", map[string]any{"territory": first})
	s.refuse(ruleCase{"a claimed territory", s.current(), "claimTerritory", map[string]any{"territory": first}, rules.CodeAlreadyClaimed})
	s.do(r, "resign", map[string]any{})
	s.refuse(ruleCase{"a command after resigning", r, "endTurn", map[string]any{}, rules.CodeNotActive})
	for s.view.Phase == "claim" {
		s.do(s.current(), "claimTerritory", map[string]any{"territory": s.view.ViewerActions[0].From})
	}

	// The placement turns: the first player (who plays the first game turn) piles its armies on a
	// territory x with at least two enemy neighbours; the second on a territory far from x.
	if s.view.Phase != "placement" || s.current() == r {
		t.Fatalf("after the claim: phase %s, seat %d", s.view.Phase, s.current())
	}
	p = s.current()
	q = 3 - p - r
	x := s.pick(func(k string) bool { return s.owner(k) == p && len(s.enemies(k, p)) >= 2 })
	reserve := s.action("place").Max
	notMine := s.pick(func(k string) bool { return s.owner(k) == q })
	s.refuse(
		ruleCase{"more armies than the reserve", p, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": x, "armies": reserve + 1}}}, rules.CodeInvalidAmount},
		ruleCase{"no armies", p, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": x, "armies": 0}}}, rules.CodeInvalidAmount},
		ruleCase{"a placement on another's territory", p, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": notMine, "armies": 1}}}, rules.CodeNotOwner},
	)
	s.do(p, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": x, "armies": reserve}}})
	far := s.pick(func(k string) bool { return s.owner(k) == q && !s.adjacent(k, x) })
	s.do(q, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": far, "armies": s.action("place").Max}}})

	// The first game turn, p's: cards and attacks out of place, then a conquest.
	if s.view.Phase != "reinforce" || s.current() != p {
		t.Fatalf("after the placement turns: phase %s, seat %d, want reinforce, %d", s.view.Phase, s.current(), p)
	}
	y := s.enemies(x, p)[0]
	for _, k := range s.enemies(x, p) {
		if s.armies(k) < s.armies(y) {
			y = k
		}
	}
	s.refuse(
		ruleCase{"an attack before placing", p, "attack", map[string]any{"from": x, "to": y}, rules.CodeWrongPhase},
		ruleCase{"an unknown card", p, "tradeCards", map[string]any{"cards": []int{900, 901, 902}}, rules.CodeUnknownCard},
		ruleCase{"two cards", p, "tradeCards", map[string]any{"cards": []int{0, 1}}, rules.CodeInvalidSet},
		ruleCase{"cards of the deck", p, "tradeCards", map[string]any{"cards": []int{0, 1, 2}}, rules.CodeNotHolder},
	)
	s.do(p, "placeArmies", map[string]any{"placements": []map[string]any{{"territory": x, "armies": s.action("place").Max}}})
	notAdjacent := s.pick(func(k string) bool { return s.owner(k) != p && !s.adjacent(k, x) })
	weak, weakTarget := "", ""
	for _, k := range s.view.Board {
		if s.owner(k.Key) == p && k.Armies == 1 && len(s.enemies(k.Key, p)) > 0 {
			weak, weakTarget = k.Key, s.enemies(k.Key, p)[0]
			break
		}
	}
	if weak == "" {
		t.Fatal("seat p has no territory with one army next to an enemy")
	}
	s.refuse(
		ruleCase{"an attack on one's own territory", p, "attack", map[string]any{"from": x, "to": x}, rules.CodeOwnTerritory},
		ruleCase{"an attack from another's territory", p, "attack", map[string]any{"from": y, "to": x}, rules.CodeNotOwner},
		ruleCase{"an attack on a territory far away", p, "attack", map[string]any{"from": x, "to": notAdjacent}, rules.CodeNotAdjacent},
		ruleCase{"an attack from one army", p, "attack", map[string]any{"from": weak, "to": weakTarget}, rules.CodeTooFewArmies},
		ruleCase{"four dice", p, "attack", map[string]any{"from": x, "to": y, "dice": 4}, rules.CodeInvalidDice},
		ruleCase{"stopAt without untilConquered", p, "attack", map[string]any{"from": x, "to": y, "stopAt": 2}, rules.CodeInvalidAmount},
		ruleCase{"occupy without a conquest", p, "occupy", map[string]any{"armies": 1}, rules.CodeWrongPhase},
		ruleCase{"endTurn out of turn", q, "endTurn", map[string]any{}, rules.CodeNotYourTurn},
	)
	s.do(p, "attack", map[string]any{"from": x, "to": y, "untilConquered": true})
	if s.view.Phase != "occupy" {
		t.Fatalf("attack from %s (%d armies) on %s until conquered: phase %s", x, s.armies(x), y, s.view.Phase)
	}
	s.refuse(
		ruleCase{"endTurn before occupying", p, "endTurn", map[string]any{}, rules.CodeMustOccupy},
		ruleCase{"occupying with no armies", p, "occupy", map[string]any{"armies": 0}, rules.CodeInvalidAmount},
	)
	s.do(p, "occupy", map[string]any{"armies": s.action("occupy").Max})
	s.refuse(
		ruleCase{"fortifying from one army", p, "fortify", map[string]any{"from": x, "to": y, "armies": 1}, rules.CodeTooFewArmies},
		ruleCase{"fortifying too many armies", p, "fortify", map[string]any{"from": y, "to": x, "armies": s.armies(y)}, rules.CodeInvalidAmount},
		ruleCase{"fortifying in place", p, "fortify", map[string]any{"from": y, "to": y, "armies": 1}, rules.CodeNotAdjacent},
	)
	s.do(p, "endAttack", map[string]any{})
	s.refuse(ruleCase{"an attack after endAttack", p, "attack", map[string]any{"from": y, "to": x}, rules.CodeWrongPhase})
	s.do(p, "endTurn", map[string]any{})

	for _, c := range allRuleCodes {
		if why, ok := notThroughTheAPI[c]; ok {
			if reached[c] {
				t.Errorf("%s was reached, but is listed as out of reach (%s)", c, why)
			}
			continue
		}
		if !reached[c] {
			t.Errorf("no case reached the userError %s", c)
		}
	}

	// The top-level codes: the first two while the game runs, then the game ends (q resigns, p wins)
	// for the finished-game case.
	version := s.view.Version
	stale := func() *response {
		return e.playMutateRaw(tokens[q], "endTurn", map[string]any{"gameId": id, "expectedVersion": version - 1})
	}
	runCodeCases(t, []codeCase{
		{"a stale version", stale, graph.CodeConflict, 0},
		{"a command without a seat", func() *response {
			return e.playMutateRaw(zed, "endTurn", map[string]any{"gameId": id})
		}, graph.CodeForbidden, 0},
	})
	s.do(q, "resign", map[string]any{})
	if s.view.Status != "finished" {
		t.Fatalf("after the last other player resigned: status %s", s.view.Status)
	}
	missing := graph.GlobalID("Game", 987654)
	limited := newEnv(t, func(c *graph.Settings) { c.RateUser = graph.RateLimit{Events: 1, Per: time.Hour, Burst: 1} })
	limitedToken, _ := limited.signUp("lou")
	broken := newEnv(t, nil)
	brokenToken, _ := broken.signUp("bea")
	broken.db.Close() // a database that went away: every lookup fails
	gameQuery := `query($id: ID!) { game(id: $id) { id status } }`
	runCodeCases(t, []codeCase{
		{"createGame without a token", func() *response {
			return e.playMutateRaw("", "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}}})
		}, graph.CodeUnauthenticated, 0},
		{"a command with an unknown token", func() *response {
			return e.playMutateRaw("rout_s_unknown", "endTurn", map[string]any{"gameId": id})
		}, graph.CodeUnauthenticated, 0},
		{"startGame by another than the creator", func() *response {
			return e.playMutateRaw(bob, "startGame", map[string]any{"gameId": id})
		}, graph.CodeForbidden, 0},
		{"a malformed game id", func() *response { return e.gql(ann, gameQuery, map[string]any{"id": "not an id"}) }, graph.CodeBadUserInput, 0},
		{"too many events", func() *response {
			return e.gql(ann, `query($id: ID!) { game(id: $id) { events(first: 1000) { seq } } }`, map[string]any{"id": id})
		}, graph.CodeBadUserInput, 0},
		{"an idempotency key over 200 bytes", func() *response {
			return e.playMutateRaw(ann, "endTurn", map[string]any{"gameId": id, "idempotencyKey": strings.Repeat("k", 201)})
		}, graph.CodeBadUserInput, 0},
		{"a game that does not exist", func() *response { return e.gql(ann, gameQuery, map[string]any{"id": missing}) }, graph.CodeNotFound, 0},
		{"joining a game that does not exist", func() *response {
			return e.playMutateRaw(zed, "joinGame", map[string]any{"gameId": missing})
		}, graph.CodeNotFound, 0},
		{"joining a started game", func() *response { return e.playMutateRaw(zed, "joinGame", map[string]any{"gameId": id}) }, graph.CodeConflict, 0},
		{"startGame on a started game", func() *response {
			return e.playMutateRaw(ann, "startGame", map[string]any{"gameId": id})
		}, graph.CodeConflict, 0},
		{"a command on a finished game", func() *response {
			return e.playMutateRaw(tokens[p], "endTurn", map[string]any{"gameId": id})
		}, graph.CodeConflict, 0},
		// Also pinned by TestRateLimits (transport_test.go), for plain queries.
		{"a user over the rate", func() *response {
			limited.gql(limitedToken, gameQuery, map[string]any{"id": missing})
			return limited.gql(limitedToken, gameQuery, map[string]any{"id": missing})
		}, graph.CodeRateLimited, http.StatusTooManyRequests},
		// Also pinned by TestInternalErrorsAreHidden (transport_test.go), for node.
		{"a game read while the database is gone", func() *response {
			return broken.gql("", gameQuery, map[string]any{"id": missing})
		}, graph.CodeInternal, http.StatusInternalServerError},
		{"a token checked while the database is gone", func() *response {
			return broken.gql(brokenToken, gameQuery, map[string]any{"id": missing})
		}, graph.CodeInternal, http.StatusInternalServerError},
	})
	if logs := broken.logs.String(); !strings.Contains(logs, "database is closed") {
		t.Errorf("the internal errors are not logged with their cause:\n%s", logs)
	}
}

// runCodeCases sends each case and checks its one error's code and HTTP status. An internal error's
// message must reveal nothing, and it must name the request id of the response.
func runCodeCases(t *testing.T, cases []codeCase) {
	t.Helper()
	for _, c := range cases {
		r := c.send()
		status := c.status
		if status == 0 {
			status = http.StatusOK
		}
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != string(c.code) || r.Status != status {
			t.Errorf("%s: status %d, errors %+v; want %d, %s", c.name, r.Status, r.Errors, status, c.code)
			continue
		}
		if c.code != graph.CodeInternal {
			continue
		}
		msg := r.Errors[0].Message
		if msg != "internal error" || r.Errors[0].Extensions["requestId"] != r.Header.Get("X-Request-Id") {
			t.Errorf("%s: message %q, requestId %v, X-Request-Id %q", c.name, msg, r.Errors[0].Extensions["requestId"], r.Header.Get("X-Request-Id"))
		}
	}
}

// ruleScript drives the game of TestEveryErrorCode.
type ruleScript struct {
	t       *testing.T
	e       *env
	id      string
	board   *rules.Board
	tokens  map[int]string
	reached map[rules.Code]bool
	view    playView // as the player to move sees it
}

func (s *ruleScript) current() int { return *s.view.CurrentSeat }

// read reads the game as seat.
func (s *ruleScript) read(seat int) {
	s.t.Helper()
	s.view = s.e.playRead(s.tokens[seat], s.id, playFields, 1<<30)
}

// do sends a command that must pass, then reads the game as the player to move.
func (s *ruleScript) do(seat int, mutation string, input map[string]any) {
	s.t.Helper()
	input["gameId"] = s.id
	p := s.e.playMutate(s.tokens[seat], mutation, input)
	if len(p.UserErrors) > 0 {
		s.t.Fatalf("%s by seat %d: userErrors %+v", mutation, seat, p.UserErrors)
	}
	s.view = *p.Game
	if p.Game.CurrentSeat != nil && *p.Game.CurrentSeat != seat {
		s.read(*p.Game.CurrentSeat)
	}
}

// refuse sends each case, which must be refused with its code and change nothing.
func (s *ruleScript) refuse(cases ...ruleCase) {
	s.t.Helper()
	for _, c := range cases {
		c.input["gameId"] = s.id
		c.input["expectedVersion"] = s.view.Version
		p := s.e.playMutate(s.tokens[c.seat], c.mutation, c.input)
		if len(p.UserErrors) != 1 || p.UserErrors[0].Code != string(c.code) || len(p.Events) != 0 {
			s.t.Errorf("%s: userErrors %+v, %d events; want %s", c.name, p.UserErrors, len(p.Events), c.code)
			continue
		}
		if p.Game != nil && p.Game.Version != s.view.Version {
			s.t.Errorf("%s: the refused command moved the game to version %d from %d", c.name, p.Game.Version, s.view.Version)
		}
		s.reached[c.code] = true
	}
	if v := s.e.playRead(s.tokens[s.current()], s.id, "version", 1<<30); v.Version != s.view.Version {
		s.t.Fatalf("refused commands moved the game to version %d from %d", v.Version, s.view.Version)
	}
}

// action returns the first of the viewer's actions of kind.
func (s *ruleScript) action(kind string) playAction {
	s.t.Helper()
	i := slices.IndexFunc(s.view.ViewerActions, func(a playAction) bool { return a.Kind == kind })
	if i < 0 {
		s.t.Fatalf("no %s action in %+v", kind, s.view.ViewerActions)
	}
	return s.view.ViewerActions[i]
}

func (s *ruleScript) territory(key string) playTerritory {
	t, ok := s.board.Lookup(key)
	if !ok {
		s.t.Fatalf("no territory %q", key)
	}
	return s.view.Board[t]
}

// owner returns the owning seat of territory key, or -1.
func (s *ruleScript) owner(key string) int {
	if o := s.territory(key).Owner; o != nil {
		return *o
	}
	return -1
}

func (s *ruleScript) armies(key string) int { return s.territory(key).Armies }

func (s *ruleScript) adjacent(a, b string) bool {
	ta, _ := s.board.Lookup(a)
	tb, _ := s.board.Lookup(b)
	return s.board.Adjacent(ta, tb)
}

// enemies returns the neighbours of territory key that are not seat's.
func (s *ruleScript) enemies(key string, seat int) []string {
	t, _ := s.board.Lookup(key)
	var out []string
	for _, n := range s.board.Neighbors(t) {
		if k := s.board.Territory(n).Key; s.owner(k) != seat {
			out = append(out, k)
		}
	}
	return out
}

// pick returns the first territory, in map order, that ok accepts.
func (s *ruleScript) pick(ok func(key string) bool) string {
	s.t.Helper()
	for _, tr := range s.view.Board {
		if ok(tr.Key) {
			return tr.Key
		}
	}
	s.t.Fatal("no territory fits")
	return ""
}
