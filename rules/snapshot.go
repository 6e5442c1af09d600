package rules

import (
	"fmt"
	"slices"
)

// Scalars is the part of a state that is neither a territory, a player nor a card: what a server keeps in
// its game row.
type Scalars struct {
	Order       []PlayerID `json:"order"`
	Phase       Phase      `json:"phase"`
	Current     PlayerID   `json:"current"`
	Turn        int        `json:"turn"`
	Round       int        `json:"round"`
	Reserve     int        `json:"reserve"`
	Traded      int        `json:"traded"`
	Conquered   bool       `json:"conquered"`
	ForcedTrade bool       `json:"forcedTrade"`
	Pending     Conquest   `json:"pending"`
	Due         int        `json:"due"`
	Trades      int        `json:"trades"`
	Winner      PlayerID   `json:"winner"`
	Unclaimed   int        `json:"unclaimed"`
	HandedOver  []PlayerID `json:"handedOver,omitempty"` // R90
}

// Snapshot is a whole state as plain data, for a server that stores a game in rows: the scalars, the
// players, each territory's owner and armies, and the deck and discard pile in order (hands are in the
// players).
type Snapshot struct {
	Scalars Scalars
	Players []Player
	Owners  []PlayerID
	Armies  []int
	Deck    []CardID
	Discard []CardID
}

// Scalars returns the state's scalar part.
func (s State) Scalars() Scalars {
	return Scalars{
		Order: s.order, Phase: s.phase, Current: s.current, Turn: s.turn, Round: s.round, Reserve: s.reserve, Traded: s.traded,
		Conquered: s.conquered, ForcedTrade: s.forcedTrade, Pending: s.pending, Due: int(s.due),
		Trades: s.trades, Winner: s.winner, Unclaimed: s.unclaimed, HandedOver: s.handedOver,
	}
}

// Snapshot exports the whole state. It reads the whole board.
func (s State) Snapshot() Snapshot {
	snap := Snapshot{
		Scalars: s.Scalars(),
		Players: slices.Clone(s.players),
		Owners:  make([]PlayerID, s.board.Len()),
		Armies:  make([]int, s.board.Len()),
		Deck:    s.deck.All(),
		Discard: s.discard.All(),
	}
	for t := range s.board.Len() {
		c := s.cells.Get(t)
		snap.Owners[t], snap.Armies[t] = PlayerID(c.owner), int(c.armies)
	}
	return snap
}

// Restore rebuilds a state from a snapshot of a game on board b created with cfg. The players' counts and
// the bonus-area holders are recomputed from the board, and the result must pass CheckInvariants, so a
// damaged snapshot is refused rather than played on.
func Restore(b *Board, cfg Config, snap Snapshot) (State, error) {
	s, err := New(b, cfg)
	if err != nil {
		return State{}, err
	}
	n := b.Len()
	if len(snap.Players) != len(s.players) || len(snap.Owners) != n || len(snap.Armies) != n {
		return State{}, fmt.Errorf("the snapshot has %d players and %d territories, the game %d and %d",
			len(snap.Players), len(snap.Owners), len(s.players), n)
	}
	sc := snap.Scalars
	s.order = slices.Clone(sc.Order)
	s.phase, s.current, s.turn, s.round, s.reserve, s.traded = sc.Phase, sc.Current, sc.Turn, sc.Round, sc.Reserve, sc.Traded
	s.conquered, s.forcedTrade, s.pending, s.due = sc.Conquered, sc.ForcedTrade, sc.Pending, step(sc.Due)
	s.trades, s.winner, s.unclaimed = sc.Trades, sc.Winner, sc.Unclaimed
	if len(sc.HandedOver) > 0 {
		s.handedOver = slices.Clone(sc.HandedOver)
	}
	v := evolver{s: s, ed: new(edit)}
	for i, p := range snap.Players {
		pl := v.player(PlayerID(i))
		pl.Status, pl.Unplaced, pl.Hand = p.Status, p.Unplaced, slices.Clone(p.Hand)
	}
	for t := range n {
		owner := snap.Owners[t]
		if owner < Unclaimed || int(owner) >= len(s.players) {
			return State{}, fmt.Errorf("territory %d has owner %d", t, owner)
		}
		v.setOwner(TerritoryID(t), owner, snap.Armies[t])
	}
	cards := b.Cards()
	pos := make([]int32, cards)
	for i := range pos {
		pos[i] = -1
	}
	for i, c := range snap.Deck {
		if c < 0 || int(c) >= cards {
			return State{}, fmt.Errorf("deck position %d holds card %d", i, c)
		}
		pos[c] = int32(i)
	}
	v.s.deck, v.s.deckPos, v.s.discard = vecOf(snap.Deck), vecOf(pos), vecOf(snap.Discard)
	for i, p := range snap.Players {
		if got := v.s.players[i]; got.Territories != p.Territories || got.Armies != p.Armies || got.Bonus != p.Bonus {
			return State{}, fmt.Errorf("player %d's counts (%d territories, %d armies, bonus %d) do not match the board (%d, %d, %d)",
				i, p.Territories, p.Armies, p.Bonus, got.Territories, got.Armies, got.Bonus)
		}
	}
	if err := CheckInvariants(v.s); err != nil {
		return State{}, fmt.Errorf("the snapshot is not a valid state: %w", err)
	}
	return v.s, nil
}

// CardLocation says where a card is.
type CardLocation uint8

// The places a card can be.
const (
	InDeck CardLocation = iota
	InDiscard
	InHand
)

var cardLocationNames = [...]string{"deck", "discard", "hand"}

func (l CardLocation) String() string { return enumName(cardLocationNames[:], int(l)) }

// MarshalText encodes the card location by name.
func (l CardLocation) MarshalText() ([]byte, error) { return enumMarshal(cardLocationNames[:], int(l)) }

// UnmarshalText decodes a card location name.
func (l *CardLocation) UnmarshalText(b []byte) error {
	return enumUnmarshal(cardLocationNames[:], b, l)
}

// CardPlace is where a card is: its pile, its holder (in a hand; NoPlayer otherwise) and its position in
// that pile or hand.
type CardPlace struct {
	Location CardLocation
	Holder   PlayerID
	Position int
}

// CardPlace returns where card c is. It is quick for a card in the deck or a hand, and for a card near the
// top of the discard pile (it searches the pile from the top).
func (s State) CardPlace(c CardID) CardPlace {
	if i := s.deckPos.Get(int(c)); i >= 0 {
		return CardPlace{Location: InDeck, Holder: NoPlayer, Position: int(i)}
	}
	for p, pl := range s.players {
		if i := slices.Index(pl.Hand, c); i >= 0 {
			return CardPlace{Location: InHand, Holder: PlayerID(p), Position: i}
		}
	}
	for i := s.discard.Len() - 1; i >= 0; i-- {
		if s.discard.Get(i) == c {
			return CardPlace{Location: InDiscard, Holder: NoPlayer, Position: i}
		}
	}
	return CardPlace{Location: InDiscard, Holder: NoPlayer, Position: -1}
}

// Touched lists the territories and cards whose place, owner or armies may differ between before and
// after, the states around events: what a server must write back. It costs the size of the events, not of
// the board, except for a resignation (the resigned player's territories) and a deal or a reshuffle
// (everything dealt or reshuffled).
func Touched(before, after State, events []Event) (territories []TerritoryID, cards []CardID) {
	ts := map[TerritoryID]bool{}
	cs := map[CardID]bool{}
	for _, e := range events {
		switch e := e.(type) {
		case TerritoriesDealt:
			for t := range e.Owners {
				ts[TerritoryID(t)] = true
			}
		case TerritoryClaimed:
			ts[e.Territory] = true
		case ArmiesPlaced:
			for _, p := range e.Placements {
				ts[p.Territory] = true
			}
		case CardsTraded:
			for _, t := range e.Bonus {
				ts[t] = true
			}
			for _, c := range e.Cards {
				cs[c] = true
			}
		case BattleRolled:
			ts[e.From], ts[e.To] = true, true
		case TerritoryConquered:
			ts[e.To] = true
		case TerritoryOccupied:
			ts[e.From], ts[e.To] = true, true
		case Fortified:
			ts[e.From], ts[e.To] = true, true
		case PlayerEliminated:
			for _, c := range e.Cards {
				cs[c] = true
			}
		case PlayerResigned:
			for _, c := range e.Cards {
				cs[c] = true
			}
			for t := range before.board.Len() {
				if before.Owner(TerritoryID(t)) == e.Player {
					ts[TerritoryID(t)] = true
				}
			}
		case DeckReshuffled:
			for i := range after.deck.Len() {
				cs[after.deck.Get(i)] = true
			}
		case CardDrawn:
			cs[e.Card] = true
			// The deck's last card moved into the drawn card's place.
			if i := int(before.deckPos.Get(int(e.Card))); i >= 0 && i < after.deck.Len() {
				cs[after.deck.Get(i)] = true
			}
		}
	}
	// A hand that changed may have shifted every card in it.
	for p := range after.players {
		if !slices.Equal(before.players[p].Hand, after.players[p].Hand) {
			for _, c := range after.players[p].Hand {
				cs[c] = true
			}
		}
	}
	territories = make([]TerritoryID, 0, len(ts))
	for t := range ts {
		territories = append(territories, t)
	}
	cards = make([]CardID, 0, len(cs))
	for c := range cs {
		cards = append(cards, c)
	}
	slices.Sort(territories)
	slices.Sort(cards)
	return territories, cards
}
