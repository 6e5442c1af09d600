package rules

import (
	"fmt"
	"slices"
)

// TerritoryID identifies a territory by its index on a Board (0 to N-1).
type TerritoryID int

// CardID identifies a card by its index in a Board's deck: cards 0 to N-1 show territory N, the rest are
// wild.
type CardID int

// Symbol is the picture on a card.
type Symbol uint8

// The card symbols. A wild card stands for any of the other three.
const (
	Infantry Symbol = iota
	Cavalry
	Artillery
	Wild
)

var symbolNames = [...]string{"infantry", "cavalry", "artillery", "wild"}

// String returns the symbol's lower-case name.
func (s Symbol) String() string {
	if int(s) < len(symbolNames) {
		return symbolNames[s]
	}
	return fmt.Sprintf("symbol(%d)", s)
}

// ParseSymbol returns the symbol with the given lower-case name.
func ParseSymbol(name string) (Symbol, bool) {
	i := slices.Index(symbolNames[:], name)
	return Symbol(i), i >= 0
}

// Territory is one territory of a board.
type Territory struct {
	Key    string // stable id from the map file
	Name   string
	Symbol Symbol // symbol on the territory's card: Infantry, Cavalry or Artillery
}

// BonusArea is a group of territories (a continent) whose owner earns Bonus extra armies each turn. Areas
// may overlap, and a bonus may be zero or negative.
type BonusArea struct {
	Key         string
	Name        string
	Bonus       int
	Territories []TerritoryID
}

// Card is one card of the deck.
type Card struct {
	Symbol    Symbol
	Territory TerritoryID // -1 for a wild card
}

// Board is the immutable graph a game is played on: territories, undirected borders and bonus areas. One
// Board is shared by every state of every game on that map.
type Board struct {
	territories []Territory
	neighbors   [][]TerritoryID // sorted
	areas       []BonusArea
	areasOf     [][]int // territory -> indexes into areas
	wilds       int
	index       map[string]TerritoryID
}

// MaxTerritories is the largest board the engine accepts.
const MaxTerritories = 10000

// NewBoard checks the parts of a board and builds it. It checks only what the engine relies on (ids in
// range, no self borders, known card symbols); the maps package validates map files in full.
func NewBoard(territories []Territory, borders [][2]TerritoryID, areas []BonusArea) (*Board, error) {
	n := len(territories)
	if n < 2 || n > MaxTerritories {
		return nil, fmt.Errorf("a board needs 2 to %d territories, got %d", MaxTerritories, n)
	}
	b := &Board{
		territories: slices.Clone(territories),
		neighbors:   make([][]TerritoryID, n),
		areas:       make([]BonusArea, len(areas)),
		areasOf:     make([][]int, n),
		index:       make(map[string]TerritoryID, n),
	}
	for i, t := range territories {
		if t.Symbol > Artillery {
			return nil, fmt.Errorf("territory %d (%s): card symbol must be infantry, cavalry or artillery", i, t.Key)
		}
		if _, dup := b.index[t.Key]; dup {
			return nil, fmt.Errorf("territory %d: duplicate key %q", i, t.Key)
		}
		b.index[t.Key] = TerritoryID(i)
	}
	for _, e := range borders {
		a, c := e[0], e[1]
		if a < 0 || int(a) >= n || c < 0 || int(c) >= n {
			return nil, fmt.Errorf("border %d-%d: territory out of range", a, c)
		}
		if a == c {
			return nil, fmt.Errorf("border %d-%d: a territory cannot border itself", a, c)
		}
		b.neighbors[a] = append(b.neighbors[a], c)
		b.neighbors[c] = append(b.neighbors[c], a)
	}
	for i := range b.neighbors {
		slices.Sort(b.neighbors[i])
		b.neighbors[i] = slices.Compact(b.neighbors[i])
	}
	for i, a := range areas {
		if len(a.Territories) == 0 {
			return nil, fmt.Errorf("bonus area %d (%s): no territories", i, a.Key)
		}
		members := slices.Clone(a.Territories)
		slices.Sort(members)
		members = slices.Compact(members)
		for _, t := range members {
			if t < 0 || int(t) >= n {
				return nil, fmt.Errorf("bonus area %d (%s): territory %d out of range", i, a.Key, t)
			}
			b.areasOf[t] = append(b.areasOf[t], i)
		}
		a.Territories = members
		b.areas[i] = a
	}
	b.wilds = max(2, (2*n+21)/42)
	return b, nil
}

// Len returns the number of territories.
func (b *Board) Len() int { return len(b.territories) }

// Territory returns territory t.
func (b *Board) Territory(t TerritoryID) Territory { return b.territories[t] }

// Lookup returns the territory with the given key.
func (b *Board) Lookup(key string) (TerritoryID, bool) {
	t, ok := b.index[key]
	return t, ok
}

// Neighbors returns the territories bordering t, sorted. The slice must not be modified.
func (b *Board) Neighbors(t TerritoryID) []TerritoryID { return b.neighbors[t] }

// Adjacent reports whether a and c share a border.
func (b *Board) Adjacent(a, c TerritoryID) bool {
	_, found := slices.BinarySearch(b.neighbors[a], c)
	return found
}

// Areas returns the bonus areas. The slice must not be modified.
func (b *Board) Areas() []BonusArea { return b.areas }

// AreasOf returns the indexes of the bonus areas that contain t. The slice must not be modified.
func (b *Board) AreasOf(t TerritoryID) []int { return b.areasOf[t] }

// Cards returns the size of the full deck: one card per territory plus the wild cards (2 per 42
// territories, rounded, at least 2).
func (b *Board) Cards() int { return len(b.territories) + b.wilds }

// Card returns card c.
func (b *Board) Card(c CardID) Card {
	if int(c) < len(b.territories) {
		return Card{Symbol: b.territories[c].Symbol, Territory: TerritoryID(c)}
	}
	return Card{Symbol: Wild, Territory: -1}
}

func (b *Board) validTerritory(t TerritoryID) bool { return t >= 0 && int(t) < len(b.territories) }
