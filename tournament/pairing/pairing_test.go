package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSizes(t *testing.T) {
	for _, c := range []struct {
		n, seats int
		want     []int
	}{
		{0, 4, nil}, {1, 4, nil}, {2, 4, []int{2}}, {4, 4, []int{4}}, {5, 4, []int{3, 2}},
		{10, 4, []int{4, 3, 3}}, {12, 4, []int{4, 4, 4}}, {7, 2, []int{2, 2, 2, 1}}, {3, 2, []int{2, 1}}, {13, 6, []int{5, 4, 4}},
	} {
		if got := Sizes(c.n, c.seats); !slices.Equal(got, c.want) {
			t.Errorf("Sizes(%d, %d) = %v, want %v", c.n, c.seats, got, c.want)
		}
	}
	for n := 2; n <= 200; n++ {
		for seats := MinSeats; seats <= MaxSeats; seats++ {
			sizes, sum := Sizes(n, seats), 0
			if seats == 2 && n%2 == 1 {
				if sizes[len(sizes)-1] != 1 {
					t.Fatalf("Sizes(%d, 2) = %v: no bye", n, sizes)
				}
				sizes, sum = sizes[:len(sizes)-1], 1
			}
			for _, s := range sizes {
				sum += s
				if s < MinSeats || s > seats || s < sizes[len(sizes)-1] || sizes[0]-s > 1 {
					t.Fatalf("Sizes(%d, %d) = %v", n, seats, sizes)
				}
			}
			if sum != n {
				t.Fatalf("Sizes(%d, %d) = %v seats %d", n, seats, sizes, sum)
			}
		}
	}
}

func TestPointsByPlace(t *testing.T) {
	for _, c := range []struct {
		places []int
		seats  int
		want   []float64
	}{
		{[]int{1, 2, 3, 4}, 4, []float64{3, 2, 1, 0}},
		{[]int{4, 1, 3, 2}, 4, []float64{0, 3, 1, 2}},
		{[]int{1, 2, 3}, 4, []float64{3, 1.5, 0}},         // a smaller table's winner scores a full table's
		{[]int{1, 2}, 4, []float64{3, 0}},                 // a duel in a tournament of four
		{[]int{1, 2, 2, 4}, 4, []float64{3, 1.5, 1.5, 0}}, // two eliminated together share places 2 and 3
		{[]int{1, 2, 2, 2}, 4, []float64{3, 1, 1, 1}},
		{[]int{1, 2}, 2, []float64{1, 0}},
	} {
		ids := make([]int, len(c.places))
		for i := range ids {
			ids[i] = i + 1
		}
		r := Result{Entrants: ids, Places: c.places}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		for i, want := range c.want {
			if got := r.points(i, c.seats); got != want {
				t.Errorf("places %v at tables of %d: entrant %d scores %v, want %v", c.places, c.seats, i, got, want)
			}
		}
	}
}

func TestResultValidate(t *testing.T) {
	if err := (Result{Entrants: []int{1}, Places: []int{1}}).Validate(); err != nil {
		t.Errorf("a bye: %v", err)
	}
	for _, r := range []Result{
		{},
		{Entrants: []int{1}, Places: []int{2}},
		{Entrants: []int{1, 2}, Places: []int{1}},
		{Entrants: []int{1, 1}, Places: []int{1, 2}},
		{Entrants: []int{1, 2}, Places: []int{2, 2}},
		{Entrants: []int{1, 2}, Places: []int{1, 3}},
		{Entrants: []int{1, 2}, Places: []int{0, 1}},
	} {
		if r.Validate() == nil {
			t.Errorf("%+v: accepted", r)
		}
	}
}

// TestStandingsByHand checks two rounds of eight entrants at tables of four against standings worked out
// by hand.
func TestStandingsByHand(t *testing.T) {
	var entrants []Entrant
	for id := 1; id <= 8; id++ {
		entrants = append(entrants, Entrant{ID: id, Seed: float64(100 - id)})
	}
	results := []Result{
		// Round 1: 1 beats 2, 3, 4 (3 2 1 0); 5 beats 6, 7 and 8, who were eliminated together (3 1 1 1).
		{Entrants: []int{1, 2, 3, 4}, Places: []int{1, 2, 3, 4}},
		{Entrants: []int{5, 6, 7, 8}, Places: []int{1, 2, 2, 2}},
		// Round 2: 1 5 2 6 | 3 7 4 8; 5 wins, then 1, 6, 2; 8 wins, then 3, 7, 4.
		{Entrants: []int{1, 5, 2, 6}, Places: []int{2, 1, 4, 3}},
		{Entrants: []int{3, 7, 4, 8}, Places: []int{2, 3, 4, 1}},
	}
	got, err := Standings(entrants, results, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Points: 1: 3+2 = 5; 2: 2+0 = 2; 3: 1+2 = 3; 4: 0+0 = 0; 5: 3+3 = 6; 6: 1+1 = 2; 7: 1+1 = 2; 8: 1+3 = 4.
	// Buchholz, the sum of table-mates' totals per table shared:
	//   1: (2+3+0) + (6+2+2) = 15; 2: (5+3+0) + (5+6+2) = 21; 3: (5+2+0) + (2+0+4) = 13; 4: (5+2+3) + (3+2+4) = 19;
	//   5: (2+2+4) + (5+2+2) = 17; 6: (6+2+4) + (5+6+2) = 25; 7: (6+2+4) + (3+0+4) = 19; 8: (6+2+2) + (3+2+0) = 15.
	want := []struct {
		id             int
		points, bucket float64
	}{
		{5, 6, 17}, {1, 5, 15}, {8, 4, 15}, {3, 3, 13}, {6, 2, 25}, {2, 2, 21}, {7, 2, 19}, {4, 0, 19},
	}
	for i, w := range want {
		s := got[i]
		if s.ID != w.id || s.Points != w.points || s.Buchholz != w.bucket || s.Rank != i+1 || s.Played != 2 {
			t.Errorf("rank %d: %+v, want entrant %d with %v points, Buchholz %v", i+1, s, w.id, w.points, w.bucket)
		}
	}
	if got[0].Wins != 2 || got[2].Wins != 1 || got[1].Wins != 1 {
		t.Errorf("wins: %+v", got[:3])
	}
}

func TestStandingsRefuseWhatIsNotATournament(t *testing.T) {
	entrants := []Entrant{{ID: 1}, {ID: 2}}
	for name, c := range map[string]struct {
		entrants []Entrant
		results  []Result
		seats    int
	}{
		"seats":        {entrants, nil, 7},
		"twice":        {[]Entrant{{ID: 1}, {ID: 1}}, nil, 2},
		"stranger":     {entrants, []Result{{Entrants: []int{1, 3}, Places: []int{1, 2}}}, 2},
		"no winner":    {entrants, []Result{{Entrants: []int{1, 2}, Places: []int{2, 2}}}, 2},
		"no entrant":   {entrants, []Result{{}}, 2},
		"a place gone": {entrants, []Result{{Entrants: []int{1, 2}, Places: []int{1}}}, 2},
	} {
		if _, err := Standings(c.entrants, c.results, c.seats); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// field returns n entrants with IDs 1 to n, seeded at random.
func field(n int, rng *rand.Rand) []Entrant {
	out := make([]Entrant, n)
	for i := range out {
		out[i] = Entrant{ID: i + 1, Seed: rng.Float64() * 50}
	}
	return out
}

// play finishes tables at random: places a permutation, sometimes with the last two eliminated together.
func play(tables []Table, rng *rand.Rand) []Result {
	out := make([]Result, len(tables))
	for i, t := range tables {
		places := make([]int, len(t))
		for j, p := range rng.Perm(len(t)) {
			places[j] = p + 1
		}
		if len(t) > 2 && rng.IntN(4) == 0 {
			for j, p := range places {
				if p == len(t) {
					places[j] = len(t) - 1
				}
			}
		}
		out[i] = Result{Entrants: slices.Clone(t), Places: places}
	}
	return out
}

// seatedOnce fails unless tables seat every entrant of want exactly once, at tables of 2 to seats, but
// for the bye of duels between an odd number: the last table, of one.
func seatedOnce(t *testing.T, tables []Table, want []Entrant, seats int) {
	t.Helper()
	seen := map[int]int{}
	for i, tb := range tables {
		if bye := seats == 2 && len(want)%2 == 1 && i == len(tables)-1; bye != (len(tb) == 1) {
			t.Fatalf("%d entrants at tables of %d: table %d of %d seats %v", len(want), seats, i, len(tables), tb)
		}
		if len(tb) < 1 || len(tb) > seats {
			t.Fatalf("a table of %d at tables of %d: %v", len(tb), seats, tb)
		}
		for _, id := range tb {
			seen[id]++
		}
	}
	for _, e := range want {
		if seen[e.ID] != 1 {
			t.Fatalf("entrant %d seated %d times", e.ID, seen[e.ID])
		}
	}
	if len(seen) != len(want) {
		t.Fatalf("%d entrants seated, want %d", len(seen), len(want))
	}
}

func TestSwissFirstRoundGroupsBySeed(t *testing.T) {
	entrants := field(10, rand.New(rand.NewPCG(1, 2)))
	standings, err := Standings(entrants, nil, 4)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := Swiss(standings, nil, 4)
	if err != nil {
		t.Fatal(err)
	}
	var want []Table
	at := 0
	for _, size := range Sizes(10, 4) {
		var tb Table
		for _, s := range standings[at : at+size] {
			tb = append(tb, s.ID)
		}
		want = append(want, tb)
		at += size
	}
	if !slices.EqualFunc(tables, want, slices.Equal) {
		t.Errorf("round 1 = %v, want the standings cut into tables %v", tables, want)
	}
}

// TestSwissAvoidsRepeats plays Swiss tournaments to the end and checks every round seats everyone once,
// and that nobody meets anyone again in the first rounds of a field large enough to avoid it.
func TestSwissAvoidsRepeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct{ n, seats int }{{64, 4}, {100, 3}, {36, 6}, {50, 2}, {9, 4}, {7, 5}} {
		t.Run(fmt.Sprintf("%d at %d", c.n, c.seats), func(t *testing.T) {
			entrants := field(c.n, rng)
			var results []Result
			rounds := SwissRounds(c.n, c.seats)
			for round := 1; round <= rounds; round++ {
				standings, err := Standings(entrants, results, c.seats)
				if err != nil {
					t.Fatal(err)
				}
				tables, err := Swiss(standings, results, c.seats)
				if err != nil {
					t.Fatal(err)
				}
				seatedOnce(t, tables, entrants, c.seats)
				met := newMeetings(results)
				repeats := 0
				for _, tb := range tables {
					for i, id := range tb {
						repeats += met.repeats(id, tb[:i])
					}
				}
				if c.n >= 36 && round <= 3 && repeats > 0 {
					t.Errorf("round %d: %d repeat meetings in a field of %d", round, repeats, c.n)
				}
				results = append(results, play(tables, rng)...)
			}
		})
	}
}

func TestSwissRounds(t *testing.T) {
	for _, c := range []struct{ n, seats, want int }{{2, 2, 1}, {8, 2, 3}, {9, 2, 4}, {16, 4, 2}, {17, 4, 3}, {10000, 4, 7}, {1, 4, 1}} {
		if got := SwissRounds(c.n, c.seats); got != c.want {
			t.Errorf("SwissRounds(%d, %d) = %d, want %d", c.n, c.seats, got, c.want)
		}
	}
}

func TestEliminationSeedsApartAndCrownsOne(t *testing.T) {
	var entrants []Entrant
	for id := 1; id <= 16; id++ {
		entrants = append(entrants, Entrant{ID: id, Seed: float64(16 - id)}) // 1 is the top seed
	}
	tables, err := Elimination(entrants, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Snake: 1 2 3 4 to tables 1-4, 5 6 7 8 back from table 4, and so on.
	want := []Table{{1, 8, 9, 16}, {2, 7, 10, 15}, {3, 6, 11, 14}, {4, 5, 12, 13}}
	if !slices.EqualFunc(tables, want, slices.Equal) {
		t.Fatalf("round 1 = %v, want %v", tables, want)
	}
	// The lowest seed of each table wins: 16, 15, 14, 13 meet in the final.
	var results []Result
	for _, tb := range tables {
		results = append(results, Result{Entrants: tb, Places: []int{4, 3, 2, 1}})
	}
	winners := Winners(results)
	if !slices.Equal(winners, []int{16, 15, 14, 13}) {
		t.Fatalf("winners = %v", winners)
	}
	var alive []Entrant
	for _, id := range winners {
		alive = append(alive, entrants[id-1])
	}
	final, err := Elimination(alive, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(final, []Table{{13, 14, 15, 16}}, slices.Equal) {
		t.Fatalf("the final = %v", final)
	}
	if last, _ := Elimination(alive[:1], 4); last != nil {
		t.Errorf("one entrant left is seated: %v", last)
	}
}

func TestEliminationUnevenField(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 2; n <= 70; n++ {
		for seats := MinSeats; seats <= MaxSeats; seats++ {
			alive := field(n, rng)
			byID := map[int]Entrant{}
			for _, e := range alive {
				byID[e.ID] = e
			}
			for rounds := 0; len(alive) > 1; rounds++ {
				if rounds > n {
					t.Fatalf("%d entrants at %d: no champion after %d rounds", n, seats, rounds)
				}
				tables, err := Elimination(alive, seats)
				if err != nil {
					t.Fatal(err)
				}
				seatedOnce(t, tables, alive, seats)
				alive = alive[:0]
				for _, id := range Winners(play(tables, rng)) {
					alive = append(alive, byID[id])
				}
			}
		}
	}
}

func TestRoundRobinDuels(t *testing.T) {
	for n := 2; n <= MaxRoundRobin; n++ {
		entrants := field(n, rand.New(rand.NewPCG(uint64(n), 7)))
		rounds, err := RoundRobin(entrants, 2)
		if err != nil {
			t.Fatal(err)
		}
		wantRounds := n - 1
		if n%2 == 1 {
			wantRounds = n
		}
		if len(rounds) != wantRounds {
			t.Errorf("%d entrants: %d rounds, want %d", n, len(rounds), wantRounds)
		}
		met, byes := meetings{}, map[int]int{}
		for _, round := range rounds {
			seatedOnce(t, round, entrants, 2)
			for _, tb := range round {
				if len(tb) == 1 {
					byes[tb[0]]++
					continue
				}
				met[pair(tb[0], tb[1])]++
			}
		}
		if n%2 == 1 && len(byes) != n {
			t.Errorf("%d entrants: byes %v, want one each", n, byes)
		}
		if len(met) != n*(n-1)/2 {
			t.Errorf("%d entrants: %d pairs met, want %d", n, len(met), n*(n-1)/2)
		}
		for p, c := range met {
			if c != 1 {
				t.Errorf("%d entrants: %v met %d times", n, p, c)
			}
		}
	}
}

func TestRoundRobinTablesMeetEveryPair(t *testing.T) {
	for n := 3; n <= MaxRoundRobin; n++ {
		for seats := 3; seats <= MaxSeats; seats++ {
			entrants := field(n, rand.New(rand.NewPCG(uint64(n), uint64(seats))))
			rounds, err := RoundRobin(entrants, seats)
			if err != nil {
				t.Fatal(err)
			}
			met := meetings{}
			for _, round := range rounds {
				seatedOnce(t, round, entrants, seats)
				for _, tb := range round {
					for i, a := range tb {
						for _, b := range tb[i+1:] {
							met[pair(a, b)]++
						}
					}
				}
			}
			if len(met) != n*(n-1)/2 {
				t.Errorf("%d at %d: %d pairs met, want %d", n, seats, len(met), n*(n-1)/2)
			}
			// No more rounds than duels would take.
			if len(rounds) > n {
				t.Errorf("%d at %d: %d rounds", n, seats, len(rounds))
			}
		}
	}
	if _, err := RoundRobin(field(MaxRoundRobin+1, rand.New(rand.NewPCG(1, 1))), 4); err == nil {
		t.Error("a round robin of 17 accepted")
	}
}

// BenchmarkSwissRound pairs the fifth round of a Swiss tournament of 10,000 entrants at tables of four
// (the standings and the pairing, from the results of four rounds).
func BenchmarkSwissRound(b *testing.B) {
	entrants, results := swissField(b, 10000, 4, 4)
	b.ResetTimer()
	for b.Loop() {
		standings, err := Standings(entrants, results, 4)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Swiss(standings, results, 4); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSortEntrants is the baseline of BenchmarkSwissRound: sorting its 10,000 entrants by seed.
func BenchmarkSortEntrants(b *testing.B) {
	entrants, _ := swissField(b, 10000, 4, 0)
	for b.Loop() {
		slices.SortFunc(slices.Clone(entrants), compareSeeds)
	}
}

// swissField plays rounds Swiss rounds of n entrants at tables of seats at random.
func swissField(b *testing.B, n, seats, rounds int) ([]Entrant, []Result) {
	rng := rand.New(rand.NewPCG(8, 9))
	entrants := field(n, rng)
	var results []Result
	for range rounds {
		standings, err := Standings(entrants, results, seats)
		if err != nil {
			b.Fatal(err)
		}
		tables, err := Swiss(standings, results, seats)
		if err != nil {
			b.Fatal(err)
		}
		results = append(results, play(tables, rng)...)
	}
	return entrants, results
}

// TestSwissByes plays nine duellists through nine Swiss rounds: each round's bye goes to the lowest in
// the standings without one, so nobody has a second bye before everyone had one.
func TestSwissByes(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	entrants := field(9, rng)
	var results []Result
	byes := map[int]int{}
	for round := 1; round <= 9; round++ {
		standings, err := Standings(entrants, results, 2)
		if err != nil {
			t.Fatal(err)
		}
		tables, err := Swiss(standings, results, 2)
		if err != nil {
			t.Fatal(err)
		}
		seatedOnce(t, tables, entrants, 2)
		bye := tables[len(tables)-1][0]
		if byes[bye]++; byes[bye] > 1 {
			t.Fatalf("round %d: entrant %d has a second bye", round, bye)
		}
		for i := len(standings) - 1; standings[i].ID != bye; i-- {
			if byes[standings[i].ID] == 0 {
				t.Fatalf("round %d: the bye went to %d, above %d who had none", round, bye, standings[i].ID)
			}
		}
		results = append(results, play(tables, rng)...)
	}
	for _, s := range results {
		if len(s.Entrants) == 1 && s.Places[0] != 1 {
			t.Fatalf("a bye lost: %+v", s)
		}
	}
	final, _ := Standings(entrants, results, 2)
	total := 0.0
	for _, s := range final {
		total += s.Points
	}
	// 9 rounds of 4 duels and a bye: a point each.
	if total != 45 {
		t.Errorf("points in all = %v, want 45", total)
	}
}

// TestLadderPairsAThousand queues 1,000 players of random ratings and gaps, with recent games between
// neighbours, and checks the tables: full, each player once, within everyone's gap, no recent pair, and
// nearly everyone seated.
func TestLadderPairsAThousand(t *testing.T) {
	for _, seats := range []int{2, 4} {
		rng := rand.New(rand.NewPCG(12, uint64(seats)))
		seekers := make([]Seeker, 1000)
		for i := range seekers {
			seekers[i] = Seeker{ID: i + 1, Rating: 10 + rng.NormFloat64()*8, Gap: 2 + rng.Float64()*4}
		}
		recentPairs := map[[2]int]bool{}
		for range 3000 {
			a, b := rng.IntN(1000)+1, rng.IntN(1000)+1
			recentPairs[pair(a, b)] = true
		}
		recent := func(a, b int) bool { return recentPairs[pair(a, b)] }
		tables, err := Ladder(seekers, seats, recent)
		if err != nil {
			t.Fatal(err)
		}
		byID := map[int]Seeker{}
		for _, s := range seekers {
			byID[s.ID] = s
		}
		seen := map[int]bool{}
		for _, tb := range tables {
			if len(tb) != seats {
				t.Fatalf("a table of %d: %v", len(tb), tb)
			}
			for i, a := range tb {
				if seen[a] {
					t.Fatalf("%d seated twice", a)
				}
				seen[a] = true
				for _, b := range tb[:i] {
					d := byID[a].Rating - byID[b].Rating
					if d < 0 {
						d = -d
					}
					if d > byID[a].Gap || d > byID[b].Gap || recent(a, b) {
						t.Fatalf("%+v and %+v at one table", byID[a], byID[b])
					}
				}
			}
		}
		// The ratings' tails are sparse: most, not all, find a table.
		if len(seen) < 900 {
			t.Errorf("tables of %d: %d of 1,000 seated", seats, len(seen))
		}
		again, _ := Ladder(seekers, seats, recent)
		if !slices.EqualFunc(tables, again, slices.Equal) {
			t.Error("the same queue seated differently")
		}
	}
	if _, err := Ladder(nil, 1, nil); err == nil {
		t.Error("tables of one accepted")
	}
}
