package rules

import "slices"

// Fog of war: what one viewer may know of a game. docs/rules.md ("Fog of war") defines the levels and
// what each shows; Vision, Project and ProjectEvents are the one implementation of it, and every surface
// that shows a game to someone (the API, the live feed, records, drawings, notifications, CPU players)
// is to go through them.

// Fog is how much a player sees of what others hold. Whatever the level, a player sees their own
// territories whole, and once the game is over everyone sees everything.
type Fog uint8

// The levels, from none to the most hidden.
const (
	FogNone     Fog = iota // everything
	FogLight               // every owner; armies on your territories and their neighbours
	FogNormal              // owners and armies on your territories and their neighbours; the rest hidden
	FogHeavy               // your territories whole, the owners of their neighbours; the rest hidden
	FogComplete            // your territories only
)

var fogNames = [...]string{"none", "light", "normal", "heavy", "complete"}

func (f Fog) String() string                { return enumName(fogNames[:], int(f)) }
func (f Fog) MarshalText() ([]byte, error)  { return enumMarshal(fogNames[:], int(f)) }
func (f *Fog) UnmarshalText(b []byte) error { return enumUnmarshal(fogNames[:], b, f) }

// Sight is what a viewer knows of one territory.
type Sight uint8

// The sights, from nothing to everything.
const (
	SightHidden Sight = iota // neither owner nor armies
	SightOwner               // the owner, not the armies
	SightFull                // owner and armies
)

var sightNames = [...]string{"hidden", "owner", "full"}

func (s Sight) String() string                { return enumName(sightNames[:], int(s)) }
func (s *Sight) UnmarshalText(b []byte) error { return enumUnmarshal(sightNames[:], b, s) }

// sees reports whether a territory seen so shows what need shows.
func (s Sight) sees(need Sight) bool { return s >= need }

// seesAllOwners reports whether a vision shows the owner of every territory.
func seesAllOwners(vision []Sight) bool {
	for _, v := range vision {
		if !v.sees(SightOwner) {
			return false
		}
	}
	return true
}

// Unknown values of a projection: what the viewer may not know.
const (
	UnknownPlayer    PlayerID    = -4 // an owner, holder or party the viewer does not see
	UnknownTerritory TerritoryID = -1 // a territory the viewer does not see
	Unknown                      = -1 // a number the viewer does not see (armies, a count)
)

// unknownHand stands, in a projected event, for cards whose number the viewer may not know: HideCards
// shows their count as Unknown. It is never a hand.
var unknownHand = []CardID{-1}

// Vision returns what viewer (a seat, or NoPlayer for a spectator) sees of each territory of s under its
// fog (Config.Fog):
//   - everything, with no fog or once the game is over;
//   - for a seat still in the game: its own territories whole, and the others as the level says (light:
//     every owner, armies next to yours; normal: owners and armies next to yours only; heavy: owners
//     next to yours only; complete: nothing);
//   - in a team game, for a seat that did not resign: what any seat of its team still in the game sees
//     (the union of their visions; R91);
//   - for a spectator, or a seat out of the game (and of a team out of it): what every side still in the
//     game sees (the intersection of the sides' visions, a side being a seat in a free-for-all and a
//     team's seats in the game in a team game);
//   - a territory nobody has claimed yet is seen whole by everyone: which ones are free is what a claim
//     pick chooses from.
func Vision(s State, viewer PlayerID) []Sight {
	f := s.cfg.Fog
	n := s.board.Len()
	out := make([]Sight, n)
	if f == FogNone || s.phase == PhaseOver {
		for t := range out {
			out[t] = SightFull
		}
		return out
	}
	if team := s.sightOf(viewer); len(team) > 0 {
		s.teamVision(team, f, out)
		return out
	}
	for t := range out {
		out[t] = SightFull
	}
	side := make([]Sight, n)
	for _, team := range s.sides() {
		s.teamVision(team, f, side)
		for t, v := range side {
			out[t] = min(out[t], v)
		}
	}
	return out
}

// sightOf returns the seats whose sight viewer shares, in seat order: the seats of viewer's team still in
// the game (viewer alone in a free-for-all), when viewer is a seat that did not resign; none otherwise.
func (s State) sightOf(viewer PlayerID) []PlayerID {
	if viewer < 0 || int(viewer) >= len(s.players) || s.players[viewer].Status == Resigned {
		return nil
	}
	var out []PlayerID
	for _, q := range s.cfg.Teammates(viewer) {
		if s.inGame(q) {
			out = append(out, q)
		}
	}
	return out
}

// knows reports whether viewer knows what seat p knows of the game: p is the viewer, or a seat whose
// sight the viewer shares (sightOf).
func (s State) knows(viewer, p PlayerID) bool {
	return p == viewer || (p >= 0 && s.cfg.Allied(viewer, p) && slices.Contains(s.sightOf(viewer), p))
}

// sides returns the seats still in the game grouped by team (each seat alone in a free-for-all), the
// teams in order.
func (s State) sides() [][]PlayerID {
	byTeam := make(map[int][]PlayerID)
	var teams []int
	for p := range s.players {
		if !s.inGame(PlayerID(p)) {
			continue
		}
		t := s.cfg.TeamOf(PlayerID(p))
		if byTeam[t] == nil {
			teams = append(teams, t)
		}
		byTeam[t] = append(byTeam[t], PlayerID(p))
	}
	out := make([][]PlayerID, len(teams))
	for i, t := range teams {
		out[i] = byTeam[t]
	}
	return out
}

// teamVision writes into out what the seats of team see together under fog f (not FogNone): the best
// sight any of them has of each territory.
func (s State) teamVision(team []PlayerID, f Fog, out []Sight) {
	s.seatVision(team[0], f, out)
	if len(team) == 1 {
		return
	}
	seat := make([]Sight, len(out))
	for _, p := range team[1:] {
		s.seatVision(p, f, seat)
		for t, v := range seat {
			out[t] = max(out[t], v)
		}
	}
}

// inGame reports whether p is a seat whose player is still in the game.
func (s State) inGame(p PlayerID) bool {
	return p >= 0 && int(p) < len(s.players) && s.players[p].Status == Active
}

// seatVision writes into out what seat p sees of each territory under fog f (not FogNone).
func (s State) seatVision(p PlayerID, f Fog, out []Sight) {
	far, near := SightHidden, SightFull // beyond the neighbours, and the neighbours
	switch f {
	case FogLight:
		far = SightOwner
	case FogHeavy:
		near = SightOwner
	case FogComplete:
		near = SightHidden
	}
	for t := range out {
		out[t] = far
	}
	for t := range out {
		switch s.Owner(TerritoryID(t)) {
		case p:
			out[t] = SightFull
			for _, nb := range s.board.Neighbors(TerritoryID(t)) {
				if s.Owner(nb) != p {
					out[nb] = max(out[nb], near)
				}
			}
		case Unclaimed:
			out[t] = SightFull
		}
	}
}

// View is a game as one viewer may know it (Project): the territories they see, and of each seat what
// they can tell. A number the viewer may not know is Unknown, an owner UnknownPlayer.
type View struct {
	Fog    Fog
	Viewer PlayerID
	// Sight is what the viewer sees of each territory; Owners and Armies, by territory, what they know.
	Sight  []Sight
	Owners []PlayerID
	Armies []int
	// AreaHolders are the holders of the bonus areas, by area; UnknownPlayer where the viewer does not
	// see every owner of the area.
	AreaHolders []PlayerID
	// Players are the seats as the viewer knows them, by seat.
	Players []PlayerView
}

// PlayerView is what a viewer knows of one seat. Status, Hand (for the viewer's own seat only, nil for
// the others) and Cards (the hand's size) are public or hidden as docs/rules.md says; Territories,
// Armies, Bonus and Reinforcements are Unknown where they would tell of territories the viewer does not
// see.
type PlayerView struct {
	Status         Status
	Territories    int
	Armies         int
	Bonus          int
	Reinforcements int
	Cards          int
	Hand           []CardID
}

// Project returns s as viewer sees it under its fog (see Vision). A seat's totals are shown only when they
// follow from what the viewer sees: its territories and bonus when every owner is seen, its armies when
// every army is; a viewer always knows their own, and everyone those of a seat out of the game (none). The size of another seat's hand is public at no and
// light fog, hidden from normal up (a card is a conquest's prize); the cards themselves are the holder's.
func Project(s State, viewer PlayerID) View {
	f := s.cfg.Fog
	sight := Vision(s, viewer)
	n := s.board.Len()
	v := View{Fog: f, Viewer: viewer, Sight: sight, Owners: make([]PlayerID, n), Armies: make([]int, n),
		AreaHolders: make([]PlayerID, len(s.board.areas)), Players: make([]PlayerView, len(s.players))}
	allOwners, allArmies := true, true
	for t := range sight {
		v.Owners[t], v.Armies[t] = UnknownPlayer, Unknown
		if sight[t].sees(SightOwner) {
			v.Owners[t] = s.Owner(TerritoryID(t))
		} else {
			allOwners = false
		}
		if sight[t].sees(SightFull) {
			v.Armies[t] = s.Armies(TerritoryID(t))
		} else {
			allArmies = false
		}
	}
	for a, area := range s.board.areas {
		v.AreaHolders[a] = s.AreaHolder(a)
		for _, t := range area.Territories {
			if !sight[t].sees(SightOwner) {
				v.AreaHolders[a] = UnknownPlayer
				break
			}
		}
	}
	cardsPublic := f <= FogLight || s.phase == PhaseOver
	for p, pl := range s.players {
		pv := PlayerView{Status: pl.Status, Territories: Unknown, Armies: Unknown, Bonus: Unknown,
			Reinforcements: Unknown, Cards: Unknown}
		known := s.knows(viewer, PlayerID(p)) // the viewer's own seat, or a teammate's whose sight they share
		out := pl.Status != Active            // a seat out of the game holds nothing, as everyone knows
		if known || allOwners || out {
			pv.Territories, pv.Bonus = pl.Territories, pl.Bonus
			pv.Reinforcements = s.Reinforcements(PlayerID(p))
		}
		if known || allArmies || out {
			pv.Armies = pl.Armies
		}
		if known || cardsPublic || out {
			pv.Cards = len(pl.Hand)
		}
		if PlayerID(p) == viewer {
			pv.Hand = pl.Hand
		}
		v.Players[p] = pv
	}
	return v
}

// ProjectEvents returns the events that led from before to the next state as viewer sees them under the
// game's fog, in order: the events of Watch, without its view changes.
func ProjectEvents(before State, events []Event, viewer PlayerID) ([]Event, error) {
	seen, err := Watch(before, events, viewer)
	if err != nil {
		return nil, err
	}
	out := make([]Event, 0, len(seen))
	for _, w := range seen {
		if w.Event != nil {
			out = append(out, w.Event)
		}
	}
	return out, nil
}

// Seen is one entry of a viewer's view of a game (Watch): an event as they see it, or a change of what they
// see that no event they see explains (a spectator, who sees what every player sees, loses sight of a
// territory when a player loses one out of the spectator's sight), with what the entry left.
type Seen struct {
	// At is the index, in the events given to Watch, of the event the entry shows or follows.
	At int
	// Event is the event as the viewer sees it; nil for a change of the view alone.
	Event Event
	// Phase and Current are the game's phase and seat to move after the event (public).
	Phase   Phase
	Current PlayerID
	// Changed are the territories whose sight, owner or armies as the viewer knows them the entry changed,
	// as they stand after it, in index order.
	Changed []SeenTerritory
}

// SeenTerritory is a territory as a viewer knows it: its sight and, where the sight shows them, its owner
// and armies (UnknownPlayer and Unknown where it does not).
type SeenTerritory struct {
	Territory TerritoryID
	Sight     Sight
	Owner     PlayerID
	Armies    int
}

// seenBoard returns every territory of s as viewer knows it.
func seenBoard(s State, viewer PlayerID) []SeenTerritory { return seenWith(s, Vision(s, viewer)) }

// seenWith returns every territory of s as a viewer with sight knows it.
func seenWith(s State, sight []Sight) []SeenTerritory {
	out := make([]SeenTerritory, len(sight))
	for t, v := range sight {
		out[t] = seenAs(s, TerritoryID(t), v)
	}
	return out
}

// seenAs returns territory t of s as a viewer who sees it so knows it.
func seenAs(s State, t TerritoryID, v Sight) SeenTerritory {
	out := SeenTerritory{Territory: t, Sight: v, Owner: UnknownPlayer, Armies: Unknown}
	if v.sees(SightOwner) {
		out.Owner = s.Owner(t)
	}
	if v.sees(SightFull) {
		out.Armies = s.Armies(t)
	}
	return out
}

// Watch returns the events that led from before to the next state as viewer sees them under the game's
// fog, in order: each as a territory's sight before or after it allows (the better of the two: you saw
// your territory fall), with what the viewer may not know replaced by UnknownTerritory, UnknownPlayer or
// Unknown, and without the events that show the viewer nothing (a placement, a battle or a move out of
// sight), unless such an event changed what the viewer sees (then the entry has no event). Each entry
// carries the territories whose view it changed. When the events end the game, the fog lifts: they are all
// shown as they are. Card ids stay in the events: HideCards hides them from those who may not see them.
// An event that does not fit its state is an error, as in Evolve.
func Watch(before State, events []Event, viewer PlayerID) ([]Seen, error) {
	states := make([]State, len(events)+1) // states[i] is the state before events[i]
	states[0] = before
	for i, e := range events {
		next, err := Evolve(states[i], e)
		if err != nil {
			return nil, err
		}
		states[i+1] = next
	}
	lifted := before.cfg.Fog == FogNone || states[len(events)].phase == PhaseOver
	visions := make([][]Sight, len(states)) // what the viewer sees of each state, once
	for i, st := range states {
		if lifted && i > 0 {
			st = st.withoutFog()
		}
		visions[i] = Vision(st, viewer)
	}
	out := make([]Seen, 0, len(events))
	board := seenWith(before, visions[0]) // as the viewer knows it before the event, brought up to date after it
	for i, e := range events {
		s, next := states[i], states[i+1]
		var changed []SeenTerritory
		for t, v := range visions[i+1] {
			if st := seenAs(next, TerritoryID(t), v); st != board[t] {
				changed = append(changed, st)
				board[t] = st
			}
		}
		pe, ok := e, true
		if !lifted {
			pe, ok = projectEvent(e, s, viewer, before.cfg.Fog, visions[i], visions[i+1])
		}
		if !ok {
			if len(changed) == 0 {
				continue
			}
			pe = nil
		}
		out = append(out, Seen{At: i, Event: pe, Phase: next.phase, Current: next.current, Changed: changed})
	}
	return out, nil
}

// withoutFog returns s with no fog: what everyone sees once the fog lifts.
func (s State) withoutFog() State {
	s.cfg.Fog = FogNone
	return s
}

// projectEvent is one event of ProjectEvents, from the state s, which the viewer sees as was, to the
// next, which they see as is.
func projectEvent(e Event, s State, viewer PlayerID, f Fog, was, is []Sight) (Event, bool) {
	sight := func(t TerritoryID) Sight {
		if t < 0 || int(t) >= len(was) {
			return SightHidden
		}
		return max(was[t], is[t])
	}
	place := func(t TerritoryID, need Sight) TerritoryID {
		if sight(t).sees(need) {
			return t
		}
		return UnknownTerritory
	}
	// A free territory is seen by everyone, so who takes it shows only where the viewer sees it after.
	after := func(t TerritoryID) bool { return t >= 0 && int(t) < len(is) && is[t].sees(SightOwner) }
	switch ev := e.(type) {
	case TerritoriesDealt:
		owners := make([]PlayerID, len(ev.Owners))
		for t, p := range ev.Owners {
			owners[t] = UnknownPlayer
			if after(TerritoryID(t)) {
				owners[t] = p
			}
		}
		return TerritoriesDealt{Owners: owners}, true
	case TurnStarted:
		// A game turn's reserve is the player's income: known where their totals are.
		if ev.Phase == PhaseReinforce && !s.knows(viewer, ev.Player) && !seesAllOwners(was) {
			ev.Armies = Unknown
		}
		return ev, true
	case TerritoryClaimed:
		if !after(ev.Territory) {
			ev.Territory = UnknownTerritory
		}
		return ev, true
	case ArmiesPlaced:
		var seen []Placement
		for _, pl := range ev.Placements {
			if sight(pl.Territory).sees(SightFull) {
				seen = append(seen, pl)
			}
		}
		if len(seen) == 0 && !s.knows(viewer, ev.Player) {
			return nil, false
		}
		ev.Placements = seen
		return ev, true
	case CardsTraded:
		var bonus []TerritoryID
		for _, t := range ev.Bonus {
			if sight(t).sees(SightFull) {
				bonus = append(bonus, t)
			}
		}
		ev.Bonus = bonus
		return ev, true
	case BattleRolled:
		if s.knows(viewer, ev.Attacker) || s.knows(viewer, ev.Defender) || (sight(ev.From).sees(SightFull) && sight(ev.To).sees(SightFull)) {
			return ev, true
		}
		return nil, false
	case TerritoryConquered:
		party := s.knows(viewer, ev.Player) || s.knows(viewer, ev.Previous)
		if !party && !sight(ev.To).sees(SightOwner) {
			return nil, false
		}
		if !party && !(sight(ev.From).sees(SightFull) && sight(ev.To).sees(SightFull)) {
			ev.From, ev.MinArmies = place(ev.From, SightOwner), Unknown
		}
		return ev, true
	case TerritoryOccupied:
		if s.knows(viewer, s.current) {
			return ev, true
		}
		if !sight(ev.To).sees(SightFull) {
			return nil, false
		}
		ev.From = place(ev.From, SightFull)
		return ev, true
	case Fortified:
		if s.knows(viewer, s.current) {
			return ev, true
		}
		from, to := sight(ev.From).sees(SightFull), sight(ev.To).sees(SightFull)
		if !from && !to {
			return nil, false
		}
		ev.From, ev.To = place(ev.From, SightFull), place(ev.To, SightFull)
		return ev, true
	case CardDrawn:
		if !s.knows(viewer, ev.Player) && f > FogLight {
			return nil, false
		}
		return ev, true
	case PlayerEliminated:
		if f > FogLight && !s.knows(viewer, ev.Player) && !s.knows(viewer, ev.By) {
			ev.Cards = unknownHand // how many cards changed hands is as hidden as the hands (R78)
		}
		return ev, true
	case PlayerResigned:
		if f > FogLight && !s.knows(viewer, ev.Player) {
			ev.Cards = unknownHand
		}
		return ev, true
	}
	// GameStarted, PhaseChanged, DeckReshuffled and GameOver are public, and so are eliminations and
	// resignations but for their cards.
	return e, true
}

// Believed returns the state a CPU in viewer's seat decides from under the game's fog when it remembers
// nothing: BelievedFrom with the zero Memory.
func Believed(s State, viewer PlayerID) State { return BelievedFrom(s, viewer, Memory{}) }

// BelievedFrom returns the state a CPU in viewer's seat decides from under the game's fog, remembering
// what memory holds (folded from the seat's own record): s with everything Project hides replaced by what
// follows from what the viewer sees and remembers, so that two states that project alike for viewer give
// the same believed state with the same memory, and a command legal for viewer in it is legal in s (the
// viewer's own territories, hand and turn are as they are). A territory whose owner is hidden is taken as
// the owner last seen there while that owner is still in the game, else as the nearest known owner's
// (nearestOwners); one whose armies are hidden holds the armies last seen there under the same owner,
// plus one a round since (Memory), else the mean of the armies the viewer sees on others' territories
// (at least 1). Another seat's hand holds as many cards as the viewer may count (none when the count is
// hidden), the highest ids not in the viewer's hand, seat by seat; the deck is the cards left, in id
// order, and the discard pile is empty. With no fog, or once the game is over, it is s.
func BelievedFrom(s State, viewer PlayerID, memory Memory) State {
	if s.cfg.Fog == FogNone || s.phase == PhaseOver {
		return s
	}
	vision := Vision(s, viewer)
	seen, sum := 0, 0
	for t, sight := range vision {
		if owner := s.Owner(TerritoryID(t)); sight == SightFull && !s.knows(viewer, owner) && owner != Unclaimed {
			seen++
			sum += s.Armies(TerritoryID(t))
		}
	}
	guess := 1
	if seen > 0 {
		guess = max(1, (sum+seen/2)/seen)
	}
	known := make([]PlayerID, len(vision)) // the owners seen or remembered, UnknownPlayer for the others
	for t, sight := range vision {
		known[t] = UnknownPlayer
		switch o := s.Owner(TerritoryID(t)); {
		case sight.sees(SightOwner):
			if !s.knows(viewer, o) && o != Unclaimed {
				known[t] = o
			}
		default:
			if o, _, ok := memory.remembered(s, viewer, TerritoryID(t)); ok {
				known[t] = o
			}
		}
	}
	owners := nearestOwners(s, vision, known)
	v := evolver{s: s, ed: new(edit)}
	for t, sight := range vision {
		if sight == SightFull {
			continue
		}
		owner, armies := owners[t], guess
		if sight.sees(SightOwner) {
			owner = s.Owner(TerritoryID(t))
		}
		if o, a, ok := memory.remembered(s, viewer, TerritoryID(t)); ok && o == owner && a != Unknown {
			armies = a
		}
		v.setOwner(TerritoryID(t), owner, armies)
	}
	var mine []CardID
	if s.inGame(viewer) {
		mine = s.players[viewer].Hand
	}
	var cards []CardID // every card but the viewer's, in id order
	for c := range CardID(s.board.Cards()) {
		if !slices.Contains(mine, c) {
			cards = append(cards, c)
		}
	}
	counted := s.cfg.Fog <= FogLight
	for p := range s.players {
		if PlayerID(p) == viewer {
			continue
		}
		var hand []CardID
		if n := len(s.players[p].Hand); (counted || s.knows(viewer, PlayerID(p))) && n > 0 {
			n = min(n, len(cards))
			hand = slices.Clone(cards[len(cards)-n:])
			cards = cards[:len(cards)-n]
		}
		v.player(PlayerID(p)).Hand = hand
	}
	deck := cards
	pos := vecFilled(s.board.Cards(), int32(-1))
	for i, c := range deck {
		pos = pos.Set(v.ed, int(c), int32(i))
	}
	v.s.deck, v.s.deckPos, v.s.discard = vecOf(deck), pos, vecOf[CardID](nil)
	return v.s
}

// nearestOwners gives each territory whose owner vision does not show and known does not name
// (UnknownPlayer) the owner known of the nearest territory (in borders crossed) that has one, the lowest
// territory id first among the nearest; Neutral when there is none. known names the owners seen or
// remembered, neither the viewer nor unclaimed, and is UnknownPlayer elsewhere.
func nearestOwners(s State, vision []Sight, known []PlayerID) []PlayerID {
	owners := slices.Clone(known)
	reached := make([]bool, len(vision))
	var queue []TerritoryID
	for t, o := range known {
		if o != UnknownPlayer {
			reached[t] = true
			queue = append(queue, TerritoryID(t))
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, nb := range s.board.Neighbors(t) {
			if !reached[nb] && !vision[nb].sees(SightOwner) && known[nb] == UnknownPlayer {
				reached[nb], owners[nb] = true, owners[t]
				queue = append(queue, nb)
			}
		}
	}
	for t, o := range owners {
		if o == UnknownPlayer {
			owners[t] = Neutral
		}
	}
	return owners
}
