package sim_test

import (
	"testing"

	"rout/rules"
	"rout/sim"
)

// BenchmarkRandomGameClassic4 plays whole random-policy 4-player games on the classic map, without
// invariant checks: one op is one game, so games per second per core is 1e9 / (ns/op).
func BenchmarkRandomGameClassic4(b *testing.B) {
	board := classic(b)
	cfg := rules.Config{Seats: seats(4)}
	policies := randomPolicies(4)
	var commands int
	for i := range b.N {
		res, err := sim.Play(board, cfg, policies, uint64(i), sim.Opts{})
		if err != nil {
			b.Fatal(err)
		}
		commands += res.Commands
	}
	b.ReportMetric(float64(commands)/float64(b.N), "commands/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
