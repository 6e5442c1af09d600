package jobs_test

import (
	"cmp"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/chat"
	"rout/dbtest"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/internal/testwait"
	"rout/jobs"
	routmaps "rout/maps"
	"rout/tournament"
	"rout/tournament/tablegame"
)

// tourneyWorld is the API and a replica of workers, tournaments' included, on one test's database: what a
// tournament played through GraphQL goes through.
type tourneyWorld struct {
	*chatWorld
	mu        sync.Mutex
	delegated map[string]bool // the table games whose seats were handed to the CPU
}

func newTourneyWorld(t *testing.T) *tourneyWorld {
	t.Helper()
	e := newEnv(t)
	cfg := testConfig()
	accounts := dbtest.Accounts(t, e.db)
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: e.db, Accounts: accounts, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: accounts, Logger: quiet, Effects: effects})
	if err != nil {
		t.Fatal(err)
	}
	tournaments := tournament.NewService(e.db, tablegame.Games{Game: svc}, nil)
	tournaments.SetEffects(effects)
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: accounts, Tournaments: tournaments, ListenURL: e.dsn, Logger: quiet, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	e.start(j)
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, e.db)))
	h, err := graph.NewHandler(graph.DefaultSettings(), graph.Deps{Ent: client, Game: svc, Accounts: accounts,
		Chat: chat.NewService(e.db, nil), Tournaments: tournaments, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	w := &tourneyWorld{chatWorld: &chatWorld{env: e}, delegated: map[string]bool{}}
	w.api = httptest.NewServer(h)
	t.Cleanup(w.api.Close)
	// A public map of 12 territories: short games, for tables of up to four.
	islet, err := routmaps.Generate(routmaps.GenerateOpts{ID: "islet", Territories: 12, AreaSize: 4, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.SeedMap(e.ctx, e.db, islet, false); err != nil {
		t.Fatal(err)
	}
	return w
}

// apiSeat is an entrant at a table as the API shows it.
type apiSeat struct {
	userID int
	place  int // 0 until over
	points float64
}

// apiTable is a table as the API shows it.
type apiTable struct {
	round, number int
	gameID        string
	over, bye     bool
	seats         []apiSeat
	advancing     int // user id; 0 for none
}

// apiStanding is a line of the standings as the API shows it.
type apiStanding struct {
	rank, userID, wins, played int
	points, buchholz, seed     float64
}

// apiTournament is a tournament as the API shows it.
type apiTournament struct {
	status     string
	round      int
	tables     []apiTable
	standings  []apiStanding
	bracket    []int // the table count of each round of the bracket
	entrants   int
	seeds      []float64
	ratingMode string
}

const tournamentQuery = `query($id: ID!) { tournament(id: $id) { status round ratingMode entrantCount entrants { seed }
	rounds { number tableCount tables { number bye over gameId advancing { user { id } }
		seats { user { id } place points } } }
	standings { rank user { id } points buchholz wins played seed }
	bracket { number tableCount } } }`

// read reads tournament id through the API.
func (w *tourneyWorld) read(token, id string) apiTournament {
	w.t.Helper()
	data := w.gql(token, tournamentQuery, map[string]any{"id": id})["tournament"].(map[string]any)
	out := apiTournament{status: data["status"].(string), round: num(data["round"]), entrants: num(data["entrantCount"]),
		ratingMode: data["ratingMode"].(string)}
	for _, e := range data["entrants"].([]any) {
		out.seeds = append(out.seeds, e.(map[string]any)["seed"].(float64))
	}
	for _, r := range data["rounds"].([]any) {
		round := r.(map[string]any)
		for _, tb := range round["tables"].([]any) {
			m := tb.(map[string]any)
			table := apiTable{round: num(round["number"]), number: num(m["number"]), over: m["over"].(bool), bye: m["bye"].(bool)}
			if g, ok := m["gameId"].(string); ok {
				table.gameID = g
			}
			if a, ok := m["advancing"].(map[string]any); ok {
				table.advancing = w.userID(a["user"])
			}
			for _, s := range m["seats"].([]any) {
				sm := s.(map[string]any)
				seat := apiSeat{userID: w.userID(sm["user"])}
				if p, ok := sm["place"].(float64); ok {
					seat.place, seat.points = int(p), sm["points"].(float64)
				}
				table.seats = append(table.seats, seat)
			}
			out.tables = append(out.tables, table)
		}
	}
	for _, s := range data["standings"].([]any) {
		m := s.(map[string]any)
		out.standings = append(out.standings, apiStanding{rank: num(m["rank"]), userID: w.userID(m["user"]), wins: num(m["wins"]),
			played: num(m["played"]), points: m["points"].(float64), buchholz: m["buchholz"].(float64), seed: m["seed"].(float64)})
	}
	if b, ok := data["bracket"].([]any); ok {
		for _, r := range b {
			out.bracket = append(out.bracket, num(r.(map[string]any)["tableCount"]))
		}
	}
	return out
}

func num(v any) int { return int(v.(float64)) }

// userID reads the database id of a user object of the API.
func (w *tourneyWorld) userID(u any) int {
	w.t.Helper()
	_, id, err := graph.ParseGlobalID(u.(map[string]any)["id"].(string))
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

// handOver hands every seat of table game gameID to the CPU through the API, as each entrant's own
// choice, and plays the one turn that was running then (a delegation takes the seat's turns that start
// after it) with the seat's legal actions, so that the CPUs play the game to its end.
func (w *tourneyWorld) handOver(gameID string, tokens map[int]string) {
	w.t.Helper()
	w.mu.Lock()
	done := w.delegated[gameID]
	w.delegated[gameID] = true
	w.mu.Unlock()
	if done {
		return
	}
	data := w.gql("", `query($id: ID!) { game(id: $id) { turn currentSeat seats { seat user { id } } } }`, map[string]any{"id": gameID})["game"].(map[string]any)
	current := -1
	if c, ok := data["currentSeat"].(float64); ok {
		current = int(c)
	}
	var mover string
	for _, s := range data["seats"].([]any) {
		m := s.(map[string]any)
		token := tokens[w.userID(m["user"])]
		w.gql(token, `mutation($in: DelegateSeatInput!) { delegateSeat(input: $in) { userErrors { code message } } }`,
			map[string]any{"in": map[string]any{"gameId": gameID, "difficulty": "hard"}})
		if num(m["seat"]) == current {
			mover = token
		}
	}
	if mover != "" {
		w.playTurn(mover, gameID, num(data["turn"]))
	}
}

// playTurn plays the viewer's turn of game gameID through the API: all the reserve on the first
// territory it may go to, no attack, no fortify move. It stops when the turn is over (the CPU plays the
// seat's next turns).
func (w *tourneyWorld) playTurn(token, gameID string, turn int) {
	w.t.Helper()
	for range 10 {
		data := w.gql(token, `query($id: ID!) { game(id: $id) { turn viewerActionSummary { kind from } viewerActions(kind: "place") { from max } } }`,
			map[string]any{"id": gameID})["game"].(map[string]any)
		if num(data["turn"]) != turn {
			return
		}
		kinds := map[string]bool{}
		for _, a := range data["viewerActionSummary"].([]any) {
			kinds[a.(map[string]any)["kind"].(string)] = true
		}
		in := map[string]any{"gameId": gameID}
		switch {
		case kinds["place"]:
			place := data["viewerActions"].([]any)[0].(map[string]any)
			in["placements"] = []map[string]any{{"territory": place["from"], "armies": place["max"]}}
			w.gql(token, `mutation($in: PlaceArmiesInput!) { placeArmies(input: $in) { userErrors { code message } } }`, map[string]any{"in": in})
		case kinds["end_attack"]:
			w.gql(token, `mutation($in: TurnInput!) { endAttack(input: $in) { userErrors { code message } } }`, map[string]any{"in": in})
		case kinds["end_turn"]:
			w.gql(token, `mutation($in: TurnInput!) { endTurn(input: $in) { userErrors { code message } } }`, map[string]any{"in": in})
		default:
			return // the turn is over
		}
	}
	w.t.Fatalf("the turn of game %s did not end in 10 commands", gameID)
}

// playOut waits for tournament id to finish, handing every table's game to the CPU as it is created: the
// jobs alone start it, record the tables and seat the rounds.
func (w *tourneyWorld) playOut(token, id string, tokens map[int]string) apiTournament {
	w.t.Helper()
	var last apiTournament
	if !testwait.Until(5*time.Minute, func() bool {
		last = w.read(token, id)
		for _, tb := range last.tables {
			if tb.gameID != "" && !tb.over {
				w.handOver(tb.gameID, tokens)
			}
		}
		return last.status == "FINISHED"
	}) {
		w.t.Fatalf("tournament %s did not finish in 5 minutes: %+v", id, last)
	}
	return last
}

// expectedStandings computes, by hand from the places the API shows, the standings of a tournament of
// tables of seats: at a table of n, place p scores (n − p)(seats − 1)/(n − 1), entrants sharing a place
// share the points of the places they span, a bye scores seats − 1; Buchholz is the sum of the final
// points of everyone met, once per table; ranked by points, Buchholz, wins, seed and the lower id.
func expectedStandings(tables []apiTable, seeds map[int]float64, seats int) []apiStanding {
	by := map[int]*apiStanding{}
	for u, seed := range seeds {
		by[u] = &apiStanding{userID: u, seed: seed}
	}
	points := func(tb apiTable, i int) float64 {
		n := len(tb.seats)
		if n == 1 {
			return float64(seats - 1)
		}
		// The places from p to p + tied − 1 (counted from the top) are shared.
		p, tied := tb.seats[i].place, 0
		for _, s := range tb.seats {
			if s.place == p {
				tied++
			}
		}
		sum := 0.0
		for q := p; q < p+tied; q++ {
			sum += float64(n-q) * float64(seats-1) / float64(n-1)
		}
		return sum / float64(tied)
	}
	for _, tb := range tables {
		if !tb.over {
			continue
		}
		for i, s := range tb.seats {
			st := by[s.userID]
			st.points += points(tb, i)
			st.played++
			if s.place == 1 {
				st.wins++
			}
		}
	}
	for _, tb := range tables {
		if !tb.over {
			continue
		}
		for _, s := range tb.seats {
			for _, o := range tb.seats {
				if o.userID != s.userID {
					by[s.userID].buchholz += by[o.userID].points
				}
			}
		}
	}
	var out []apiStanding
	for _, s := range by {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b apiStanding) int {
		return cmp.Or(cmp.Compare(b.points, a.points), cmp.Compare(b.buchholz, a.buchholz), cmp.Compare(b.wins, a.wins),
			cmp.Compare(b.seed, a.seed), cmp.Compare(a.userID, b.userID))
	})
	for i := range out {
		out[i].rank = i + 1
	}
	return out
}

// checkStandings compares the API's standings of a finished tournament with the hand-computed ones.
func (w *tourneyWorld) checkStandings(name string, got apiTournament, users []int, seats int) {
	w.t.Helper()
	seeds := map[int]float64{}
	for _, u := range users {
		seeds[u] = 1000 // a new player's public number: every entrant's seed
	}
	want := expectedStandings(got.tables, seeds, seats)
	if len(got.standings) != len(want) {
		w.t.Fatalf("%s: %d standings, want %d", name, len(got.standings), len(want))
	}
	for i := range want {
		g, x := got.standings[i], want[i]
		if g.rank != x.rank || g.userID != x.userID || g.wins != x.wins || g.played != x.played || g.seed != x.seed ||
			!near(g.points, x.points) || !near(g.buchholz, x.buchholz) {
			w.t.Errorf("%s: standing %d = %+v, want %+v", name, i+1, g, x)
		}
	}
	for _, tb := range got.tables {
		for _, s := range tb.seats {
			if tb.over && s.place == 0 {
				w.t.Errorf("%s: round %d table %d is over without the place of user %d", name, tb.round, tb.number, s.userID)
			}
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestTournamentsPlayedThroughTheAPI plays three tournaments to their end through GraphQL over HTTP, with
// every table's seats handed to the CPU by their players, and real River jobs: the entry that fills each
// tournament starts it (a job), and each table's game's end advances it (a job per game; no sweep runs,
// no test code advances anything). The final standings are checked against those computed by hand from
// the places the API shows.
//
//	Swiss, 6 entrants at tables of three: two rounds of two tables;
//	single elimination, 4 entrants in duels: two duels, then the final between their winners;
//	round robin, 3 entrants in duels: three rounds, each with a bye, every pair once.
func TestTournamentsPlayedThroughTheAPI(t *testing.T) {
	t.Parallel()
	w := newTourneyWorld(t)
	tokens := map[int]string{}
	var users []int
	for _, name := range []string{"ada", "bea", "cal", "dot", "eve", "fay"} {
		token, id := w.signUp(name)
		tokens[id] = token
		users = append(users, id)
	}
	create := func(in map[string]any) string {
		t.Helper()
		data := w.gql(tokens[users[0]], `mutation($in: CreateTournamentInput!) { createTournament(input: $in) {
			tournament { id status } userErrors { code field message } } }`, map[string]any{"in": in})
		return data["createTournament"].(map[string]any)["tournament"].(map[string]any)["id"].(string)
	}
	enter := func(id string, entrants []int) {
		t.Helper()
		for _, u := range entrants {
			w.gql(tokens[u], `mutation($id: ID!) { enterTournament(id: $id) { tournament { viewerEntered } userErrors { code message } } }`,
				map[string]any{"id": id})
		}
	}
	swiss := create(map[string]any{"name": "Swiss of six", "format": "SWISS", "seats": 3, "maps": []string{"islet"},
		"entryLimit": 6, "turnLimitSeconds": 3600})
	knockout := create(map[string]any{"name": "Knockout", "format": "ELIMINATION", "seats": 2, "maps": []string{"islet"},
		"entryLimit": 4, "rated": true})
	robin := create(map[string]any{"name": "Round robin", "format": "ROUND_ROBIN", "seats": 2, "maps": []string{"islet"},
		"entryLimit": 3})

	// Before the start: the bracket of four in duels is two rounds, of two tables and of one.
	if k := w.read("", knockout); k.status != "OPEN" || !slices.Equal(k.bracket, []int{2, 1}) || k.ratingMode != "duel" {
		t.Errorf("the knockout before its start: %+v, want open with a bracket of 2 then 1 table", k)
	}
	enter(swiss, users)
	enter(knockout, users[:4])
	enter(robin, users[3:])

	var wg sync.WaitGroup
	results := make([]apiTournament, 3)
	for i, id := range []string{swiss, knockout, robin} {
		wg.Go(func() { results[i] = w.playOut(tokens[users[0]], id, tokens) })
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	sw, ko, rr := results[0], results[1], results[2]

	// Swiss: two rounds of two tables of three; round 2 seats the top three of the standings after round 1
	// together.
	if sw.round != 2 || len(sw.tables) != 4 || sw.ratingMode != "ffa" {
		t.Errorf("Swiss: round %d, %d tables, mode %s; want 2 rounds of 2 tables, ffa", sw.round, len(sw.tables), sw.ratingMode)
	}
	for _, s := range sw.seeds {
		if s != 1000 {
			t.Errorf("Swiss: seeds %v, want a new player's 1000 each", sw.seeds)
			break
		}
	}
	afterOne := expectedStandings(sw.tables[:2], map[int]float64{users[0]: 1000, users[1]: 1000, users[2]: 1000, users[3]: 1000,
		users[4]: 1000, users[5]: 1000}, 3)
	top := []int{afterOne[0].userID, afterOne[1].userID, afterOne[2].userID}
	var first []int
	for _, s := range sw.tables[2].seats {
		first = append(first, s.userID)
	}
	slices.Sort(top)
	slices.Sort(first)
	if !slices.Equal(first, top) {
		t.Errorf("Swiss round 2, table 1 seats %v; want the top three after round 1, %v", first, top)
	}
	w.checkStandings("Swiss", sw, users, 3)

	// Single elimination: the winners of round 1 meet in the final, whose winner is first.
	if len(ko.tables) != 3 || !slices.Equal(ko.bracket, []int{2, 1}) {
		t.Fatalf("knockout: %d tables, bracket %v; want 3 tables in rounds of 2 and 1", len(ko.tables), ko.bracket)
	}
	finalists := []int{ko.tables[0].advancing, ko.tables[1].advancing}
	final := []int{ko.tables[2].seats[0].userID, ko.tables[2].seats[1].userID}
	slices.Sort(finalists)
	slices.Sort(final)
	if !slices.Equal(finalists, final) || finalists[0] == 0 {
		t.Errorf("knockout final seats %v, want the winners of round 1 %v", final, finalists)
	}
	if ko.standings[0].userID != ko.tables[2].advancing {
		t.Errorf("knockout: first %d, want the final's winner %d", ko.standings[0].userID, ko.tables[2].advancing)
	}
	w.checkStandings("knockout", ko, users[:4], 2)
	if n := w.count(`SELECT count(*) FROM games WHERE rated AND create_key LIKE 'tournament:%'`); n != 3 {
		t.Errorf("%d rated table games, want the knockout's 3", n)
	}

	// Round robin: three rounds of a duel and a bye; every pair met once.
	met := map[[2]int]int{}
	byes := map[int]int{}
	for _, tb := range rr.tables {
		if tb.bye {
			byes[tb.seats[0].userID]++
			continue
		}
		a, b := tb.seats[0].userID, tb.seats[1].userID
		met[[2]int{min(a, b), max(a, b)}]++
	}
	if len(rr.tables) != 6 || len(met) != 3 || len(byes) != 3 {
		t.Errorf("round robin: %d tables, pairs %v, byes %v; want 3 duels, each pair once, and a bye each", len(rr.tables), met, byes)
	}
	w.checkStandings("round robin", rr, users[3:], 2)
	t.Logf("Swiss standings %+v", sw.standings)
}
