package graph_test

import (
	"context"
	"database/sql"
	"math"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/graph"
	"rout/luck"
	"rout/rules"
)

// luckQuery asks a game's luck and graphs.
const luckQuery = `query($id: ID!) { game(id: $id) {
	luck { partial rolls faces { counts test { statistic degreesOfFreedom pValue smallSample } }
		pairings { attackDice defendDice rolls outcomes { attackerLosses defenderLosses probability observed expected } test { statistic degreesOfFreedom pValue } }
		seats { seat luck { rolls attacks defences expectedLosses losses luck stdDev z percentile faces { counts } } } }
	graphs { partial points { turn round seat final seats { seat territories armies income luck } } } } }`

type luckAnswer struct {
	Game struct {
		Luck struct {
			Partial bool `json:"partial"`
			Rolls   int  `json:"rolls"`
			Faces   struct {
				Counts []int `json:"counts"`
				Test   struct {
					Statistic        float64 `json:"statistic"`
					DegreesOfFreedom int     `json:"degreesOfFreedom"`
					PValue           float64 `json:"pValue"`
				} `json:"test"`
			} `json:"faces"`
			Pairings []struct {
				AttackDice int `json:"attackDice"`
				DefendDice int `json:"defendDice"`
				Rolls      int `json:"rolls"`
			} `json:"pairings"`
			Seats []struct {
				Seat int `json:"seat"`
				Luck struct {
					Rolls  int     `json:"rolls"`
					Losses int     `json:"losses"`
					Luck   float64 `json:"luck"`
					Z      float64 `json:"z"`
				} `json:"luck"`
			} `json:"seats"`
		} `json:"luck"`
		Graphs struct {
			Partial bool `json:"partial"`
			Points  []struct {
				Turn  int  `json:"turn"`
				Seat  *int `json:"seat"`
				Final bool `json:"final"`
				Seats []struct {
					Territories *int    `json:"territories"`
					Armies      *int    `json:"armies"`
					Income      *int    `json:"income"`
					Luck        float64 `json:"luck"`
				} `json:"seats"`
			} `json:"points"`
		} `json:"graphs"`
	} `json:"game"`
}

// playTurns plays up to n turns of game id with the CPU (every seat), and returns whether it is over.
func playTurns(t *testing.T, svc *game.Service, id, n int) bool {
	t.Helper()
	for range n {
		snap, err := svc.GameSnapshot(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Status != game.StatusActive {
			return true
		}
		in := game.PlayInput{GameID: id, Seat: int(snap.State.Current()), Turn: snap.State.Turn(), Cause: game.CauseTakeover}
		if _, err := svc.TurnPlay(t.Context(), in); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := svc.GameSnapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return snap.Status != game.StatusActive
}

// A finished game's luck and graphs, over HTTP, against the luck package on the game's own events.
func TestGameLuckAndGraphsOfFinishedGame(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	svc := newService(t, db, nil)
	e, _ := serveAPI(t, db, svc, nil, settings(nil))
	ada := int(dbtest.User(t, db, dbtest.UserOpts{}))
	id := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: ada}, {CPU: true}, {CPU: true}}, Start: true}).GameID
	if !playTurns(t, svc, id, 2000) {
		t.Fatal("the game did not end in 2000 turns")
	}
	var got luckAnswer
	e.gql("", luckQuery, map[string]any{"id": graph.GlobalID("Game", id)}).decode(t, &got)

	events, err := svc.Events(t.Context(), id, 0, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	var rolls []luck.Roll
	for _, ev := range events {
		if b, ok := ev.Event.(rules.BattleRolled); ok {
			rolls = append(rolls, luck.RollOf(ev.Turn, b))
		}
	}
	want := luck.AuditOf(rolls, 3)
	l := got.Game.Luck
	if l.Partial || l.Rolls != len(rolls) || len(rolls) == 0 || len(l.Seats) != 3 || len(l.Pairings) != 6 {
		t.Fatalf("luck = %+v, want %d rolls of 3 seats, not partial", l, len(rolls))
	}
	if l.Faces.Test.DegreesOfFreedom != 5 || l.Faces.Test.Statistic != want.Game.Faces.Statistic {
		t.Errorf("faces = %+v, want %+v", l.Faces, want.Game.Faces)
	}
	sum := 0.0
	for p, s := range l.Seats {
		w := want.Seats[p]
		if s.Seat != p || s.Luck.Rolls != w.Rolls || s.Luck.Losses != w.Losses || math.Abs(s.Luck.Luck-w.Luck) > 1e-9 {
			t.Errorf("seat %d luck = %+v, want %+v", p, s.Luck, w)
		}
		sum += s.Luck.Luck
	}
	// No neutral territory in a game nobody resigned: every roll's luck is one seat's gain and another's
	// loss.
	if math.Abs(sum) > 1e-6 {
		t.Errorf("the seats' luck adds up to %v, want 0", sum)
	}

	st, err := svc.GameState(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	g := got.Game.Graphs
	if g.Partial || len(g.Points) < 2 {
		t.Fatalf("graphs = %d points, partial %v", len(g.Points), g.Partial)
	}
	if first := g.Points[0]; first.Final || first.Seat == nil || first.Seats[0].Luck != 0 {
		t.Errorf("first point %+v, want the first game turn's, before any roll", first)
	}
	last := g.Points[len(g.Points)-1]
	if !last.Final || last.Seat != nil || last.Turn != st.Turn() {
		t.Errorf("last point turn %d final %v seat %v, want the end at turn %d", last.Turn, last.Final, last.Seat, st.Turn())
	}
	for p, s := range last.Seats {
		pl := st.Player(rules.PlayerID(p))
		if s.Territories == nil || *s.Territories != pl.Territories || s.Armies == nil || *s.Armies != pl.Armies {
			t.Errorf("seat %d at the end: %+v, want %d territories and %d armies", p, s, pl.Territories, pl.Armies)
		}
		if math.Abs(s.Luck-want.Seats[p].Luck) > 1e-9 {
			t.Errorf("seat %d's luck line ends at %v, want %v", p, s.Luck, want.Seats[p].Luck)
		}
	}
}

// hiddenRoll returns the sequence number of a battle roll of game id that viewer's record does not show,
// and one that it shows in which the defender lost an army (so that swapDice changes it); 0 where there is
// none.
func hiddenRoll(t *testing.T, db *sql.DB, id int, viewer int) (hidden, shown int64) {
	t.Helper()
	ctx := context.Background()
	_ = db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE game_id = $1 AND kind = 'battle_rolled'
		AND seq NOT IN (SELECT seq FROM seen_events WHERE game_id = $1 AND viewer = $2)`, id, viewer).Scan(&hidden)
	_ = db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM events WHERE game_id = $1 AND kind = 'battle_rolled'
		AND (payload::jsonb->>'defenderLosses')::int > 0
		AND seq IN (SELECT seq FROM seen_events WHERE game_id = $1 AND viewer = $2)`, id, viewer).Scan(&shown)
	return hidden, shown
}

// swapDice turns the dice of battle roll seq of game id (in the events and in every record showing it)
// into the attacker's worst luck.
func swapDice(t *testing.T, db *sql.DB, id int, seq int64) {
	t.Helper()
	for _, table := range []string{"events", "seen_events"} {
		if _, err := db.ExecContext(t.Context(), `UPDATE `+table+` SET payload = jsonb_set(jsonb_set(jsonb_set(payload::jsonb,
			'{attackDice}', (SELECT jsonb_agg(1) FROM jsonb_array_elements(payload::jsonb->'attackDice'))),
			'{attackerLosses}', to_jsonb(least(jsonb_array_length(payload::jsonb->'attackDice'), jsonb_array_length(payload::jsonb->'defendDice')))),
			'{defenderLosses}', '0')::json WHERE game_id = $1 AND seq = $2`, id, seq); err != nil {
			t.Fatal(err)
		}
	}
}

// Under fog, during the game, a battle the viewer did not see changes nothing of their luck and graphs;
// one they saw does.
func TestGameLuckUnderFogCountsWhatTheViewerSaw(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	svc := newService(t, db, nil)
	e, _ := serveAPI(t, db, svc, nil, settings(nil))
	ada := int(dbtest.User(t, db, dbtest.UserOpts{}))
	token := apiToken(t, e, ada)
	id := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: ada}, {CPU: true}, {CPU: true}, {CPU: true}},
		Start: true, Fog: rules.FogComplete}).GameID
	gid := graph.GlobalID("Game", id)
	var hidden, shown int64
	for range 40 {
		if playTurns(t, svc, id, 3) {
			t.Fatal("the game ended before a hidden battle")
		}
		if hidden, shown = hiddenRoll(t, db, id, 0); hidden > 0 && shown > 0 {
			break
		}
	}
	if hidden == 0 || shown == 0 {
		t.Fatal("no battle hidden from seat 0, or none shown")
	}
	ask := func() (string, luckAnswer) {
		r := e.gql(token, luckQuery, map[string]any{"id": gid})
		var a luckAnswer
		r.decode(t, &a)
		return answerBytes(t, r), a
	}
	before, a := ask()
	var all int
	if err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM events WHERE game_id = $1 AND kind = 'battle_rolled'`, id).Scan(&all); err != nil {
		t.Fatal(err)
	}
	if !a.Game.Luck.Partial || !a.Game.Graphs.Partial || a.Game.Luck.Rolls == 0 || a.Game.Luck.Rolls >= all {
		t.Errorf("seat 0 counts %d rolls of %d (partial %v, %v), want some but not all", a.Game.Luck.Rolls, all, a.Game.Luck.Partial, a.Game.Graphs.Partial)
	}
	// Complete fog: seat 0 knows its own totals, nobody else's.
	for _, pt := range a.Game.Graphs.Points {
		if pt.Seats[0].Territories == nil || pt.Seats[0].Income == nil || pt.Seats[1].Armies != nil {
			t.Fatalf("point %+v: want seat 0's totals known, seat 1's armies hidden", pt)
		}
	}
	swapDice(t, db, id, hidden)
	if after, _ := ask(); after != before {
		t.Errorf("a hidden battle changed seat 0's luck:\n before %.500s\n after  %.500s", before, after)
	}
	swapDice(t, db, id, shown)
	if after, _ := ask(); after == before {
		t.Error("a battle seat 0 saw did not change its luck")
	}
}

// A user's luck over their finished games: the public ones for others, the private ones too for them.
func TestUserLuckCountsFinishedGames(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	svc := newService(t, db, nil)
	e, _ := serveAPI(t, db, svc, nil, settings(nil))
	ada, bo := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	adaToken, boToken := apiToken(t, e, ada), apiToken(t, e, bo)
	public := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: ada}, {CPU: true}}, Start: true}).GameID
	private := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: ada}, {CPU: true}}, Start: true, Private: true}).GameID
	ongoing := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: ada}, {CPU: true}}, Start: true}).GameID
	for _, g := range []int{public, private} {
		if !playTurns(t, svc, g, 2000) {
			t.Fatal("a game did not end in 2000 turns")
		}
	}
	playTurns(t, svc, ongoing, 6)

	seatRolls := func(ids ...int) (luck.Figures, int) {
		total := luck.NewTally(0)
		for _, g := range ids {
			events, err := svc.Events(t.Context(), g, 0, 1<<30)
			if err != nil {
				t.Fatal(err)
			}
			tally := luck.NewTally(0) // ada holds seat 0 of each
			for _, ev := range events {
				if b, ok := ev.Event.(rules.BattleRolled); ok {
					tally.Add(luck.RollOf(ev.Turn, b))
				}
			}
			total.Merge(tally)
		}
		return total.Figures(), len(ids)
	}
	type answer struct {
		Node struct {
			Luck struct {
				Games int `json:"games"`
				Luck  struct {
					Rolls  int     `json:"rolls"`
					Losses int     `json:"losses"`
					Luck   float64 `json:"luck"`
					Faces  struct {
						Counts []int `json:"counts"`
					} `json:"faces"`
				} `json:"luck"`
			} `json:"luck"`
		} `json:"node"`
	}
	q := `query($id: ID!) { node(id: $id) { ... on User { luck { games luck { rolls losses luck faces { counts } } } } } }`
	for _, c := range []struct {
		who   string
		token string
		games []int
	}{
		{"ada herself", adaToken, []int{public, private}},
		{"another user", boToken, []int{public}},
		{"a visitor", "", []int{public}},
	} {
		var got answer
		e.gql(c.token, q, map[string]any{"id": graph.GlobalID("User", ada)}).decode(t, &got)
		want, n := seatRolls(c.games...)
		l := got.Node.Luck
		if l.Games != n || l.Luck.Rolls != want.Rolls || l.Luck.Losses != want.Losses || math.Abs(l.Luck.Luck-want.Luck) > 1e-9 || want.Rolls == 0 {
			t.Errorf("%s: %d games %+v, want %d games %+v", c.who, l.Games, l.Luck, n, want)
		}
	}
}
