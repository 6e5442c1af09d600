package rules

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The tests of this file pin the rules of docs/rules.md on positions written in the fixture notation
// (testdata/scenarios/README.md). Each names the rules it covers.

// ring6 is the smallest board for two players: six territories in a ring.
const ring6 = `
	board: a-b-c-d-e-f-a
	players: 2
`

// ring9 is a ring of nine territories for three players.
const ring9 = `
	board: a-b-c-d-e-f-g-h-i-a
	players: 3
`

func TestTurnPhasesAndOrder(t *testing.T) {
	t.Parallel()
	t.Run("R11 reinforce, attack, fortify, then the next player", func(t *testing.T) {
		s := mustGame(t, ring6+`
			phase: reinforce
			reserve: 3
			pos: a:0/2 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
		`)
		s, events := play(t, s, "p0 place a 3")
		if got, want := kinds(events), "armies_placed phase_changed"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseAttack; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 end_attack")
		if got, want := s.Phase(), PhaseFortify; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
		s, events = play(t, s, "p0 fortify a b 2")
		if got, want := kinds(events), "fortified turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Current(), PlayerID(1); got != want {
			t.Errorf("current: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseReinforce; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
	})
	t.Run("R11 the turn order skips players who left", func(t *testing.T) {
		s := mustGame(t, `
			board: a-b-c-d-e-f-g-h-i-j-k-l-a
			players: 4
			phase: attack
			order: 2 0 3 1
			current: 0
			pos: a:0/2 b:0/1 c:1/1 d:1/1 e:2/1 f:2/1 g:n/1 h:n/1 i:0/1 j:1/1 k:2/1 l:0/1
			status: 3=resigned
		`)
		s, _ = play(t, s, "p0 end_turn")
		if got, want := s.Current(), PlayerID(1); got != want {
			t.Errorf("after p0: got %v, want %v", got, want)
		}
		s = mustGame(t, ring9+`
			phase: fortify
			order: 1 2 0
			current: 2
			pos: a:2/1 b:2/1 c:1/1 d:1/1 e:2/1 f:2/1 g:1/1 h:2/1 i:1/1
			status: 0=eliminated
		`)
		s, _ = play(t, s, "p2 end_turn")
		if got, want := s.Current(), PlayerID(1); got != want {
			t.Errorf("after p2, wrapping around: got %v, want %v", got, want)
		}
	})
}

func TestPlacing(t *testing.T) {
	t.Parallel()
	const start = ring6 + `
		phase: reinforce
		reserve: 5
		pos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
	`
	t.Run("R13 several placements, the same territory twice, over several commands", func(t *testing.T) {
		s := mustGame(t, start)
		s, events := play(t, s, "p0 place a 1 a 1 b 1")
		if got, want := kinds(events), "armies_placed"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Reserve(), 2; got != want {
			t.Errorf("reserve: got %v, want %v", got, want)
		}
		if got, want := s.Armies(0), 3; got != want {
			t.Errorf("armies on a: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseReinforce; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
		s, events = play(t, s, "p0 place c 2")
		if got, want := kinds(events), "armies_placed phase_changed"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseAttack; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
	})
	refusals := []struct {
		name, cmd string
		want      Code
	}{
		{"R13 R66 no placements", `p0 {"kind":"place","placements":[]}`, CodeInvalidAmount},
		{"R13 R66 zero armies", "p0 place a 0", CodeInvalidAmount},
		{"R13 R66 negative armies", "p0 place a -1", CodeInvalidAmount},
		{"R13 R66 more than the reserve", "p0 place a 6", CodeInvalidAmount},
		{"R13 R66 a total above the reserve", "p0 place a 3 b 3", CodeInvalidAmount},
		{"R13 R61 another player's territory", "p0 place d 1", CodeNotOwner},
		{"R13 R59 no such territory", `p0 {"kind":"place","placements":[{"territory":6,"armies":1}]}`, CodeUnknownTerritory},
		{"R14 R58 no attack before the armies are placed", "p0 attack a f", CodeWrongPhase},
		{"R14 R58 no end_attack", "p0 end_attack", CodeWrongPhase},
		{"R14 R58 no fortify", "p0 fortify a b 0", CodeWrongPhase},
		{"R14 R58 no end_turn", "p0 end_turn", CodeWrongPhase},
	}
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			if got := refuse(t, mustGame(t, start), r.cmd); got != r.want {
				t.Errorf("%s: got %v, want %v", r.cmd, got, r.want)
			}
		})
	}
	t.Run("R13 R58 nothing to place", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1")
		if got, want := refuse(t, s, "p0 place a 1"), CodeWrongPhase; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	t.Run("R14 R71 armies wait in the attack phase", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\nreserve: 2\npos: a:0/3 b:0/3 c:0/1 d:1/1 e:1/1 f:1/1")
		for _, cmd := range []string{"p0 attack a f", "p0 end_attack", "p0 fortify a b 1", "p0 end_turn"} {
			if got, want := refuse(t, s, cmd), CodeMustPlace; got != want {
				t.Errorf("%s: got %v, want %v", cmd, got, want)
			}
		}
		s, events := play(t, s, "p0 place b 2")
		if got, want := kinds(events), "armies_placed"; got != want {
			t.Errorf("events: got %v, want %v (the phase stays attack)", got, want)
		}
		play(t, s, "p0 attack a f | 6 6 1")
	})
}

func TestAttack(t *testing.T) {
	t.Parallel()
	const start = ring6 + `
		phase: attack
		pos: a:0/4 b:0/1 c:0/2 d:1/3 e:1/1 f:n/2
	`
	t.Run("R26 an attack on a player and on a neutral territory", func(t *testing.T) {
		s := mustGame(t, start)
		_, events := play(t, s, "p0 attack c d | 6 5 5")
		roll := events[0].(BattleRolled)
		if got, want := roll.Defender, PlayerID(1); got != want {
			t.Errorf("defender: got %v, want %v", got, want)
		}
		_, events = play(t, s, "p0 attack a f | 6 6 6 5 5")
		roll = events[0].(BattleRolled)
		if got, want := roll.Defender, Neutral; got != want {
			t.Errorf("defender: got %v, want %v", got, want)
		}
	})
	refusals := []struct {
		name, cmd string
		want      Code
	}{
		{"R26 R62 own territory", "p0 attack a b", CodeOwnTerritory},
		{"R26 R62 the same territory", `p0 {"kind":"attack","from":0,"to":0}`, CodeOwnTerritory},
		{"R26 R63 no border", "p0 attack a d", CodeNotAdjacent},
		{"R26 R61 from another player's territory", "p0 attack d c", CodeNotOwner},
		{"R26 R61 from a neutral territory", "p0 attack f a", CodeNotOwner},
		{"R26 R59 from no territory", `p0 {"kind":"attack","from":-1,"to":1}`, CodeUnknownTerritory},
		{"R26 R59 to no territory", `p0 {"kind":"attack","from":0,"to":6}`, CodeUnknownTerritory},
		{"R27 R65 four dice", "p0 attack a f 4", CodeInvalidDice},
		{"R27 R65 negative dice", "p0 attack a f -1", CodeInvalidDice},
		{"R27 R65 more dice than armies - 1", "p0 attack c d 2", CodeInvalidDice},
		{"R30 R66 stopAt without repeat", "p0 attack a f stop 2", CodeInvalidAmount},
		{"R30 R66 stopAt negative", "p0 attack a f repeat stop -1", CodeInvalidAmount},
		{"R30 R66 stopAt at the attacking armies", "p0 attack a f repeat stop 4", CodeInvalidAmount},
	}
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			if got := refuse(t, mustGame(t, start), r.cmd); got != r.want {
				t.Errorf("%s: got %v, want %v", r.cmd, got, r.want)
			}
		})
	}
	t.Run("R26 R64 one army", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1")
		if got, want := refuse(t, s, "p0 attack c d"), CodeTooFewArmies; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	t.Run("R27 attacker dice: the most by default, any fewer by choice", func(t *testing.T) {
		for armies, most := range map[int]int{2: 1, 3: 2, 4: 3, 10: 3} {
			s := mustGame(t, ring6+"phase: attack\npos: a:0/"+strconv.Itoa(armies)+" b:0/1 c:0/1 d:1/1 e:1/1 f:1/6")
			for dice := 0; dice <= most; dice++ {
				n := dice
				if dice == 0 {
					n = most
				}
				line := "p0 attack a f " + strconv.Itoa(dice) + " |" + strings.Repeat(" 1", n) + " 6 6"
				_, events := play(t, s, line)
				if got := len(events[0].(BattleRolled).AttackDice); got != n {
					t.Errorf("%d armies, dice %d: got %v dice, want %v", armies, dice, got, n)
				}
			}
			if got, want := refuse(t, s, "p0 attack a f "+strconv.Itoa(most+1)), CodeInvalidDice; got != want {
				t.Errorf("%d armies, %d dice: got %v, want %v", armies, most+1, got, want)
			}
		}
	})
	t.Run("R28 defender dice: min(2, armies), neutral too", func(t *testing.T) {
		for _, owner := range []string{"1", "n"} {
			for armies, want := range map[int]int{1: 1, 2: 2, 7: 2} {
				s := mustGame(t, ring6+"phase: attack\npos: a:0/9 b:0/1 c:0/1 d:1/1 e:1/1 f:"+owner+"/"+strconv.Itoa(armies))
				_, events := play(t, s, "p0 attack a f |"+" 1 1 1"+strings.Repeat(" 6", want))
				if got := len(events[0].(BattleRolled).DefendDice); got != want || DefendDice(armies) != want {
					t.Errorf("owner %s with %d armies: got %v dice, DefendDice says %d, want %v", owner, armies, got, DefendDice(armies), want)
				}
			}
		}
	})
}

func TestDiceComparison(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name             string
		attack, defend   []int
		attLoss, defLoss int
	}{
		{"R29 highest against highest", []int{6, 2, 1}, []int{5, 3}, 1, 1},
		{"R29 defender wins ties", []int{4, 3}, []int{4, 3}, 2, 0},
		{"R29 one tie, one win", []int{5, 5, 5}, []int{5, 4}, 1, 1},
		{"R29 three dice against one: one comparison", []int{6, 6, 6}, []int{1}, 0, 1},
		{"R29 one die against two: one comparison", []int{1}, []int{6, 6}, 1, 0},
		{"R29 two wins", []int{6, 5}, []int{4, 4}, 0, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			al, dl := compareDice(c.attack, c.defend)
			if al != c.attLoss || dl != c.defLoss {
				t.Errorf("%v against %v: got losses %d, %d, want %d, %d", c.attack, c.defend, al, dl, c.attLoss, c.defLoss)
			}
		})
	}
	t.Run("R29 the dice are sorted high to low before comparing", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/4 b:0/1 c:0/1 d:1/1 e:1/1 f:1/5")
		_, events := play(t, s, "p0 attack a f | 2 6 4 3 5")
		roll := events[0].(BattleRolled)
		if got, want := roll.AttackDice, []int{6, 4, 2}; !slices.Equal(got, want) {
			t.Errorf("attack dice: got %v, want %v", got, want)
		}
		if got, want := roll.DefendDice, []int{5, 3}; !slices.Equal(got, want) {
			t.Errorf("defend dice: got %v, want %v", got, want)
		}
		if got, want := [2]int{roll.AttackerLosses, roll.DefenderLosses}, [2]int{0, 2}; got != want {
			t.Errorf("losses: got %v, want %v", got, want)
		}
	})
}

func TestRepeatAttack(t *testing.T) {
	t.Parallel()
	t.Run("R30 repeats until the territory falls", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/9 b:0/1 c:0/1 d:1/1 e:1/1 f:1/4")
		s, events := play(t, s, "p0 attack a f repeat | 1 1 1 6 6 6 6 6 1 1 6 6 6 1 1")
		if got, want := kinds(events), "battle_rolled battle_rolled battle_rolled territory_conquered"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseOccupy; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
	})
	t.Run("R30 repeats until the attacker is down to one by default", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/4 b:0/1 c:0/1 d:1/1 e:1/1 f:1/9")
		s, events := play(t, s, "p0 attack a f repeat | 1 1 1 6 6 1 6 6")
		if got, want := kinds(events), "battle_rolled battle_rolled"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Armies(0), 1; got != want {
			t.Errorf("armies left: got %v, want %v", got, want)
		}
	})
	t.Run("R30 stops at stopAt, or one below it", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/7 b:0/1 c:0/1 d:1/1 e:1/1 f:1/9")
		next, events := play(t, s, "p0 attack a f repeat stop 5 | 1 1 1 6 6")
		if got, want := [2]int{len(events), next.Armies(0)}, [2]int{1, 5}; got != want {
			t.Errorf("rolls and armies left: got %v, want %v", got, want)
		}
		next, events = play(t, s, "p0 attack a f repeat stop 6 | 1 1 1 6 6")
		if got, want := [2]int{len(events), next.Armies(0)}, [2]int{1, 5}; got != want {
			t.Errorf("rolls and armies left: got %v, want %v", got, want)
		}
	})
	t.Run("R30 R27 each roll with the chosen dice, fewer when the armies run low", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/6 b:0/1 c:0/1 d:1/1 e:1/1 f:1/9")
		_, events := play(t, s, "p0 attack a f 2 repeat | 1 1 6 6 1 1 6 6 1 6 6")
		var dice []int
		for _, e := range events {
			dice = append(dice, len(e.(BattleRolled).AttackDice))
		}
		if got, want := dice, []int{2, 2, 1}; !slices.Equal(got, want) {
			t.Errorf("dice per roll: got %v, want %v", got, want)
		}
	})
}

func TestConquest(t *testing.T) {
	t.Parallel()
	const start = `
		board: a-b-c-d-e-f-a
		areas: east=2:c,d
		players: 2
		phase: attack
		pos: a:0/1 b:0/1 c:0/6 d:1/2 e:1/1 f:1/1
	`
	t.Run("R31 the territory changes owner at once, with no armies", func(t *testing.T) {
		s := mustGame(t, start)
		s, events := play(t, s, "p0 attack c d | 6 6 6 1 1")
		if got, want := kinds(events), "battle_rolled territory_conquered"; got != want {
			t.Fatalf("events: got %v, want %v", got, want)
		}
		if got, want := [2]int{int(s.Owner(3)), s.Armies(3)}, [2]int{0, 0}; got != want {
			t.Errorf("owner and armies of d: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseOccupy; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
		if got, want := s.AreaHolder(0), PlayerID(0); got != want {
			t.Errorf("east's holder: got %v, want %v", got, want)
		}
		if got, want := s.Player(0).Bonus, 2; got != want {
			t.Errorf("p0's bonus: got %v, want %v", got, want)
		}
		if got, want := s.Pending(), (Conquest{From: 2, To: 3, MinArmies: 3}); got != want {
			t.Errorf("pending: got %v, want %v", got, want)
		}
		for _, cmd := range []string{"p0 attack c e", "p0 end_attack", "p0 fortify c b 1", "p0 end_turn", "p0 place c 1", "p0 trade a b c", "p0 claim a", `p0 {"kind":"attack","from":99,"to":-4,"dice":12}`} {
			if got, want := refuse(t, s, cmd), CodeMustOccupy; got != want {
				t.Errorf("R72 %s: got %v, want %v", cmd, got, want)
			}
		}
		play(t, s, "p0 resign")
	})
	t.Run("R32 at least the dice of the conquering roll, leaving one behind", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/7 b:0/1 c:0/1 d:1/1 e:1/1 f:1/9")
		s, _ = play(t, s, "p0 attack a f 2 repeat | 6 6 1 1 6 6 1 1 6 6 1 1 6 6 1 1 6 6 1")
		if got, want := s.Pending().MinArmies, 2; got != want {
			t.Fatalf("min armies: got %v, want %v", got, want)
		}
		for _, bad := range []string{"p0 occupy 1", "p0 occupy 7", "p0 occupy 0", "p0 occupy -2"} {
			if got, want := refuse(t, s, bad), CodeInvalidAmount; got != want {
				t.Errorf("R66 %s: got %v, want %v", bad, got, want)
			}
		}
		for _, n := range []string{"2", "6"} {
			next, events := play(t, s, "p0 occupy "+n)
			if got, want := kinds(events), "territory_occupied"; got != want {
				t.Errorf("events: got %v, want %v", got, want)
			}
			if got, want := next.Phase(), PhaseAttack; got != want {
				t.Errorf("phase: got %v, want %v", got, want)
			}
			if got, want := next.Armies(5), int(n[0]-'0'); got != want {
				t.Errorf("armies moved in: got %v, want %v", got, want)
			}
		}
	})
	t.Run("R32 R58 occupy with no conquest waiting", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/7 b:0/1 c:0/1 d:1/1 e:1/1 f:1/9")
		if got, want := refuse(t, s, "p0 occupy 1"), CodeWrongPhase; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	t.Run("R33 automatic occupation when one amount is possible", func(t *testing.T) {
		cases := []struct {
			armies, dice int
			auto         bool
		}{{2, 1, true}, {3, 2, true}, {4, 3, true}, {5, 3, false}, {4, 2, false}, {3, 1, false}}
		for _, c := range cases {
			s := mustGame(t, ring6+"phase: attack\npos: a:0/"+strconv.Itoa(c.armies)+" b:0/1 c:0/1 d:1/1 e:1/1 f:1/1")
			s, events := play(t, s, "p0 attack a f "+strconv.Itoa(c.dice)+" |"+strings.Repeat(" 6", c.dice)+" 1")
			if got := strings.HasSuffix(kinds(events), "territory_occupied"); got != c.auto {
				t.Errorf("%d armies, %d dice: automatic occupation %v, want %v", c.armies, c.dice, got, c.auto)
			}
			if c.auto && s.Armies(5) != c.dice {
				t.Errorf("%d armies, %d dice: got %d armies moved in, want %d", c.armies, c.dice, s.Armies(5), c.dice)
			}
		}
	})
}

func TestElimination(t *testing.T) {
	t.Parallel()
	const start = ring9 + `
		phase: attack
		pos: a:0/5 b:1/1 c:2/1 d:2/1 e:2/1 f:2/1 g:0/1 h:0/1 i:2/1
		hand 0: a
		hand 1: c d
	`
	t.Run("R34 the loser's cards go to the conqueror, the loser never plays again", func(t *testing.T) {
		s := mustGame(t, start)
		s, events := play(t, s, "p0 attack a b | 6 6 6 1")
		if got, want := kinds(events), "battle_rolled territory_conquered player_eliminated"; got != want {
			t.Fatalf("events: got %v, want %v", got, want)
		}
		e := events[2].(PlayerEliminated)
		if got, want := [2]PlayerID{e.Player, e.By}, [2]PlayerID{1, 0}; got != want {
			t.Errorf("eliminated, by: got %v, want %v", got, want)
		}
		if got, want := cardKeys(s.board, s.Player(0).Hand), "a c d"; got != want {
			t.Errorf("p0's hand: got %v, want %v", got, want)
		}
		if got, want := s.Player(1).Status, Eliminated; got != want {
			t.Errorf("p1: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p1 resign"), CodeNotActive; got != want {
			t.Errorf("R56 p1 resign: got %v, want %v", got, want)
		}
		if got := LegalCommands(s, 1); got != nil {
			t.Errorf("p1's legal commands: got %v, want none", got)
		}
		s, _ = play(t, s, "p0 occupy 4")
		s, _ = play(t, s, "p0 end_turn | r0")
		if got, want := s.Current(), PlayerID(2); got != want {
			t.Errorf("next player: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p2 place c 3")
		s, _ = play(t, s, "p2 end_turn")
		if got, want := s.Current(), PlayerID(0); got != want {
			t.Errorf("next player: got %v, want %v", got, want)
		}
	})
}

func TestCardEarned(t *testing.T) {
	t.Parallel()
	const start = ring6 + `
		phase: attack
		pos: a:0/9 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
	`
	t.Run("R35 one card however many conquests, drawn at the end of the turn", func(t *testing.T) {
		s := mustGame(t, start)
		s, _ = play(t, s, "p0 attack a f | 6 6 6 1")
		if got, want := s.Conquered(), true; got != want {
			t.Errorf("conquered: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 occupy 3")
		s, _ = play(t, s, "p0 attack f e | 6 6 1")
		if got, want := len(s.Player(0).Hand), 0; got != want {
			t.Errorf("cards before the end of the turn: got %v, want %v", got, want)
		}
		deck := s.DeckSize()
		end, events := play(t, s, "p0 end_turn | r3")
		if got, want := kinds(events), "card_drawn turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := cardKeys(end.board, end.Player(0).Hand), "d"; got != want {
			t.Errorf("card drawn: got %v, want %v (the fourth card of the deck)", got, want)
		}
		if got, want := end.DeckSize(), deck-1; got != want {
			t.Errorf("deck: got %v, want %v", got, want)
		}
		_, events = play(t, s, "p0 fortify a b 1 | r0")
		if got, want := kinds(events), "phase_changed fortified card_drawn turn_started"; got != want {
			t.Errorf("events after fortifying: got %v, want %v", got, want)
		}
	})
	t.Run("R35 no card without a conquest", func(t *testing.T) {
		s := mustGame(t, start)
		s, _ = play(t, s, "p0 attack a f | 1 1 1 6")
		_, events := play(t, s, "p0 end_turn")
		if got, want := kinds(events), "turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
	})
	t.Run("R35 R41 no card for a player who resigns", func(t *testing.T) {
		s := mustGame(t, ring9+`
			phase: attack
			pos: a:0/9 b:1/1 c:1/1 d:1/1 e:2/1 f:2/1 g:2/1 h:0/1 i:0/1
		`)
		s, _ = play(t, s, "p0 attack a b | 6 6 6 1")
		s, _ = play(t, s, "p0 occupy 3")
		_, events := play(t, s, "p0 resign")
		if got, want := kinds(events), "player_resigned turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
	})
	t.Run("R35 R36 deck empty: the discard pile is reshuffled into it", func(t *testing.T) {
		s := mustGame(t, start+"conquered: yes\nhand 0: a b c\nhand 1: e f *0 *1\ndeck:")
		next, events := play(t, s, "p0 end_turn | r0")
		if got, want := kinds(events), "deck_reshuffled card_drawn turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]int{next.DeckSize(), next.DiscardSize()}, [2]int{0, 0}; got != want {
			t.Errorf("deck and discard: got %v, want %v", got, want)
		}
		if got, want := cardKeys(next.board, next.Player(0).Hand), "a b c d"; got != want {
			t.Errorf("hand: got %v, want %v", got, want)
		}
	})
	t.Run("R36 every card in a hand: no card", func(t *testing.T) {
		s := mustGame(t, start+"conquered: yes\nhand 0: a b c d\nhand 1: e f *0 *1\ndeck:")
		_, events := play(t, s, "p0 end_turn")
		if got, want := kinds(events), "turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
	})
}

func TestFortify(t *testing.T) {
	t.Parallel()
	const start = ring6 + `
		phase: attack
		pos: a:0/5 b:0/1 c:0/3 d:1/1 e:1/1 f:1/1
	`
	t.Run("R37 end_attack starts the fortify phase", func(t *testing.T) {
		s, events := play(t, mustGame(t, start), "p0 end_attack")
		if got, want := kinds(events), "phase_changed"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 end_attack"), CodeWrongPhase; got != want {
			t.Errorf("R58 end_attack in the fortify phase: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 attack a f"), CodeWrongPhase; got != want {
			t.Errorf("R58 attack in the fortify phase: got %v, want %v", got, want)
		}
	})
	t.Run("R38 one move from the fortify phase ends the turn", func(t *testing.T) {
		s, _ := play(t, mustGame(t, start), "p0 end_attack")
		next, events := play(t, s, "p0 fortify a b 4")
		if got, want := kinds(events), "fortified turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]int{next.Armies(0), next.Armies(1)}, [2]int{1, 5}; got != want {
			t.Errorf("armies on a, b: got %v, want %v", got, want)
		}
	})
	t.Run("R38 straight from the attack phase", func(t *testing.T) {
		_, events := play(t, mustGame(t, start), "p0 fortify c b 1")
		if got, want := kinds(events), "phase_changed fortified turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
	})
	refusals := []struct {
		name, cmd string
		want      Code
	}{
		{"R38 R61 from another player's territory", "p0 fortify d c 1", CodeNotOwner},
		{"R38 R61 to another player's territory", "p0 fortify a f 1", CodeNotOwner},
		{"R38 R63 no border", "p0 fortify a c 1", CodeNotAdjacent},
		{"R38 R63 to itself", "p0 fortify a a 1", CodeNotAdjacent},
		{"R38 R64 one army", "p0 fortify b a 1", CodeTooFewArmies},
		{"R38 R66 all the armies", "p0 fortify a b 5", CodeInvalidAmount},
		{"R38 R66 no armies", "p0 fortify a b 0", CodeInvalidAmount},
		{"R38 R59 no such territory", `p0 {"kind":"fortify","from":0,"to":17,"armies":1}`, CodeUnknownTerritory},
	}
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			if got := refuse(t, mustGame(t, start), r.cmd); got != r.want {
				t.Errorf("%s: got %v, want %v", r.cmd, got, r.want)
			}
		})
	}
	t.Run("R38 R58 not in the reinforcement phase", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: reinforce\nreserve: 3\npos: a:0/5 b:0/1 c:0/3 d:1/1 e:1/1 f:1/1")
		if got, want := refuse(t, s, "p0 fortify a b 1"), CodeWrongPhase; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}

func TestEndTurn(t *testing.T) {
	t.Parallel()
	const pos = "pos: a:0/5 b:0/1 c:0/3 d:1/1 e:1/1 f:1/1\n"
	for _, phase := range []string{"attack", "fortify"} {
		t.Run("R39 from the "+phase+" phase", func(t *testing.T) {
			s := mustGame(t, ring6+pos+"phase: "+phase)
			next, events := play(t, s, "p0 end_turn")
			if got, want := kinds(events), "turn_started"; got != want {
				t.Errorf("events: got %v, want %v", got, want)
			}
			if got, want := next.Current(), PlayerID(1); got != want {
				t.Errorf("current: got %v, want %v", got, want)
			}
			if got, want := next.Turn(), s.Turn()+1; got != want {
				t.Errorf("R10 turn: got %v, want %v", got, want)
			}
		})
	}
	t.Run("R39 R58 not in the reinforcement phase", func(t *testing.T) {
		s := mustGame(t, ring6+pos+"phase: reinforce\nreserve: 3")
		if got, want := refuse(t, s, "p0 end_turn"), CodeWrongPhase; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}

func TestResign(t *testing.T) {
	t.Parallel()
	const start = ring9 + `
		phase: attack
		pos: a:0/5 b:1/2 c:1/3 d:1/1 e:2/1 f:2/1 g:2/1 h:0/1 i:0/1
		hand 1: b c
		hand 2: d
	`
	t.Run("R40 out of turn: territories neutral with their armies, cards discarded, the turn goes on", func(t *testing.T) {
		s := mustGame(t, start)
		next, events := play(t, s, "p1 resign")
		if got, want := kinds(events), "player_resigned"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := formatPos(next), "a:0/5 b:n/2 c:n/3 d:n/1 e:2/1 f:2/1 g:2/1 h:0/1 i:0/1"; got != want {
			t.Errorf("pos: got %v, want %v", got, want)
		}
		if got, want := cardKeys(next.board, next.discard.All()), "b c"; got != want {
			t.Errorf("discard: got %v, want %v", got, want)
		}
		if got, want := [2]any{next.Current(), next.Phase()}, [2]any{PlayerID(0), PhaseAttack}; got != want {
			t.Errorf("current, phase: got %v, want %v", got, want)
		}
		if got, want := next.Player(1).Status, Resigned; got != want {
			t.Errorf("status: got %v, want %v", got, want)
		}
		if got, want := refuse(t, next, "p1 resign"), CodeNotActive; got != want {
			t.Errorf("R56 resigning again: got %v, want %v", got, want)
		}
	})
	t.Run("R40 R53 not before the start", func(t *testing.T) {
		s := mustGame(t, ring6)
		if got, want := refuse(t, s, "p0 resign"), CodeNotStarted; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	t.Run("R41 on one's turn: the reserve is lost and the move passes", func(t *testing.T) {
		s := mustGame(t, strings.Replace(start, "phase: attack", "phase: reinforce\nreserve: 4", 1))
		next, events := play(t, s, "p0 resign")
		if got, want := kinds(events), "player_resigned turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]int{int(next.Current()), next.Reserve()}, [2]int{1, 3}; got != want {
			t.Errorf("current, reserve: got %v, want %v", got, want)
		}
		if got, want := next.Player(0).Armies, 0; got != want {
			t.Errorf("resigned player's armies: got %v, want %v", got, want)
		}
	})
	t.Run("R41 with a conquest waiting: occupied with the minimum first", func(t *testing.T) {
		s, _ := play(t, mustGame(t, start), "p0 attack a b | 6 6 6 1 1")
		next, events := play(t, s, "p0 resign")
		if got, want := kinds(events), "territory_occupied player_resigned turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := next.Armies(1), 3; got != want {
			t.Errorf("armies moved in: got %v, want %v", got, want)
		}
		if got, want := next.Owner(1), Neutral; got != want {
			t.Errorf("owner of b: got %v, want %v", got, want)
		}
	})
	t.Run("R40 R43 R75 the last player left cannot resign, even with the winning conquest waiting", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/5 b:1/1 c:0/1 d:0/1 e:0/1 f:0/1")
		s, events := play(t, s, "p0 attack a b | 6 6 6 1")
		if got, want := kinds(events), "battle_rolled territory_conquered player_eliminated"; got != want {
			t.Fatalf("events: got %v, want %v", got, want)
		}
		if got, want := refuse(t, s, "p0 resign"), CodeLastPlayer; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
		for _, a := range LegalCommands(s, 0) {
			if _, ok := a.Command.(Resign); ok {
				t.Errorf("R46 resign is listed for the last player left")
			}
		}
		next, events := play(t, s, "p0 occupy 3")
		if got, want := kinds(events), "territory_occupied game_over"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := next.Winner(), PlayerID(0); got != want {
			t.Errorf("winner: got %v, want %v", got, want)
		}
	})
	t.Run("R41 in a placement turn: the next placement turn", func(t *testing.T) {
		s := mustGame(t, ring9+`
			claim: round_robin
			phase: placement
			reserve: 4
			pos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1 g:2/1 h:2/1 i:2/1
			unplaced: 1=4 2=4
		`)
		next, events := play(t, s, "p0 resign")
		if got, want := kinds(events), "player_resigned turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]any{next.Current(), next.Phase()}, [2]any{PlayerID(1), PhasePlacement}; got != want {
			t.Errorf("current, phase: got %v, want %v", got, want)
		}
	})
}

func TestResignDuringClaim(t *testing.T) {
	t.Parallel()
	const claim = ring9 + `
		claim: round_robin
		phase: claim
		current: 1
		pos: a:0/1
		unplaced: 0=6 1=7 2=7
	`
	t.Run("R8 R40 a player who resigns out of turn is skipped", func(t *testing.T) {
		s, _ := play(t, mustGame(t, claim), "p2 resign")
		s, events := play(t, s, "p1 claim b")
		if got, want := events[1].(TurnStarted).Player, PlayerID(0); got != want {
			t.Errorf("next pick: got %v, want %v", got, want)
		}
		if got, want := s.Phase(), PhaseClaim; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
	})
	t.Run("R41 the player to move resigns: the next one picks", func(t *testing.T) {
		s, events := play(t, mustGame(t, claim), "p1 resign")
		if got, want := kinds(events), "player_resigned turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]any{s.Current(), s.Phase()}, [2]any{PlayerID(2), PhaseClaim}; got != want {
			t.Errorf("current, phase: got %v, want %v", got, want)
		}
	})
	t.Run("R43 one player left: their pick takes every unclaimed territory, and with it the game", func(t *testing.T) {
		s, _ := play(t, mustGame(t, claim), "p2 resign")
		s, events := play(t, s, "p1 resign")
		if got, want := kinds(events), "player_resigned turn_started territory_claimed territory_claimed territory_claimed "+
			"territory_claimed territory_claimed territory_claimed territory_claimed territory_claimed game_over"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := formatPos(s), "a:0/1 b:0/1 c:0/1 d:0/1 e:0/1 f:0/1 g:0/1 h:0/1 i:0/1"; got != want {
			t.Errorf("pos: got %v, want %v", got, want)
		}
		if got, want := [2]any{s.Phase(), s.Winner()}, [2]any{PhaseOver, PlayerID(0)}; got != want {
			t.Errorf("phase, winner: got %v, want %v", got, want)
		}
	})
	t.Run("R43 one player left out of turn: the survivor's pick takes the rest, neutrals stay to be conquered", func(t *testing.T) {
		s := mustGame(t, ring9+`
			claim: round_robin
			phase: claim
			current: 1
			pos: a:0/1 b:1/1 c:2/1
			unplaced: 0=6 1=12 2=6
		`)
		s, _ = play(t, s, "p2 resign")
		s, events := play(t, s, "p0 resign")
		if got, want := kinds(events), "player_resigned territory_claimed territory_claimed territory_claimed territory_claimed "+
			"territory_claimed territory_claimed turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := formatPos(s), "a:n/1 b:1/1 c:n/1 d:1/1 e:1/1 f:1/1 g:1/1 h:1/1 i:1/1"; got != want {
			t.Errorf("pos: got %v, want %v", got, want)
		}
		// The claims took 6 of player 1's 12 starting armies; the rest make a placement turn.
		if got, want := [4]any{s.Phase(), s.Current(), s.Reserve(), s.Winner()}, [4]any{PhasePlacement, PlayerID(1), 6, NoPlayer}; got != want {
			t.Errorf("phase, current, reserve, winner: got %v, want %v", got, want)
		}
	})
	t.Run("R8 R43 claims beyond the starting armies get an army each", func(t *testing.T) {
		s := mustGame(t, ring9+`
			claim: round_robin
			phase: claim
			pos: a:0/1 b:1/1 c:2/1
			unplaced: 0=2 1=6 2=6
		`)
		s, _ = play(t, s, "p1 resign")
		s, events := play(t, s, "p2 resign")
		if got, want := len(events), 1+6+1; got != want {
			t.Fatalf("events: got %v, want %v", kinds(events), want)
		}
		if got, want := [3]any{s.Player(0).Unplaced, s.Player(0).Armies, s.Phase()}, [3]any{0, 7, PhaseReinforce}; got != want {
			t.Errorf("unplaced, armies, phase: got %v, want %v", got, want)
		}
	})
}

func TestNeutral(t *testing.T) {
	t.Parallel()
	t.Run("R42 a neutral territory cannot be claimed", func(t *testing.T) {
		s := mustGame(t, ring9+`
			claim: round_robin
			phase: claim
			pos: a:0/1 b:n/1 c:2/1
			status: 1=resigned
			unplaced: 0=6 2=6
		`)
		if got, want := refuse(t, s, "p0 claim b"), CodeAlreadyClaimed; got != want {
			t.Errorf("got %v, want %v", got, want)
		}
	})
	t.Run("R42 a neutral territory holds no bonus area and its conquest eliminates nobody", func(t *testing.T) {
		s := mustGame(t, `
			board: a-b-c-d-e-f-a
			areas: west=5:e,f
			players: 2
			phase: attack
			pos: a:0/5 b:0/1 c:1/1 d:1/1 e:n/1 f:n/1
		`)
		if got, want := s.AreaHolder(0), NoPlayer; got != want {
			t.Errorf("west's holder: got %v, want %v", got, want)
		}
		s, events := play(t, s, "p0 attack a f | 6 6 6 1")
		if got, want := kinds(events), "battle_rolled territory_conquered"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := events[1].(TerritoryConquered).Previous, Neutral; got != want {
			t.Errorf("previous owner: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 occupy 3")
		s, _ = play(t, s, "p0 attack f e 2 | 6 6 1")
		if got, want := s.AreaHolder(0), PlayerID(0); got != want {
			t.Errorf("west's holder: got %v, want %v", got, want)
		}
	})
}

func TestWinning(t *testing.T) {
	t.Parallel()
	t.Run("R42 R43 eliminating the last opponent with a neutral territory left: the game goes on", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/6 b:1/1 c:0/1 d:0/1 e:0/1 f:n/3")
		s, events := play(t, s, "p0 attack a b | 6 6 6 1")
		if got, want := kinds(events), "battle_rolled territory_conquered player_eliminated"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		s, events = play(t, s, "p0 occupy 4")
		if got, want := kinds(events), "territory_occupied"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [3]any{s.Phase(), s.Winner(), s.ActivePlayers()}, [3]any{PhaseAttack, NoPlayer, 1}; got != want {
			t.Errorf("phase, winner, active players: got %v, want %v", got, want)
		}
		// The turns go on, the survivor's alone, until f is conquered.
		s, events = play(t, s, "p0 end_turn | r0")
		if got, want := kinds(events), "card_drawn turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]any{s.Current(), s.Phase()}, [2]any{PlayerID(0), PhaseReinforce}; got != want {
			t.Errorf("current, phase: got %v, want %v", got, want)
		}
		s, _ = play(t, s, "p0 place a 3")
		s, events = play(t, s, "p0 attack a f 3 repeat | 6 6 6 1 1 6 6 6 1")
		if got, want := kinds(events), "battle_rolled battle_rolled territory_conquered"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		s, events = play(t, s, "p0 occupy 3")
		if got, want := kinds(events), "territory_occupied game_over"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [2]any{s.Phase(), s.Winner()}, [2]any{PhaseOver, PlayerID(0)}; got != want {
			t.Errorf("phase, winner: got %v, want %v", got, want)
		}
	})
	t.Run("R43 owning every territory", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/4 b:1/1 c:0/1 d:0/1 e:0/1 f:0/1")
		s, events := play(t, s, "p0 attack a b | 6 6 6 1")
		if got, want := kinds(events), "battle_rolled territory_conquered player_eliminated territory_occupied game_over"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := s.Player(0).Territories, 6; got != want {
			t.Errorf("territories: got %v, want %v", got, want)
		}
	})
	t.Run("R42 R43 the others resign: the game goes on until the neutral territories are conquered", func(t *testing.T) {
		s := mustGame(t, ring9+"phase: fortify\npos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1 g:2/1 h:2/1 i:2/1")
		s, _ = play(t, s, "p1 resign")
		if got, want := s.Phase(), PhaseFortify; got != want {
			t.Errorf("phase: got %v, want %v", got, want)
		}
		s, events := play(t, s, "p0 resign")
		if got, want := kinds(events), "player_resigned turn_started"; got != want {
			t.Errorf("events: got %v, want %v", got, want)
		}
		if got, want := [4]any{s.Phase(), s.Current(), s.Winner(), s.ActivePlayers()}, [4]any{PhaseReinforce, PlayerID(2), NoPlayer, 1}; got != want {
			t.Errorf("phase, current, winner, active players: got %v, want %v", got, want)
		}
		if _, err := Evolve(s, GameOver{Winner: 2}); err == nil {
			t.Errorf("R73 game_over for the last player while neutral territories remain: accepted")
		}
	})
	t.Run("R44 after the end", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: over\nwinner: 0\npos: a:0/1 b:0/1 c:0/1 d:0/1 e:0/1 f:n/1\nstatus: 1=eliminated")
		for _, cmd := range []string{"p0 end_turn", "p0 resign", "p1 resign", "p7 claim a", "p0 attack a f"} {
			if got, want := refuse(t, s, cmd), CodeGameOver; got != want {
				t.Errorf("R54 %s: got %v, want %v", cmd, got, want)
			}
		}
		if got, want := refuse(t, s, "p0 start_game"), CodeAlreadyStarted; got != want {
			t.Errorf("R52 start_game: got %v, want %v", got, want)
		}
		for p := range PlayerID(2) {
			if got := LegalCommands(s, p); got != nil {
				t.Errorf("p%d's legal commands: got %v, want none", p, got)
			}
		}
		if _, err := Evolve(s, DeckReshuffled{}); err == nil {
			t.Errorf("R73 an event after game_over: accepted")
		}
	})
}

func TestCheckOrder(t *testing.T) {
	t.Parallel()
	const attack3 = ring9 + `
		phase: attack
		pos: a:0/5 b:1/2 c:1/3 d:1/1 e:n/1 f:n/1 g:n/1 h:0/1 i:0/1
		status: 2=resigned
	`
	occupy := ring9 + `
		phase: occupy
		pending: a i 3
		conquered: yes
		pos: a:0/5 b:1/2 c:1/3 d:1/1 e:n/1 f:n/1 g:n/1 h:0/1 i:0/0
		status: 2=resigned
	`
	forced := ring9 + `
		phase: attack
		forced: yes
		pos: a:0/5 b:1/2 c:1/3 d:1/1 e:n/1 f:n/1 g:n/1 h:0/1 i:0/1
		status: 2=resigned
		hand 0: a b c d e f
	`
	cases := []struct {
		name, game, cmd string
		want            Code
	}{
		{"R45 start_game is checked by phase only", attack3, "p9 start_game", CodeAlreadyStarted},
		{"R45 not started before an unknown player", ring6, "p9 end_turn", CodeNotStarted},
		{"R45 not started before an unknown command", ring6, "p0 <nil>", CodeNotStarted},
		{"R45 unknown player before not your turn", attack3, "p3 end_turn", CodeUnknownPlayer},
		{"R45 R55 a negative player", attack3, "p-1 resign", CodeUnknownPlayer},
		{"R45 not active before not your turn", attack3, "p2 end_turn", CodeNotActive},
		{"R45 not your turn before the command's checks", attack3, `p1 {"kind":"attack","from":-5,"to":0}`, CodeNotYourTurn},
		{"R45 not your turn before must occupy", occupy, "p1 end_turn", CodeNotYourTurn},
		{"R45 must occupy before an unknown command", occupy, "p0 <nil>", CodeMustOccupy},
		{"R45 R51 an unknown command", attack3, "p0 <nil>", CodeUnknownCommand},
		{"R45 must trade before an unknown territory", forced, `p0 {"kind":"attack","from":42,"to":0}`, CodeMustTrade},
		{"R45 wrong phase before must trade", forced, "p0 occupy 1", CodeWrongPhase},
		{"R45 unknown territory before own territory", attack3, `p0 {"kind":"attack","from":0,"to":-1}`, CodeUnknownTerritory},
		{"R45 not adjacent before too few armies", attack3, "p0 attack h c", CodeNotAdjacent},
		{"R45 invalid dice before invalid amount", attack3, "p0 attack a b 5 stop 9", CodeInvalidDice},
		{"R45 nothing to place before an unknown territory", attack3, `p0 {"kind":"place","placements":[{"territory":-1,"armies":1}]}`, CodeWrongPhase},
		{"R45 a trade card by card: not held before unknown", forced, `p0 {"kind":"trade","cards":[7,8,99]}`, CodeNotHolder},
		{"R45 a trade card by card: unknown before not held", forced, `p0 {"kind":"trade","cards":[0,99,8]}`, CodeUnknownCard},
		{"R45 a trade card by card: repeated before not held", forced, `p0 {"kind":"trade","cards":[0,0,8]}`, CodeInvalidSet},
		{"R45 not the owner of the source before the target is ones own", attack3, "p0 attack b a", CodeNotOwner},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := mustGame(t, c.game)
			if got := refuseAny(t, s, c.cmd); got != c.want {
				t.Errorf("%s: got %v, want %v", c.cmd, got, c.want)
			}
		})
	}
}

// refuseAny is refuse that also takes "pN <nil>" for a nil command.
func refuseAny(t *testing.T, s State, line string) Code {
	t.Helper()
	who, rest, _ := strings.Cut(line, " ")
	if rest != "<nil>" {
		return refuse(t, s, line)
	}
	p, _, _, err := parseCommand(s.board, who+" end_turn")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Apply(s, p, nil, NewFixedDice())
	var e *Error
	if !asError(err, &e) || e == nil {
		t.Fatalf("%s: got %v, want a *Error", line, err)
	}
	return e.Code
}

// foreignCommand is a command type from outside the engine's closed set: it embeds one of the engine's.
type foreignCommand struct{ EndTurn }

func TestErrorCodes(t *testing.T) {
	t.Parallel()
	const attack = ring6 + "phase: attack\npos: a:0/4 b:0/1 c:0/2 d:1/3 e:1/1 f:n/2\nhand 0: a b d\n"
	const claim = ring6 + "claim: round_robin\nphase: claim\npos: a:0/1 b:1/1\nunplaced: 0=7 1=7\n"
	const reinforce = ring6 + "phase: reinforce\nreserve: 3\npos: a:0/4 b:0/1 c:0/2 d:1/3 e:1/1 f:1/2\n"
	cases := []struct {
		name, game, cmd string
		want            Code
	}{
		{"R52 ALREADY_STARTED", attack, "p0 start_game", CodeAlreadyStarted},
		{"R53 NOT_STARTED", ring6, "p0 claim a", CodeNotStarted},
		{"R54 GAME_OVER", ring6 + "phase: over\nwinner: 1\npos: a:1/1 b:1/1 c:1/1 d:1/1 e:1/1 f:1/1\nstatus: 0=eliminated", "p1 end_turn", CodeGameOver},
		{"R55 UNKNOWN_PLAYER", attack, "p2 end_turn", CodeUnknownPlayer},
		{"R56 NOT_ACTIVE", ring9 + "phase: attack\npos: a:0/4 b:0/1 c:0/2 d:1/3 e:1/1 f:1/1 g:n/1 h:n/1 i:n/1\nstatus: 2=resigned", "p2 resign", CodeNotActive},
		{"R57 NOT_YOUR_TURN", attack, "p1 end_turn", CodeNotYourTurn},
		{"R58 WRONG_PHASE claim in a game turn", attack, "p0 claim a", CodeWrongPhase},
		{"R58 WRONG_PHASE place in a claim pick", claim, "p0 place a 1", CodeWrongPhase},
		{"R58 WRONG_PHASE trade in a claim pick", claim, "p0 trade a b c", CodeWrongPhase},
		{"R58 WRONG_PHASE attack in a claim pick", claim, "p0 attack a b", CodeWrongPhase},
		{"R58 WRONG_PHASE end_turn in a claim pick", claim, "p0 end_turn", CodeWrongPhase},
		{"R58 WRONG_PHASE fortify in a claim pick", claim, "p0 fortify a b 1", CodeWrongPhase},
		{"R58 WRONG_PHASE trade in the attack phase, not forced", attack, "p0 trade a b d", CodeWrongPhase},
		{"R58 WRONG_PHASE end_attack in the reinforcement phase", reinforce, "p0 end_attack", CodeWrongPhase},
		{"R59 UNKNOWN_TERRITORY", claim, `p0 {"kind":"claim","territory":6}`, CodeUnknownTerritory},
		{"R59 UNKNOWN_TERRITORY negative", claim, `p0 {"kind":"claim","territory":-1}`, CodeUnknownTerritory},
		{"R60 ALREADY_CLAIMED", claim, "p0 claim b", CodeAlreadyClaimed},
		{"R61 NOT_OWNER", attack, "p0 attack d c", CodeNotOwner},
		{"R62 OWN_TERRITORY", attack, "p0 attack a b", CodeOwnTerritory},
		{"R63 NOT_ADJACENT", attack, "p0 attack c e", CodeNotAdjacent},
		{"R64 TOO_FEW_ARMIES", attack, "p0 fortify b c 1", CodeTooFewArmies},
		{"R65 INVALID_DICE", attack, "p0 attack c d 2", CodeInvalidDice},
		{"R66 INVALID_AMOUNT", attack, "p0 fortify a b 4", CodeInvalidAmount},
		{"R67 UNKNOWN_CARD", reinforce, `p0 {"kind":"trade","cards":[8,0,1]}`, CodeUnknownCard},
		{"R67 UNKNOWN_CARD negative", reinforce, `p0 {"kind":"trade","cards":[-1,1,2]}`, CodeUnknownCard},
		{"R68 NOT_HOLDER", reinforce, "p0 trade a b c", CodeNotHolder},
		{"R69 INVALID_SET", reinforce + "hand 0: a b d", "p0 trade a b d", CodeInvalidSet},
		{"R70 MUST_TRADE", reinforce + "hand 0: a b d e f", "p0 place a 1", CodeMustTrade},
		{"R71 MUST_PLACE", attack + "reserve: 1", "p0 end_attack", CodeMustPlace},
		{"R72 MUST_OCCUPY", ring6 + "phase: occupy\npending: a f 3\npos: a:0/4 b:0/1 c:0/2 d:1/3 e:1/1 f:0/0", "p0 end_turn", CodeMustOccupy},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refuse(t, mustGame(t, c.game), c.cmd); got != c.want {
				t.Errorf("%s: got %v, want %v", c.cmd, got, c.want)
			}
		})
	}
	t.Run("R50 INVALID_CONFIG", func(t *testing.T) {
		_, err := parseGame(ring6 + "cards: fixed_ttb 11")
		var e *Error
		if !asError(err, &e) || e.Code != CodeInvalidConfig {
			t.Errorf("got %v, want %v", err, CodeInvalidConfig)
		}
	})
	t.Run("R51 UNKNOWN_COMMAND", func(t *testing.T) {
		s := mustGame(t, attack)
		_, _, err := Apply(s, 0, foreignCommand{}, NewFixedDice())
		var e *Error
		if !asError(err, &e) || e.Code != CodeUnknownCommand {
			t.Errorf("got %v, want %v", err, CodeUnknownCommand)
		}
	})
	t.Run("R73 INVALID_EVENT", func(t *testing.T) {
		s := mustGame(t, attack)
		_, err := Evolve(s, TerritoryOccupied{From: 0, To: 1, Armies: 1})
		var e *Error
		if !asError(err, &e) || e.Code != CodeInvalidEvent {
			t.Errorf("got %v, want %v", err, CodeInvalidEvent)
		}
	})
}
