package rules

import (
	"fmt"
	"testing"
)

func TestLegalCommandsByPhase(t *testing.T) {
	t.Parallel()
	const pos = "pos: a:0/4 b:0/2 c:0/2 d:1/3 e:1/1 f:n/1\n"
	cases := []struct {
		name, game, player, want string
	}{
		{"R46 setup: nothing", ring6, "0", ""},
		{"R46 claim pick", ring6 + "claim: round_robin\nphase: claim\npos: a:0/1 c:1/1\nunplaced: 0=7 1=7", "0",
			"claim b, claim d, claim e, claim f, resign"},
		{"R46 another player's claim pick: resign only", ring6 + "claim: round_robin\nphase: claim\npos: a:0/1 c:1/1\nunplaced: 0=7 1=7", "1",
			"resign"},
		{"R46 placement turn", ring6 + "claim: round_robin\nphase: placement\nreserve: 5\npos: a:0/1 b:1/1 c:0/1 d:1/1 e:0/1 f:1/1\nunplaced: 1=5", "0",
			"place a 5 [1-5], place c 5 [1-5], place e 5 [1-5], resign"},
		{"R46 reinforcement with sets", ring6 + "phase: reinforce\nreserve: 3\npos: a:0/1 b:1/1 c:0/1 d:1/1 e:1/1 f:1/1\nhand 0: a b c *0", "0",
			"trade a b c, trade a b *0, trade a c *0, trade b c *0, place a 3 [1-3], place c 3 [1-3], resign"},
		{"R46 R24 a forced trade: sets only", ring6 + "phase: reinforce\nreserve: 3\npos: a:0/1 b:1/1 c:0/1 d:1/1 e:1/1 f:1/1\nhand 0: a b d e *0", "0",
			"trade a b *0, trade a d *0, trade a e *0, trade b d *0, trade b e *0, trade d e *0, resign"},
		{"R46 attack phase", ring6 + "phase: attack\n" + pos, "0",
			"attack a f 3 [1-3], attack c d 1 [1-1], end_attack, fortify a b 3 [1-3], fortify b a 1 [1-1], fortify b c 1 [1-1], fortify c b 1 [1-1], end_turn, resign"},
		{"R46 armies waiting in the attack phase", ring6 + "phase: attack\nreserve: 2\n" + pos, "0",
			"place a 2 [1-2], place b 2 [1-2], place c 2 [1-2], resign"},
		{"R46 occupy", ring6 + "phase: occupy\npending: a f 2\nconquered: yes\npos: a:0/5 b:0/2 c:0/1 d:1/3 e:1/1 f:0/0", "0",
			"occupy 4 [2-4], resign"},
		{"R46 fortify phase", ring6 + "phase: fortify\n" + pos, "0",
			"fortify a b 3 [1-3], fortify b a 1 [1-1], fortify b c 1 [1-1], fortify c b 1 [1-1], end_turn, resign"},
		{"R46 another player's game turn: resign only", ring6 + "phase: fortify\n" + pos, "1", "resign"},
		{"R46 a player who left: nothing", ring9 + "phase: attack\npos: a:0/4 b:0/2 c:0/2 d:1/3 e:1/1 f:n/1 g:n/1 h:n/1 i:n/1\nstatus: 2=resigned", "2", ""},
		{"R46 R44 the game is over: nothing", ring6 + "phase: over\nwinner: 0\npos: a:0/1 b:0/1 c:0/1 d:0/1 e:0/1 f:n/1\nstatus: 1=eliminated", "0", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := inspect(mustGame(t, c.game), "legal "+c.player)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("legal commands:\ngot  %v\nwant %v", got, c.want)
			}
		})
	}
	t.Run("R46 not a seat: nothing", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: fortify\n"+pos)
		for _, p := range []PlayerID{-1, 2, NoPlayer} {
			if got := LegalCommands(s, p); got != nil {
				t.Errorf("player %d: got %v, want nothing", p, got)
			}
		}
	})
}

// actionKey identifies a command apart from its amount, and returns the amount: the armies of a one-
// placement Place, an Occupy or a Fortify, or the dice of an Attack.
func actionKey(b *Board, c Command) (string, int) {
	switch c := c.(type) {
	case Place:
		if len(c.Placements) != 1 {
			return formatCommand(b, c), 0
		}
		return fmt.Sprintf("place %d", c.Placements[0].Territory), c.Placements[0].Armies
	case Attack:
		return fmt.Sprintf("attack %d %d", c.From, c.To), c.Dice
	case Occupy:
		return "occupy", c.Armies
	case Fortify:
		return fmt.Sprintf("fortify %d %d", c.From, c.To), c.Armies
	}
	return formatCommand(b, c), 0
}

// candidateCommands lists commands p might try in s: the legal ones and many that are not.
func candidateCommands(s State, p PlayerID) []Command {
	b := s.board
	out := []Command{StartGame{}, EndAttack{}, EndTurn{}, Resign{}, Occupy{Armies: 1}}
	for t := range TerritoryID(b.Len()) {
		out = append(out, Claim{Territory: t})
		for _, n := range []int{1, s.reserve, s.reserve + 1} {
			out = append(out, Place{Placements: []Placement{{Territory: t, Armies: n}}})
		}
		for _, to := range b.Neighbors(t) {
			for dice := 1; dice <= 3; dice++ {
				out = append(out, Attack{From: t, To: to, Dice: dice})
			}
			for _, n := range []int{1, s.Armies(t) - 1, s.Armies(t)} {
				out = append(out, Fortify{From: t, To: to, Armies: n})
			}
		}
	}
	if s.phase == PhaseOccupy {
		for n := s.pending.MinArmies - 1; n <= s.Armies(s.pending.From); n++ {
			out = append(out, Occupy{Armies: n})
		}
	}
	hand := s.players[p].Hand
	for i := range hand {
		for j := i + 1; j < len(hand); j++ {
			for k := j + 1; k < len(hand); k++ {
				out = append(out, Trade{Cards: [3]CardID{hand[i], hand[j], hand[k]}})
			}
		}
	}
	return out
}

// checkLegalCommands checks LegalCommands against Apply in s: for every player, resign is listed last
// when the player is active and not the last one left; every listed action is accepted with its Min and Max amounts; and for the
// player to move, every candidate command is accepted if and only if it is listed with its amount in range.
func checkLegalCommands(t *testing.T, s State) {
	t.Helper()
	dice := NewDice([32]byte{7})
	for p := range PlayerID(len(s.players)) {
		actions := LegalCommands(s, p)
		active := s.phase != PhaseSetup && s.phase != PhaseOver && s.players[p].Status == Active
		if active != (len(actions) > 0) {
			t.Fatalf("p%d in %s: %d legal commands while active is %v", p, s.phase, len(actions), active)
		}
		if !active {
			continue
		}
		_, resigns := actions[len(actions)-1].Command.(Resign)
		if lone := s.ActivePlayers() == 1; lone && resigns {
			t.Fatalf("R40 p%d in %s: the last player left may resign", p, s.phase)
		} else if !lone && !resigns {
			t.Fatalf("p%d in %s: the last legal command is %s, not resign", p, s.phase, formatCommand(s.board, actions[len(actions)-1].Command))
		}
		for _, a := range actions[:len(actions)-1] {
			if _, ok := a.Command.(Resign); ok {
				t.Fatalf("p%d in %s: resign listed twice", p, s.phase)
			}
		}
		ranges := map[string][2]int{}
		for _, a := range actions {
			key, amount := actionKey(s.board, a.Command)
			if a.Max != amount {
				t.Errorf("p%d in %s: %s carries amount %d, not its Max %d", p, s.phase, formatCommand(s.board, a.Command), amount, a.Max)
			}
			ranges[key] = [2]int{a.Min, a.Max}
			for _, n := range []int{a.Min, a.Max} {
				c := withAmount(a.Command, n)
				if _, _, err := Apply(s, p, c, dice); err != nil {
					t.Fatalf("p%d in %s: listed %s refused: %v", p, s.phase, formatCommand(s.board, c), err)
				}
			}
		}
		if p != s.current {
			continue
		}
		for _, c := range candidateCommands(s, p) {
			key, amount := actionKey(s.board, c)
			r, listed := ranges[key]
			listed = listed && amount >= r[0] && amount <= r[1]
			if _, ok := c.(StartGame); ok {
				listed = false
			}
			_, _, err := Apply(s, p, c, dice)
			if listed != (err == nil) {
				t.Fatalf("p%d in %s: %s listed %v, but Apply says %v", p, s.phase, formatCommand(s.board, c), listed, err)
			}
		}
	}
}

// withAmount returns the command with its amount set to n.
func withAmount(c Command, n int) Command {
	switch c := c.(type) {
	case Place:
		return Place{Placements: []Placement{{Territory: c.Placements[0].Territory, Armies: n}}}
	case Attack:
		c.Dice = n
		return c
	case Occupy:
		return Occupy{Armies: n}
	case Fortify:
		c.Armies = n
		return c
	}
	return c
}

func TestLegalCommandsAgainstApply(t *testing.T) {
	t.Parallel()
	b := mustGame(t, fuzzBoardText+"players: 3").board
	phases := map[Phase]bool{}
	for seed := range uint64(6) {
		seats := []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}, {Color: "y"}}[:3+seed%2]
		cfg := Config{Seats: seats, Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed % 4)}
		n := 0
		_, err := randomGame(b, cfg, seed, 250, func(s State, _ []Event) {
			phases[s.phase] = true
			if n%3 == 0 || s.phase == PhaseOccupy || s.phase == PhaseClaim || s.phase == PhasePlacement {
				checkLegalCommands(t, s)
			}
			n++
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, ph := range []Phase{PhaseClaim, PhasePlacement, PhaseReinforce, PhaseAttack, PhaseOccupy, PhaseFortify} {
		if !phases[ph] {
			t.Errorf("R46 the random games never reached the %s phase", ph)
		}
	}
	for _, text := range fuzzPositionFixtures {
		checkLegalCommands(t, mustGame(t, text))
	}
}

// actionStart is the territory a legal command starts from, or false for one that starts from none.
func actionStart(s State, c Command) (TerritoryID, bool) {
	switch c := c.(type) {
	case Claim:
		return c.Territory, true
	case Place:
		return c.Placements[0].Territory, true
	case Attack:
		return c.From, true
	case Fortify:
		return c.From, true
	case Occupy:
		return s.pending.From, true
	}
	return 0, false
}

// TestLegalCommandsFrom checks in random games, for every player and territory (and territories off the
// board), that LegalCommandsFrom lists what LegalCommands lists for that territory, in the same order, and
// for every player that LegalTrades lists the trades LegalCommands lists.
func TestLegalCommandsFrom(t *testing.T) {
	t.Parallel()
	b := mustGame(t, fuzzBoardText+"players: 3").board
	for seed := range uint64(4) {
		seats := []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}, {Color: "y"}}[:3+seed%2]
		cfg := Config{Seats: seats, Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed % 4)}
		_, err := randomGame(b, cfg, seed, 250, func(s State, _ []Event) {
			for p := range PlayerID(len(s.players)) {
				all := LegalCommands(s, p)
				var trades []Action
				for _, a := range all {
					if _, ok := a.Command.(Trade); ok {
						trades = append(trades, a)
					}
				}
				if got := LegalTrades(s, p); fmt.Sprint(got) != fmt.Sprint(trades) {
					t.Fatalf("p%d in %s: LegalTrades = %v, LegalCommands holds %v", p, s.phase, got, trades)
				}
				for tid := TerritoryID(-1); int(tid) <= b.Len(); tid++ {
					var want []Action
					for _, a := range all {
						if from, ok := actionStart(s, a.Command); ok && from == tid {
							want = append(want, a)
						}
					}
					got := LegalCommandsFrom(s, p, tid)
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("p%d in %s, territory %d: LegalCommandsFrom = %v, LegalCommands holds %v", p, s.phase, tid, got, want)
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
