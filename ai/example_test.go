package ai_test

import (
	"fmt"

	"rout/ai"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

// A CPU player found by name plays a whole game through sim.Play.
func ExampleByName() {
	m, _ := maps.Builtin(maps.ClassicID)
	board, err := m.Board()
	if err != nil {
		fmt.Println(err)
		return
	}
	normal, _ := ai.ByName("normal")
	random, _ := ai.ByName("random")
	cfg := rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "blue"}}}
	res, err := sim.Play(board, cfg, []sim.Policy{normal, random}, 1, sim.Opts{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("game over:", res.Final.Phase() == rules.PhaseOver)
	// Output: game over: true
}
