package rating_test

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"testing"

	"rout/rating"
)

// tolerance is how far Rate may be from the reference, relative to the size of the value (absolute below
// 1). The two add the same terms in the same order, but Rate shifts the exponentials by the greatest μ so
// that none overflows, and JavaScript's exp and Go's may differ in the last bit: the differences seen are
// about 1e-15 (TestReference logs the largest), far below what a player sees.
const tolerance = 1e-9

// fixture is testdata/openskill.json, written by testdata/gen.mjs from the npm package openskill.
type fixture struct {
	Reference string
	Options   struct{ LimitSigma bool }
	Cases     []struct {
		Name    string
		Players map[string]rating.Rating
		Games   []struct {
			Teams [][]string
			Ranks []int
			After map[string]rating.Rating
		}
	}
}

func TestReference(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/openskill.json")
	if err != nil {
		t.Fatal(err)
	}
	var f fixture
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if !f.Options.LimitSigma || len(f.Cases) < 20 {
		t.Fatalf("the fixture is not the one Rate follows: options %+v, %d cases", f.Options, len(f.Cases))
	}
	worst := 0.0
	for _, c := range f.Cases {
		ratings := make(map[string]rating.Rating, len(c.Players))
		for name, r := range c.Players {
			ratings[name] = r
		}
		for g, game := range c.Games {
			teams := make([][]rating.Rating, len(game.Teams))
			for i, names := range game.Teams {
				for _, name := range names {
					teams[i] = append(teams[i], ratings[name])
				}
			}
			after, err := rating.Rate(teams, game.Ranks)
			if err != nil {
				t.Fatalf("%s, game %d: %v", c.Name, g+1, err)
			}
			for i, names := range game.Teams {
				for j, name := range names {
					got, want := after[i][j], game.After[name]
					for _, v := range [][2]float64{{got.Mu, want.Mu}, {got.Sigma, want.Sigma}} {
						d := math.Abs(v[0]-v[1]) / max(1, math.Abs(v[1]))
						worst = max(worst, d)
						if !(d <= tolerance) {
							t.Errorf("%s, game %d, %s: %+v, the reference %+v", c.Name, g+1, name, got, want)
						}
					}
					// The next game starts from Rate's own ratings, so that differences would add up.
					ratings[name] = got
				}
			}
		}
	}
	t.Logf("largest relative difference from %s: %.3g", f.Reference, worst)
}

func TestRateRefusesWhatCannotBeRated(t *testing.T) {
	t.Parallel()
	r := rating.Initial
	for _, c := range []struct {
		name  string
		teams [][]rating.Rating
		ranks []int
		want  error
	}{
		{"no team", nil, nil, rating.ErrTooFewTeams},
		{"one team", [][]rating.Rating{{r, r}}, []int{1}, rating.ErrTooFewTeams},
		{"ranks missing", [][]rating.Rating{{r}, {r}}, []int{1}, rating.ErrRanks},
		{"ranks too many", [][]rating.Rating{{r}, {r}}, []int{1, 2, 3}, rating.ErrRanks},
		{"an empty team", [][]rating.Rating{{r}, {}}, []int{1, 2}, rating.ErrEmptyTeam},
		{"zero sigma", [][]rating.Rating{{r}, {{Mu: 25, Sigma: 0}}}, []int{1, 2}, rating.ErrInvalidRating},
		{"negative sigma", [][]rating.Rating{{r}, {{Mu: 25, Sigma: -1}}}, []int{1, 2}, rating.ErrInvalidRating},
		{"infinite sigma", [][]rating.Rating{{r}, {{Mu: 25, Sigma: math.Inf(1)}}}, []int{1, 2}, rating.ErrInvalidRating},
		{"NaN sigma", [][]rating.Rating{{r}, {{Mu: 25, Sigma: math.NaN()}}}, []int{1, 2}, rating.ErrInvalidRating},
		{"NaN mu", [][]rating.Rating{{{Mu: math.NaN(), Sigma: 1}}, {r}}, []int{1, 2}, rating.ErrInvalidRating},
		{"infinite mu", [][]rating.Rating{{{Mu: math.Inf(-1), Sigma: 1}}, {r}}, []int{1, 2}, rating.ErrInvalidRating},
	} {
		got, err := rating.Rate(c.teams, c.ranks)
		if !errors.Is(err, c.want) || got != nil {
			t.Errorf("%s: Rate = %v, %v; want nil, %v", c.name, got, err, c.want)
		}
	}
}

func TestRateKeepsTheShapeAndTheInput(t *testing.T) {
	t.Parallel()
	teams := [][]rating.Rating{{rating.Initial}, {{Mu: 30, Sigma: 2}, {Mu: 20, Sigma: 5}, rating.Initial}, {{Mu: 10, Sigma: 1}}}
	before := [][]rating.Rating{{rating.Initial}, {{Mu: 30, Sigma: 2}, {Mu: 20, Sigma: 5}, rating.Initial}, {{Mu: 10, Sigma: 1}}}
	after, err := rating.Rate(teams, []int{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != 3 || len(after[0]) != 1 || len(after[1]) != 3 || len(after[2]) != 1 {
		t.Fatalf("Rate returned teams of the wrong shape: %v", after)
	}
	for i := range teams {
		for j := range teams[i] {
			if teams[i][j] != before[i][j] {
				t.Errorf("Rate changed its input: team %d player %d is %+v", i, j, teams[i][j])
			}
		}
	}
	// Appending to a team of the result must not write over the next team.
	third := after[2][0]
	_ = append(after[1], rating.Initial)
	if after[2][0] != third {
		t.Errorf("the result's teams share their room: appending to team 1 changed team 2")
	}
}

func TestRateWithoutOverflow(t *testing.T) {
	t.Parallel()
	// μ far beyond what exp(μ/c) can hold (c is about 6 here): the reference gives NaN, Rate ratings.
	after, err := rating.Rate([][]rating.Rating{{{Mu: 9000, Sigma: 1}}, {{Mu: -9000, Sigma: 1}}, {{Mu: 0, Sigma: 1}}}, []int{3, 2, 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, team := range after {
		for _, r := range team {
			if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
				t.Errorf("team %d: %+v", i, r)
			}
		}
	}
	if !(after[0][0].Mu < 9000) || !(after[2][0].Mu > 0) {
		t.Errorf("the upset moved nothing: %+v", after)
	}
}

func TestPublicAndProvisional(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		r           rating.Rating
		ordinal     float64
		public      int
		provisional bool
	}{
		{rating.Initial, 0, 1000, true},
		{rating.Rating{Mu: 25, Sigma: 7}, 4, 1192, false},
		{rating.Rating{Mu: 25, Sigma: 7.0001}, 25 - 21.0003, 1192, true},
		{rating.Rating{Mu: 40, Sigma: 2}, 34, 2632, false},
		{rating.Rating{Mu: 5, Sigma: 3}, -4, 808, false},
		{rating.Rating{Mu: -100, Sigma: 1}, -103, 0, false},
		{rating.Rating{Mu: 1e300, Sigma: 1}, 1e300, math.MaxInt32, false},
	} {
		if got := c.r.Ordinal(); math.Abs(got-c.ordinal) > 1e-9*max(1, math.Abs(c.ordinal)) {
			t.Errorf("%+v: Ordinal = %v, want %v", c.r, got, c.ordinal)
		}
		if got := c.r.Public(); got != c.public {
			t.Errorf("%+v: Public = %v, want %v", c.r, got, c.public)
		}
		if got := c.r.Provisional(); got != c.provisional {
			t.Errorf("%+v: Provisional = %v, want %v", c.r, got, c.provisional)
		}
	}
}

func BenchmarkRate(b *testing.B) {
	for _, c := range []struct {
		name  string
		teams [][]rating.Rating
		ranks []int
	}{
		{"duel", [][]rating.Rating{{rating.Initial}, {{Mu: 30, Sigma: 3}}}, []int{2, 1}},
		{"free-for-all of 6", [][]rating.Rating{{rating.Initial}, {rating.Initial}, {{Mu: 30, Sigma: 3}}, {rating.Initial}, {{Mu: 20, Sigma: 5}}, {rating.Initial}}, []int{1, 2, 3, 4, 4, 6}},
		{"3v3", [][]rating.Rating{{rating.Initial, rating.Initial, rating.Initial}, {rating.Initial, rating.Initial, rating.Initial}}, []int{1, 2}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rating.Rate(c.teams, c.ranks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestProvisionalGames pins what docs/ratings.md says of ProvisionalSigma: a new player who wins, then
// finishes last, and so on, against new players stops being provisional after 7 duels, 12 four-player
// free-for-alls or 18 six-player ones.
func TestProvisionalGames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ seats, games int }{{2, 7}, {4, 12}, {6, 18}} {
		r := rating.Initial
		games := 0
		for ; r.Provisional(); games++ {
			teams := [][]rating.Rating{{r}}
			ranks := []int{1}
			for i := 1; i < c.seats; i++ {
				teams, ranks = append(teams, []rating.Rating{rating.Initial}), append(ranks, i+1)
			}
			if games%2 == 1 { // every other game, the player finishes last
				ranks[0] = c.seats + 1
			}
			after, err := rating.Rate(teams, ranks)
			if err != nil {
				t.Fatal(err)
			}
			r = after[0][0]
		}
		if games != c.games {
			t.Errorf("%d seats: provisional for %d games, want %d", c.seats, games, c.games)
		}
	}
}
