package maps_test

import (
	"errors"
	"fmt"

	"rout/maps"
)

func ExampleParse() {
	_, err := maps.Parse([]byte(`{
  "id": "Two Lands",
  "name": "Two lands",
  "version": 1,
  "territories": [
    {"id": "north", "name": "North", "x": 10, "y": 10},
    {"id": "south", "name": "South", "x": 10, "y": 50, "card": "wild"}
  ],
  "borders": [["north", "east"]],
  "bonusAreas": [{"id": "all", "name": "All", "bonus": 2, "territories": []}]
}`))
	var verr *maps.ValidationError
	if errors.As(err, &verr) {
		for _, p := range verr.Problems {
			fmt.Println(p)
		}
	}
	// Output:
	// id: BAD_ID: id "Two Lands" must start with a lower-case letter or digit and hold only a-z, 0-9, '_' and '-'
	// territories[1].card: BAD_CARD_SYMBOL: card "wild" must be infantry, cavalry or artillery
	// borders[0][1]: UNKNOWN_TERRITORY: no territory has id "east"
	// bonusAreas[0].territories: EMPTY_AREA: a bonus area needs at least one territory
	// borders: DISCONNECTED: 1 territory cannot be reached from "north": "south"
}

func ExampleBuiltin() {
	m, _ := maps.Builtin(maps.ClassicID)
	board, err := m.Board()
	if err != nil {
		panic(err)
	}
	alaska, _ := board.Lookup("alaska")
	kamchatka, _ := board.Lookup("kamchatka")
	fmt.Println(m.Name, board.Len(), len(m.Borders), board.Adjacent(alaska, kamchatka))
	// Output: Classic World 42 83 true
}

func ExampleGenerate() {
	m, err := maps.Generate(maps.GenerateOpts{Territories: 1000, Seed: 7})
	if err != nil {
		panic(err)
	}
	fmt.Println(m.ID, len(m.Territories), m.Validate() == nil)
	// Output: generated-1000-7 1000 true
}
