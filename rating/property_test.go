package rating_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"rout/rating"
)

// games is how many random games each property is checked over.
const games = 20000

// randomRating is a rating a player can have: μ from −20 to 70 and σ from 0.01 to InitialSigma (σ starts
// there and no game makes it grow).
func randomRating(rnd *rand.Rand) rating.Rating {
	return rating.Rating{Mu: -20 + 90*rnd.Float64(), Sigma: 0.01 + (rating.InitialSigma-0.01)*rnd.Float64()}
}

// randomGame returns 2 to 6 teams of 1 to maxPlayers random ratings and their ranks: a random order with
// one winner, one last, and ties between the others now and then (seats eliminated together).
func randomGame(rnd *rand.Rand, maxPlayers int) (teams [][]rating.Rating, ranks []int, winner, last int) {
	n := 2 + rnd.IntN(5)
	teams = make([][]rating.Rating, n)
	for i := range teams {
		for range 1 + rnd.IntN(maxPlayers) {
			teams[i] = append(teams[i], randomRating(rnd))
		}
	}
	ranks = make([]int, n)
	for place, i := range rnd.Perm(n) {
		ranks[i] = place
		if place > 1 && place < n-1 && rnd.IntN(3) == 0 {
			ranks[i] = place - 1 // tied with the team placed before it, neither first nor last
		}
		if place == 0 {
			winner = i
		}
		if place == n-1 {
			last = i
		}
	}
	return teams, ranks, winner, last
}

func TestWinnerNeverFallsLastNeverRises(t *testing.T) {
	t.Parallel()
	for _, mode := range []struct {
		name       string
		maxPlayers int
	}{{"free-for-all", 1}, {"teams", 3}} {
		rnd := rand.New(rand.NewPCG(32, uint64(mode.maxPlayers)))
		for g := range games {
			teams, ranks, winner, last := randomGame(rnd, mode.maxPlayers)
			after, err := rating.Rate(teams, ranks)
			if err != nil {
				t.Fatal(err)
			}
			for j, before := range teams[winner] {
				now := after[winner][j]
				if now.Mu < before.Mu || now.Ordinal() < before.Ordinal() || now.Public() < before.Public() {
					t.Fatalf("%s, game %d (%v, ranks %v): the winner fell from %+v to %+v", mode.name, g, teams, ranks, before, now)
				}
			}
			for j, before := range teams[last] {
				now := after[last][j]
				if now.Mu > before.Mu || now.Ordinal() > before.Ordinal() || now.Public() > before.Public() {
					t.Fatalf("%s, game %d (%v, ranks %v): the last rose from %+v to %+v", mode.name, g, teams, ranks, before, now)
				}
			}
			for i := range teams {
				for j, before := range teams[i] {
					if after[i][j].Sigma > before.Sigma {
						t.Fatalf("%s, game %d: σ rose from %v to %v", mode.name, g, before.Sigma, after[i][j].Sigma)
					}
				}
			}
		}
	}
}

// TestChangesBalance checks the sum of the changes: a team's change of μ, over the sum of its players'
// σ² grown by Tau, adds up to zero over the teams (what some gain, others lose), so that with equal σ
// the changes of μ sum to zero; and unless all teams tied, someone rose and someone fell.
func TestChangesBalance(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(32, 2))
	for g := range games {
		teams, ranks, _, _ := randomGame(rnd, 3)
		after, err := rating.Rate(teams, ranks)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		rose, fell := false, false
		for i := range teams {
			change, sigmaSq := 0.0, 0.0
			for j, before := range teams[i] {
				change += after[i][j].Mu - before.Mu
				sigmaSq += before.Sigma*before.Sigma + rating.Tau*rating.Tau
			}
			sum += change / sigmaSq
			rose = rose || change > 0
			fell = fell || change < 0
		}
		if math.Abs(sum) > 1e-9 {
			t.Fatalf("game %d (%v, ranks %v): the weighted changes sum to %v, not zero", g, teams, ranks, sum)
		}
		if !rose || !fell {
			t.Fatalf("game %d (%v, ranks %v): rose %v, fell %v", g, teams, ranks, rose, fell)
		}
	}

	// Equal σ: the changes of μ themselves sum to zero, and better places gain more.
	teams := [][]rating.Rating{{{Mu: 40, Sigma: 4}}, {{Mu: 10, Sigma: 4}}, {{Mu: 25, Sigma: 4}}, {{Mu: 25, Sigma: 4}}}
	after, err := rating.Rate(teams, []int{3, 0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i := range teams {
		sum += after[i][0].Mu - teams[i][0].Mu
	}
	if math.Abs(sum) > 1e-12 {
		t.Errorf("the changes of equal σ sum to %v", sum)
	}
	if !(after[2][0].Mu > after[3][0].Mu) {
		t.Errorf("equal ratings, the second place got %v and the third %v", after[2][0], after[3][0])
	}
}

func TestTiesAreSymmetric(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(32, 3))
	for g := range games {
		teams, ranks, _, _ := randomGame(rnd, 2)
		// Two teams of the same players tie, at a random place.
		a, b := rnd.IntN(len(teams)), rnd.IntN(len(teams)-1)
		if b >= a {
			b++
		}
		teams[b] = slices.Clone(teams[a])
		ranks[b] = ranks[a]
		after, err := rating.Rate(teams, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for j := range teams[a] {
			if !near(after[a][j], after[b][j]) {
				t.Fatalf("game %d (%v, ranks %v): tied and equal, team %d got %+v and team %d %+v", g, teams, ranks, a, after[a][j], b, after[b][j])
			}
		}

		// The order the teams are given in does not matter.
		perm := rnd.Perm(len(teams))
		shuffled, shuffledRanks := make([][]rating.Rating, len(teams)), make([]int, len(teams))
		for i, p := range perm {
			shuffled[i], shuffledRanks[i] = teams[p], ranks[p]
		}
		again, err := rating.Rate(shuffled, shuffledRanks)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range perm {
			for j := range again[i] {
				if !near(again[i][j], after[p][j]) {
					t.Fatalf("game %d (%v, ranks %v): team %d got %+v, and %+v when given as team %d", g, teams, ranks, p, after[p][j], again[i][j], i)
				}
			}
		}
	}

	// Everyone tied with the same rating: nobody's μ moves.
	teams := [][]rating.Rating{{rating.Initial}, {rating.Initial}, {rating.Initial}}
	after, err := rating.Rate(teams, []int{1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range after {
		if math.Abs(after[i][0].Mu-rating.InitialMu) > 1e-12 {
			t.Errorf("a tie of equals moved team %d to %+v", i, after[i][0])
		}
	}
}

// near reports whether two ratings agree but for rounding: sums taken in another order.
func near(a, b rating.Rating) bool {
	return math.Abs(a.Mu-b.Mu) <= 1e-12*max(1, math.Abs(a.Mu)) && math.Abs(a.Sigma-b.Sigma) <= 1e-12*max(1, a.Sigma)
}
