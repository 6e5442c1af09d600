package rules

// Action is one legal command with the range of its amount: the armies of a Place (one placement), an
// Occupy or a Fortify, or the dice of an Attack. Command holds the largest amount; any amount from Min to
// Max is legal too. Min and Max are zero for commands without an amount.
type Action struct {
	Command  Command
	Min, Max int
}

// LegalCommands lists what player p may do now. It is empty when p may do nothing (not p's turn, the game
// over); resignation is listed last whenever p may resign. Placements are listed one territory at a time (a Place
// may combine several), and attacks with their most dice (Repeat may be added to any of them).
func LegalCommands(s State, p PlayerID) []Action {
	if s.phase == PhaseSetup || s.phase == PhaseOver || p < 0 || int(p) >= len(s.players) || s.players[p].Status != Active {
		return nil
	}
	var out []Action
	if p == s.current {
		out = s.turnActions(p)
	}
	if s.ActivePlayers() == 1 {
		return out // the last player left cannot resign (R40)
	}
	return append(out, Action{Command: Resign{}})
}

// LegalCommandsFrom lists the legal commands of player p that start from territory t, in the order
// LegalCommands lists them: the claim of t, the placement on t, the attacks and fortify moves from t,
// or the occupation of the conquest made from t. It is what LegalCommands holds for t (without the
// commands that start from no territory: trades, the ends of phases, resignation), at the cost of t's
// neighbours instead of the whole board, for clients of large maps that look at one territory at a time.
func LegalCommandsFrom(s State, p PlayerID, t TerritoryID) []Action {
	if t < 0 || int(t) >= s.board.Len() || s.phase == PhaseSetup || s.phase == PhaseOver || p != s.current ||
		p < 0 || int(p) >= len(s.players) || s.players[p].Status != Active {
		return nil
	}
	switch s.phase {
	case PhaseClaim:
		if s.Owner(t) == Unclaimed {
			return []Action{{Command: Claim{Territory: t}}}
		}
		return nil
	case PhaseOccupy:
		if s.pending.From == t {
			return s.turnActions(p)
		}
		return nil
	case PhaseReinforce, PhaseAttack:
		if s.MustTrade() {
			return nil
		}
	}
	if s.reserve > 0 {
		if !s.mayHold(p, t, s.cfg.TeamRules.PlaceOnTeammates) {
			return nil
		}
		return []Action{{Command: Place{Placements: []Placement{{Territory: t, Armies: s.reserve}}}, Min: 1, Max: s.reserve}}
	}
	armies := s.Armies(t)
	if s.Owner(t) != p || armies < 2 {
		return nil
	}
	var attacks []Action
	for _, to := range s.board.Neighbors(t) {
		if s.phase == PhaseAttack && s.mayAttack(p, to) {
			dice := min(3, armies-1)
			attacks = append(attacks, Action{Command: Attack{From: t, To: to, Dice: dice}, Min: 1, Max: dice})
		}
	}
	return s.appendFortifies(attacks, p, t, armies)
}

// LegalTrades lists the trades of LegalCommands(s, p), in the same order: the sets of p's hand when p may
// trade now (in p's reinforcement phase, or when a forced trade is due in the attack phase), none
// otherwise. It costs what p's hand holds, never the board, for clients of large maps that cannot read
// every command at once.
func LegalTrades(s State, p PlayerID) []Action {
	if s.phase == PhaseSetup || s.phase == PhaseOver || p != s.current || p < 0 || int(p) >= len(s.players) ||
		s.players[p].Status != Active {
		return nil
	}
	return s.tradeActions(p)
}

// tradeActions lists the trades p may make now, p being the player to move: every set of p's hand in the
// reinforcement phase, or while a forced trade is due.
func (s State) tradeActions(p PlayerID) []Action {
	if s.phase != PhaseReinforce && !(s.phase == PhaseAttack && s.MustTrade()) {
		return nil
	}
	var out []Action
	for _, set := range Sets(s.board, s.players[p].Hand) {
		out = append(out, Action{Command: Trade{Cards: set}})
	}
	return out
}

func (s State) turnActions(p PlayerID) []Action {
	var out []Action
	switch s.phase {
	case PhaseClaim:
		for t := range s.board.Len() {
			if s.Owner(TerritoryID(t)) == Unclaimed {
				out = append(out, Action{Command: Claim{Territory: TerritoryID(t)}})
			}
		}
		return out
	case PhaseOccupy:
		c := s.pending
		return []Action{{Command: Occupy{Armies: s.Armies(c.From) - 1}, Min: c.MinArmies, Max: s.Armies(c.From) - 1}}
	case PhaseReinforce, PhaseAttack:
		out = s.tradeActions(p)
		if s.MustTrade() {
			return out
		}
	}
	if s.reserve > 0 {
		return append(out, s.placeActions(p)...)
	}
	if s.phase == PhaseAttack {
		attacks, fortifies := s.attackAndFortifyActions(p)
		out = append(append(out, attacks...), Action{Command: EndAttack{}})
		out = append(out, fortifies...)
		return append(out, Action{Command: EndTurn{}})
	}
	out = append(out, s.fortifyActions(p)...)
	return append(out, Action{Command: EndTurn{}})
}

// attackAndFortifyActions lists the attacks (with their most dice) and the fortify moves of p, in one
// pass over the board.
func (s State) attackAndFortifyActions(p PlayerID) (attacks, fortifies []Action) {
	s.eachOwned(p, func(from TerritoryID) {
		armies := s.Armies(from)
		if armies < 2 {
			return
		}
		dice := min(3, armies-1)
		for _, to := range s.board.Neighbors(from) {
			if s.mayAttack(p, to) {
				attacks = append(attacks, Action{Command: Attack{From: from, To: to, Dice: dice}, Min: 1, Max: dice})
			}
		}
		fortifies = s.appendFortifies(fortifies, p, from, armies)
	})
	return attacks, fortifies
}

// placeActions lists where p may place their reserve: their territories, and their teammates' where the
// game allows it (R86).
func (s State) placeActions(p PlayerID) []Action {
	var out []Action
	for t := range s.board.Len() {
		if s.mayHold(p, TerritoryID(t), s.cfg.TeamRules.PlaceOnTeammates) {
			out = append(out, Action{Command: Place{Placements: []Placement{{Territory: TerritoryID(t), Armies: s.reserve}}}, Min: 1, Max: s.reserve})
		}
	}
	return out
}

func (s State) fortifyActions(p PlayerID) []Action {
	var out []Action
	s.eachOwned(p, func(from TerritoryID) {
		if armies := s.Armies(from); armies >= 2 {
			out = s.appendFortifies(out, p, from, armies)
		}
	})
	return out
}

// appendFortifies appends p's fortify moves out of from, which holds armies (at least 2).
func (s State) appendFortifies(out []Action, p PlayerID, from TerritoryID, armies int) []Action {
	for _, to := range s.fortifyTargets(p, from) {
		out = append(out, Action{Command: Fortify{From: from, To: to, Armies: armies - 1}, Min: 1, Max: armies - 1})
	}
	return out
}

// eachOwned calls f for every territory p owns, in id order.
func (s State) eachOwned(p PlayerID, f func(TerritoryID)) {
	for t := range s.board.Len() {
		if s.Owner(TerritoryID(t)) == p {
			f(TerritoryID(t))
		}
	}
}
