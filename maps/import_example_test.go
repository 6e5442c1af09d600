package maps_test

import (
	"errors"
	"fmt"

	"rout/maps"
)

// A Domination map whose Moor can attack the Orchard, but not the other way round.
const oneWayDomination = `name Two Fields
[continents]
Fields 2 green
[countries]
1 Moor 1 10 10
2 Orchard 1 60 10
3 Mill 1 35 50
[borders]
1 2 3
2 3
3 1 2
`

// The zero ImportOpts refuse one-way borders.
func ExampleImportWith_refused() {
	_, _, err := maps.ImportWith(maps.FormatDomination, []byte(oneWayDomination), maps.ImportOpts{})
	var verr *maps.ValidationError
	if errors.As(err, &verr) {
		for _, p := range verr.Problems {
			fmt.Println(p)
		}
	}
	// Output:
	// line 9: ONE_WAY_BORDER: "Moor" can attack "Orchard" but not the other way round; Rout's borders go both ways (import with two-way or drop)
}

func ExampleImportWith() {
	m, notes, err := maps.ImportWith(maps.FormatDomination, []byte(oneWayDomination), maps.ImportOpts{OneWay: maps.OneWayTwoWay})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.ID, m.Borders)
	for _, n := range notes {
		fmt.Println(n)
	}
	// Output:
	// two_fields [[moor orchard] [moor mill] [orchard mill]]
	// line 9: ONE_WAY_BORDER: "Moor" can attack "Orchard" but not the other way round; the border is made two-way
	// IGNORED: the continents' colours do not carry over
	// CANVAS: the file gives no canvas size; the canvas is 80 x 70, 20 units beyond the last labels
}
