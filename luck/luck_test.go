package luck_test

import (
	"math"
	"reflect"
	"testing"

	"rout/luck"
	"rout/rules"
)

// The small recorded game of these tests: a ring of six territories a-b-c-d-e-f-a, seat 0 dealt a, c, e
// and seat 1 b, d, f, and four battle rolls in three turns; it stops as the fourth starts.
//
//	turn 1, seat 0: a (7) attacks b (4): 3v2 [6 5 4] v [3 3], defender loses 2; 3v2 [2 2 1] v [6 1], one each
//	turn 2, seat 1: b (4) attacks c (1) with one die: 1v1 [2] v [5], attacker loses 1
//	turn 3, seat 0: e (6) attacks d (2) with two dice: 2v2 [4 1] v [6 1], attacker loses 2
func smallGame(t *testing.T) (*rules.Board, rules.Config, []rules.Event) {
	t.Helper()
	var ts []rules.Territory
	for _, k := range []string{"a", "b", "c", "d", "e", "f"} {
		ts = append(ts, rules.Territory{Key: k, Name: k})
	}
	b, err := rules.NewBoard(ts, [][2]rules.TerritoryID{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "blue"}}}
	pl := func(t rules.TerritoryID, n int) rules.Placement { return rules.Placement{Territory: t, Armies: n} }
	attack := rules.PhaseChanged{Phase: rules.PhaseAttack}
	events := []rules.Event{
		rules.GameStarted{Order: []rules.PlayerID{0, 1}, StartingArmies: 8},
		rules.TerritoriesDealt{Owners: []rules.PlayerID{0, 1, 0, 1, 0, 1}},
		rules.ArmiesPlaced{Player: 0, Placements: []rules.Placement{pl(0, 3), pl(4, 2)}, Starting: true},
		rules.ArmiesPlaced{Player: 1, Placements: []rules.Placement{pl(1, 3), pl(3, 1), pl(5, 1)}, Starting: true},
		rules.TurnStarted{Player: 0, Turn: 1, Phase: rules.PhaseReinforce, Armies: 3},
		rules.ArmiesPlaced{Player: 0, Placements: []rules.Placement{pl(0, 3)}},
		attack,
		rules.BattleRolled{From: 0, To: 1, Attacker: 0, Defender: 1, AttackDice: []int{6, 5, 4}, DefendDice: []int{3, 3}, DefenderLosses: 2},
		rules.BattleRolled{From: 0, To: 1, Attacker: 0, Defender: 1, AttackDice: []int{2, 2, 1}, DefendDice: []int{6, 1}, AttackerLosses: 1, DefenderLosses: 1},
		rules.TurnStarted{Player: 1, Turn: 2, Phase: rules.PhaseReinforce, Armies: 3},
		rules.ArmiesPlaced{Player: 1, Placements: []rules.Placement{pl(1, 3)}},
		attack,
		rules.BattleRolled{From: 1, To: 2, Attacker: 1, Defender: 0, AttackDice: []int{2}, DefendDice: []int{5}, AttackerLosses: 1},
		rules.TurnStarted{Player: 0, Turn: 3, Phase: rules.PhaseReinforce, Armies: 3},
		rules.ArmiesPlaced{Player: 0, Placements: []rules.Placement{pl(4, 3)}},
		attack,
		rules.BattleRolled{From: 4, To: 3, Attacker: 0, Defender: 1, AttackDice: []int{4, 1}, DefendDice: []int{6, 1}, AttackerLosses: 2},
		rules.TurnStarted{Player: 1, Turn: 4, Phase: rules.PhaseReinforce, Armies: 3},
	}
	return b, cfg, events
}

// rollsOf returns the rolls of events, with the turn each happened in.
func rollsOf(events []rules.Event) []luck.Roll { return luck.Rolls(events) }

// The exact odds, counted by hand over the 6^(a+d) ways the dice fall.
const (
	// 3v2: attacker loses 2 in 2275 of 7776, one each in 2611, defender loses 2 in 2890.
	e32  = (2*2275 + 2611) / 7776.0 // expected attacker losses
	v32  = (4*2275+2611)/7776.0 - e32*e32
	e11  = 21 / 36.0 // 1v1: the attacker wins 15 of 36 (the defender wins ties)
	v11  = e11 * (1 - e11)
	e22  = (2*581 + 420) / 1296.0 // 2v2: attacker loses 2 in 581 of 1296, one each in 420, defender 2 in 295
	v22  = (4*581+420)/1296.0 - e22*e22
	tiny = 1e-12
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.12g, want %.12g", name, got, want)
	}
}

func TestExpectMatchesHandCountedOdds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, d                    int
		attacker, defender, vrc float64
	}{
		{3, 2, e32, 2 - e32, v32},
		{1, 1, e11, 1 - e11, v11},
		{2, 2, e22, 2 - e22, v22},
		{2, 1, 91 / 216.0, 125 / 216.0, 91 / 216.0 * 125 / 216.0},
		{3, 1, 441 / 1296.0, 855 / 1296.0, 441 / 1296.0 * 855 / 1296.0},
		{1, 2, 161 / 216.0, 55 / 216.0, 161 / 216.0 * 55 / 216.0},
	} {
		e, ok := luck.Expect(c.a, c.d)
		if !ok {
			t.Fatalf("Expect(%d, %d) not ok", c.a, c.d)
		}
		near(t, "attacker losses", e.AttackerLosses, c.attacker, tiny)
		near(t, "defender losses", e.DefenderLosses, c.defender, tiny)
		near(t, "variance", e.Variance, c.vrc, tiny)
	}
	if _, ok := luck.Expect(4, 2); ok {
		t.Error("Expect(4, 2) is ok, want not")
	}
}

func TestAuditOfSmallGame(t *testing.T) {
	t.Parallel()
	_, _, events := smallGame(t)
	a := luck.AuditOf(rollsOf(events), 2)

	// Seat 0 attacked in rolls 1, 2 and 4 and defended in roll 3.
	s0 := a.Seats[0]
	wantExpected0 := e32 + e32 + e22 + (1 - e11)
	if s0.Rolls != 4 || s0.Attacks != 3 || s0.Defences != 1 || s0.Losses != 0+1+2+0 {
		t.Errorf("seat 0 counts = %d rolls, %d attacks, %d defences, %d losses; want 4, 3, 1, 3", s0.Rolls, s0.Attacks, s0.Defences, s0.Losses)
	}
	near(t, "seat 0 expected losses", s0.ExpectedLosses, wantExpected0, tiny)
	near(t, "seat 0 luck", s0.Luck, wantExpected0-3, tiny)
	near(t, "seat 0 variance", s0.Variance, 2*v32+v22+v11, tiny)
	near(t, "seat 0 z", s0.Z, (wantExpected0-3)/math.Sqrt(2*v32+v22+v11), tiny)

	// Seat 1 defended in rolls 1, 2 and 4, and attacked in roll 3: its luck is seat 0's, negated.
	s1 := a.Seats[1]
	wantExpected1 := (2 - e32) + (2 - e32) + (2 - e22) + e11
	if s1.Losses != 2+1+0+1 {
		t.Errorf("seat 1 losses = %d, want 4", s1.Losses)
	}
	near(t, "seat 1 expected losses", s1.ExpectedLosses, wantExpected1, tiny)
	near(t, "seat 1 luck", s1.Luck, wantExpected1-4, tiny)
	near(t, "seat 1 luck against seat 0's", s1.Luck, -s0.Luck, tiny)
	near(t, "seat 1 percentile", s1.Percentile, 1-s0.Percentile, 1e-12)

	// Every die of the game: 6 5 4 3 3 | 2 2 1 6 1 | 2 5 | 4 1 6 1.
	g := a.Game
	if want := [6]int{4, 3, 2, 2, 2, 3}; g.Faces.Counts != want {
		t.Errorf("faces = %v, want %v", g.Faces.Counts, want)
	}
	// 16 dice, 16/6 expected of each face: Σ(o−e)²/e = (6·(16/6)² ... ) computed as Σo²/e − n.
	wantStat := (16+9+4+4+4+9)/(16/6.0) - 16
	near(t, "faces chi-square", g.Faces.Statistic, wantStat, tiny)
	if g.Faces.DegreesOfFreedom != 5 || !g.Faces.SmallSample {
		t.Errorf("faces test = %+v, want 5 degrees of freedom and a small sample", g.Faces.ChiSquare)
	}
	near(t, "faces p-value", g.Faces.PValue, luck.ChiSquareSurvival(wantStat, 5), tiny)

	// 3v2: one roll where the defender lost 2, one where each lost 1.
	p32 := g.Pairings[0]
	if p32.AttackDice != 3 || p32.DefendDice != 2 || p32.Rolls != 2 || len(p32.Outcomes) != 3 {
		t.Fatalf("3v2 = %+v", p32)
	}
	if got := []int{p32.Outcomes[0].Observed, p32.Outcomes[1].Observed, p32.Outcomes[2].Observed}; got[0] != 1 || got[1] != 1 || got[2] != 0 {
		t.Errorf("3v2 outcomes (defender loses 2, one each, attacker loses 2) = %v, want [1 1 0]", got)
	}
	p := [3]float64{2890 / 7776.0, 2611 / 7776.0, 2275 / 7776.0}
	stat := 0.0
	for i, o := range []float64{1, 1, 0} {
		stat += (o - 2*p[i]) * (o - 2*p[i]) / (2 * p[i])
	}
	near(t, "3v2 chi-square", p32.Statistic, stat, tiny)
	if p32.DegreesOfFreedom != 2 {
		t.Errorf("3v2 degrees of freedom = %d, want 2", p32.DegreesOfFreedom)
	}
	// 2v1 never happened: no roll, p-value 1.
	if p21 := g.Pairings[3]; p21.Rolls != 0 || p21.PValue != 1 || p21.DegreesOfFreedom != 1 {
		t.Errorf("2v1 = %+v, want no roll, p-value 1, 1 degree of freedom", p21)
	}
	// Seat 0's own dice: 6 5 4 | 2 2 1 | 5 | 4 1.
	if want := [6]int{2, 2, 0, 2, 2, 1}; s0.Faces.Counts != want {
		t.Errorf("seat 0 faces = %v, want %v", s0.Faces.Counts, want)
	}
}

func TestCourseOfSmallGame(t *testing.T) {
	t.Parallel()
	b, cfg, events := smallGame(t)
	points, err := luck.Course(b, cfg, events)
	if err != nil {
		t.Fatal(err)
	}
	luck.Line(points, rollsOf(events))
	type seat struct {
		territories, armies, income int
		luck                        float64
	}
	want := []struct {
		turn  int
		final bool
		seats [2]seat
	}{
		// Each seat holds 3 territories and its 8 starting armies; income max(3, 3/3) = 3.
		{1, false, [2]seat{{3, 8, 3, 0}, {3, 8, 3, 0}}},
		// Seat 0 placed 3 and lost 1; seat 1 lost 3.
		{2, false, [2]seat{{3, 10, 3, 2*e32 - 1}, {3, 5, 3, -(2*e32 - 1)}}},
		{3, false, [2]seat{{3, 10, 3, 2*e32 - 1 + (1 - e11)}, {3, 7, 3, -(2*e32 - 1 + (1 - e11))}}},
		{4, false, [2]seat{{3, 11, 3, 2*e32 - 1 + (1 - e11) + e22 - 2}, {3, 7, 3, -(2*e32 - 1 + (1 - e11) + e22 - 2)}}},
	}
	if len(points) != len(want) {
		t.Fatalf("%d points, want %d: %+v", len(points), len(want), points)
	}
	for i, w := range want {
		pt := points[i]
		if pt.Turn != w.turn || pt.Final != w.final {
			t.Errorf("point %d: turn %d final %v, want turn %d final %v", i, pt.Turn, pt.Final, w.turn, w.final)
		}
		for p, ws := range w.seats {
			got := pt.Seats[p]
			if got.Territories != ws.territories || got.Armies != ws.armies || got.Income != ws.income {
				t.Errorf("point %d seat %d: %d territories, %d armies, %d income; want %d, %d, %d", i, p,
					got.Territories, got.Armies, got.Income, ws.territories, ws.armies, ws.income)
			}
			near(t, "luck", got.Luck, ws.luck, tiny)
		}
	}
	// The line ends where the audit does.
	a := luck.AuditOf(rollsOf(events), 2)
	near(t, "final luck of seat 0", points[len(points)-1].Seats[0].Luck, a.Seats[0].Luck, tiny)
}

// sightings returns viewer's record of events (rules.Watch, one event at a time, as a game writes it
// command by command), with the turn of each entry.
func sightings(t *testing.T, b *rules.Board, cfg rules.Config, events []rules.Event, viewer rules.PlayerID) []luck.Sighting {
	t.Helper()
	s, err := rules.New(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out []luck.Sighting
	for _, e := range events {
		seen, err := rules.Watch(s, []rules.Event{e}, viewer)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = rules.Evolve(s, e); err != nil {
			t.Fatal(err)
		}
		for _, w := range seen {
			out = append(out, luck.Sighting{Turn: s.Turn(), Event: w.Event, Changed: w.Changed})
		}
	}
	return out
}

// rollsSeen returns the rolls of a record.
func rollsSeen(seen []luck.Sighting) []luck.Roll {
	var rolls []luck.Roll
	for _, s := range seen {
		if e, ok := s.Event.(rules.BattleRolled); ok {
			rolls = append(rolls, luck.RollOf(s.Turn, e))
		}
	}
	return rolls
}

// Without fog, a viewer's record shows everything: its course is the game's.
func TestCourseSeenWithoutFogIsTheCourse(t *testing.T) {
	t.Parallel()
	b, cfg, events := smallGame(t)
	want, err := luck.Course(b, cfg, events)
	if err != nil {
		t.Fatal(err)
	}
	for _, viewer := range []rules.PlayerID{0, 1, rules.NoPlayer} {
		got := luck.CourseSeen(b, cfg, viewer, sightings(t, b, cfg, events, viewer))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("viewer %d: course seen %+v, want %+v", viewer, got, want)
		}
	}
}

func TestCourseSeenUnderFogShowsWhatTheViewerSaw(t *testing.T) {
	t.Parallel()
	b, cfg, events := smallGame(t)
	full, err := luck.Course(b, cfg, events)
	if err != nil {
		t.Fatal(err)
	}
	// Normal fog on a ring where the seats alternate: every territory is a seat's own or its neighbour's,
	// so each seat sees all, and knows both seats' totals.
	cfg.Fog = rules.FogNormal
	viewer := rules.PlayerID(1)
	if got := luck.CourseSeen(b, cfg, viewer, sightings(t, b, cfg, events, viewer)); !reflect.DeepEqual(got, full) {
		t.Errorf("normal fog: %+v, want %+v", got, full)
	}
	// Complete fog: seat 1 sees its own territories only.
	cfg.Fog = rules.FogComplete
	seen := sightings(t, b, cfg, events, viewer)
	points := luck.CourseSeen(b, cfg, viewer, seen)
	if len(points) != len(full) {
		t.Fatalf("%d points, want %d", len(points), len(full))
	}
	for i, pt := range points {
		if s := pt.Seats[0]; s.Territories != rules.Unknown || s.Armies != rules.Unknown || s.Income != rules.Unknown {
			t.Errorf("point %d: seat 0 is %+v under complete fog, want all unknown", i, s)
		}
		if s, w := pt.Seats[1], full[i].Seats[1]; s != w {
			t.Errorf("point %d: seat 1 knows itself as %+v, want %+v", i, s, w)
		}
		if pt.Turn != full[i].Turn || pt.Round != full[i].Round || pt.Player != full[i].Player {
			t.Errorf("point %d: turn %d round %d seat %d, want %d %d %d", i, pt.Turn, pt.Round, pt.Player, full[i].Turn, full[i].Round, full[i].Player)
		}
	}
	// Seat 1 took part in every roll, so it saw them all: its luck line is the game's.
	if rolls := rollsSeen(seen); !reflect.DeepEqual(rolls, rollsOf(events)) {
		t.Errorf("rolls seen %+v, want every roll", rolls)
	}
}

func TestChiSquareSurvivalKnownValues(t *testing.T) {
	t.Parallel()
	// Critical values of the chi-square distribution from the standard tables.
	for _, c := range []struct {
		x    float64
		k    int
		want float64
	}{
		{3.841458820694124, 1, 0.05},
		{5.991464547107979, 2, 0.05},
		{11.070497693516351, 5, 0.05},
		{15.08627246938899, 5, 0.01},
		{0.5, 2, math.Exp(-0.25)}, // k=2: Q = e^(−x/2)
		{2, 2, math.Exp(-1)},
		{100, 5, 0},
	} {
		near(t, "survival", luck.ChiSquareSurvival(c.x, c.k), c.want, 1e-9)
	}
	if got := luck.ChiSquareSurvival(0, 3); got != 1 {
		t.Errorf("survival at 0 = %v, want 1", got)
	}
}

// Property: fair dice make a z-score near 0 and a face test that rarely rejects; a seat's luck is the sum
// of its rolls' luck, and the two seats of a two-seat game have opposite luck.
func TestAuditOfFairDice(t *testing.T) {
	t.Parallel()
	d := rules.NewDice([32]byte{7})
	var rolls []luck.Roll
	for i := range 20000 {
		a, df := luck.Pairings[i%6][0], luck.Pairings[i%6][1]
		r := luck.Roll{Turn: i / 10, Attacker: rules.PlayerID(i % 2), Defender: rules.PlayerID(1 - i%2)}
		for range a {
			r.AttackDice = append(r.AttackDice, d.Intn(6)+1)
		}
		for range df {
			r.DefendDice = append(r.DefendDice, d.Intn(6)+1)
		}
		sortDesc(r.AttackDice)
		sortDesc(r.DefendDice)
		for k := range min(a, df) {
			if r.AttackDice[k] > r.DefendDice[k] {
				r.DefenderLosses++
			} else {
				r.AttackerLosses++
			}
		}
		rolls = append(rolls, r)
	}
	a := luck.AuditOf(rolls, 2)
	if z := a.Seats[0].Z; math.Abs(z) > 4 {
		t.Errorf("z of fair dice = %v", z)
	}
	near(t, "opposite luck", a.Seats[0].Luck, -a.Seats[1].Luck, 1e-9)
	sum := 0.0
	for _, r := range rolls {
		if r.Attacker == 0 {
			sum += r.Luck()
		} else {
			sum -= r.Luck()
		}
	}
	near(t, "sum of rolls' luck", a.Seats[0].Luck, sum, 1e-6)
	if a.Game.Faces.PValue < 0.001 {
		t.Errorf("fair faces rejected: %+v", a.Game.Faces)
	}
	for _, p := range a.Game.Pairings {
		if p.PValue < 0.001 {
			t.Errorf("fair %dv%d rejected: %+v", p.AttackDice, p.DefendDice, p.ChiSquare)
		}
	}
	// Loaded dice: every roll the attacker's best result; the tests reject it.
	for i := range rolls {
		r := &rolls[i]
		n := min(len(r.AttackDice), len(r.DefendDice))
		r.AttackerLosses, r.DefenderLosses = 0, n
	}
	loaded := luck.AuditOf(rolls, 2)
	for _, p := range loaded.Game.Pairings {
		if p.PValue > 1e-6 {
			t.Errorf("loaded %dv%d not rejected: %+v", p.AttackDice, p.DefendDice, p.ChiSquare)
		}
	}
	if loaded.Seats[0].Z < 10 {
		t.Errorf("loaded attacker z = %v, want large", loaded.Seats[0].Z)
	}
}

func sortDesc(f []int) {
	for i := range f {
		for j := i + 1; j < len(f); j++ {
			if f[j] > f[i] {
				f[i], f[j] = f[j], f[i]
			}
		}
	}
}

func TestTallyMergeAndInvalidRolls(t *testing.T) {
	t.Parallel()
	_, _, events := smallGame(t)
	rolls := rollsOf(events)
	whole := luck.NewTally(0)
	first, second := luck.NewTally(0), luck.NewTally(0)
	for i, r := range rolls {
		whole.Add(r)
		if i < 2 {
			first.Add(r)
		} else {
			second.Add(r)
		}
	}
	first.Merge(second)
	a, b := whole.Figures(), first.Figures()
	if a.Faces.Counts != b.Faces.Counts || a.Rolls != b.Rolls || a.Losses != b.Losses {
		t.Errorf("merged %+v, want %+v", b, a)
	}
	near(t, "merged luck", b.Luck, a.Luck, tiny)
	near(t, "merged variance", b.Variance, a.Variance, tiny)
	bad := luck.Roll{Attacker: 0, Defender: 1, AttackDice: []int{7}, DefendDice: []int{1}, DefenderLosses: 1}
	whole.Add(bad)
	whole.Add(luck.Roll{Attacker: 0, Defender: 1, AttackDice: []int{6, 6, 6, 6}, DefendDice: []int{1}, DefenderLosses: 1})
	if got := whole.Figures().Rolls; got != 4 {
		t.Errorf("rolls after invalid ones = %d, want 4", got)
	}
	if bad.Luck() != 0 {
		t.Errorf("luck of an impossible roll = %v, want 0", bad.Luck())
	}
}

// Property, on a long game of CPUs: the course (one fold, rules.ReplayEach) samples the states that folding
// the events one by one with rules.Evolve reaches, and its luck line ends at the audit's luck.
func TestCourseOfLongGameMatchesEvolve(t *testing.T) {
	t.Parallel()
	g, err := longGame()
	if err != nil {
		t.Fatal(err)
	}
	points, err := luck.Course(g.b, g.cfg, g.events)
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.New(g.b, g.cfg)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for _, e := range g.events {
		if s, err = rules.Evolve(s, e); err != nil {
			t.Fatal(err)
		}
		ts, ok := e.(rules.TurnStarted)
		_, over := e.(rules.GameOver)
		if !(ok && ts.Phase == rules.PhaseReinforce) && !over {
			continue
		}
		if i >= len(points) {
			t.Fatalf("more turns than the course's %d points", len(points))
		}
		pt := points[i]
		i++
		if pt.Turn != s.Turn() || pt.Round != s.Round() || pt.Final != over {
			t.Fatalf("point %d: turn %d round %d final %v, want %d %d %v", i-1, pt.Turn, pt.Round, pt.Final, s.Turn(), s.Round(), over)
		}
		for p, sp := range pt.Seats {
			pl := s.Player(rules.PlayerID(p))
			income := 0
			if pl.Status == rules.Active {
				income = s.ReinforcementsOf(rules.PlayerID(p)).Total
			}
			if sp.Territories != pl.Territories || sp.Armies != pl.Armies || sp.Income != income {
				t.Fatalf("point %d seat %d: %+v, want %d territories, %d armies, %d income", i-1, p, sp, pl.Territories, pl.Armies, income)
			}
		}
	}
	if i != len(points) || !points[len(points)-1].Final {
		t.Fatalf("%d points sampled of %d, last final %v", i, len(points), points[len(points)-1].Final)
	}
	rolls := luck.Rolls(g.events)
	luck.Line(points, rolls)
	a := luck.AuditOf(rolls, len(g.cfg.Seats))
	for p, sp := range points[len(points)-1].Seats {
		near(t, "final luck", sp.Luck, a.Seats[p].Luck, 1e-9)
	}
}
