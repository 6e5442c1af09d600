package rating_test

import (
	"fmt"

	"rout/rating"
)

// A four-player free-for-all of new players: the winner first, the last eliminated last; the two seats
// eliminated at the same moment share third place.
func ExampleRate() {
	players := [][]rating.Rating{{rating.Initial}, {rating.Initial}, {rating.Initial}, {rating.Initial}}
	after, err := rating.Rate(players, []int{1, 2, 3, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, team := range after {
		r := team[0]
		fmt.Printf("seat %d: μ %.2f σ %.2f public %d provisional %v\n", i, r.Mu, r.Sigma, r.Public(), r.Provisional())
	}
	// Output:
	// seat 0: μ 27.80 σ 8.26 public 1144 provisional true
	// seat 1: μ 26.55 σ 8.18 public 1097 provisional true
	// seat 2: μ 22.83 σ 8.08 public 932 provisional true
	// seat 3: μ 22.83 σ 8.08 public 932 provisional true
}
