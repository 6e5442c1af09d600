package ai

import (
	"testing"
	"time"

	"rout/maps"
	"rout/rules"
	"rout/sim"
)

// TestPreyIsTheWeakestOnALargeBoard: on a board of more than huntBoard territories a hunting style goes
// after the weakest opponent once it is huntMargin times as strong, and a territory of that opponent is
// worth more to conquer; on the classic map, or when the player is not strong enough, nobody is prey.
func TestPreyIsTheWeakestOnALargeBoard(t *testing.T) {
	t.Parallel()
	large := generated(t, 300, 3)
	classic := startedGame(t, 3).Board()
	tests := []struct {
		name              string
		b                 *rules.Board
		mine, other, weak int // armies on each territory of players 0, 1 and 2
		want              rules.PlayerID
	}{
		{"large board", large, 3, 3, 1, 2},
		{"classic", classic, 3, 3, 1, rules.NoPlayer},
		{"too weak to hunt", large, 1, 5, 40, rules.NoPlayer},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := weakThird(t, tc.b, tc.mine, tc.other, tc.weak)
			c := &cpu{st: normalStyle, s: s, me: 0, l: newLegal(s, 0), deadline: time.Now().Add(time.Hour)}
			c.v = newView(s, 0)
			if got := c.prey(); got != tc.want {
				t.Fatalf("prey %d, want %d", got, tc.want)
			}
			for id := range tc.b.Len() {
				tid := rules.TerritoryID(id)
				bonus := c.huntBonus(s.Owner(tid))
				if hunted := tc.want != rules.NoPlayer && s.Owner(tid) == tc.want; hunted != (bonus > 0) {
					t.Fatalf("territory %d of player %d: hunt bonus %v", id, s.Owner(tid), bonus)
				}
			}
		})
	}
}

// weakThird returns a three-player game on b at player 0's reinforcement, in which player 2 holds three
// territories of weak armies each and players 0 and 1 share the rest, mine and other armies a territory.
func weakThird(t *testing.T, b *rules.Board, mine, other, weak int) rules.State {
	t.Helper()
	cfg := rules.Config{Seats: colours(3)}
	s := startedWith(t, b, cfg)
	snap := s.Snapshot()
	snap.Scalars.Order, snap.Scalars.Current, snap.Scalars.Reserve = []rules.PlayerID{0, 1, 2}, 0, 3
	for i := range snap.Players {
		snap.Players[i].Territories, snap.Players[i].Armies, snap.Players[i].Bonus, snap.Players[i].Hand = 0, 0, 0, nil
	}
	for id := range b.Len() {
		owner, armies := rules.PlayerID(id%2), mine
		if owner == 1 {
			armies = other
		}
		if id < 3 {
			owner, armies = 2, weak
		}
		snap.Owners[id], snap.Armies[id] = owner, armies
		snap.Players[owner].Territories++
		snap.Players[owner].Armies += armies
	}
	for _, a := range b.Areas() {
		holder := snap.Owners[a.Territories[0]]
		for _, id := range a.Territories {
			if snap.Owners[id] != holder {
				holder = rules.NoPlayer
				break
			}
		}
		if holder != rules.NoPlayer {
			snap.Players[holder].Bonus += a.Bonus
		}
	}
	snap.Deck = nil
	for c := range b.Cards() {
		snap.Deck = append(snap.Deck, rules.CardID(c))
	}
	snap.Discard = nil
	s, err := rules.Restore(b, cfg, snap)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLargeMapGamesEnd: four Normals on a generated 1,000-territory map play a game to its end: each
// hunts its weakest opponent once strong enough, so players are eliminated and somebody wins. Before
// hunting such games went on past 300,000 commands (docs/ai.md).
func TestLargeMapGamesEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("a long game: make test-long")
	}
	t.Parallel()
	b := generated(t, 1000, 1)
	policies := make([]sim.Policy, 4)
	for i := range policies {
		policies[i] = NewNormal(NormalOpts{Budget: time.Minute})
	}
	res, err := sim.Play(b, rules.Config{Seats: colours(4)}, policies, 1, sim.Opts{MaxCommands: 150_000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Winner == rules.NoPlayer {
		t.Fatalf("no winner after %d commands", res.Commands)
	}
	t.Logf("player %d won after %d commands", res.Winner, res.Commands)
}

// generated returns the board of a generated map of n territories.
func generated(t *testing.T, n int, seed uint64) *rules.Board {
	t.Helper()
	m, err := maps.Generate(maps.GenerateOpts{Territories: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
