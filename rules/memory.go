package rules

// Memory is what a seat remembers of a fog game: of each territory, the owner and the armies it last
// saw there and the turn it last saw them, folded from the seat's own record (Watch's entries, as the
// game keeps them in each seat's record, R82) and nothing else. BelievedFrom fills the fog with it.
// The zero Memory remembers nothing.
type Memory struct {
	// Owners, Armies and Turns are, by territory, the owner last seen (UnknownPlayer when never), the
	// armies last seen (Unknown when never) and the turn of the entry that last showed the owner.
	Owners []PlayerID
	Armies []int
	Turns  []int
}

// NewMemory returns the memory of a seat that has seen nothing yet of a game on board b.
func NewMemory(b *Board) Memory {
	n := b.Len()
	m := Memory{Owners: make([]PlayerID, n), Armies: make([]int, n), Turns: make([]int, n)}
	for t := range n {
		m.Owners[t], m.Armies[t] = UnknownPlayer, Unknown
	}
	return m
}

// See folds one entry of the seat's record into m: the territories it changed, as the seat knows them
// after it, and its event (nil for a view change), at game turn turn. A territory the entry shows is
// remembered as shown; one it hides keeps what was seen before. A conquest of a territory the seat lost
// out of its sight still tells who took it (R79), with at least the conquest's least occupation on it.
func (m *Memory) See(turn int, e Event, changed []SeenTerritory) {
	if m.Owners == nil {
		return
	}
	for _, t := range changed {
		if t.Territory < 0 || int(t.Territory) >= len(m.Owners) {
			continue
		}
		switch {
		case t.Sight.sees(SightFull):
			m.Owners[t.Territory], m.Armies[t.Territory], m.Turns[t.Territory] = t.Owner, t.Armies, turn
		case t.Sight.sees(SightOwner):
			if m.Owners[t.Territory] != t.Owner {
				m.Owners[t.Territory], m.Armies[t.Territory] = t.Owner, Unknown
			}
			m.Turns[t.Territory] = turn
		}
	}
	if c, ok := e.(TerritoryConquered); ok && c.To >= 0 && int(c.To) < len(m.Owners) && c.Player >= 0 &&
		m.Owners[c.To] != c.Player {
		m.Owners[c.To], m.Armies[c.To], m.Turns[c.To] = c.Player, max(1, c.MinArmies), turn
	}
}

// Watch folds into m the events that led from before to the next state as viewer sees them (Watch), each
// at the game turn it belongs to: before's, or that of the last TurnStarted before it, as the game
// numbers the events of its records.
func (m *Memory) Watch(before State, events []Event, viewer PlayerID) error {
	seen, err := Watch(before, events, viewer)
	if err != nil {
		return err
	}
	turns := make([]int, len(events))
	turn := before.Turn()
	for i, e := range events {
		if st, ok := e.(TurnStarted); ok {
			turn = st.Turn
		}
		turns[i] = turn
	}
	for _, w := range seen {
		m.See(turns[w.At], w.Event, w.Changed)
	}
	return nil
}

// remembered returns the owner and armies a viewer with memory m believes hold territory t of s, which it
// does not see: the owner it last saw there while that owner is still in the game and not the viewer,
// with the armies last seen plus one a round (a turn of every seat still in the game) since; ok is false
// when it remembers no such owner.
func (m Memory) remembered(s State, viewer PlayerID, t TerritoryID) (owner PlayerID, armies int, ok bool) {
	if m.Owners == nil {
		return 0, 0, false
	}
	owner = m.Owners[t]
	if s.knows(viewer, owner) || !s.inGame(owner) {
		return 0, 0, false
	}
	armies = m.Armies[t]
	if armies == Unknown {
		return owner, Unknown, true
	}
	rounds := max(0, s.turn-m.Turns[t]) / max(1, s.ActivePlayers())
	return owner, max(1, armies+rounds), true
}
