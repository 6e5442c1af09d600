package rules

import (
	"fmt"
	"slices"
)

// PlayerID identifies a seat by its index in Config.Seats.
type PlayerID int

// Owners that are not players.
const (
	Neutral   PlayerID = -1 // a resigned player's territory: it never acts and must be conquered
	Unclaimed PlayerID = -2 // a territory nobody has claimed yet (round-robin claim)
	NoPlayer  PlayerID = -3 // no current player or winner
)

// Phase is the stage of the game or of the current turn.
type Phase uint8

// The phases, in the order a game goes through them.
const (
	PhaseSetup     Phase = iota // created, not started
	PhaseClaim                  // round-robin claim picks
	PhasePlacement              // round-robin placement turns
	PhaseReinforce              // a game turn: trading cards and placing reinforcements
	PhaseAttack                 // a game turn: attacking
	PhaseOccupy                 // a game turn: a conquered territory awaits its armies
	PhaseFortify                // a game turn: the one fortify move
	PhaseOver                   // the game has a winner
)

var phaseNames = [...]string{"setup", "claim", "placement", "reinforce", "attack", "occupy", "fortify", "over"}

// Status is a player's standing in the game.
type Status uint8

// The player statuses.
const (
	Active Status = iota
	Eliminated
	Resigned
)

var statusNames = [...]string{"active", "eliminated", "resigned"}

// ClaimStrategy is how territories are handed out at the start.
type ClaimStrategy uint8

// The claim strategies.
const (
	ClaimRandom     ClaimStrategy = iota // dealt at random, starting armies placed at random
	ClaimRoundRobin                      // picked one at a time in turn order, then one placement turn each
)

var claimNames = [...]string{"random", "round_robin"}

// CardSystem is the reward schedule for trading in a set of cards.
type CardSystem uint8

// The card systems.
const (
	CardsClassic           CardSystem = iota // 4, 6, 8, 10, 12, 15, then +5, counted game-wide
	CardsFixed                               // by set: 4 infantry, 6 cavalry, 8 artillery, 10 one of each
	CardsFixedTTB                            // max(fixed, TTBPercent% of the opponents' armies)
	CardsClassicScalingTTB                   // min(classic, opponents' armies / players left)
)

var cardSystemNames = [...]string{"classic", "fixed", "fixed_ttb", "classic_scaling_ttb"}

func (p Phase) String() string         { return enumName(phaseNames[:], int(p)) }
func (s Status) String() string        { return enumName(statusNames[:], int(s)) }
func (c ClaimStrategy) String() string { return enumName(claimNames[:], int(c)) }
func (c CardSystem) String() string    { return enumName(cardSystemNames[:], int(c)) }

// MarshalText encodes the phase by name.
func (p Phase) MarshalText() ([]byte, error) { return enumMarshal(phaseNames[:], int(p)) }

// UnmarshalText decodes a phase name.
func (p *Phase) UnmarshalText(b []byte) error { return enumUnmarshal(phaseNames[:], b, p) }

// MarshalText encodes the player status by name.
func (s Status) MarshalText() ([]byte, error) { return enumMarshal(statusNames[:], int(s)) }

// UnmarshalText decodes a player status name.
func (s *Status) UnmarshalText(b []byte) error { return enumUnmarshal(statusNames[:], b, s) }

// MarshalText encodes the claim strategy by name.
func (c ClaimStrategy) MarshalText() ([]byte, error) { return enumMarshal(claimNames[:], int(c)) }

// UnmarshalText decodes a claim strategy name.
func (c *ClaimStrategy) UnmarshalText(b []byte) error { return enumUnmarshal(claimNames[:], b, c) }

// MarshalText encodes the card system by name.
func (c CardSystem) MarshalText() ([]byte, error) { return enumMarshal(cardSystemNames[:], int(c)) }

// UnmarshalText decodes a card system name.
func (c *CardSystem) UnmarshalText(b []byte) error { return enumUnmarshal(cardSystemNames[:], b, c) }

func enumName(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("unknown(%d)", i)
}

func enumMarshal(names []string, i int) ([]byte, error) {
	if i < 0 || i >= len(names) {
		return nil, fmt.Errorf("unknown value %d", i)
	}
	return []byte(names[i]), nil
}

func enumUnmarshal[T ~uint8](names []string, b []byte, out *T) error {
	i := slices.Index(names, string(b))
	if i < 0 {
		return fmt.Errorf("unknown value %q (want one of %v)", b, names)
	}
	*out = T(i)
	return nil
}

// Seat is one player's place at the table.
type Seat struct {
	Color string `json:"color"`
	Team  int    `json:"team,omitempty"` // the index in Config.Teams of the seat's team; 0 without teams
}

// Config is what a game is created with.
type Config struct {
	Seats      []Seat        `json:"seats"`
	Claim      ClaimStrategy `json:"claim"`
	Cards      CardSystem    `json:"cards"`
	TTBPercent int           `json:"ttbPercent,omitempty"` // Fixed TTB only: 4 to 10, zero means 6
	Fog        Fog           `json:"fog,omitempty"`        // what players see of others' territories (fog.go)
	Teams      []Team        `json:"teams,omitempty"`      // the teams of a team game (team.go); none in a free-for-all
	TeamRules  TeamRules     `json:"teamRules,omitzero"`   // a team game's options
}

// Player limits.
const (
	MinPlayers = 2
	MaxPlayers = 24
)

// DefaultTTBPercent is the Fixed TTB percentage when the config leaves it zero.
const DefaultTTBPercent = 6

func (c Config) validate(b *Board) error {
	maxSeats := min(MaxPlayers, b.Len()/3)
	if len(c.Seats) < MinPlayers || len(c.Seats) > maxSeats {
		return errorf(CodeInvalidConfig, "this map takes %d to %d players, got %d", MinPlayers, maxSeats, len(c.Seats))
	}
	seen := make(map[string]bool, len(c.Seats))
	for i, s := range c.Seats {
		if s.Color == "" {
			return errorf(CodeInvalidConfig, "seat %d has no color", i)
		}
		if seen[s.Color] {
			return errorf(CodeInvalidConfig, "seat %d: color %q is taken", i, s.Color)
		}
		seen[s.Color] = true
	}
	if c.Claim > ClaimRoundRobin {
		return errorf(CodeInvalidConfig, "unknown claim strategy %d", c.Claim)
	}
	if c.Cards > CardsClassicScalingTTB {
		return errorf(CodeInvalidConfig, "unknown card system %d", c.Cards)
	}
	if int(c.Fog) >= len(fogNames) {
		return errorf(CodeInvalidConfig, "unknown fog level %d", c.Fog)
	}
	if c.Fog != FogNone && c.Cards.countsArmies() {
		return errorf(CodeInvalidConfig, "a set's worth under %s counts the opponents' armies, which fog hides: play fog with classic or fixed cards", c.Cards)
	}
	if c.TTBPercent != 0 && (c.TTBPercent < 4 || c.TTBPercent > 10) {
		return errorf(CodeInvalidConfig, "the TTB percentage must be 4 to 10, got %d", c.TTBPercent)
	}
	return c.validateTeams()
}

// countsArmies reports whether a set's worth under the card system counts the opponents' armies.
func (c CardSystem) countsArmies() bool { return c == CardsFixedTTB || c == CardsClassicScalingTTB }

func (c Config) ttbPercent() int {
	if c.TTBPercent == 0 {
		return DefaultTTBPercent
	}
	return c.TTBPercent
}

// Player is one seat's standing; the seat itself (its color) is in the Config.
type Player struct {
	Status      Status
	Territories int      // territories owned
	Armies      int      // armies on the board
	Bonus       int      // sum of the bonuses of the areas the player holds whole
	Unplaced    int      // starting armies not yet on the board (round-robin claim)
	Hand        []CardID // never modified in place: a change makes a new slice
}

// Conquest is a conquered territory waiting for its armies (PhaseOccupy).
type Conquest struct {
	From, To  TerritoryID
	MinArmies int
}

// step is a consequence that one event makes necessary and the next event must record: a roll that
// empties a territory is followed by its conquest, and a conquest of a player's last territory by the
// elimination. Between the two the state is valid but waiting.
type step uint8

const (
	stepNone step = iota
	stepConquest
	stepElimination
)

// cell is one territory's changing part.
type cell struct {
	owner  int16
	armies int32
}

// State is a game at one moment. It is a value: commands and events make new states that share
// everything untouched with the old one, so keeping a state is cheap and safe.
type State struct {
	board       *Board
	cfg         Config
	players     []Player // never modified in place
	order       []PlayerID
	phase       Phase
	current     PlayerID
	turn        int
	round       int // the game turns' round: 1 for every seat's first game turn, 0 before it
	reserve     int
	traded      int  // armies the current player received from sets traded this turn
	conquered   bool // the current player has conquered a territory this turn
	forcedTrade bool // an elimination left the current player with 6+ cards
	pending     Conquest
	due         step // the step the last event made necessary: the next event must take it
	trades      int
	winner      PlayerID
	unclaimed   int
	handedOver  []PlayerID // the seats whose player left them in the game (R90), in seat order; never modified in place
	cells       vec[cell]
	areaHolder  vec[int16] // player holding each bonus area whole, or NoPlayer
	deck        vec[CardID]
	deckPos     vec[int32] // card -> index in deck, or -1
	discard     vec[CardID]
}

// New returns a game in PhaseSetup: seats taken, nothing dealt. StartGame begins it.
func New(b *Board, cfg Config) (State, error) {
	if err := cfg.validate(b); err != nil {
		return State{}, err
	}
	cfg.Seats = slices.Clone(cfg.Seats)
	cfg.Teams = slices.Clone(cfg.Teams)
	players := make([]Player, len(cfg.Seats))
	deck := make([]CardID, b.Cards())
	pos := make([]int32, b.Cards())
	for i := range deck {
		deck[i] = CardID(i)
		pos[i] = int32(i)
	}
	return State{
		board:      b,
		cfg:        cfg,
		players:    players,
		phase:      PhaseSetup,
		current:    NoPlayer,
		winner:     NoPlayer,
		unclaimed:  b.Len(),
		cells:      vecFilled(b.Len(), cell{owner: int16(Unclaimed)}),
		areaHolder: vecFilled(len(b.areas), int16(NoPlayer)),
		deck:       vecOf(deck),
		deckPos:    vecOf(pos),
	}, nil
}

// Board returns the map the game is played on.
func (s State) Board() *Board { return s.board }

// Config returns the game's settings.
func (s State) Config() Config { return s.cfg }

// Phase returns the stage of the game or turn.
func (s State) Phase() Phase { return s.phase }

// Current returns the player to move, or NoPlayer before the start and after the end.
func (s State) Current() PlayerID { return s.current }

// Turn returns the number of turns started so far: claim picks, placement turns and game turns.
func (s State) Turn() int { return s.turn }

// Round returns the round of game turns as players count them: 1 while each player plays their first game
// turn, n on the n-th time round the table; 0 before the first game turn (claim picks and placement turns
// are not counted). A round begins with every game turn that goes to a player at or before the previous
// game turn's player in the turn order, so it counts the laps of the turn order whoever has left it:
// eliminated and resigned players, skipped, shorten a round but do not start one. A lone survivor's every
// turn is a round. It is part of the state, kept by Evolve, so Replay of a record gives it too.
func (s State) Round() int { return s.round }

// TradedArmies returns the armies the current player has received from sets traded this turn (not counting
// the territory bonuses, which go on the board): 0 until a trade, and after a turn starts.
func (s State) TradedArmies() int { return s.traded }

// Reserve returns the armies the current player still has to place.
func (s State) Reserve() int { return s.reserve }

// Conquered reports whether the current player has conquered a territory this turn.
func (s State) Conquered() bool { return s.conquered }

// Pending returns the conquest awaiting its armies; valid in PhaseOccupy.
func (s State) Pending() Conquest { return s.pending }

// Trades returns how many sets have been traded in, game-wide.
func (s State) Trades() int { return s.trades }

// Winner returns the winner, or NoPlayer while the game goes on.
func (s State) Winner() PlayerID { return s.winner }

// HandedOver reports whether seat p was handed over (R90): its player left, and the seat stays in the game
// with its territories and cards, played for the team by a teammate or a CPU (the game service decides who).
func (s State) HandedOver(p PlayerID) bool { return slices.Contains(s.handedOver, p) }

// Order returns the turn order. The slice must not be modified.
func (s State) Order() []PlayerID { return s.order }

// Players returns the number of seats.
func (s State) Players() int { return len(s.players) }

// Player returns seat p. Its Hand must not be modified.
func (s State) Player(p PlayerID) Player { return s.players[p] }

// Owner returns the owner of territory t: a player, Neutral or Unclaimed.
func (s State) Owner(t TerritoryID) PlayerID { return PlayerID(s.cells.Get(int(t)).owner) }

// Armies returns the armies on territory t.
func (s State) Armies(t TerritoryID) int { return int(s.cells.Get(int(t)).armies) }

// AreaHolder returns the player who owns every territory of bonus area a, or NoPlayer.
func (s State) AreaHolder(a int) PlayerID { return PlayerID(s.areaHolder.Get(a)) }

// DeckSize returns the number of cards in the draw pile.
func (s State) DeckSize() int { return s.deck.Len() }

// DiscardSize returns the number of cards in the discard pile.
func (s State) DiscardSize() int { return s.discard.Len() }

// MustTrade reports whether the current player must trade a set before doing anything else: five or
// more cards in the reinforcement phase, or more than four after an elimination brought six or more.
func (s State) MustTrade() bool {
	if s.current < 0 {
		return false
	}
	n := len(s.players[s.current].Hand)
	return (s.phase == PhaseReinforce && n >= 5) || (s.phase == PhaseAttack && s.forcedTrade && n > 4)
}

// ActivePlayers returns the number of players still in the game.
func (s State) ActivePlayers() int {
	n := 0
	for _, p := range s.players {
		if p.Status == Active {
			n++
		}
	}
	return n
}

// StartingArmies returns each player's starting armies for t territories and p players:
// max(ceil(t/p), max(1, 10-p) * round(0.12*t)).
func StartingArmies(t, p int) int {
	return max((t+p-1)/p, max(1, 10-p)*((12*t+50)/100))
}

// MinReinforcements is the fewest armies a game turn starts with, and the least the territories count for
// (R12).
const MinReinforcements = 3

// Reinforcement is how the armies a player receives at the start of a game turn are counted (R12): the
// rule's one statement, which the engine grants from (ReinforcementsOf) and the API shows.
type Reinforcement struct {
	Player          PlayerID
	Territories     int   // territories the player owns
	FromTerritories int   // Territories / 3, rounded down
	Areas           []int // the bonus areas the player holds whole, as indexes of Board.Areas, in board order
	AreaBonus       int   // the sum of those areas' bonuses (zero and negative bonuses included)
	Minimum         int   // MinReinforcements
	// Total is what the turn starts with: max(Minimum, max(Minimum, FromTerritories) + AreaBonus). The
	// minimum applies to the territories' part and again to the whole.
	Total int
}

// reinforcementTotal is the rule of R12 over the breakdown's parts.
func reinforcementTotal(fromTerritories, areaBonus int) int {
	return max(MinReinforcements, max(MinReinforcements, fromTerritories)+areaBonus)
}

// ReinforcementTotal returns what a game turn starts with (R12) for a player who owns territories
// territories and holds bonus areas whose bonuses add up to areaBonus: the Total of ReinforcementsOf, for
// callers that count a board as a viewer knows it rather than a State.
func ReinforcementTotal(territories, areaBonus int) int {
	return reinforcementTotal(territories/3, areaBonus)
}

// ReinforcementsOf returns how the armies player p receives at the start of a game turn are counted, from
// the board as it stands. The engine grants its Total when p's game turn starts; during the reinforcement
// phase nothing it counts can change, so it is also what the turn started with. It reads every bonus area.
func (s State) ReinforcementsOf(p PlayerID) Reinforcement {
	pl := s.players[p]
	r := Reinforcement{Player: p, Territories: pl.Territories, FromTerritories: pl.Territories / 3, Minimum: MinReinforcements}
	for a, area := range s.board.areas {
		if s.AreaHolder(a) == p {
			r.Areas = append(r.Areas, a)
			r.AreaBonus += area.Bonus
		}
	}
	r.Total = reinforcementTotal(r.FromTerritories, r.AreaBonus)
	return r
}

// Reinforcements returns the armies player p receives at the start of a turn: ReinforcementsOf(p).Total,
// computed without listing the areas (from the player's bonus sum, which the invariants keep equal to the
// bonuses of the areas held), for callers that ask often, such as the CPU's search.
func (s State) Reinforcements(p PlayerID) int {
	pl := s.players[p]
	return reinforcementTotal(pl.Territories/3, pl.Bonus)
}
