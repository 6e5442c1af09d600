package graph_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rout/dbtest"
)

// toAttack plays the game of startedPair through the API until the player to move may attack, and
// returns their token and the game's version.
func (e *env) toAttack(cur, other, id string) (string, string, string, int) {
	e.t.Helper()
	for range 40 {
		g := e.gameAs(cur, id)
		var place, attack *struct {
			Kind string `json:"kind"`
			From string `json:"from"`
			To   string `json:"to"`
			Min  int    `json:"min"`
			Max  int    `json:"max"`
		}
		for i, a := range g.ViewerActions {
			switch a.Kind {
			case "attack":
				if attack == nil {
					attack = &g.ViewerActions[i]
				}
			case "place":
				if place == nil {
					place = &g.ViewerActions[i]
				}
			}
		}
		switch {
		case attack != nil:
			return cur, attack.From, attack.To, g.Version
		case place != nil:
			noUserErrors(e.t, "placeArmies", e.gameMutation(cur, "placeArmies", map[string]any{"gameId": id,
				"placements": []map[string]any{{"territory": place.From, "armies": place.Max}}}))
		default:
			cur, other = other, cur
		}
	}
	e.t.Fatalf("no attack after 40 moves")
	return "", "", "", 0
}

// TestAttackIsOneTransaction pins the path of a command: an attack through /graphql is one transaction,
// and neither before nor after it does anything read the game's tables, whatever of the game the payload
// asks for (the engine-state fields come from the command's own result).
func TestAttackIsOneTransaction(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		fields string
	}{
		{"scalars", `id status phase turn version seq currentSeat turnDeadline turnLimitSeconds claim cardSystem ttbPercent`},
		{"engine state", `id version board { key owner neutral armies } viewerActions { kind from to min max }
			seats { seat status territories armies cardCount cards }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			db, log := dbtest.OpenCounting(t, dbtest.MigratedURL(t))
			e := newEnvOn(t, db, nil)
			cur, other, id := e.startedPair()
			cur, from, to, version := e.toAttack(cur, other, id)
			query := `mutation($input: AttackInput!) { attack(input: $input) {
				version replayed events { seq turn seat kind payload } userErrors { code field message }
				game { ` + c.fields + ` } } }`
			vars := map[string]any{"input": map[string]any{"gameId": id, "from": from, "to": to, "expectedVersion": version}}
			log.Start()
			r := e.gql(cur, query, vars)
			txs, stmts := log.Stop()
			var out struct {
				Attack struct {
					Version    *int            `json:"version"`
					Events     []any           `json:"events"`
					UserErrors []userError     `json:"userErrors"`
					Game       json.RawMessage `json:"game"`
				} `json:"attack"`
			}
			r.decode(t, &out)
			if len(out.Attack.UserErrors) > 0 || len(out.Attack.Events) == 0 || out.Attack.Version == nil || *out.Attack.Version != version+1 {
				t.Fatalf("attack: %s", r.Data)
			}
			// The answer, built from the command's result, is the game as a read finds it.
			var read struct {
				Game json.RawMessage `json:"game"`
			}
			e.gql(cur, `query($id: ID!) { game(id: $id) { `+c.fields+` } }`, map[string]any{"id": id}).decode(t, &read)
			if string(read.Game) != string(out.Attack.Game) {
				t.Errorf("the attack answered with game\n%s\nbut a read finds\n%s", out.Attack.Game, read.Game)
			}
			var report []string
			var outside []string
			inTx := 0
			for _, s := range stmts {
				report = append(report, fmt.Sprintf("tx %d: %.110s", s.Tx, s.SQL))
				if s.Tx == 0 && dbtest.GameTables.MatchString(s.SQL) {
					outside = append(outside, s.SQL)
				}
				if s.Tx != 0 {
					inTx++
				}
			}
			t.Logf("%d transactions, %d statements (%d in transactions):\n%s", txs, len(stmts), inTx, strings.Join(report, "\n"))
			if txs != 1 {
				t.Errorf("the attack took %d transactions, want 1", txs)
			}
			// The lock of the game's row and the write; the attack starts no turn, so no job is inserted.
			if inTx != 2 {
				t.Errorf("the attack's transaction ran %d statements, want 2 (the row lock and the write)", inTx)
			}
			if len(outside) > 0 {
				t.Errorf("the attack read the game outside its transaction %d times:\n%s", len(outside), strings.Join(outside, "\n"))
			}

			// A command the rules refuse is one transaction too, and answers with the game as it stands.
			log.Start()
			r = e.gql(cur, `mutation($input: ClaimTerritoryInput!) { claimTerritory(input: $input) {
				userErrors { code } game { `+c.fields+` } } }`, map[string]any{"input": map[string]any{"gameId": id, "territory": from}})
			txs, stmts = log.Stop()
			var refused struct {
				ClaimTerritory struct {
					UserErrors []userError     `json:"userErrors"`
					Game       json.RawMessage `json:"game"`
				} `json:"claimTerritory"`
			}
			r.decode(t, &refused)
			// The attack's dice decide whether it conquered: then the claim meets the pending occupation first.
			if got := codesOf(refused.ClaimTerritory.UserErrors); got != "WRONG_PHASE[]" && got != "MUST_OCCUPY[]" {
				t.Errorf("a claim in the attack phase: userErrors %+v, want WRONG_PHASE (or MUST_OCCUPY after a conquest)",
					refused.ClaimTerritory.UserErrors)
			}
			if string(refused.ClaimTerritory.Game) != string(read.Game) {
				t.Errorf("the refused claim answered with game\n%s\nbut a read finds\n%s", refused.ClaimTerritory.Game, read.Game)
			}
			outside = nil
			for _, s := range stmts {
				if s.Tx == 0 && dbtest.GameTables.MatchString(s.SQL) {
					outside = append(outside, s.SQL)
				}
			}
			if txs != 1 || len(outside) > 0 {
				t.Errorf("the refused claim took %d transactions and read the game %d times outside it", txs, len(outside))
			}
		})
	}
}

// A command in a fog game is one transaction too: its answer shows its events as the actor's record
// does, from the command's own write, with nothing read after it.
func TestFogAttackIsOneTransaction(t *testing.T) {
	t.Parallel()
	db, log := dbtest.OpenCounting(t, dbtest.MigratedURL(t))
	e := newEnvOn(t, db, nil)
	cur, other, id := e.startedPairWith(map[string]any{"fog": "normal"})
	cur, from, to, version := e.toAttack(cur, other, id)
	query := `mutation($input: AttackInput!) { attack(input: $input) { version events { seq kind } userErrors { code } } }`
	log.Start()
	r := e.gql(cur, query, map[string]any{"input": map[string]any{"gameId": id, "from": from, "to": to, "expectedVersion": version}})
	txs, stmts := log.Stop()
	var out struct {
		Attack struct {
			Version    *int
			Events     []struct{ Seq int }
			UserErrors []userError
		}
	}
	r.decode(t, &out)
	a := out.Attack
	if len(a.UserErrors) > 0 || len(a.Events) == 0 || a.Events[0].Seq != version+1 || a.Version == nil || *a.Version != a.Events[len(a.Events)-1].Seq {
		t.Fatalf("attack: %s; want the attacker's events numbered after %d in their record", r.Data, version)
	}
	var outside []string
	for _, s := range stmts {
		if s.Tx == 0 && dbtest.GameTables.MatchString(s.SQL) {
			outside = append(outside, s.SQL)
		}
	}
	if txs != 1 || len(outside) > 0 {
		t.Errorf("the attack took %d transactions and read the game %d times outside it:\n%s", txs, len(outside), strings.Join(outside, "\n"))
	}
}

// TestGameReadIsOneSnapshot pins the reads of a game's engine state: within one query, the board, the
// viewer's actions and the seats with their cards all come from one snapshot, whatever the number of seats
// or of times the game is asked for.
func TestGameReadIsOneSnapshot(t *testing.T) {
	t.Parallel()
	db, log := dbtest.OpenCounting(t, dbtest.MigratedURL(t))
	e := newEnvOn(t, db, nil)
	cur, _, id := e.startedPair()
	fields := `version board { key owner armies } viewerActions { kind from } seats { seat status territories armies cardCount cards }`
	log.Start()
	r := e.gql(cur, `query($id: ID!) { a: game(id: $id) { `+fields+` } b: node(id: $id) { ... on Game { `+fields+` } } }`,
		map[string]any{"id": id})
	txs, stmts := log.Stop()
	var out struct {
		A, B json.RawMessage
	}
	r.decode(t, &out)
	if string(out.A) != string(out.B) || len(out.A) < 100 {
		t.Fatalf("the two reads differ:\n%s\n%s", out.A, out.B)
	}
	var report []string
	for _, s := range stmts {
		report = append(report, fmt.Sprintf("tx %d: %.110s", s.Tx, s.SQL))
	}
	t.Logf("%d transactions, %d statements:\n%s", txs, len(stmts), strings.Join(report, "\n"))
	// The game's state is in the service's cache (the game was just played): the snapshot is the one
	// statement that reads the game's row. Without it, it would be one transaction.
	if reads := countMatching(stmts, gameRowRead); txs > 1 || reads != 1 {
		t.Errorf("the read took %d snapshot transactions and read the game's row %d times, want at most 1 and 1", txs, reads)
	}
}

// TestBoardReadRoundTrips pins what the board read of `rout bench api` (docs/benchmarks.md, "The API")
// costs PostgreSQL: no transaction, two statements (the bearer token with its user, and the game's row,
// whose state the service's cache holds) in three round trips. It logs them beside the round trips of the
// raw read of the same rows.
func TestBoardReadRoundTrips(t *testing.T) {
	t.Parallel()
	db, log := dbtest.OpenCounting(t, dbtest.MigratedURL(t))
	e := newEnvOn(t, db, nil)
	cur, _, id := e.startedPair()
	query := `query($id: ID!) { game(id: $id) { board { key name owner neutral armies } } }`
	// One connection, so that the read finds its statement prepared on whichever connection it is given.
	db.SetMaxOpenConns(1)
	e.gql(cur, query, map[string]any{"id": id}) // the connection is open and the state is cached
	e.accounts.WaitTokenUsage()                 // the first read's last-use write is done
	log.Start()
	r := e.gql(cur, query, map[string]any{"id": id})
	trips := log.RoundTrips()
	txs, logged := log.Stop()
	// The service announces the game's start after its commit, from a goroutine of its own (game/notify.go):
	// that prepared statement (one round trip) may fall in the read's window, but is not the read's.
	var stmts []dbtest.Statement
	for _, s := range logged {
		if strings.HasPrefix(s.SQL, "SELECT pg_notify(") {
			trips--
			continue
		}
		stmts = append(stmts, s)
	}
	if len(r.Errors) > 0 || !strings.Contains(string(r.Data), `"key":"alaska"`) {
		t.Fatalf("board read: %s %+v", r.Data, r.Errors)
	}
	var report []string
	for _, s := range stmts {
		report = append(report, fmt.Sprintf("tx %d: %.110s", s.Tx, s.SQL))
	}
	t.Logf("the board read: %d transactions, %d statements, %d round trips:\n%s", txs, len(stmts), trips, strings.Join(report, "\n"))
	if txs != 0 || len(stmts) != 2 || countMatching(stmts, gameRowRead) != 1 {
		t.Errorf("the board read took %d transactions and %d statements, want none and 2 (the token, the game's row)", txs, len(stmts))
	}
	// lib/pq sends a statement with parameters in two round trips (its parse, then its execution), a
	// prepared statement in one: the token's two and the game row's prepared one.
	if trips > 3 {
		t.Errorf("the board read took %d round trips to PostgreSQL, want at most 3", trips)
	}

	var gameRow int
	if err := db.QueryRow(`SELECT max(id) FROM games`).Scan(&gameRow); err != nil {
		t.Fatal(err)
	}
	log.Start()
	rows, err := db.Query(`SELECT idx, owner_seat, armies FROM territories WHERE game_id = $1 ORDER BY idx`, gameRow)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		n++
	}
	if err := rows.Close(); err != nil || n != 42 {
		t.Fatalf("the raw read: %d rows, %v", n, err)
	}
	t.Logf("the raw read: %d round trips", log.RoundTrips())
	log.Stop()
}

// gameRowRead matches a statement that reads a game's row.
var gameRowRead = regexp.MustCompile(`(?i)\bFROM games WHERE id\b`)

// countMatching returns how many of stmts re matches.
func countMatching(stmts []dbtest.Statement, re *regexp.Regexp) int {
	n := 0
	for _, s := range stmts {
		if re.MatchString(s.SQL) {
			n++
		}
	}
	return n
}

// TestRequestSnapshotFollowsLobbyMutations: a mutation that changes a game drops the request's snapshot of
// it, so that a later field of the same request does not show the game as it was.
func TestRequestSnapshotFollowsLobbyMutations(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	created := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
	noUserErrors(t, "createGame", created)
	var out struct {
		J, L struct {
			Game struct {
				Seats []struct {
					Status string `json:"status"`
				} `json:"seats"`
			} `json:"game"`
		}
	}
	e.gql(mo, `mutation($id: ID!) { j: joinGame(input: {gameId: $id}) { game { seats { status } } }
		l: leaveGame(input: {gameId: $id}) { game { seats { status } } } }`, map[string]any{"id": created.Game.ID}).decode(t, &out)
	if len(out.J.Game.Seats) != 2 || out.J.Game.Seats[1].Status != "active" {
		t.Errorf("after joinGame: seats %+v, want the second active", out.J.Game.Seats)
	}
	if len(out.L.Game.Seats) != 2 || out.L.Game.Seats[1].Status != "open" {
		t.Errorf("after leaveGame: seats %+v, want the second open again", out.L.Game.Seats)
	}
}
