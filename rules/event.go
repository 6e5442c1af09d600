package rules

// Event is one fact of a game's record. A game's state is the fold of its events (see Evolve), and every
// random draw is inside them, so a record replays exactly. The set is closed: the types in this file are
// the only events.
type Event interface {
	// Kind returns the event's stable snake_case name.
	Kind() string
	isEvent()
}

// GameStarted fixes the turn order and each player's starting armies.
type GameStarted struct {
	Order          []PlayerID `json:"order"`
	StartingArmies int        `json:"startingArmies"`
}

// TerritoriesDealt gives every territory an owner and one army (random claim). Owners is indexed by
// territory.
type TerritoriesDealt struct {
	Owners []PlayerID `json:"owners"`
}

// TurnStarted hands the move to Player: a claim pick, a placement turn or a game turn. Armies is the
// reserve the player has to place (starting armies in a placement turn, reinforcements in a game turn).
type TurnStarted struct {
	Player PlayerID `json:"player"`
	Turn   int      `json:"turn"`
	Phase  Phase    `json:"phase"`
	Armies int      `json:"armies"`
}

// PhaseChanged moves the current player's turn to another phase.
type PhaseChanged struct {
	Phase Phase `json:"phase"`
}

// TerritoryClaimed records a claim pick: Player takes Territory with one army.
type TerritoryClaimed struct {
	Player    PlayerID    `json:"player"`
	Territory TerritoryID `json:"territory"`
}

// ArmiesPlaced records armies placed from a reserve, or (with Starting) starting armies placed at random.
type ArmiesPlaced struct {
	Player     PlayerID    `json:"player"`
	Placements []Placement `json:"placements"`
	Starting   bool        `json:"starting,omitempty"`
}

// CardsTraded records a set turned in for Armies; each territory in Bonus (a traded card's territory the
// player owns) received 2 armies directly.
type CardsTraded struct {
	Player PlayerID      `json:"player"`
	Cards  [3]CardID     `json:"cards"`
	Armies int           `json:"armies"`
	Bonus  []TerritoryID `json:"bonus,omitempty"`
}

// BattleRolled records one roll of an attack, with the dice of both sides sorted high to low.
type BattleRolled struct {
	From           TerritoryID `json:"from"`
	To             TerritoryID `json:"to"`
	Attacker       PlayerID    `json:"attacker"`
	Defender       PlayerID    `json:"defender"`
	AttackDice     []int       `json:"attackDice"`
	DefendDice     []int       `json:"defendDice"`
	AttackerLosses int         `json:"attackerLosses"`
	DefenderLosses int         `json:"defenderLosses"`
}

// TerritoryConquered records that To fell to Player: it changes owner with no armies until Player
// occupies it with at least MinArmies from From.
type TerritoryConquered struct {
	From      TerritoryID `json:"from"`
	To        TerritoryID `json:"to"`
	Player    PlayerID    `json:"player"`
	Previous  PlayerID    `json:"previous"`
	MinArmies int         `json:"minArmies"`
}

// PlayerEliminated records that Player lost their last territory to By, who takes their cards.
type PlayerEliminated struct {
	Player PlayerID `json:"player"`
	By     PlayerID `json:"by"`
	Cards  []CardID `json:"cards,omitempty"`
}

// TerritoryOccupied records the armies moved into a conquered territory.
type TerritoryOccupied struct {
	From   TerritoryID `json:"from"`
	To     TerritoryID `json:"to"`
	Armies int         `json:"armies"`
}

// Fortified records the turn's fortify move.
type Fortified struct {
	From   TerritoryID `json:"from"`
	To     TerritoryID `json:"to"`
	Armies int         `json:"armies"`
}

// DeckReshuffled records that the empty deck was refilled from the discard pile.
type DeckReshuffled struct{}

// CardDrawn records the card Player earned by a conquest, drawn at random from the deck.
type CardDrawn struct {
	Player PlayerID `json:"player"`
	Card   CardID   `json:"card"`
}

// PlayerResigned records a resignation: the player's territories turn neutral with their armies and their
// cards go to the discard pile.
type PlayerResigned struct {
	Player PlayerID `json:"player"`
	Cards  []CardID `json:"cards,omitempty"`
}

// SeatHandedOver records that the player of a team game's seat left it with the handover option on
// (R90): the seat stays in the game with its territories, armies and cards, and its turn, if it is the
// current one, goes on.
type SeatHandedOver struct {
	Player PlayerID `json:"player"`
}

// GameOver records the winner: the seat whose command won the game, and in a team game every seat that
// wins with its team (R85).
type GameOver struct {
	Winner  PlayerID   `json:"winner"`
	Winners []PlayerID `json:"winners,omitempty"`
}

func (GameStarted) Kind() string        { return "game_started" }
func (TerritoriesDealt) Kind() string   { return "territories_dealt" }
func (TurnStarted) Kind() string        { return "turn_started" }
func (PhaseChanged) Kind() string       { return "phase_changed" }
func (TerritoryClaimed) Kind() string   { return "territory_claimed" }
func (ArmiesPlaced) Kind() string       { return "armies_placed" }
func (CardsTraded) Kind() string        { return "cards_traded" }
func (BattleRolled) Kind() string       { return "battle_rolled" }
func (TerritoryConquered) Kind() string { return "territory_conquered" }
func (PlayerEliminated) Kind() string   { return "player_eliminated" }
func (TerritoryOccupied) Kind() string  { return "territory_occupied" }
func (Fortified) Kind() string          { return "fortified" }
func (DeckReshuffled) Kind() string     { return "deck_reshuffled" }
func (CardDrawn) Kind() string          { return "card_drawn" }
func (PlayerResigned) Kind() string     { return "player_resigned" }
func (SeatHandedOver) Kind() string     { return "seat_handed_over" }
func (GameOver) Kind() string           { return "game_over" }

func (GameStarted) isEvent()        {}
func (TerritoriesDealt) isEvent()   {}
func (TurnStarted) isEvent()        {}
func (PhaseChanged) isEvent()       {}
func (TerritoryClaimed) isEvent()   {}
func (ArmiesPlaced) isEvent()       {}
func (CardsTraded) isEvent()        {}
func (BattleRolled) isEvent()       {}
func (TerritoryConquered) isEvent() {}
func (PlayerEliminated) isEvent()   {}
func (TerritoryOccupied) isEvent()  {}
func (Fortified) isEvent()          {}
func (DeckReshuffled) isEvent()     {}
func (CardDrawn) isEvent()          {}
func (PlayerResigned) isEvent()     {}
func (SeatHandedOver) isEvent()     {}
func (GameOver) isEvent()           {}
