package rules

import (
	"fmt"
	"slices"
)

// Diff describes the first difference between two states of the same game, or returns "" when they are
// equal. It reads both boards whole: for replay checks and tests.
func Diff(a, b State) string {
	if a.board != b.board && !sameBoard(a.board, b.board) {
		return "the states are on different boards"
	}
	type field struct {
		name string
		a, b any
	}
	for _, f := range []field{
		{"phase", a.phase, b.phase}, {"current player", a.current, b.current}, {"turn", a.turn, b.turn},
		{"round", a.round, b.round}, {"reserve", a.reserve, b.reserve}, {"traded armies", a.traded, b.traded}, {"conquered", a.conquered, b.conquered},
		{"forced trade", a.forcedTrade, b.forcedTrade}, {"pending conquest", a.pending, b.pending}, {"due step", a.due, b.due},
		{"trades", a.trades, b.trades}, {"winner", a.winner, b.winner}, {"unclaimed", a.unclaimed, b.unclaimed},
		{"deck size", a.deck.Len(), b.deck.Len()}, {"discard size", a.discard.Len(), b.discard.Len()},
	} {
		if f.a != f.b {
			return fmt.Sprintf("%s: %v != %v", f.name, f.a, f.b)
		}
	}
	if !slices.Equal(a.handedOver, b.handedOver) {
		return fmt.Sprintf("handed over seats: %v != %v", a.handedOver, b.handedOver)
	}
	if !slices.Equal(a.order, b.order) {
		return fmt.Sprintf("turn order: %v != %v", a.order, b.order)
	}
	for i := range a.players {
		pa, pb := a.players[i], b.players[i]
		if !slices.Equal(pa.Hand, pb.Hand) {
			return fmt.Sprintf("player %d's hand: %v != %v", i, pa.Hand, pb.Hand)
		}
		pa.Hand, pb.Hand = nil, nil
		if fmt.Sprint(pa) != fmt.Sprint(pb) {
			return fmt.Sprintf("player %d: %+v != %+v", i, pa, pb)
		}
	}
	for t := range a.board.Len() {
		if ca, cb := a.cells.Get(t), b.cells.Get(t); ca != cb {
			return fmt.Sprintf("territory %d: owner %d armies %d != owner %d armies %d", t, ca.owner, ca.armies, cb.owner, cb.armies)
		}
	}
	for i := range a.deck.Len() {
		if a.deck.Get(i) != b.deck.Get(i) {
			return fmt.Sprintf("deck position %d: card %d != %d", i, a.deck.Get(i), b.deck.Get(i))
		}
	}
	for i := range a.discard.Len() {
		if a.discard.Get(i) != b.discard.Get(i) {
			return fmt.Sprintf("discard position %d: card %d != %d", i, a.discard.Get(i), b.discard.Get(i))
		}
	}
	return ""
}

// sameBoard reports whether two boards (say, parsed twice from one map) have the same territories and
// borders.
func sameBoard(a, b *Board) bool {
	if a.Len() != b.Len() || a.Cards() != b.Cards() || len(a.areas) != len(b.areas) {
		return false
	}
	for t := range a.Len() {
		if a.territories[t] != b.territories[t] || !slices.Equal(a.neighbors[t], b.neighbors[t]) {
			return false
		}
	}
	return true
}
