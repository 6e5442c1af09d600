package rules

// Command is one thing a player asks the engine to do. The set is closed: the types in this file are the
// only commands.
type Command interface {
	// Kind returns the command's stable snake_case name.
	Kind() string
	isCommand()
}

// Placement puts Armies armies on Territory.
type Placement struct {
	Territory TerritoryID `json:"territory"`
	Armies    int         `json:"armies"`
}

// StartGame draws the turn order and sets up the board by the game's claim strategy.
type StartGame struct{}

// Claim takes one unclaimed territory during a round-robin claim.
type Claim struct {
	Territory TerritoryID `json:"territory"`
}

// Place puts armies from the player's reserve on territories the player owns, in one or more placements.
type Place struct {
	Placements []Placement `json:"placements"`
}

// Trade turns in a set of three cards for armies.
type Trade struct {
	Cards [3]CardID `json:"cards"`
}

// Attack rolls against a neighbouring enemy or neutral territory. Dice is the number of attacking dice,
// 1 to min(3, armies-1); zero means the most allowed. With Repeat the attack rolls again and again (each
// roll with the chosen dice, or fewer when the armies run low) until the territory falls or the attacking
// territory is down to StopAt armies (at least 1).
type Attack struct {
	From   TerritoryID `json:"from"`
	To     TerritoryID `json:"to"`
	Dice   int         `json:"dice,omitempty"`
	Repeat bool        `json:"repeat,omitempty"`
	StopAt int         `json:"stopAt,omitempty"`
}

// Occupy moves armies into the territory just conquered.
type Occupy struct {
	Armies int `json:"armies"`
}

// EndAttack ends the attack phase and starts the fortify phase.
type EndAttack struct{}

// Fortify moves armies between two adjacent territories of the player and ends the turn.
type Fortify struct {
	From   TerritoryID `json:"from"`
	To     TerritoryID `json:"to"`
	Armies int         `json:"armies"`
}

// EndTurn ends the turn without (further) attacks or a fortify move.
type EndTurn struct{}

// Resign leaves the game: the player's territories turn neutral and their cards are discarded.
type Resign struct{}

func (StartGame) Kind() string { return "start_game" }
func (Claim) Kind() string     { return "claim" }
func (Place) Kind() string     { return "place" }
func (Trade) Kind() string     { return "trade" }
func (Attack) Kind() string    { return "attack" }
func (Occupy) Kind() string    { return "occupy" }
func (EndAttack) Kind() string { return "end_attack" }
func (Fortify) Kind() string   { return "fortify" }
func (EndTurn) Kind() string   { return "end_turn" }
func (Resign) Kind() string    { return "resign" }

func (StartGame) isCommand() {}
func (Claim) isCommand()     {}
func (Place) isCommand()     {}
func (Trade) isCommand()     {}
func (Attack) isCommand()    {}
func (Occupy) isCommand()    {}
func (EndAttack) isCommand() {}
func (Fortify) isCommand()   {}
func (EndTurn) isCommand()   {}
func (Resign) isCommand()    {}
