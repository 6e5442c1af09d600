package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestSetsAndBestValue(t *testing.T) {
	t.Parallel()
	// Every combination of three symbols, checked against a brute force: replace each wild by every
	// symbol and value what comes out.
	concrete := func(s [3]Symbol) (int, bool) {
		switch {
		case s[0] == s[1] && s[1] == s[2]:
			return [3]int{4, 6, 8}[s[0]], true
		case s[0] != s[1] && s[1] != s[2] && s[0] != s[2]:
			return 10, true
		}
		return 0, false
	}
	var expand func(s [3]Symbol, i int) (best int, ok bool)
	expand = func(s [3]Symbol, i int) (int, bool) {
		if i == 3 {
			return concrete(s)
		}
		if s[i] != Wild {
			return expand(s, i+1)
		}
		best, any := 0, false
		for sym := Infantry; sym <= Artillery; sym++ {
			s[i] = sym
			if v, ok := expand(s, i+1); ok {
				best, any = max(best, v), true
			}
		}
		return best, any
	}
	for a := Infantry; a <= Wild; a++ {
		for b := Infantry; b <= Wild; b++ {
			for c := Infantry; c <= Wild; c++ {
				syms := [3]Symbol{a, b, c}
				wantValue, wantSet := expand(syms, 0)
				k, isSet := classifySet(syms)
				if isSet != wantSet {
					t.Errorf("R15 %v: set %v, want %v", syms, isSet, wantSet)
					continue
				}
				if isSet && fixedValue(k) != wantValue {
					t.Errorf("R16 %v: fixed value %d, want %d", syms, fixedValue(k), wantValue)
				}
			}
		}
	}
	t.Run("R15 R69 not a set, the same card twice", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: reinforce\nreserve: 3\npos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1\nhand 0: a b d e *0")
		for _, cmd := range []string{"p0 trade a b d", "p0 trade a d e", "p0 trade a a b", "p0 trade *0 *0 a"} {
			if got, want := refuse(t, s, cmd), CodeInvalidSet; got != want {
				t.Errorf("%s: got %v, want %v", cmd, got, want)
			}
		}
		if got, want := refuse(t, s, "p0 trade a b c"), CodeNotHolder; got != want {
			t.Errorf("R68 a card of the deck: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 trade a b *1"), CodeNotHolder; got != want {
			t.Errorf("R68 a wild card of the deck: got %v, want %v", got, want)
		}
		for _, cmd := range []string{`p0 {"kind":"trade","cards":[0,1,8]}`, `p0 {"kind":"trade","cards":[0,1,-1]}`} {
			if got, want := refuse(t, s, cmd), CodeUnknownCard; got != want {
				t.Errorf("R67 %s: got %v, want %v", cmd, got, want)
			}
		}
		for _, cmd := range []string{"p0 trade a b *0", "p0 trade d e *0", "p0 trade a d *0", "p0 trade b e *0"} {
			play(t, s, cmd)
		}
	})
}

func TestTrading(t *testing.T) {
	t.Parallel()
	const start = ring6 + `
		phase: reinforce
		reserve: 3
		pos: a:0/1 b:0/1 c:1/1 d:1/1 e:1/1 f:1/1
		hand 0: c d e
	`
	t.Run("R17 into the reserve, onto the discard pile, and again", func(t *testing.T) {
		s := mustGame(t, strings.Replace(start, "hand 0: c d e", "hand 0: c d e f *0 *1", 1))
		s, events := play(t, s, "p0 trade c d e")
		if got, want := events[0].(CardsTraded).Armies, 4; got != want {
			t.Errorf("armies: got %v, want %v", got, want)
		}
		if got, want := s.Reserve(), 7; got != want {
			t.Errorf("reserve: got %v, want %v", got, want)
		}
		if got, want := cardKeys(s.board, s.discard.All()), "c d e"; got != want {
			t.Errorf("discard: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 place a 1")
		s, _ = play(t, s, "p0 trade f *0 *1")
		if got, want := s.Reserve(), 12; got != want {
			t.Errorf("reserve: got %v, want %v", got, want)
		}
		if got, want := len(s.Player(0).Hand), 0; got != want {
			t.Errorf("hand: got %v cards, want %v", got, want)
		}
	})
	t.Run("R17 R58 not once the last army is placed", func(t *testing.T) {
		s, _ := play(t, mustGame(t, start), "p0 place a 3")
		if got, want := refuse(t, s, "p0 trade c d e"), CodeWrongPhase; got != want {
			t.Errorf("attack phase: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 end_attack")
		if got, want := refuse(t, s, "p0 trade c d e"), CodeWrongPhase; got != want {
			t.Errorf("fortify phase: got %v, want %v", got, want)
		}
	})
	t.Run("R17 R57 not on another player's turn", func(t *testing.T) {
		s := mustGame(t, start+"hand 1: a b f")
		if got, want := refuse(t, s, "p1 trade a b f"), CodeNotYourTurn; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}

func TestClassicValue(t *testing.T) {
	t.Parallel()
	want := []int{4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40}
	for trades, v := range want {
		if got := ClassicValue(trades); got != v {
			t.Errorf("R18 ClassicValue(%d): got %v, want %v", trades, got, v)
		}
	}
}

// tradeValueOf trades cards from p0's hand in game and returns the armies the trade gave.
func tradeValueOf(t *testing.T, game, cards string) int {
	t.Helper()
	s := mustGame(t, game)
	s, events := play(t, s, "p0 trade "+cards)
	if got, want := s.Trades(), mustGame(t, game).Trades()+1; got != want {
		t.Errorf("R22 trade counter: got %v, want %v", got, want)
	}
	return events[0].(CardsTraded).Armies
}

func TestCardSystems(t *testing.T) {
	t.Parallel()
	// Nine territories, symbols a d g infantry, b e h cavalry, c f i artillery. p0 holds one territory;
	// p1 has 37 armies, p2 (when active) 20, neutral 40.
	const board = `
		board: a-b-c-d-e-f-g-h-i-a
		players: 3
		phase: reinforce
		reserve: 3
		pos: a:1/1 b:1/1 c:1/1 d:1/30 e:1/4 f:2/19 g:2/1 h:n/40 i:0/1
		hand 0: a d g b e h c f i *0 *1
	`
	game := func(cards, extra string) string {
		return board + "cards: " + cards + "\n" + extra
	}
	cases := []struct {
		name, game, cards string
		want              int
	}{
		{"R18 classic, first set", game("classic", ""), "a d g", 4},
		{"R18 classic, sixth set", game("classic", "trades: 5"), "a b c", 15},
		{"R18 classic, eighth set", game("classic", "trades: 7"), "a b c", 25},
		{"R19 fixed, three infantry", game("fixed", "trades: 9"), "a d g", 4},
		{"R19 fixed, three cavalry", game("fixed", ""), "b e h", 6},
		{"R19 fixed, three artillery", game("fixed", ""), "c f i", 8},
		{"R19 fixed, one of each", game("fixed", ""), "a e i", 10},
		{"R16 R19 fixed, two cavalry and a wild", game("fixed", ""), "b *0 e", 6},
		{"R16 R19 fixed, artillery and two wilds", game("fixed", ""), "*0 c *1", 10},
		{"R20 fixed TTB, default 6% of 57 is 3: fixed wins", game("fixed_ttb", ""), "a d g", 4},
		{"R20 fixed TTB, 10% of 57 rounds down to 5", game("fixed_ttb 10", ""), "a d g", 5},
		{"R20 fixed TTB, 10% of 57 is 5: fixed wins", game("fixed_ttb 10", ""), "b e h", 6},
		{"R20 fixed TTB, 4% of 57 is 2: fixed wins", game("fixed_ttb 4", ""), "a d g", 4},
		{"R20 R42 fixed TTB, no neutral armies, none of a player who left", replace(game("fixed_ttb 10", "status: 2=resigned"),
			"f:2/19 g:2/1", "f:n/19 g:n/1"), "a d g", 4},
		{"R21 classic scaling TTB, classic below the cap", game("classic_scaling_ttb", ""), "a d g", 4},
		{"R21 classic scaling TTB, 57 / 3 players caps 20 at 19", game("classic_scaling_ttb", "trades: 6"), "a d g", 19},
		{"R21 classic scaling TTB, 37 / 2 players caps 20 at 18", replace(game("classic_scaling_ttb", "trades: 6\nstatus: 2=resigned"),
			"f:2/19 g:2/1", "f:n/19 g:n/1"), "a d g", 18},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := tradeValueOf(t, c.game, c.cards); got != c.want {
				t.Errorf("%s: got %v, want %v", c.cards, got, c.want)
			}
		})
	}
	t.Run("R21 the cap can make a set worth nothing", func(t *testing.T) {
		g := `
			board: a-b-c-d-e-f-g-h-i-a
			players: 3
			cards: classic_scaling_ttb
			phase: reinforce
			reserve: 3
			pos: a:0/1 b:0/1 c:0/1 d:0/1 e:0/1 f:0/1 g:0/1 h:1/1 i:2/1
			hand 0: a d g
		`
		if got, want := tradeValueOf(t, g, "a d g"), 0; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}

// replace replaces the first old in s by new.
func replace(s, old, new string) string { return strings.Replace(s, old, new, 1) }

func TestTerritoryBonus(t *testing.T) {
	t.Parallel()
	const start = ring6 + `
		phase: reinforce
		reserve: 3
		pos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
		hand 0: a b c d e f *0
	`
	cases := []struct {
		cards, bonus string
	}{
		{"a b c", "a b c"},
		{"a e *0", "a"},
		{"d e f", ""},
		{"c *0 b", "c b"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("R23 %s", c.cards), func(t *testing.T) {
			s := mustGame(t, start)
			_, cmd, _, err := parseCommand(s.board, "p0 trade "+c.cards)
			if err != nil {
				t.Fatal(err)
			}
			cards := cmd.(Trade).Cards
			predicted := s.TradeBonus(0, cards)
			worth, err := s.TradeValue(0, cards)
			if err != nil {
				t.Fatal(err)
			}
			next, events := play(t, s, "p0 trade "+c.cards)
			tr := events[0].(CardsTraded)
			if !slices.Equal(predicted, tr.Bonus) || worth != tr.Armies {
				t.Errorf("TradeBonus and TradeValue before the trade: %v and %d, the engine granted %v and %d",
					predicted, worth, tr.Bonus, tr.Armies)
			}
			got := make([]CardID, len(tr.Bonus))
			for i, t := range tr.Bonus {
				got[i] = CardID(t)
			}
			if g := cardKeys(s.board, got); g != c.bonus {
				t.Errorf("bonus territories: got %q, want %q", g, c.bonus)
			}
			for _, tok := range strings.Fields(c.bonus) {
				id, _ := s.board.Lookup(tok)
				if got, want := next.Armies(id), s.Armies(id)+TradeBonusArmies; got != want {
					t.Errorf("armies on %s: got %v, want %v", tok, got, want)
				}
			}
			if got, want := next.Reserve(), s.Reserve()+tr.Armies; got != want {
				t.Errorf("reserve: got %v, want %v (the bonus goes on the board)", got, want)
			}
			if got, want := next.Player(0).Armies, s.Player(0).Armies+2*len(tr.Bonus); got != want {
				t.Errorf("armies on the board: got %v, want %v", got, want)
			}
		})
	}
}

func TestForcedTrades(t *testing.T) {
	t.Parallel()
	const reinforce = ring6 + `
		phase: reinforce
		reserve: 3
		pos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
	`
	t.Run("R24 five cards: trade before placing", func(t *testing.T) {
		s := mustGame(t, reinforce+"hand 0: a b d e *0")
		if got, want := s.MustTrade(), true; got != want {
			t.Errorf("must trade: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 place a 3"), CodeMustTrade; got != want {
			t.Errorf("R70 place: got %v, want %v", got, want)
		}
		for _, a := range LegalCommands(s, 0) {
			if _, ok := a.Command.(Place); ok {
				t.Errorf("R46 a place is listed while a trade is forced")
			}
		}
		s, _ = play(t, s, "p0 trade a b *0")
		play(t, s, "p0 place a 7")
	})
	t.Run("R24 four cards: no trade forced", func(t *testing.T) {
		s := mustGame(t, reinforce+"hand 0: a b c d")
		if got, want := s.MustTrade(), false; got != want {
			t.Errorf("must trade: got %v, want %v", got, want)
		}
		play(t, s, "p0 place a 3")
	})
	t.Run("R24 eight cards: trades until fewer than five", func(t *testing.T) {
		s := mustGame(t, ring9+`
			phase: reinforce
			reserve: 3
			pos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1 g:2/1 h:2/1 i:2/1
			hand 0: a b c d e f g h
		`)
		s, _ = play(t, s, "p0 trade a b c")
		if got, want := refuse(t, s, "p0 place a 1"), CodeMustTrade; got != want {
			t.Errorf("five cards left: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 trade d e f")
		play(t, s, "p0 place a 1")
	})
	const elimination = ring9 + `
		phase: attack
		pos: a:0/5 b:1/1 c:2/1 d:2/1 e:2/1 f:2/1 g:0/1 h:0/1 i:0/3
	`
	eliminate := func(t *testing.T, hands string) State {
		t.Helper()
		s := mustGame(t, elimination+hands)
		s, _ = play(t, s, "p0 attack a b | 6 6 6 1")
		return s
	}
	t.Run("R25 six cards after an elimination: trade once the conquest is occupied", func(t *testing.T) {
		s := eliminate(t, "hand 0: a b c\nhand 1: d e f")
		if got, want := refuse(t, s, "p0 trade a b c"), CodeMustOccupy; got != want {
			t.Errorf("before occupying: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 occupy 3")
		if got, want := s.MustTrade(), true; got != want {
			t.Fatalf("must trade: got %v, want %v", got, want)
		}
		for _, cmd := range []string{"p0 place a 1", "p0 attack b c", "p0 end_attack", "p0 fortify i h 1", "p0 end_turn"} {
			if got, want := refuse(t, s, cmd), CodeMustTrade; got != want {
				t.Errorf("R70 %s: got %v, want %v", cmd, got, want)
			}
		}
		s, _ = play(t, s, "p0 trade d e f")
		if got, want := s.MustTrade(), false; got != want {
			t.Errorf("three cards left: must trade %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 trade a b c"), CodeWrongPhase; got != want {
			t.Errorf("R17 no more trades: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 attack b c"), CodeMustPlace; got != want {
			t.Errorf("R14 R71 attack before placing: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 place b 4")
		play(t, s, "p0 attack b c | 6 6 6 6")
	})
	t.Run("R25 eight cards after an elimination: down to four or fewer", func(t *testing.T) {
		s := eliminate(t, "hand 0: a b c g\nhand 1: d e f h")
		s, _ = play(t, s, "p0 occupy 3")
		s, _ = play(t, s, "p0 trade a b c")
		if got, want := s.MustTrade(), true; got != want {
			t.Errorf("five cards left: must trade %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 trade d e f")
		if got, want := s.MustTrade(), false; got != want {
			t.Errorf("two cards left: must trade %v, want %v", got, want)
		}
	})
	t.Run("R25 five cards after an elimination: nothing forced until the next reinforcement", func(t *testing.T) {
		s := eliminate(t, "hand 0: a b c\nhand 1: d e")
		s, _ = play(t, s, "p0 occupy 3")
		if got, want := s.MustTrade(), false; got != want {
			t.Errorf("must trade: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 trade a b c"), CodeWrongPhase; got != want {
			t.Errorf("trade: got %v, want %v", got, want)
		}
		play(t, s, "p0 attack b c | 6 6 6")
	})
	t.Run("R25 R33 with an automatic occupation the trade comes at once", func(t *testing.T) {
		s := mustGame(t, strings.Replace(elimination, "a:0/5", "a:0/4", 1)+"hand 0: a b c\nhand 1: d e f")
		s, events := play(t, s, "p0 attack a b | 6 6 6 1")
		if got, want := kinds(events), "battle_rolled territory_conquered player_eliminated territory_occupied"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.MustTrade(), true; got != want {
			t.Errorf("must trade: got %v, want %v", got, want)
		}
	})
}
