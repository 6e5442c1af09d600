package rules

import (
	"slices"
	"strconv"
)

// Apply decides command c by player p and returns the new state with the events that led to it. A
// refused command returns s unchanged and an *Error.
func Apply(s State, p PlayerID, c Command, d Dice) (State, []Event, error) {
	dc := decider{evolver: evolver{s: s, ed: new(edit)}, dice: d, events: make([]Event, 0, 4)}
	if err := dc.decide(p, c); err != nil {
		return s, nil, err
	}
	if dc.err != nil {
		return s, nil, dc.err
	}
	return dc.s, dc.events, nil
}

// decider checks one command and emits its events, evolving its own copy of the state as it goes so that
// later checks (the next roll of a repeated attack, say) see the earlier events.
type decider struct {
	evolver
	dice   Dice
	events []Event
	err    error // an emitted event that did not fit: a bug in the decider, reported as INVALID_EVENT
}

func (d *decider) emit(e Event) {
	if d.err != nil {
		return
	}
	if err := d.apply(e); err != nil {
		d.err = err
		return
	}
	d.events = append(d.events, e)
}

func (d *decider) decide(p PlayerID, c Command) error {
	if c, ok := c.(StartGame); ok {
		return d.startGame(c)
	}
	if err := d.checkActor(p); err != nil {
		return err
	}
	if _, ok := c.(Resign); ok {
		if d.s.ActivePlayers() == 1 {
			return errorf(CodeLastPlayer, "you are the last player left: the game ends when you own every territory")
		}
		return d.resign(p)
	}
	if p != d.s.current {
		return errorf(CodeNotYourTurn, "it is player %d's turn", d.s.current)
	}
	if _, ok := c.(Occupy); !ok && d.s.phase == PhaseOccupy {
		return errorf(CodeMustOccupy, "move armies into territory %s first", d.name(d.s.pending.To))
	}
	switch c := c.(type) {
	case Claim:
		return d.claim(p, c)
	case Place:
		return d.place(p, c)
	case Trade:
		return d.trade(p, c)
	case Attack:
		return d.attack(p, c)
	case Occupy:
		return d.occupy(c)
	case EndAttack:
		return d.endAttack()
	case Fortify:
		return d.fortify(p, c)
	case EndTurn:
		return d.endTurn()
	default:
		return errorf(CodeUnknownCommand, "unknown command %T", c)
	}
}

func (d *decider) checkActor(p PlayerID) error {
	switch {
	case d.s.phase == PhaseSetup:
		return errorf(CodeNotStarted, "the game has not started")
	case d.s.phase == PhaseOver:
		return errorf(CodeGameOver, "the game is over")
	case p < 0 || int(p) >= len(d.s.players):
		return errorf(CodeUnknownPlayer, "no player %d", p)
	case d.s.players[p].Status != Active:
		return errorf(CodeNotActive, "player %d is %s", p, d.s.players[p].Status)
	}
	return nil
}

func (d *decider) checkPhase(want ...Phase) error {
	if !slices.Contains(want, d.s.phase) {
		return errorf(CodeWrongPhase, "not allowed in the %s phase", d.s.phase)
	}
	return nil
}

// name is how a message names territory t: by its key, quoted, as the map file and the API do.
func (d *decider) name(t TerritoryID) string {
	return strconv.Quote(d.s.board.Territory(t).Key)
}

func (d *decider) checkTerritory(t TerritoryID) error {
	if !d.s.board.validTerritory(t) {
		return errorf(CodeUnknownTerritory, "no territory %d", t)
	}
	return nil
}

// orTeammates ends a NOT_OWNER message where the game's option lets teammates' territories serve too.
func (d *decider) orTeammates(allowed bool) string {
	if allowed {
		return " or a teammate's"
	}
	return ""
}

func (d *decider) checkOwned(p PlayerID, ts ...TerritoryID) error {
	for _, t := range ts {
		if err := d.checkTerritory(t); err != nil {
			return err
		}
		if d.s.Owner(t) != p {
			return errorf(CodeNotOwner, "territory %s is not yours", d.name(t))
		}
	}
	return nil
}

// checkReady refuses to go on with the attack phase while a forced trade or its armies are pending.
func (d *decider) checkReady() error {
	if d.s.MustTrade() {
		return errorf(CodeMustTrade, "you hold %d cards: trade a set first", len(d.s.players[d.s.current].Hand))
	}
	if d.s.reserve > 0 {
		return errorf(CodeMustPlace, "place your %d armies first", d.s.reserve)
	}
	return nil
}

func (d *decider) startGame(StartGame) error {
	if d.s.phase != PhaseSetup {
		return errorf(CodeAlreadyStarted, "the game has started already")
	}
	order := d.s.cfg.turnOrder(d.dice)
	d.emit(GameStarted{Order: order, StartingArmies: StartingArmies(d.s.board.Len(), len(order))})
	if d.s.cfg.Claim == ClaimRoundRobin {
		d.emit(TurnStarted{Player: order[0], Turn: 1, Phase: PhaseClaim})
		return nil
	}
	deal := make([]TerritoryID, d.s.board.Len())
	for i := range deal {
		deal[i] = TerritoryID(i)
	}
	shuffle(d.dice, deal)
	owners := make([]PlayerID, len(deal))
	owned := make([][]TerritoryID, len(order))
	for i, t := range deal {
		p := order[i%len(order)]
		owners[t] = p
		owned[p] = append(owned[p], t)
	}
	d.emit(TerritoriesDealt{Owners: owners})
	for _, p := range order {
		slices.Sort(owned[p])
		counts := make(map[TerritoryID]int)
		for range d.s.players[p].Unplaced {
			counts[owned[p][d.dice.Intn(len(owned[p]))]]++
		}
		if len(counts) > 0 {
			d.emit(ArmiesPlaced{Player: p, Placements: sortedPlacements(counts), Starting: true})
		}
	}
	d.startGameTurn(order[0])
	return nil
}

func shuffle[T any](d Dice, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := d.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func sortedPlacements(counts map[TerritoryID]int) []Placement {
	out := make([]Placement, 0, len(counts))
	for t, n := range counts {
		out = append(out, Placement{Territory: t, Armies: n})
	}
	slices.SortFunc(out, func(a, b Placement) int { return int(a.Territory - b.Territory) })
	return out
}

func (d *decider) startGameTurn(p PlayerID) {
	d.emit(TurnStarted{Player: p, Turn: d.s.turn + 1, Phase: PhaseReinforce, Armies: d.s.ReinforcementsOf(p).Total})
}

// advance hands the move on after the current player's pick, placement turn or game turn is over.
func (d *decider) advance() {
	pos := slices.Index(d.s.order, d.s.current)
	switch d.s.phase {
	case PhaseClaim:
		if d.s.unclaimed > 0 {
			d.emit(TurnStarted{Player: d.nextActive(pos), Turn: d.s.turn + 1, Phase: PhaseClaim})
			if d.s.ActivePlayers() == 1 {
				d.claimRest()
			}
			return
		}
		if d.s.teamHoldsAll(d.s.current) { // the other teams resigned before they claimed anything
			d.gameOver(d.s.current)
			return
		}
		d.startPlacement(0)
	case PhasePlacement:
		d.startPlacement(pos + 1)
	default:
		d.drawCard()
		d.startGameTurn(d.nextActive(pos))
	}
}

// startPlacement starts the placement turn of the first player from position pos of the turn order who
// has armies to place, or the first game turn when nobody has.
func (d *decider) startPlacement(pos int) {
	for _, p := range d.s.order[pos:] {
		if pl := d.s.players[p]; pl.Status == Active && pl.Unplaced > 0 {
			d.emit(TurnStarted{Player: p, Turn: d.s.turn + 1, Phase: PhasePlacement, Armies: pl.Unplaced})
			return
		}
	}
	d.startGameTurn(d.nextActive(-1))
}

// nextActive returns the first active player after position pos of the turn order, wrapping around.
func (d *decider) nextActive(pos int) PlayerID {
	n := len(d.s.order)
	for i := 1; i <= n; i++ {
		if p := d.s.order[(pos+i+n)%n]; d.s.players[p].Status == Active {
			return p
		}
	}
	return NoPlayer
}

// claimRest ends a round-robin claim whose player to pick is the only active player left (R43): their
// pick takes every unclaimed territory, in board order. The claim is then over: the game is won when they
// own every territory, and the placement turns begin otherwise.
func (d *decider) claimRest() {
	p := d.s.current
	for t := range d.s.board.Len() {
		if d.err != nil {
			return
		}
		if d.s.Owner(TerritoryID(t)) == Unclaimed {
			d.emit(TerritoryClaimed{Player: p, Territory: TerritoryID(t)})
		}
	}
	if d.s.teamHoldsAll(p) {
		d.gameOver(p)
		return
	}
	d.startPlacement(0)
}

func (d *decider) drawCard() {
	if !d.s.conquered {
		return
	}
	if d.s.deck.Len() == 0 {
		if d.s.discard.Len() == 0 {
			return // every card is in a hand
		}
		d.emit(DeckReshuffled{})
	}
	d.emit(CardDrawn{Player: d.s.current, Card: d.s.deck.Get(d.dice.Intn(d.s.deck.Len()))})
}

func (d *decider) claim(p PlayerID, c Claim) error {
	if err := d.checkPhase(PhaseClaim); err != nil {
		return err
	}
	if err := d.checkTerritory(c.Territory); err != nil {
		return err
	}
	if d.s.Owner(c.Territory) != Unclaimed {
		return errorf(CodeAlreadyClaimed, "territory %s is taken", d.name(c.Territory))
	}
	d.emit(TerritoryClaimed{Player: p, Territory: c.Territory})
	d.advance()
	return nil
}

func (d *decider) place(p PlayerID, c Place) error {
	if err := d.checkPhase(PhasePlacement, PhaseReinforce, PhaseAttack); err != nil {
		return err
	}
	if d.s.MustTrade() {
		return errorf(CodeMustTrade, "you hold %d cards: trade a set first", len(d.s.players[p].Hand))
	}
	if d.s.reserve == 0 {
		return errorf(CodeWrongPhase, "you have no armies to place")
	}
	if len(c.Placements) == 0 {
		return errorf(CodeInvalidAmount, "no placements given")
	}
	total := 0
	for _, pl := range c.Placements {
		if err := d.checkTerritory(pl.Territory); err != nil {
			return err
		}
		if !d.s.mayHold(p, pl.Territory, d.s.cfg.TeamRules.PlaceOnTeammates) {
			return errorf(CodeNotOwner, "territory %s is not yours%s", d.name(pl.Territory), d.orTeammates(d.s.cfg.TeamRules.PlaceOnTeammates))
		}
		if pl.Armies < 1 || pl.Armies > d.s.reserve {
			return errorf(CodeInvalidAmount, "%d armies: place 1 to %d", pl.Armies, d.s.reserve)
		}
		total += pl.Armies
	}
	if total > d.s.reserve {
		return errorf(CodeInvalidAmount, "%d armies placed, you have %d", total, d.s.reserve)
	}
	d.emit(ArmiesPlaced{Player: p, Placements: slices.Clone(c.Placements)})
	if d.s.reserve > 0 {
		return nil
	}
	switch d.s.phase {
	case PhasePlacement:
		d.advance()
	case PhaseReinforce:
		d.emit(PhaseChanged{Phase: PhaseAttack})
	}
	return nil
}

func (d *decider) trade(p PlayerID, c Trade) error {
	if err := d.checkPhase(PhaseReinforce, PhaseAttack); err != nil {
		return err
	}
	if d.s.phase == PhaseAttack && !d.s.MustTrade() {
		return errorf(CodeWrongPhase, "cards are traded in the reinforcement phase")
	}
	k, err := d.s.checkSet(p, c.Cards)
	if err != nil {
		return err
	}
	d.emit(CardsTraded{Player: p, Cards: c.Cards, Armies: d.s.tradeValue(p, k), Bonus: d.s.TradeBonus(p, c.Cards)})
	return nil
}

func (d *decider) attack(p PlayerID, c Attack) error {
	if err := d.checkPhase(PhaseAttack); err != nil {
		return err
	}
	if err := d.checkReady(); err != nil {
		return err
	}
	if err := d.checkOwned(p, c.From); err != nil {
		return err
	}
	if err := d.checkTerritory(c.To); err != nil {
		return err
	}
	armies := d.s.Armies(c.From)
	switch {
	case d.s.Owner(c.To) == p:
		return errorf(CodeOwnTerritory, "territory %s is yours", d.name(c.To))
	case !d.s.mayAttack(p, c.To):
		return errorf(CodeTeammateTerritory, "territory %s is your teammate's: this game refuses attacks on teammates", d.name(c.To))
	case !d.s.board.Adjacent(c.From, c.To):
		return errorf(CodeNotAdjacent, "territories %s and %s share no border", d.name(c.From), d.name(c.To))
	case armies < 2:
		return errorf(CodeTooFewArmies, "territory %s has %d army: attacking needs 2", d.name(c.From), armies)
	}
	dice := c.Dice
	if dice == 0 {
		dice = 3
	}
	if dice < 1 || dice > 3 || (dice > armies-1 && c.Dice != 0) {
		return errorf(CodeInvalidDice, "roll 1 to %d dice", min(3, armies-1))
	}
	stopAt := max(c.StopAt, 1)
	if c.StopAt < 0 || (c.StopAt != 0 && (!c.Repeat || c.StopAt >= armies)) {
		return errorf(CodeInvalidAmount, "stop at 1 to %d armies, and only with repeat", armies-1)
	}
	defender := d.s.Owner(c.To)
	for {
		n, m := min(dice, d.s.Armies(c.From)-1), DefendDice(d.s.Armies(c.To))
		faces := make([]int, n+m) // one allocation for both sides' dice
		att := rollDiceInto(faces[:n:n], d.dice)
		def := rollDiceInto(faces[n:], d.dice)
		al, dl := compareDice(att, def)
		d.emit(BattleRolled{From: c.From, To: c.To, Attacker: p, Defender: defender,
			AttackDice: att, DefendDice: def, AttackerLosses: al, DefenderLosses: dl})
		if d.err != nil {
			return nil
		}
		if d.s.Armies(c.To) == 0 {
			d.conquer(p, c.From, c.To, defender, n)
			return nil
		}
		if !c.Repeat || d.s.Armies(c.From) <= stopAt {
			return nil
		}
	}
}

func (d *decider) conquer(p PlayerID, from, to TerritoryID, defender PlayerID, dice int) {
	d.emit(TerritoryConquered{From: from, To: to, Player: p, Previous: defender, MinArmies: dice})
	if defender >= 0 && d.s.players[defender].Territories == 0 {
		d.emit(PlayerEliminated{Player: defender, By: p, Cards: d.s.players[defender].Hand})
	}
	// With one possible move-in there is nothing to ask.
	if d.s.Armies(from)-1 == dice {
		d.occupyWith(dice)
	}
}

func (d *decider) occupy(c Occupy) error {
	if err := d.checkPhase(PhaseOccupy); err != nil {
		return err
	}
	if c.Armies < d.s.pending.MinArmies || c.Armies >= d.s.Armies(d.s.pending.From) {
		return errorf(CodeInvalidAmount, "move in %d to %d armies", d.s.pending.MinArmies, d.s.Armies(d.s.pending.From)-1)
	}
	d.occupyWith(c.Armies)
	return nil
}

func (d *decider) occupyWith(armies int) {
	d.emit(TerritoryOccupied{From: d.s.pending.From, To: d.s.pending.To, Armies: armies})
	if d.s.teamHoldsAll(d.s.current) {
		d.gameOver(d.s.current)
	}
}

// gameOver ends the game won by p's team (R85), which holds every territory.
func (d *decider) gameOver(p PlayerID) {
	e := GameOver{Winner: p}
	if len(d.s.cfg.Teams) > 0 {
		e.Winners = d.s.winnersWith(p)
	}
	d.emit(e)
}

func (d *decider) endAttack() error {
	if err := d.checkPhase(PhaseAttack); err != nil {
		return err
	}
	if err := d.checkReady(); err != nil {
		return err
	}
	d.emit(PhaseChanged{Phase: PhaseFortify})
	return nil
}

func (d *decider) fortify(p PlayerID, c Fortify) error {
	if err := d.checkPhase(PhaseAttack, PhaseFortify); err != nil {
		return err
	}
	if err := d.checkReady(); err != nil {
		return err
	}
	if err := d.checkOwned(p, c.From); err != nil {
		return err
	}
	if err := d.checkTerritory(c.To); err != nil {
		return err
	}
	into := d.s.cfg.TeamRules.Fortify != FortifyOwn
	if !d.s.mayHold(p, c.To, into) {
		return errorf(CodeNotOwner, "territory %s is not yours%s", d.name(c.To), d.orTeammates(into))
	}
	armies := d.s.Armies(c.From)
	switch {
	case !d.s.mayFortify(p, c.From, c.To) && d.s.cfg.TeamRules.Fortify == FortifyThroughTeam:
		return errorf(CodeNotAdjacent, "territories %s and %s are not joined through your team's territories", d.name(c.From), d.name(c.To))
	case !d.s.mayFortify(p, c.From, c.To):
		return errorf(CodeNotAdjacent, "territories %s and %s share no border", d.name(c.From), d.name(c.To))
	case armies < 2:
		return errorf(CodeTooFewArmies, "territory %s has %d army: one must stay", d.name(c.From), armies)
	case c.Armies < 1 || c.Armies >= armies:
		return errorf(CodeInvalidAmount, "move 1 to %d armies", armies-1)
	}
	if d.s.phase == PhaseAttack {
		d.emit(PhaseChanged{Phase: PhaseFortify})
	}
	d.emit(Fortified{From: c.From, To: c.To, Armies: c.Armies}) //nolint:staticcheck // S1016 would tie the event to the command type
	d.advance()
	return nil
}

func (d *decider) endTurn() error {
	if err := d.checkPhase(PhaseAttack, PhaseFortify); err != nil {
		return err
	}
	if err := d.checkReady(); err != nil {
		return err
	}
	d.advance()
	return nil
}

func (d *decider) resign(p PlayerID) error {
	if d.s.cfg.TeamRules.Handover != HandoverNone && !d.s.HandedOver(p) {
		d.emit(SeatHandedOver{Player: p}) // the seat stays, its turn included (R90)
		return nil
	}
	current := p == d.s.current
	if current && d.s.phase == PhaseOccupy {
		d.occupyWith(d.s.pending.MinArmies)
		if d.s.phase == PhaseOver {
			return nil
		}
	}
	d.emit(PlayerResigned{Player: p, Cards: d.s.players[p].Hand})
	// The game goes on until one player owns every territory (R43): a resignation never ends it.
	switch {
	case current:
		d.advance()
	case d.s.ActivePlayers() == 1 && d.s.phase == PhaseClaim:
		d.claimRest() // the one player left is the player to pick
	}
	return nil
}
