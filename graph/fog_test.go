package graph_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/graph"
	"rout/internal/fogtest"
	"rout/live"
	"rout/rules"
)

// The fog of war's noninterference property (docs/rules.md, "Fog of war"): two games that differ only in
// what a viewer cannot see give that viewer byte-identical answers on every surface. Each game is a random
// fog game (every level but none, 2 to 6 seats, both claims, both card systems fog allows; every other one a
// team game of 2v2, 2v2v2 or 3v3 with random team options) played some turns by its CPUs; in a team game
// seat 0 sees what its team sees (R91), and what changes is what its team does not see. The test asks every surface as seat 0's player and as a spectator, then changes in the database
// only what they cannot see, and asks again through a new server (its own game service, caches and live
// hub): the answers must not change. What changes: the armies on every territory seat 0 does not see
// whole, other seats' cards (swapped with the deck's), the payloads of the game's events that neither
// viewer's record shows, the other seats' own records and numbers, and then, for seat 0 alone (a
// spectator sees what every player sees, so owners move the spectator's sight), the owners of territories
// seat 0 does not see at all. A last change of what seat 0 sees proves that the comparison sees one.
func TestFogNoninterference(t *testing.T) {
	t.Parallel()
	games := 200
	if testing.Short() {
		games = 4
	}
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	checked, proven := 0, false
	for i := 0; (checked < games || !proven) && i < 3*games; i++ {
		// A subtest per game: its servers and hubs stop when it ends.
		if !t.Run(fmt.Sprint("game", i), func(t *testing.T) {
			if fogNoninterference(t, db, dsn, uint64(i), &proven) {
				checked++
			}
		}) {
			return
		}
	}
	if checked < games || !proven {
		t.Errorf("%d games checked of %d wanted (the others ended, or showed seat 0 everything), a visible change seen: %t", checked, games, proven)
	}
}

// fogServer is one server of the API on a database: its own game service and live hub.
type fogServer struct {
	*env
	svc *game.Service
}

// newFogServer serves the API on db with a new game service and hub, stopped when the test ends.
func newFogServer(t *testing.T, db *sql.DB, dsn string) fogServer {
	t.Helper()
	svc := newService(t, db, nil)
	hub, err := live.New(live.Opts{DB: db, DSN: dsn, Game: svc, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), liveWait)
	defer cancel()
	if err := hub.Start(ctx); err != nil {
		t.Fatal(err)
	}
	e, _ := serveAPI(t, db, svc, hub, settings(nil))
	t.Cleanup(func() {
		e.srv.Close()
		if err := hub.Stop(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return fogServer{env: e, svc: svc}
}

// fogGameQueries ask every field of a game that shows its board, seats, counters or events (in parts,
// each within the API's complexity limit).
var fogGameQueries = []string{
	`query($id: ID!) { game(id: $id) {
		id name fog status phase turn round version seq currentSeat winner
		reinforcements { seat territories fromTerritories areas { key bonus } minimum total fromCards }
		seats { seat status territories armies cardCount cards } } }`,
	`query($id: ID!) { game(id: $id) { board { key name owner neutral armies sight } } }`,
	`query($id: ID!) { game(id: $id) { since: board(sinceSeq: 2) { key owner neutral armies sight } } }`,
	`query($id: ID!) { game(id: $id) { boardColumns { seq keys owners armies neutral hidden } } }`,
	`query($id: ID!) { game(id: $id) { territories(first: 50) { totalCount edges { cursor node { key owner neutral armies sight } } } } }`,
	`query($id: ID!) { game(id: $id) { viewerActions { kind from to cards min max worth bonusTerritories bonusArmies defendDice } } }`,
	`query($id: ID!) { game(id: $id) { viewerActionSummary { kind from } } }`,
	`query($id: ID!) { game(id: $id) { events(first: 100) { seq turn seat kind payload territories { index key owner neutral armies sight } }
		later: events(after: 3, first: 5) { seq kind payload territories { index owner armies sight } } } }`,
	`query($id: ID!) { game(id: $id) { record } }`,
	`query($id: ID!) { game(id: $id) { luck { partial rolls faces { counts test { statistic pValue smallSample } }
		pairings { rolls outcomes { observed expected } test { statistic pValue } }
		seats { seat luck { rolls expectedLosses losses luck stdDev z percentile faces { counts } pairings { rolls } } } } } }`,
	`query($id: ID!) { game(id: $id) { graphs { partial points { turn round seat final seats { seat territories armies income luck } } } } }`,
}

// fogAttack is an attack from a territory that is not the viewer's: refused, whatever the turn.
const fogAttack = `mutation($id: ID!, $from: String!, $to: String!) {
	attack(input: {gameId: $id, from: $from, to: $to, dice: 1}) { userErrors { code message field } } }`

// fogAnswers are every surface's answer to one viewer, as bytes.
type fogAnswers map[string]string

// ask collects the answers of every surface of game id to the holder of token, seated at seat (or
// rules.NoPlayer).
func (s fogServer) ask(t *testing.T, id int, token string, seat rules.PlayerID, hidden, next rules.TerritoryID) fogAnswers {
	t.Helper()
	gid := graph.GlobalID("Game", id)
	out := fogAnswers{}
	for i, q := range fogGameQueries {
		r := s.gql(token, q, map[string]any{"id": gid})
		if len(r.Errors) > 0 {
			t.Fatalf("game query %d: %+v\n%s", i, r.Errors, s.logs.String())
		}
		out[fmt.Sprintf("game query %d", i)] = answerBytes(t, r)
	}
	var seq struct {
		Game struct{ Seq int } `json:"game"`
	}
	if err := json.Unmarshal(s.gql(token, `query($id: ID!) { game(id: $id) { seq } }`, map[string]any{"id": gid}).Data, &seq); err != nil {
		t.Fatal(err)
	}
	b, err := s.board(t, id)
	if err != nil {
		t.Fatal(err)
	}
	out["attack"] = answerBytes(t, s.gql(token, fogAttack, map[string]any{"id": gid,
		"from": b.Territory(hidden).Key, "to": b.Territory(next).Key}))
	out["record.json"] = s.raw(t, token, "/games/"+gid+"/record.json")
	out["board.svg"] = s.raw(t, token, fmt.Sprintf("/games/%d/board.svg", id))
	if seat >= 0 {
		since, err := s.svc.SinceLastTurn(t.Context(), id, int(seat), seq.Game.Seq+1000)
		if err != nil {
			t.Fatal(err)
		}
		out["since"] = mustJSON(t, since)
	}
	// The live feed from the start, over the websocket, up to the viewer's last event.
	ws := dialWS(t, &replica{env: s.env}, map[string]any{"Authorization": "Bearer " + token})
	ws.subscribe("1", `subscription($id: ID!) { gameEvents(gameId: $id) {
		seq turn seat kind payload phase currentSeat territories { index key owner neutral armies sight } dice { attacker defender } winner } }`,
		map[string]any{"id": gid})
	var feed []string
	for len(feed) < seq.Game.Seq {
		m, err := ws.read()
		if err != nil {
			t.Fatalf("gameEvents after %d of %d events: %v", len(feed), seq.Game.Seq, err)
		}
		feed = append(feed, string(m.Payload))
	}
	out["gameEvents"] = strings.Join(feed, "\n")
	return out
}

// answerBytes returns what a GraphQL answer says: its data and errors, without the headers.
func answerBytes(t *testing.T, r *response) string {
	t.Helper()
	return fmt.Sprintf("%d %s %s", r.Status, r.Data, mustJSON(t, r.Errors))
}

// board returns the board of game id.
func (s fogServer) board(t *testing.T, id int) (*rules.Board, error) {
	t.Helper()
	st, err := s.svc.GameState(t.Context(), id)
	if err != nil {
		return nil, err
	}
	return st.Board(), nil
}

// raw GETs path of the server with token and returns its status and body.
func (s fogServer) raw(t *testing.T, token, path string) string {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, s.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := s.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d %s", res.StatusCode, b)
}

// compareAnswers fails the test for every surface whose answer differs.
func compareAnswers(t *testing.T, what string, before, after fogAnswers) {
	t.Helper()
	for k, b := range before {
		if a := after[k]; a != b {
			t.Errorf("%s: %s changed:\n before %.600s\n after  %.600s", what, k, b, a)
		}
	}
}

// fogNoninterference runs the property on one random game (see TestFogNoninterference), and returns
// whether the game was checked (one that ended before the check has no fog left). Unless proven, it then
// checks that a change seat 0 sees changes its answers, and sets proven.
func fogNoninterference(t *testing.T, db *sql.DB, dsn string, seed uint64, proven *bool) bool {
	t.Helper()
	ctx := t.Context()
	rng := rand.New(rand.NewPCG(seed, 29))
	fog := rules.Fog(1 + seed%4)
	seats := 2 + rng.IntN(5)
	claim := []rules.ClaimStrategy{rules.ClaimRandom, rules.ClaimRoundRobin}[rng.IntN(2)]
	cards := []rules.CardSystem{rules.CardsClassic, rules.CardsFixed}[rng.IntN(2)] // the others are refused with fog (R80)
	what := fmt.Sprintf("game %d (%s fog, %d seats, %s claim, %s cards)", seed, fog, seats, claim, cards)
	teams, seatTeams, teamRules := fogTeams(seed, rng)
	if teams != nil {
		seats = len(seatTeams)
		what = fmt.Sprintf("game %d (%s fog, %d teams of %d seats, %s claim, %s cards, %+v)", seed, fog, len(teams), seats/len(teams), claim, cards, teamRules)
	}

	one := newFogServer(t, db, dsn)
	ada, spectator := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	seatOpts := []dbtest.SeatOpts{{User: ada}}
	for range seats - 1 {
		seatOpts = append(seatOpts, dbtest.SeatOpts{CPU: true})
	}
	for i := range seatTeams {
		seatOpts[i].Team = seatTeams[i]
	}
	id := dbtest.Game(t, db, dbtest.GameOpts{Service: one.svc, Seats: seatOpts, Start: true, Fog: fog, Claim: claim, Cards: cards,
		Teams: teams, TeamRules: teamRules}).GameID
	for range 10 + rng.IntN(60) {
		snap, err := one.svc.GameSnapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Status != game.StatusActive {
			return false
		}
		in := game.PlayInput{GameID: id, Seat: int(snap.State.Current()), Turn: snap.State.Turn(), Cause: game.CauseCPU}
		if snap.State.Current() == 0 {
			in.Cause = game.CauseTakeover
		}
		if _, err := one.svc.TurnPlay(ctx, in); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	st, err := one.svc.GameState(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if st.Phase() == rules.PhaseOver {
		return false
	}
	adaToken, spectatorToken := apiToken(t, one.env, ada), apiToken(t, one.env, spectator)
	vision := rules.Vision(st, 0)
	hidden, next := rules.TerritoryID(-1), rules.TerritoryID(-1)
	for tt, v := range vision {
		if v != rules.SightFull && st.Owner(rules.TerritoryID(tt)) >= 0 {
			hidden, next = rules.TerritoryID(tt), st.Board().Neighbors(rules.TerritoryID(tt))[0]
			break
		}
	}
	if hidden < 0 {
		return false // seat 0 sees every territory whole: nothing to change
	}
	askBoth := func(s fogServer) (fogAnswers, fogAnswers) {
		return s.ask(t, id, adaToken, 0, hidden, next), s.ask(t, id, spectatorToken, rules.NoPlayer, hidden, next)
	}
	adaBefore, spectatorBefore := askBoth(one)

	// What neither viewer sees: armies, cards, hidden events, the other seats' records.
	changed := hideChanges(t, db, id, st, rng)
	for _, viewer := range []rules.PlayerID{0, rules.NoPlayer} {
		if !reflect.DeepEqual(rules.Project(st, viewer), rules.Project(changed, viewer)) {
			t.Fatalf("%s: the change shows to viewer %d", what, viewer)
		}
	}
	two := newFogServer(t, db, dsn)
	adaAfter, spectatorAfter := askBoth(two)
	compareAnswers(t, what+", seat 0", adaBefore, adaAfter)
	compareAnswers(t, what+", a spectator", spectatorBefore, spectatorAfter)

	// What seat 0 does not see at all: its owners; unless seat 0 is out of the game and sees as a
	// spectator does.
	if st.Player(0).Status != rules.Active {
		return true
	}
	moved, err := fogtest.Twin(changed, 0, rng, true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rules.Project(changed, 0), rules.Project(moved, 0)) {
		t.Fatalf("%s: moving the hidden owners shows to seat 0", what)
	}
	writeState(t, db, id, moved)
	three := newFogServer(t, db, dsn)
	compareAnswers(t, what+", seat 0 after hidden owners moved", adaBefore, three.ask(t, id, adaToken, 0, hidden, next))

	if !*proven { // the comparison sees a change of what seat 0 sees
		own := slicesIndex(st, 0)
		if _, err := db.ExecContext(ctx, `UPDATE territories SET armies = armies + 1 WHERE game_id = $1 AND idx = $2`, id, own); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `UPDATE players SET armies = armies + 1 WHERE game_id = $1 AND seat = 0`, id); err != nil {
			t.Fatal(err)
		}
		four := newFogServer(t, db, dsn)
		if got := four.ask(t, id, adaToken, 0, hidden, next); got["game query 1"] == adaBefore["game query 1"] || got["board.svg"] == adaBefore["board.svg"] {
			t.Errorf("%s: one more army on seat 0's own territory %d changed neither the game nor the drawing", what, own)
		}
		*proven = true
	}
	return true
}

// fogTeams returns, for every other seed, the teams of a team game (2v2, 2v2v2 or 3v3), each seat's team
// (seats of one team spread at random) and random team options; nothing for a free-for-all.
func fogTeams(seed uint64, rng *rand.Rand) ([]game.Team, []int, rules.TeamRules) {
	if seed%2 == 0 {
		return nil, nil, rules.TeamRules{}
	}
	shape := [][2]int{{2, 2}, {3, 2}, {2, 3}}[rng.IntN(3)] // teams, seats per team
	teams := make([]game.Team, shape[0])
	var seatTeams []int
	for i := range teams {
		teams[i].Name = fmt.Sprint("team ", i)
		for range shape[1] {
			seatTeams = append(seatTeams, i)
		}
	}
	rng.Shuffle(len(seatTeams), func(i, j int) { seatTeams[i], seatTeams[j] = seatTeams[j], seatTeams[i] })
	return teams, seatTeams, rules.TeamRules{
		PlaceOnTeammates:    rng.IntN(2) == 0,
		Fortify:             rules.TeamFortify(rng.IntN(3)),
		AttackTeammates:     rng.IntN(2) == 0,
		NoCardFromTeammates: rng.IntN(2) == 0,
		Handover:            rules.Handover(rng.IntN(3)),
	}
}

// slicesIndex returns the first territory p owns in st.
func slicesIndex(st rules.State, p rules.PlayerID) int {
	for tt := range st.Board().Len() {
		if st.Owner(rules.TerritoryID(tt)) == p {
			return tt
		}
	}
	return -1
}

// apiToken returns an API token of user id.
func apiToken(t *testing.T, e *env, id int) string {
	t.Helper()
	_, secret, err := e.accounts.CreateAPIToken(t.Context(), id, "fog")
	if err != nil {
		t.Fatal(err)
	}
	return secret
}

// hideChanges changes in db what neither seat 0 nor a spectator of game id (whose state is st) sees
// (fogtest.Twin without owners; and the payloads of the events neither viewer's record shows, the other
// seats' records and numbers), and returns the state it leaves.
func hideChanges(t *testing.T, db *sql.DB, id int, st rules.State, rng *rand.Rand) rules.State {
	t.Helper()
	twin, err := fogtest.Twin(st, 0, rng, false)
	if err != nil {
		t.Fatal(err)
	}
	writeState(t, db, id, twin)
	for _, stmt := range []string{
		`UPDATE events SET payload = json_build_object('kind', kind, 'changed', true) WHERE game_id = $1
			AND seq NOT IN (SELECT seq FROM seen_events WHERE game_id = $1 AND viewer IN (0, -1))`,
		`DELETE FROM seen_events WHERE game_id = $1 AND viewer NOT IN (0, -1)`,
		`UPDATE games SET view_seqs = (SELECT json_agg(CASE WHEN i = 1 OR i = json_array_length(view_seqs) THEN v::bigint ELSE v::bigint + 7 END)
			FROM json_array_elements_text(view_seqs) WITH ORDINALITY AS a(v, i)) WHERE id = $1`,
	} {
		if _, err := db.ExecContext(t.Context(), stmt, id); err != nil {
			t.Fatal(err)
		}
	}
	return twin
}

// writeState writes st's territories, counts and cards as game id's rows.
func writeState(t *testing.T, db *sql.DB, id int, st rules.State) {
	t.Helper()
	ctx := t.Context()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	snap := st.Snapshot()
	for tt := range snap.Owners {
		exec(`UPDATE territories SET owner_seat = $3, armies = $4 WHERE game_id = $1 AND idx = $2`, id, tt, int(snap.Owners[tt]), snap.Armies[tt])
	}
	for i, p := range snap.Players {
		exec(`UPDATE players SET territories = $3, armies = $4, bonus = $5, card_count = $6 WHERE game_id = $1 AND seat = $2`,
			id, i, p.Territories, p.Armies, p.Bonus, len(p.Hand))
		for pos, c := range p.Hand {
			exec(`UPDATE cards SET location = 'hand', holder_seat = $3, position = $4 WHERE game_id = $1 AND idx = $2`, id, int(c), i, pos)
		}
	}
	for pos, c := range snap.Deck {
		exec(`UPDATE cards SET location = 'deck', holder_seat = NULL, position = $3 WHERE game_id = $1 AND idx = $2`, id, int(c), pos)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// When a fog game ends the fog lifts on every surface (docs/rules.md R76, R82): the loser's resignation
// ends a game of two, and then the winner's and a spectator's board shows every territory whole, the seats'
// counts, the game's own version and seq, events numbered by the game (every one of them), and a record
// that replays; the drawing shows every owner.
// The territories of a fog game's events (GameEvent.territories) are the viewer's record: folded from the
// first entry over a board of unclaimed territories, they give the viewer's board after every entry, and
// after the last the board the game shows them now (what a client plays back "since your last turn"); they
// are the live feed's, entry by entry, keys included. A game
// without fog has none: its payloads say what changed. That they show nothing hidden is
// TestFogNoninterference's (its events query asks for them).
func TestFogEventTerritories(t *testing.T) {
	t.Parallel()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	s := newFogServer(t, db, dsn)
	ada, spectator := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	seats := []dbtest.SeatOpts{{User: ada}, {CPU: true}, {CPU: true}}
	id := dbtest.Game(t, db, dbtest.GameOpts{Service: s.svc, Seats: seats, Start: true, Fog: rules.FogNormal}).GameID
	for range 12 {
		snap, err := s.svc.GameSnapshot(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		in := game.PlayInput{GameID: id, Seat: int(snap.State.Current()), Turn: snap.State.Turn(), Cause: game.CauseCPU}
		if snap.State.Current() == 0 {
			in.Cause = game.CauseTakeover
		}
		if _, err := s.svc.TurnPlay(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	type territory struct {
		Index   int
		Key     string
		Owner   *int
		Neutral bool
		Armies  *int
		Sight   string
	}
	type event struct {
		Seq         int
		Kind        string
		Territories *[]territory
	}
	type answer struct {
		Game struct {
			Status string
			Seq    int
			Board  []territory
			Events []event
		}
	}
	const query = `query($id: ID!, $after: Int) { game(id: $id) { status seq board { key owner neutral armies sight }
		events(after: $after, first: 100) { seq kind territories { index key owner neutral armies sight } } } }`
	// read reads game id as the holder of token sees it, with every event of theirs.
	read := func(token string, id int) answer {
		t.Helper()
		var a answer
		for after := 0; ; {
			var page answer
			s.gql(token, query, map[string]any{"id": graph.GlobalID("Game", id), "after": after}).decode(t, &page)
			if after == 0 {
				a = page
			} else {
				a.Game.Events = append(a.Game.Events, page.Game.Events...)
			}
			if len(page.Game.Events) < 100 {
				return a
			}
			after = page.Game.Events[len(page.Game.Events)-1].Seq
		}
	}
	for _, token := range []string{apiToken(t, s.env, ada), apiToken(t, s.env, spectator)} {
		a := read(token, id)
		// The same territories as the live feed's, entry by entry.
		ws := dialWS(t, &replica{env: s.env}, map[string]any{"Authorization": "Bearer " + token})
		ws.subscribe("1", `subscription($id: ID!) { gameEvents(gameId: $id) {
			seq territories { index key owner neutral armies sight } } }`, map[string]any{"id": graph.GlobalID("Game", id)})
		for _, e := range a.Game.Events {
			m, err := ws.read()
			if err != nil {
				t.Fatal(err)
			}
			var live struct {
				Data struct{ GameEvents event } `json:"data"`
			}
			if err := json.Unmarshal(m.Payload, &live); err != nil {
				t.Fatal(err)
			}
			if got := live.Data.GameEvents; got.Seq != e.Seq || !reflect.DeepEqual(got.Territories, e.Territories) {
				t.Fatalf("entry %d: gameEvents gives %s, Game.events %s", e.Seq, jsonOf(got), jsonOf(e))
			}
		}
		if a.Game.Status != "active" || len(a.Game.Events) != a.Game.Seq || a.Game.Seq == 0 {
			t.Fatalf("the game is %s with %d events of %d; want active, all its events", a.Game.Status, len(a.Game.Events), a.Game.Seq)
		}
		zero := 0
		folded := make([]territory, len(a.Game.Board))
		for i, b := range a.Game.Board {
			folded[i] = territory{Index: i, Key: b.Key, Armies: &zero, Sight: "full"}
		}
		viewChanges := 0
		for _, e := range a.Game.Events {
			if e.Territories == nil {
				t.Fatalf("event %d (%s) of a fog game has no territories", e.Seq, e.Kind)
			}
			if e.Kind == game.ViewChanged {
				viewChanges++
			}
			for _, tr := range *e.Territories {
				if tr.Key != folded[tr.Index].Key {
					t.Fatalf("event %d: territory %d has key %q, want %q", e.Seq, tr.Index, tr.Key, folded[tr.Index].Key)
				}
				if tr.Sight == "hidden" && (tr.Owner != nil || tr.Armies != nil) || tr.Sight == "owner" && tr.Armies != nil {
					t.Fatalf("event %d shows a territory fog hides: %+v", e.Seq, tr)
				}
				folded[tr.Index] = tr
			}
		}
		for i, b := range a.Game.Board {
			f := folded[i]
			f.Index = 0
			if !reflect.DeepEqual(f, b) {
				t.Errorf("territory %s: the events fold to %s, the board shows %s", b.Key, jsonOf(f), jsonOf(b))
			}
		}
		t.Logf("%d events, %d view changes", len(a.Game.Events), viewChanges)
	}

	// Without fog, no territories: the payloads say what changed.
	plain := dbtest.Game(t, db, dbtest.GameOpts{Service: s.svc, Seats: dbtest.Users(ada, spectator), Start: true}).GameID
	for _, e := range read(apiToken(t, s.env, ada), plain).Game.Events {
		if e.Territories != nil {
			t.Fatalf("event %d of a game without fog has territories", e.Seq)
		}
	}
}

// jsonOf returns v as JSON, for messages.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestFogLiftsAtTheEnd(t *testing.T) {
	t.Parallel()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	s := newFogServer(t, db, dsn)
	ada, bo, spectator := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	id := dbtest.Game(t, db, dbtest.GameOpts{Service: s.svc, Seats: dbtest.Users(ada, bo), Start: true, Fog: rules.FogComplete}).GameID
	gid := graph.GlobalID("Game", id)
	adaToken, boToken, spectatorToken := apiToken(t, s.env, ada), apiToken(t, s.env, bo), apiToken(t, s.env, spectator)
	const query = `query($id: ID!) { game(id: $id) { status version seq board { sight armies owner }
		seats { territories armies cardCount } events(first: 100) { seq } } }`
	type answer struct {
		Game struct {
			StatusText string `json:"status"`
			V          int    `json:"version"`
			S          int    `json:"seq"`
			Board      []struct {
				Sight  string
				Armies *int
			} `json:"board"`
			Seats  []struct{ Territories, Armies, CardCount *int } `json:"seats"`
			Events []struct{ Seq int }                             `json:"events"`
		} `json:"game"`
	}
	read := func(token string) answer {
		t.Helper()
		var a answer
		s.gql(token, query, map[string]any{"id": gid}).decode(t, &a)
		return a
	}
	before := read(spectatorToken)
	hidden := 0
	for _, tr := range before.Game.Board {
		if tr.Sight != "full" {
			hidden++
		}
	}
	if hidden == 0 {
		t.Fatal("a complete fog game shows a spectator every territory")
	}
	var out struct {
		Resign struct{ UserErrors []userError }
	}
	s.gql(boToken, `mutation($id: ID!) { resign(input: {gameId: $id}) { userErrors { code } } }`, map[string]any{"id": gid}).decode(t, &out)
	if len(out.Resign.UserErrors) > 0 {
		t.Fatalf("resign: %+v", out.Resign.UserErrors)
	}
	snap, err := s.svc.GameSnapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, token := range []string{adaToken, spectatorToken} {
		a := read(token)
		if a.Game.StatusText != "finished" || int64(a.Game.V) != snap.Version || int64(a.Game.S) != snap.Seq ||
			len(a.Game.Events) != int(min(100, snap.Seq)) || a.Game.Events[len(a.Game.Events)-1].Seq != len(a.Game.Events) {
			t.Errorf("after the end: %s, version %d, seq %d, %d events; want finished, the game's %d, %d and its events 1, 2, 3, ...",
				a.Game.StatusText, a.Game.V, a.Game.S, len(a.Game.Events), snap.Version, snap.Seq)
		}
		for _, tr := range a.Game.Board {
			if tr.Sight != "full" || tr.Armies == nil {
				t.Fatalf("after the end a territory shows %+v", tr)
			}
		}
		for _, st := range a.Game.Seats {
			if st.Territories == nil || st.Armies == nil || st.CardCount == nil {
				t.Fatalf("after the end a seat shows %+v", st)
			}
		}
		rec, err := game.ReadRecord(strings.NewReader(strings.SplitN(s.raw(t, token, "/games/"+gid+"/record.json"), " ", 2)[1]))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.Replay(rec); err != nil {
			t.Errorf("the finished fog game's record does not replay: %v", err)
		}
		if svg := s.raw(t, token, "/games/"+gid+"/board.svg"); strings.Contains(svg, "#5c6370") {
			t.Error("the finished game's drawing still shows fog")
		}
	}
}
