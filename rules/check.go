package rules

import (
	"bytes"
	"slices"
)

// Origin is where an event of a checked record comes from: the player whose command produced it
// (NoPlayer for start_game) and the turn number once it has happened.
type Origin struct {
	Player PlayerID
	Turn   int
}

// ReplayChecked replays a record as Replay does, and checks that it happened: that the events are, one
// command after another, exactly those the engine produces for a legal command of the player who may act
// at that moment, given the randomness the record itself shows (the dice faces, the turn order, the deal,
// the cards drawn). Replay only checks that each event fits the state; ReplayChecked also refuses events
// that fit but that no command produces, such as two fortify moves in one turn or a turn that ends
// without the card its conquest earned. It returns the final state and each event's origin.
//
// Each event that opens a command names it: a claim, a placement, a trade, a roll (an attack of that many
// dice: a repeated attack is a run of single rolls, with the same events), an occupation, a fortify move
// (with or without the phase change before it), a resignation, and the end of a turn (the card drawn, or
// the next turn started). The command is decided with dice that return the recorded draws, and the events
// it produces must equal the recorded ones. A refusal is an *Error: INVALID_EVENT for an event that does
// not fit the state (as Replay), ILLEGAL_EVENT for events no legal command produces; its message starts
// with "event N" (N counting from 0).
func ReplayChecked(b *Board, cfg Config, events []Event) (State, []Origin, error) {
	start, err := New(b, cfg)
	if err != nil {
		return State{}, nil, err
	}
	s, origins, _, err := checkEvents(start, events, nil)
	return s, origins, err
}

// Drawn is one number a command drew from its dice: its bound N and its value V, in [0, N).
type Drawn struct {
	N, V int
}

// ReplayDrawn replays a record as ReplayChecked does, but draws every random number from d instead of
// reading it from the events: the record is accepted only when each command, decided with the numbers d
// gives in turn, produces exactly the recorded events, so that every die, the turn order, the deal, the
// starting armies and every card drawn are d's. With the committed dice of a game's seeds
// (NewCommittedDice), it verifies the game's randomness. It returns the final state, each event's origin,
// and each event's draws: the numbers drawn by the command the event opens, in order (none for an event
// that opens no command, nor for one whose command drew nothing). Refusals are as ReplayChecked's.
func ReplayDrawn(b *Board, cfg Config, events []Event, d Dice) (State, []Origin, [][]Drawn, error) {
	start, err := New(b, cfg)
	if err != nil {
		return State{}, nil, nil, err
	}
	return checkEvents(start, events, d)
}

// drawLog is dice that note the numbers they draw.
type drawLog struct {
	d   Dice
	log []Drawn
}

func (l *drawLog) Intn(n int) int {
	v := l.d.Intn(n)
	if n > 0 {
		l.log = append(l.log, Drawn{N: n, V: v})
	}
	return v
}

// checkEvents is ReplayChecked from state start, with the draws the record shows, or, for a source that
// is not nil, ReplayDrawn's with the numbers of source (whose draws it then returns). It reports the first
// problem of the record: the first event that does not fit, or the first that no legal command produces,
// whichever comes first.
func checkEvents(start State, events []Event, source Dice) (State, []Origin, [][]Drawn, error) {
	// First the fold, which checks that every event fits, and the draws each event shows.
	draws := make([][]int, len(events))
	origins := make([]Origin, len(events))
	v := evolver{s: start, ed: new(edit)}
	end, misfit := len(events), error(nil)
	for i, e := range events {
		draws[i] = v.s.draws(e)
		if err := v.apply(e); err != nil {
			end, misfit = i, errorf(CodeInvalidEvent, "event %d (%s): %s", i, e.Kind(), message(err))
			break
		}
		origins[i].Turn = v.s.turn
	}
	// Then command by command, up to the first misfit.
	fail := func(j int, err error) (State, []Origin, [][]Drawn, error) {
		if j >= end && misfit != nil {
			return State{}, nil, nil, misfit
		}
		return State{}, nil, nil, err
	}
	var drawn [][]Drawn
	if source != nil {
		drawn = make([][]Drawn, len(events))
	}
	s := start
	for i := 0; i < end; {
		p, c, err := impliedCommand(s, events, i)
		if err != nil {
			return fail(i, err)
		}
		var d Dice = &recordedDice{draws: draws, event: i}
		var log *drawLog
		if source != nil {
			log = &drawLog{d: source}
			d = log
		}
		next, got, err := Apply(s, p, c, d)
		if err != nil {
			return fail(i, errorf(CodeIllegalEvent, "event %d (%s): %s by player %d is refused: %s", i, events[i].Kind(),
				c.Kind(), p, message(err)))
		}
		for k, e := range got {
			j := i + k
			if j >= len(events) {
				return fail(j, errorf(CodeIllegalEvent, "event %d: the record ends, but %s by player %d goes on with %s",
					j, c.Kind(), p, e.Kind()))
			}
			if !sameEvent(e, events[j]) {
				if source != nil && e.Kind() == events[j].Kind() { // other draws: show both
					got, _ := MarshalEvent(e)
					want, _ := MarshalEvent(events[j])
					return fail(j, errorf(CodeIllegalEvent, "event %d (%s): %s by player %d with these draws gives %s, the record %s",
						j, events[j].Kind(), c.Kind(), p, got, want))
				}
				return fail(j, errorf(CodeIllegalEvent, "event %d (%s): %s by player %d gives %s here",
					j, events[j].Kind(), c.Kind(), p, e.Kind()))
			}
			origins[j].Player = p
		}
		if log != nil {
			drawn[i] = log.log
		}
		s, i = next, i+len(got)
	}
	if misfit != nil {
		return State{}, nil, nil, misfit
	}
	return s, origins, drawn, nil
}

// sameEvent reports whether two events are equal, by their encoding.
func sameEvent(a, b Event) bool {
	x, err1 := MarshalEvent(a)
	y, err2 := MarshalEvent(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// impliedCommand returns the command (and its player) that event i, the first of a command, implies.
func impliedCommand(s State, events []Event, i int) (PlayerID, Command, error) {
	switch e := events[i].(type) {
	case GameStarted:
		return NoPlayer, StartGame{}, nil
	case TerritoryClaimed:
		return e.Player, Claim{Territory: e.Territory}, nil
	case ArmiesPlaced:
		if !e.Starting {
			return e.Player, Place{Placements: slices.Clone(e.Placements)}, nil
		}
	case CardsTraded:
		return e.Player, Trade{Cards: e.Cards}, nil
	case BattleRolled:
		return e.Attacker, Attack{From: e.From, To: e.To, Dice: len(e.AttackDice)}, nil
	case TerritoryOccupied:
		return s.current, Occupy{Armies: e.Armies}, nil
	case PhaseChanged:
		if e.Phase == PhaseFortify {
			if i+1 < len(events) {
				if f, ok := events[i+1].(Fortified); ok {
					return s.current, Fortify(f), nil
				}
			}
			return s.current, EndAttack{}, nil
		}
	case Fortified:
		return s.current, Fortify(e), nil
	case PlayerResigned:
		return e.Player, Resign{}, nil
	case SeatHandedOver:
		return e.Player, Resign{}, nil
	case TurnStarted, CardDrawn, DeckReshuffled:
		return s.current, EndTurn{}, nil
	}
	return 0, nil, errorf(CodeIllegalEvent, "event %d (%s): no command starts with it here", i, events[i].Kind())
}

// draws returns the dice values (Intn results, in the order the engine draws them) that event e shows,
// given the state s before it. Any values are a legal draw; these are the ones that reproduce the event.
func (s State) draws(e Event) []int {
	switch e := e.(type) {
	case GameStarted:
		return s.cfg.orderDraws(e.Order)
	case TerritoriesDealt:
		return s.dealDraws(e.Owners)
	case ArmiesPlaced:
		if !e.Starting || e.Player < 0 || int(e.Player) >= len(s.players) {
			return nil
		}
		most := s.players[e.Player].Unplaced // Evolve refuses more, but only after this
		var owned []TerritoryID
		for t := range s.board.Len() {
			if s.Owner(TerritoryID(t)) == e.Player {
				owned = append(owned, TerritoryID(t))
			}
		}
		var out []int
		for _, pl := range e.Placements {
			if i, ok := slices.BinarySearch(owned, pl.Territory); ok {
				for range min(pl.Armies, most-len(out)) {
					out = append(out, i)
				}
			}
		}
		return out
	case BattleRolled:
		out := make([]int, 0, len(e.AttackDice)+len(e.DefendDice))
		for _, f := range append(slices.Clip(e.AttackDice), e.DefendDice...) {
			out = append(out, f-1)
		}
		return out
	case CardDrawn:
		if e.Card >= 0 && int(e.Card) < s.board.Cards() {
			return []int{int(s.deckPos.Get(int(e.Card)))}
		}
	}
	return nil
}

// dealDraws returns the shuffle draws of a random claim's deal that gives each territory its owner in
// owners: the i-th territory dealt goes to the (i mod P)-th player of the turn order, each player's
// territories in board order. Nil when no deal gives those owners.
func (s State) dealDraws(owners []PlayerID) []int {
	n := len(s.order)
	if n == 0 || len(owners) != s.board.Len() {
		return nil
	}
	byPlayer := make(map[PlayerID][]int, n)
	for t, p := range owners {
		byPlayer[p] = append(byPlayer[p], t)
	}
	deal := make([]TerritoryID, len(owners))
	for i := range deal {
		p := s.order[i%n]
		if len(byPlayer[p]) == 0 {
			return nil
		}
		deal[i], byPlayer[p] = TerritoryID(byPlayer[p][0]), byPlayer[p][1:]
	}
	return unshuffle(deal, len(owners))
}

// unshuffle returns the draws that make the engine's Fisher–Yates shuffle of 0, 1, ..., n-1 give out, or
// nil when out is not a permutation of those.
func unshuffle[T ~int](out []T, n int) []int {
	if len(out) != n {
		return nil
	}
	xs, pos := make([]int, n), make([]int, n)
	for i := range xs {
		xs[i], pos[i] = i, i
	}
	seen := make([]bool, n)
	for _, x := range out {
		if x < 0 || int(x) >= n || seen[x] {
			return nil
		}
		seen[x] = true
	}
	draws := make([]int, 0, n)
	for i := n - 1; i > 0; i-- {
		j := pos[out[i]]
		draws = append(draws, j)
		xs[i], xs[j] = xs[j], xs[i]
		pos[xs[i]], pos[xs[j]] = i, j
	}
	return draws
}

// recordedDice returns the draws of a record, event after event from event, in order. Past the end it
// returns 0, and a value out of range becomes 0 too: any draw is legal, and the events it gives are
// compared with the record's.
type recordedDice struct {
	draws      [][]int
	event, pos int
}

func (d *recordedDice) Intn(n int) int {
	for d.event < len(d.draws) && d.pos >= len(d.draws[d.event]) {
		d.event, d.pos = d.event+1, 0
	}
	if d.event >= len(d.draws) {
		return 0
	}
	v := d.draws[d.event][d.pos]
	d.pos++
	if v < 0 || v >= n {
		return 0
	}
	return v
}
