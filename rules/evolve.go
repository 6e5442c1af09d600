package rules

import (
	"slices"
)

// Evolve returns the state after event e. It checks that the event fits the state, so a corrupt or
// forged record is refused with an INVALID_EVENT error instead of producing an impossible game.
func Evolve(s State, e Event) (State, error) {
	v := evolver{s: s, ed: new(edit)}
	if err := v.apply(e); err != nil {
		return s, err
	}
	return v.s, nil
}

// Replay folds events into the state a game had when created with b and cfg (ReplayEach also shows every
// state on the way).
func Replay(b *Board, cfg Config, events []Event) (State, error) {
	s, err := New(b, cfg)
	if err != nil {
		return State{}, err
	}
	v := evolver{s: s, ed: new(edit)}
	for i, e := range events {
		if err := v.apply(e); err != nil {
			return State{}, errorf(CodeInvalidEvent, "event %d (%s): %s", i, e.Kind(), message(err))
		}
	}
	return v.s, nil
}

// ReplayEach is Replay calling each with the index of every event and the state the event left, in the one
// fold of Replay (Evolve event by event copies what each event changes, many times slower over a long
// game). The fold goes on changing that state in place after each returns: each reads it during the call
// and keeps what it reads, never the state itself.
func ReplayEach(b *Board, cfg Config, events []Event, each func(i int, s State)) (State, error) {
	s, err := New(b, cfg)
	if err != nil {
		return State{}, err
	}
	v := evolver{s: s, ed: new(edit)}
	for i, e := range events {
		if err := v.apply(e); err != nil {
			return State{}, errorf(CodeInvalidEvent, "event %d (%s): %s", i, e.Kind(), message(err))
		}
		each(i, v.s)
	}
	return v.s, nil
}

// evolver applies events to a state it owns: one edit token and one copy of the players for any number of
// events.
type evolver struct {
	s          State
	ed         *edit
	ownPlayers bool
}

func (v *evolver) player(p PlayerID) *Player {
	if !v.ownPlayers {
		v.s.players = slices.Clone(v.s.players)
		v.ownPlayers = true
	}
	return &v.s.players[p]
}

func (v *evolver) setCell(t TerritoryID, c cell) { v.s.cells = v.s.cells.Set(v.ed, int(t), c) }

func (v *evolver) addArmies(t TerritoryID, n int) {
	c := v.s.cells.Mut(v.ed, int(t))
	c.armies += int32(n)
	if c.owner >= 0 {
		v.player(PlayerID(c.owner)).Armies += n
	}
}

// setOwner changes t's owner and armies, keeping the players' counts and the area holders current. It
// costs the size of t's bonus areas, not of the board.
func (v *evolver) setOwner(t TerritoryID, owner PlayerID, armies int) {
	old := v.s.cells.Get(int(t))
	v.setCell(t, cell{owner: int16(owner), armies: int32(armies)})
	if prev := PlayerID(old.owner); prev >= 0 {
		p := v.player(prev)
		p.Territories--
		p.Armies -= int(old.armies)
	}
	if owner >= 0 {
		p := v.player(owner)
		p.Territories++
		p.Armies += armies
	}
	if PlayerID(old.owner) == owner {
		return
	}
	for _, a := range v.s.board.areasOf[t] {
		area := &v.s.board.areas[a]
		if holder := PlayerID(v.s.areaHolder.Get(a)); holder >= 0 && holder != owner {
			v.s.areaHolder = v.s.areaHolder.Set(v.ed, a, int16(NoPlayer))
			v.player(holder).Bonus -= area.Bonus
		}
		if owner >= 0 && v.holdsAll(owner, area.Territories) {
			v.s.areaHolder = v.s.areaHolder.Set(v.ed, a, int16(owner))
			v.player(owner).Bonus += area.Bonus
		}
	}
}

func (v *evolver) holdsAll(p PlayerID, ts []TerritoryID) bool {
	for _, t := range ts {
		if v.s.Owner(t) != p {
			return false
		}
	}
	return true
}

func (v *evolver) discard(cards []CardID) {
	for _, c := range cards {
		v.s.discard = v.s.discard.Append(v.ed, c)
	}
}

func bad(format string, args ...any) error { return errorf(CodeInvalidEvent, format, args...) }

func (v *evolver) checkPlayer(p PlayerID) error {
	if p < 0 || int(p) >= len(v.s.players) {
		return bad("no player %d", p)
	}
	return nil
}

func (v *evolver) checkTerritory(t TerritoryID) error {
	if !v.s.board.validTerritory(t) {
		return bad("no territory %d", t)
	}
	return nil
}

func (v *evolver) checkCurrent(p PlayerID, phases ...Phase) error {
	if p != v.s.current {
		return bad("player %d is not the current player", p)
	}
	if !slices.Contains(phases, v.s.phase) {
		return bad("not allowed in phase %s", v.s.phase)
	}
	return nil
}

func (v *evolver) apply(e Event) error {
	if v.s.phase == PhaseOver {
		return bad("the game is over")
	}
	if err := v.checkDue(e); err != nil {
		return err
	}
	switch e := e.(type) {
	case GameStarted:
		return v.gameStarted(e)
	case TerritoriesDealt:
		return v.territoriesDealt(e)
	case TurnStarted:
		return v.turnStarted(e)
	case PhaseChanged:
		return v.phaseChanged(e)
	case TerritoryClaimed:
		return v.territoryClaimed(e)
	case ArmiesPlaced:
		return v.armiesPlaced(e)
	case CardsTraded:
		return v.cardsTraded(e)
	case BattleRolled:
		return v.battleRolled(e)
	case TerritoryConquered:
		return v.territoryConquered(e)
	case PlayerEliminated:
		return v.playerEliminated(e)
	case TerritoryOccupied:
		return v.territoryOccupied(e)
	case Fortified:
		return v.fortified(e)
	case DeckReshuffled:
		return v.deckReshuffled()
	case CardDrawn:
		return v.cardDrawn(e)
	case PlayerResigned:
		return v.playerResigned(e)
	case SeatHandedOver:
		return v.seatHandedOver(e)
	case GameOver:
		return v.gameOver(e)
	default:
		return bad("unknown event %T", e)
	}
}

func (v *evolver) checkDue(e Event) error {
	switch _, conquest := e.(TerritoryConquered); {
	case v.s.due == stepConquest && !conquest:
		return bad("the conquest of territory %d must come next", v.s.pending.To)
	case v.s.due != stepConquest && conquest:
		return bad("no roll has emptied a territory")
	}
	switch _, elimination := e.(PlayerEliminated); {
	case v.s.due == stepElimination && !elimination:
		return bad("the elimination of the last owner of territory %d must come next", v.s.pending.To)
	case v.s.due != stepElimination && elimination:
		return bad("no conquest has taken a player's last territory")
	}
	return nil
}

func (v *evolver) gameStarted(e GameStarted) error {
	if v.s.phase != PhaseSetup || v.s.order != nil {
		return bad("the game has started already")
	}
	if len(e.Order) != len(v.s.players) {
		return bad("the turn order names %d players, the game has %d", len(e.Order), len(v.s.players))
	}
	seen := make([]bool, len(v.s.players))
	for _, p := range e.Order {
		if err := v.checkPlayer(p); err != nil {
			return err
		}
		if seen[p] {
			return bad("player %d appears twice in the turn order", p)
		}
		seen[p] = true
	}
	if !v.s.cfg.alternates(e.Order) {
		return bad("the turn order %v does not alternate between the teams", e.Order)
	}
	if e.StartingArmies != StartingArmies(v.s.board.Len(), len(v.s.players)) {
		return bad("starting armies %d, the rules give %d", e.StartingArmies, StartingArmies(v.s.board.Len(), len(v.s.players)))
	}
	v.s.order = slices.Clone(e.Order)
	for i := range v.s.players {
		v.player(PlayerID(i)).Unplaced = e.StartingArmies
	}
	return nil
}

func (v *evolver) territoriesDealt(e TerritoriesDealt) error {
	if v.s.phase != PhaseSetup || v.s.order == nil || v.s.cfg.Claim != ClaimRandom || v.s.unclaimed != v.s.board.Len() {
		return bad("territories can be dealt only once, at the start of a random-claim game")
	}
	if len(e.Owners) != v.s.board.Len() {
		return bad("the deal names %d owners for %d territories", len(e.Owners), v.s.board.Len())
	}
	for _, p := range e.Owners {
		if err := v.checkPlayer(p); err != nil {
			return err
		}
	}
	for t, p := range e.Owners {
		v.setOwner(TerritoryID(t), p, 1)
		v.player(p).Unplaced--
	}
	v.s.unclaimed = 0
	return nil
}

func (v *evolver) turnStarted(e TurnStarted) error {
	if err := v.checkPlayer(e.Player); err != nil {
		return err
	}
	p := v.s.players[e.Player]
	switch {
	case v.s.order == nil:
		return bad("the game has not started")
	case p.Status != Active:
		return bad("player %d is not active", e.Player)
	case e.Turn != v.s.turn+1:
		return bad("turn %d follows turn %d", e.Turn, v.s.turn)
	}
	switch e.Phase {
	case PhaseClaim:
		if v.s.unclaimed == 0 || e.Armies != 0 {
			return bad("a claim pick needs an unclaimed territory and no armies")
		}
	case PhasePlacement:
		if v.s.unclaimed != 0 || e.Armies != p.Unplaced || e.Armies == 0 {
			return bad("a placement turn gives the player's %d unplaced armies", p.Unplaced)
		}
		v.player(e.Player).Unplaced = 0
	case PhaseReinforce:
		if want := v.s.ReinforcementsOf(e.Player).Total; v.s.unclaimed != 0 || e.Armies != want {
			return bad("player %d receives %d reinforcements, not %d", e.Player, want, e.Armies)
		}
	default:
		return bad("a turn cannot start in phase %s", e.Phase)
	}
	if e.Phase == PhaseReinforce {
		prev := slices.Index(v.s.order, v.s.current)
		if v.s.round == 0 || prev < 0 || slices.Index(v.s.order, e.Player) <= prev {
			v.s.round++
		}
	}
	v.s.current, v.s.turn, v.s.phase, v.s.reserve, v.s.traded = e.Player, e.Turn, e.Phase, e.Armies, 0
	v.s.conquered, v.s.forcedTrade, v.s.pending = false, false, Conquest{}
	return nil
}

func (v *evolver) phaseChanged(e PhaseChanged) error {
	ok := (v.s.phase == PhaseReinforce && e.Phase == PhaseAttack && v.s.reserve == 0 && !v.s.MustTrade()) ||
		(v.s.phase == PhaseAttack && e.Phase == PhaseFortify && v.s.reserve == 0 && !v.s.MustTrade())
	if !ok {
		return bad("no change from phase %s to %s here", v.s.phase, e.Phase)
	}
	v.s.phase = e.Phase
	return nil
}

func (v *evolver) territoryClaimed(e TerritoryClaimed) error {
	if err := v.checkCurrent(e.Player, PhaseClaim); err != nil {
		return err
	}
	if err := v.checkTerritory(e.Territory); err != nil {
		return err
	}
	if v.s.Owner(e.Territory) != Unclaimed {
		return bad("territory %d is claimed already", e.Territory)
	}
	v.setOwner(e.Territory, e.Player, 1)
	if pl := v.player(e.Player); pl.Unplaced > 0 {
		pl.Unplaced-- // once the starting armies are all down, a claim's army is an extra one (R8)
	}
	v.s.unclaimed--
	return nil
}

func (v *evolver) armiesPlaced(e ArmiesPlaced) error {
	if err := v.checkPlayer(e.Player); err != nil {
		return err
	}
	total := 0
	for _, pl := range e.Placements {
		if err := v.checkTerritory(pl.Territory); err != nil {
			return err
		}
		// Bounding each placement keeps the total from overflowing; it is checked exactly below.
		most := max(v.s.reserve, v.s.players[e.Player].Unplaced)
		if !v.s.mayHold(e.Player, pl.Territory, v.s.cfg.TeamRules.PlaceOnTeammates && !e.Starting) || pl.Armies <= 0 || pl.Armies > most {
			return bad("player %d cannot place %d armies on territory %d", e.Player, pl.Armies, pl.Territory)
		}
		total += pl.Armies
	}
	if e.Starting {
		if v.s.phase != PhaseSetup || v.s.order == nil || v.s.unclaimed != 0 || total > v.s.players[e.Player].Unplaced {
			return bad("starting armies are placed at random only during setup, from the unplaced armies")
		}
		v.player(e.Player).Unplaced -= total
	} else {
		if err := v.checkCurrent(e.Player, PhasePlacement, PhaseReinforce, PhaseAttack); err != nil {
			return err
		}
		if total > v.s.reserve || v.s.MustTrade() {
			return bad("%d armies placed from a reserve of %d", total, v.s.reserve)
		}
		v.s.reserve -= total
	}
	for _, pl := range e.Placements {
		v.addArmies(pl.Territory, pl.Armies)
	}
	return nil
}

func (v *evolver) cardsTraded(e CardsTraded) error {
	if err := v.checkCurrent(e.Player, PhaseReinforce, PhaseAttack); err != nil {
		return err
	}
	if v.s.phase == PhaseAttack && !v.s.MustTrade() {
		return bad("cards are traded in the attack phase only when an elimination forces it")
	}
	k, err := v.s.checkSet(e.Player, e.Cards)
	if err != nil {
		return bad("%s", message(err))
	}
	if want := v.s.tradeValue(e.Player, k); e.Armies != want {
		return bad("the set is worth %d armies, not %d", want, e.Armies)
	}
	want := v.s.TradeBonus(e.Player, e.Cards)
	if !slices.Equal(want, e.Bonus) {
		return bad("the territory bonus goes to %v, not %v", want, e.Bonus)
	}
	p := v.player(e.Player)
	p.Hand = slices.DeleteFunc(slices.Clone(p.Hand), func(c CardID) bool { return slices.Contains(e.Cards[:], c) })
	v.discard(e.Cards[:])
	v.s.reserve += e.Armies
	v.s.traded += e.Armies
	v.s.trades++
	for _, t := range e.Bonus {
		v.addArmies(t, TradeBonusArmies)
	}
	if len(p.Hand) <= 4 {
		v.s.forcedTrade = false
	}
	return nil
}

func (v *evolver) battleRolled(e BattleRolled) error {
	if err := v.checkCurrent(e.Attacker, PhaseAttack); err != nil {
		return err
	}
	if err := v.checkTerritory(e.From); err != nil {
		return err
	}
	if err := v.checkTerritory(e.To); err != nil {
		return err
	}
	from, to := v.s.Armies(e.From), v.s.Armies(e.To)
	switch {
	case v.s.Owner(e.From) != e.Attacker || v.s.Owner(e.To) != e.Defender || e.Defender == e.Attacker:
		return bad("the owners of territories %d and %d do not match", e.From, e.To)
	case !v.s.board.Adjacent(e.From, e.To):
		return bad("territories %d and %d are not adjacent", e.From, e.To)
	case v.s.reserve > 0 || v.s.MustTrade():
		return bad("armies must be placed before the attack goes on")
	case len(e.AttackDice) < 1 || len(e.AttackDice) > min(3, from-1):
		return bad("%d attack dice from %d armies", len(e.AttackDice), from)
	case len(e.DefendDice) != DefendDice(to):
		return bad("%d defence dice for %d armies", len(e.DefendDice), to)
	case !validDice(e.AttackDice) || !validDice(e.DefendDice):
		return bad("dice must show 1 to 6, highest first")
	}
	if al, dl := compareDice(e.AttackDice, e.DefendDice); al != e.AttackerLosses || dl != e.DefenderLosses {
		return bad("those dice cost %d and %d armies, not %d and %d", al, dl, e.AttackerLosses, e.DefenderLosses)
	}
	v.addArmies(e.From, -e.AttackerLosses)
	v.addArmies(e.To, -e.DefenderLosses)
	if v.s.Armies(e.To) == 0 {
		v.s.due = stepConquest
		v.s.pending = Conquest{From: e.From, To: e.To, MinArmies: len(e.AttackDice)}
	}
	return nil
}

func validDice(dice []int) bool {
	for i, d := range dice {
		if d < 1 || d > 6 || (i > 0 && d > dice[i-1]) {
			return false
		}
	}
	return true
}

func (v *evolver) territoryConquered(e TerritoryConquered) error {
	if err := v.checkCurrent(e.Player, PhaseAttack); err != nil {
		return err
	}
	if err := v.checkTerritory(e.From); err != nil {
		return err
	}
	if err := v.checkTerritory(e.To); err != nil {
		return err
	}
	if v.s.pending != (Conquest{From: e.From, To: e.To, MinArmies: e.MinArmies}) || v.s.Owner(e.To) != e.Previous {
		return bad("territory %d cannot fall to player %d from territory %d", e.To, e.Player, e.From)
	}
	v.setOwner(e.To, e.Player, 0)
	v.s.conquered = v.s.conquered || v.s.cfg.earnsCard(e.Player, e.Previous)
	v.s.phase = PhaseOccupy
	v.s.due = stepNone
	if e.Previous >= 0 && v.s.players[e.Previous].Territories == 0 {
		v.s.due = stepElimination
	}
	return nil
}

func (v *evolver) playerEliminated(e PlayerEliminated) error {
	if err := v.checkPlayer(e.Player); err != nil {
		return err
	}
	p := v.s.players[e.Player]
	if v.s.phase != PhaseOccupy || p.Status != Active || p.Territories != 0 || e.By != v.s.current ||
		!slices.Equal(p.Hand, e.Cards) {
		return bad("player %d cannot be eliminated by player %d with cards %v", e.Player, e.By, e.Cards)
	}
	lost := v.player(e.Player)
	lost.Status, lost.Hand, lost.Unplaced = Eliminated, nil, 0
	v.s.due = stepNone
	by := v.player(e.By)
	by.Hand = append(slices.Clip(by.Hand), e.Cards...)
	if len(by.Hand) >= 6 {
		v.s.forcedTrade = true
	}
	return nil
}

func (v *evolver) territoryOccupied(e TerritoryOccupied) error {
	c := v.s.pending
	if v.s.phase != PhaseOccupy || e.From != c.From || e.To != c.To {
		return bad("no conquest of territory %d from %d awaits its armies", e.To, e.From)
	}
	if e.Armies < c.MinArmies || e.Armies >= v.s.Armies(e.From) {
		return bad("%d armies cannot move in: at least %d, leaving one behind", e.Armies, c.MinArmies)
	}
	v.addArmies(e.From, -e.Armies)
	v.addArmies(e.To, e.Armies)
	v.s.phase, v.s.pending = PhaseAttack, Conquest{}
	return nil
}

func (v *evolver) fortified(e Fortified) error {
	if v.s.phase != PhaseFortify {
		return bad("fortify moves happen in the fortify phase")
	}
	if err := v.checkTerritory(e.From); err != nil {
		return err
	}
	if err := v.checkTerritory(e.To); err != nil {
		return err
	}
	if !v.s.mayFortify(v.s.current, e.From, e.To) || e.Armies < 1 || e.Armies >= v.s.Armies(e.From) {
		return bad("%d armies cannot move from territory %d to %d", e.Armies, e.From, e.To)
	}
	v.addArmies(e.From, -e.Armies)
	v.addArmies(e.To, e.Armies)
	return nil
}

func (v *evolver) deckReshuffled() error {
	if v.s.deck.Len() != 0 || v.s.discard.Len() == 0 {
		return bad("the deck is reshuffled only when it is empty and the discard pile is not")
	}
	for i := range v.s.discard.Len() {
		c := v.s.discard.Get(i)
		v.s.deckPos = v.s.deckPos.Set(v.ed, int(c), int32(v.s.deck.Len()))
		v.s.deck = v.s.deck.Append(v.ed, c)
	}
	v.s.discard = vec[CardID]{}
	return nil
}

func (v *evolver) cardDrawn(e CardDrawn) error {
	if e.Player != v.s.current || !v.s.conquered || v.s.phase < PhaseAttack {
		return bad("player %d earned no card", e.Player)
	}
	if e.Card < 0 || int(e.Card) >= v.s.board.Cards() || v.s.deckPos.Get(int(e.Card)) < 0 {
		return bad("card %d is not in the deck", e.Card)
	}
	i := int(v.s.deckPos.Get(int(e.Card)))
	last := v.s.deck.Get(v.s.deck.Len() - 1)
	v.s.deck = v.s.deck.Set(v.ed, i, last)
	v.s.deckPos = v.s.deckPos.Set(v.ed, int(last), int32(i))
	v.s.deck = v.s.deck.Pop()
	v.s.deckPos = v.s.deckPos.Set(v.ed, int(e.Card), -1)
	p := v.player(e.Player)
	p.Hand = append(slices.Clip(p.Hand), e.Card)
	v.s.conquered = false
	return nil
}

func (v *evolver) playerResigned(e PlayerResigned) error {
	if err := v.checkPlayer(e.Player); err != nil {
		return err
	}
	p := v.s.players[e.Player]
	if p.Status != Active || !slices.Equal(p.Hand, e.Cards) {
		return bad("player %d cannot resign with cards %v", e.Player, e.Cards)
	}
	if e.Player == v.s.current && v.s.phase == PhaseOccupy {
		return bad("the pending conquest must be occupied first")
	}
	v.discard(p.Hand)
	// A resignation is the one event that scans the board: the player's territories are not indexed.
	for t := range v.s.board.Len() {
		if v.s.Owner(TerritoryID(t)) == e.Player {
			v.setOwner(TerritoryID(t), Neutral, v.s.Armies(TerritoryID(t)))
		}
	}
	gone := v.player(e.Player)
	gone.Status, gone.Hand, gone.Unplaced = Resigned, nil, 0
	if e.Player == v.s.current {
		v.s.reserve, v.s.traded, v.s.conquered, v.s.forcedTrade = 0, 0, false, false
	}
	return nil
}

func (v *evolver) seatHandedOver(e SeatHandedOver) error {
	if err := v.checkPlayer(e.Player); err != nil {
		return err
	}
	if v.s.cfg.TeamRules.Handover == HandoverNone || v.s.players[e.Player].Status != Active || v.s.HandedOver(e.Player) {
		return bad("seat %d cannot be handed over", e.Player)
	}
	out := append(slices.Clone(v.s.handedOver), e.Player)
	slices.Sort(out)
	v.s.handedOver = out
	return nil
}

func (v *evolver) gameOver(e GameOver) error {
	if err := v.checkPlayer(e.Winner); err != nil {
		return err
	}
	p := v.s.players[e.Winner]
	if p.Status != Active || !v.s.teamHoldsAll(e.Winner) || v.s.phase == PhaseOccupy {
		return bad("player %d has not won", e.Winner)
	}
	var winners []PlayerID
	if len(v.s.cfg.Teams) > 0 {
		winners = v.s.winnersWith(e.Winner)
	}
	if !slices.Equal(e.Winners, winners) {
		return bad("the winners are %v, not %v", winners, e.Winners)
	}
	v.s.phase, v.s.winner, v.s.current, v.s.reserve = PhaseOver, e.Winner, NoPlayer, 0
	return nil
}
