package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// visionString writes a vision as "a:full b:owner ...", in territory order.
func visionString(s State, v []Sight) string {
	parts := make([]string, len(v))
	for t, sight := range v {
		parts[t] = s.board.Territory(TerritoryID(t)).Key + ":" + sight.String()
	}
	return strings.Join(parts, " ")
}

// A ring of six, seat 0 holding a, b and f: c and e are its neighbours, d is beyond them.
const fogRing = `board: a-b-c-d-e-f-a
	players: 2
	phase: attack
	pos: a:0/3 b:0/1 c:1/2 d:1/4 e:1/1 f:0/2
	hand 1: a b`

// R76, R77: each level shows what docs/rules.md says, to a seat and to a spectator (the intersection of
// the seats' visions), and everything once the game is over.
func TestVisionOfEachLevel(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fog       string
		seat      string // seat 0's vision
		spectator string
	}{
		{"none", "a:full b:full c:full d:full e:full f:full", "a:full b:full c:full d:full e:full f:full"},
		{"light", "a:full b:full c:full d:owner e:full f:full", "a:owner b:full c:full d:owner e:full f:full"},
		{"normal", "a:full b:full c:full d:hidden e:full f:full", "a:hidden b:full c:full d:hidden e:full f:full"},
		{"heavy", "a:full b:full c:owner d:hidden e:owner f:full", "a:hidden b:owner c:owner d:hidden e:owner f:owner"},
		{"complete", "a:full b:full c:hidden d:hidden e:hidden f:full", "a:hidden b:hidden c:hidden d:hidden e:hidden f:hidden"},
	} {
		s := mustGame(t, fogRing+"\nfog: "+c.fog)
		if got := visionString(s, Vision(s, 0)); got != c.seat {
			t.Errorf("%s fog, seat 0 sees %s, want %s", c.fog, got, c.seat)
		}
		if got := visionString(s, Vision(s, NoPlayer)); got != c.spectator {
			t.Errorf("%s fog, a spectator sees %s, want %s", c.fog, got, c.spectator)
		}
		over := mustGame(t, "board: a-b-c-d-e-f-a\nplayers: 2\nphase: over\nwinner: 0\nfog: "+c.fog+
			"\npos: a:0/1 b:0/1 c:0/1 d:0/1 e:0/1 f:0/1\nstatus: 1=eliminated")
		for _, viewer := range []PlayerID{0, 1, NoPlayer} {
			if got := visionString(over, Vision(over, viewer)); strings.Contains(got, "hidden") || strings.Contains(got, "owner") {
				t.Errorf("%s fog, after the game %d sees %s, want everything", c.fog, viewer, got)
			}
		}
	}
	// Free territories are seen by all while claiming: a pick chooses among them.
	s := mustGame(t, "board: a-b-c-d-e-f-a\nplayers: 2\nclaim: round_robin\nphase: claim\npos: a:0/1 d:1/1\nunplaced: 0=7 1=7\nfog: complete")
	if got := visionString(s, Vision(s, 0)); got != "a:full b:full c:full d:hidden e:full f:full" {
		t.Errorf("claiming under complete fog, seat 0 sees %s", got)
	}
	cfg := s.cfg
	cfg.Fog = FogComplete + 1
	var e *Error
	if _, err := New(s.board, cfg); !asError(err, &e) || e.Code != CodeInvalidConfig {
		t.Errorf("an unknown fog level: %v, want INVALID_CONFIG", err)
	}
}

// R78: a seat's totals are shown only where they follow from what the viewer sees; hands stay their
// holders'.
func TestProjectHidesTotalsThatTellOfHiddenTerritories(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fog                              string
		territories, armies, cards, plus int // seat 1 as seat 0 sees it (plus: its reinforcements)
	}{
		{"none", 3, 7, 2, 3},
		{"light", 3, Unknown, 2, 3},
		{"normal", Unknown, Unknown, Unknown, Unknown},
		{"complete", Unknown, Unknown, Unknown, Unknown},
	} {
		s := mustGame(t, fogRing+"\nfog: "+c.fog)
		v := Project(s, 0)
		p := v.Players[1]
		if p.Territories != c.territories || p.Armies != c.armies || p.Cards != c.cards || p.Reinforcements != c.plus || p.Hand != nil {
			t.Errorf("%s fog: seat 0 knows of seat 1 %+v, want territories %d, armies %d, cards %d, reinforcements %d, no hand",
				c.fog, p, c.territories, c.armies, c.cards, c.plus)
		}
		if own := Project(s, 1).Players[1]; own.Territories != 3 || own.Armies != 7 || own.Cards != 2 || len(own.Hand) != 2 {
			t.Errorf("%s fog: seat 1 knows of itself %+v", c.fog, own)
		}
	}
	s := mustGame(t, fogRing+"\nfog: normal")
	if v := Project(s, 0); v.Owners[3] != UnknownPlayer || v.Armies[3] != Unknown || v.Owners[2] != 1 || v.Armies[2] != 2 {
		t.Errorf("normal fog: d is %d/%d and c %d/%d to seat 0, want d unknown and c 1/2", v.Owners[3], v.Armies[3], v.Owners[2], v.Armies[2])
	}
}

// R78 noninterference: two states that differ only in what a viewer may not know (the armies they do not
// see, the owners of territories they do not see, the other seats' hands) project identically for that
// viewer, at every level, for seats and spectators, in random games.
func TestProjectionNoninterference(t *testing.T) {
	t.Parallel()
	board := fogBoard(t)
	games := 24
	if testing.Short() {
		games = 8
	}
	checked := 0
	for seed := range uint64(games) {
		cfg := fogConfig(seed, Fog(seed%5))
		players := len(cfg.Seats)
		r := rand.New(rand.NewPCG(seed, 11))
		n := 0
		_, err := randomGame(board, cfg, seed, 300, func(s State, _ []Event) {
			if n++; n%13 != 0 {
				return
			}
			for viewer := PlayerID(-1); int(viewer) < players; viewer++ {
				if viewer < 0 {
					viewer = NoPlayer
				}
				other := perturbHidden(s, viewer, r)
				if a, b := Project(s, viewer), Project(other, viewer); !reflect.DeepEqual(a, b) {
					t.Fatalf("seed %d, %s fog, viewer %d: two states that differ only out of sight project differently:\n%+v\n%+v",
						seed, cfg.Fog, viewer, a, b)
				}
				checked++
				if viewer == NoPlayer {
					viewer = -1
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Errorf("only %d projections checked", checked)
	}
}

// perturbHidden returns s with what viewer may not know changed at random: the armies of the
// territories they do not see whole; for a seat in the game, the owners of the territories they do not
// see among the other seats (a spectator's vision follows the seats' territories, so theirs stay); and the other
// seats' hands, shuffled, and when their size is hidden, cut.
func perturbHidden(s State, viewer PlayerID, r *rand.Rand) State {
	sight := Vision(s, viewer)
	var others []PlayerID
	for p := range s.players {
		if PlayerID(p) != viewer && s.players[p].Status == Active {
			others = append(others, PlayerID(p))
		}
	}
	v := evolver{s: s, ed: new(edit)}
	for t, seen := range sight {
		id := TerritoryID(t)
		owner, armies := s.Owner(id), s.Armies(id)
		if seen < SightFull {
			armies = 1 + r.IntN(50)
		}
		if seen < SightOwner && s.inGame(viewer) && len(others) > 0 && owner != viewer {
			owner = others[r.IntN(len(others))]
		}
		v.setOwner(id, owner, armies)
	}
	for p := range s.players {
		if PlayerID(p) == viewer {
			continue
		}
		hand := slices.Clone(s.players[p].Hand)
		r.Shuffle(len(hand), func(i, j int) { hand[i], hand[j] = hand[j], hand[i] })
		if s.cfg.Fog > FogLight && s.phase != PhaseOver && len(hand) > 0 {
			hand = hand[:r.IntN(len(hand))]
		}
		v.player(PlayerID(p)).Hand = hand
	}
	return v.s
}

// R80: a CPU's believed state depends only on what its seat sees and has seen (two states that differ
// only out of its sight, with the same record, give the same one), and every command legal in it is
// accepted in the real state, in random games at every level.
func TestBelievedStateIsTheViewAndLegal(t *testing.T) {
	t.Parallel()
	board := fogBoard(t)
	games := 20
	if testing.Short() {
		games = 8
	}
	checked, commands := 0, 0
	for seed := range uint64(games) {
		cfg := fogConfig(seed, 1+Fog(seed%4))
		r := rand.New(rand.NewPCG(seed, 13))
		n := 0
		prev, err := New(board, cfg)
		if err != nil {
			t.Fatal(err)
		}
		memories := make([]Memory, len(cfg.Seats)) // what each seat saw so far, as its record shows it
		for i := range memories {
			memories[i] = NewMemory(board)
		}
		_, err = randomGame(board, cfg, seed, 300, func(s State, events []Event) {
			for i := range memories {
				if err := memories[i].Watch(prev, events, PlayerID(i)); err != nil {
					t.Fatal(err)
				}
			}
			prev = s
			if n++; n%7 != 0 || !s.inGame(s.current) {
				return
			}
			me := s.current
			believed := BelievedFrom(s, me, memories[me])
			if a, b := dumpState(believed), dumpState(BelievedFrom(perturbHidden(s, me, r), me, memories[me])); a != b {
				t.Fatalf("seed %d, %s fog, seat %d: two states alike to the seat are believed differently:\n%s\n%s", seed, cfg.Fog, me, a, b)
			}
			checked++
			var key [32]byte
			for _, a := range LegalCommands(believed, me) {
				if _, _, err := Apply(s, me, a.Command, NewDice(key)); err != nil {
					t.Fatalf("seed %d, %s fog, seat %d: %s is legal in the believed state, refused in the real one: %v",
						seed, cfg.Fog, me, formatCommand(s.board, a.Command), err)
				}
				commands++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 || commands < 500 {
		t.Errorf("only %d believed states and %d commands checked", checked, commands)
	}
}

// R79: no projected event names a territory, an owner or a number of armies the viewer does not see (before
// or after it), in random games at every level; a seat's own events are whole; with no fog, and once the
// game is over, every event is shown as it is.
func TestProjectedEventsShowOnlyWhatIsSeen(t *testing.T) {
	t.Parallel()
	board := fogBoard(t)
	games := 20
	if testing.Short() {
		games = 6
	}
	hidden, shown := 0, 0
	for seed := range uint64(games) {
		cfg := fogConfig(seed, Fog(seed%5))
		players := len(cfg.Seats)
		var before State
		first := true
		_, err := randomGame(board, cfg, seed, 300, func(s State, events []Event) {
			if first {
				first, before = false, s
				return
			}
			for viewer := NoPlayer; int(viewer) < players; viewer++ {
				if viewer == Unclaimed || viewer == Neutral {
					continue
				}
				got, err := ProjectEvents(before, events, viewer)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if cfg.Fog == FogNone || s.phase == PhaseOver {
					if !reflect.DeepEqual(got, events) {
						t.Fatalf("seed %d, %s fog: the events were changed for viewer %d with nothing to hide", seed, cfg.Fog, viewer)
					}
					continue
				}
				if err := checkProjected(before, events, got, viewer); err != nil {
					t.Fatalf("seed %d, %s fog, viewer %d: %v", seed, cfg.Fog, viewer, err)
				}
				hidden += len(events) - len(got)
				shown += len(got)
			}
			before = s
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if hidden == 0 || shown == 0 {
		t.Errorf("%d events hidden and %d shown: the games did not test the projection", hidden, shown)
	}
}

// checkProjected checks the projection got of events (from before) for viewer: every territory it names
// is seen, at the sight its field needs, before or after its event.
func checkProjected(before State, events, got []Event, viewer PlayerID) error {
	s := before
	gi := 0
	for _, e := range events {
		next, err := Evolve(s, e)
		if err != nil {
			return err
		}
		was, is := Vision(s, viewer), Vision(next, viewer)
		seen := func(t TerritoryID, need Sight) bool {
			return t == UnknownTerritory || max(was[t], is[t]) >= need
		}
		if gi >= len(got) || got[gi].Kind() != e.Kind() {
			s = next
			continue // hidden
		}
		pe := got[gi]
		gi++
		mine := s.current == viewer
		var bad []string
		switch ev := pe.(type) {
		case TerritoriesDealt: // a free territory is seen by all: who takes it shows only where seen after
			for t, p := range ev.Owners {
				if p != UnknownPlayer && is[t] < SightOwner {
					bad = append(bad, "a dealt owner")
				}
			}
		case TerritoryClaimed:
			if ev.Territory != UnknownTerritory && is[ev.Territory] < SightOwner {
				bad = append(bad, "a claim")
			}
		case ArmiesPlaced:
			for _, pl := range ev.Placements {
				if ev.Player != viewer && !seen(pl.Territory, SightFull) {
					bad = append(bad, "a placement")
				}
			}
		case CardsTraded:
			for _, t := range ev.Bonus {
				if ev.Player != viewer && !seen(t, SightFull) {
					bad = append(bad, "a trade's bonus")
				}
			}
		case BattleRolled:
			if ev.Attacker != viewer && ev.Defender != viewer && !(seen(ev.From, SightFull) && seen(ev.To, SightFull)) {
				bad = append(bad, "a battle")
			}
		case TerritoryConquered:
			if ev.Player != viewer && ev.Previous != viewer && (!seen(ev.To, SightOwner) || !seen(ev.From, SightOwner)) {
				bad = append(bad, "a conquest")
			}
		case TerritoryOccupied:
			if !mine && (!seen(ev.To, SightFull) || !seen(ev.From, SightFull)) {
				bad = append(bad, "an occupation")
			}
		case Fortified:
			if !mine && (!seen(ev.From, SightFull) || !seen(ev.To, SightFull)) {
				bad = append(bad, "a fortification")
			}
		case CardDrawn:
			if ev.Player != viewer && before.cfg.Fog > FogLight {
				bad = append(bad, "a card drawn")
			}
		}
		if len(bad) > 0 {
			return fmt.Errorf("%s shows %s the viewer does not see", pe.Kind(), strings.Join(bad, ", "))
		}
		s = next
	}
	if gi != len(got) {
		return fmt.Errorf("%d projected events, %d matched to the events", len(got), gi)
	}
	return nil
}

// R80: a CPU believes a territory it cannot see holds the mean of the armies it sees on others'
// territories and belongs to the nearest owner it sees; its own territories and hand are as they are.
func TestBelievedFillsTheFog(t *testing.T) {
	t.Parallel()
	s := mustGame(t, fogRing+"\nfog: heavy")
	b := Believed(s, 0)
	if got := formatPos(b); got != "a:0/3 b:0/1 c:1/1 d:1/1 e:1/1 f:0/2" {
		t.Errorf("heavy fog, seat 0 believes %s", got) // no others' armies seen: 1 each
	}
	s = mustGame(t, fogRing+"\nfog: normal")
	if got := formatPos(Believed(s, 0)); got != "a:0/3 b:0/1 c:1/2 d:1/2 e:1/1 f:0/2" {
		t.Errorf("normal fog, seat 0 believes %s", got) // d: seat 1's, (2+1)/2 rounded
	}
	if got := Believed(s, 0).players[1].Hand; len(got) != 0 {
		t.Errorf("normal fog: seat 0 believes seat 1 holds %v, want no card (the count is hidden)", got)
	}
	if got := Believed(mustGame(t, fogRing+"\nfog: light"), 0).players[1].Hand; len(got) != 2 {
		t.Errorf("light fog: seat 0 believes seat 1 holds %v, want two placeholders", got)
	}
}

// R80: a CPU remembers what its record showed: a territory out of its sight is believed held by the
// owner it last saw there, with the armies it saw plus one a round since; a conquest of its territory out
// of its sight tells who took it; a sight of the owner alone keeps the armies seen under that owner; a
// territory it last saw as its own is guessed as if never seen.
func TestBelievedFromRemembers(t *testing.T) {
	t.Parallel()
	s := mustGame(t, fogRing+"\nfog: normal\nturn: 4")
	d, _ := s.board.Lookup("d")
	m := NewMemory(s.board)
	m.See(0, nil, []SeenTerritory{{Territory: d, Sight: SightFull, Owner: 1, Armies: 4}})
	if got := formatPos(BelievedFrom(s, 0, m)); got != "a:0/3 b:0/1 c:1/2 d:1/6 e:1/1 f:0/2" {
		t.Errorf("seat 0, which saw 4 on d two rounds ago, believes %s", got)
	}
	m.See(2, nil, []SeenTerritory{{Territory: d, Sight: SightOwner, Owner: 1, Armies: Unknown}})
	if m.Armies[d] != 4 || m.Turns[d] != 2 {
		t.Errorf("after a sight of d's owner alone, seat 0 remembers %d armies at turn %d, want 4 at 2", m.Armies[d], m.Turns[d])
	}
	m.See(3, nil, []SeenTerritory{{Territory: d, Sight: SightFull, Owner: 0, Armies: 5}})
	m.See(3, TerritoryConquered{From: UnknownTerritory, To: d, Player: 1, Previous: 0, MinArmies: 3},
		[]SeenTerritory{{Territory: d, Sight: SightHidden, Owner: UnknownPlayer, Armies: Unknown}})
	if got := formatPos(BelievedFrom(s, 0, m)); got != "a:0/3 b:0/1 c:1/2 d:1/3 e:1/1 f:0/2" {
		t.Errorf("seat 0, which lost d out of its sight, believes %s", got)
	}
	m.See(3, nil, []SeenTerritory{{Territory: d, Sight: SightFull, Owner: 0, Armies: 5}})
	if got, want := formatPos(BelievedFrom(s, 0, m)), formatPos(Believed(s, 0)); got != want {
		t.Errorf("seat 0, which last saw d as its own, believes %s, want the guess %s", got, want)
	}
}

// fogBoard is the board of the random fog games: the fuzzers' board.
func fogBoard(t *testing.T) *Board {
	t.Helper()
	g, err := parseGame(fuzzBoardText + "players: 4")
	if err != nil {
		t.Fatal(err)
	}
	return g.board
}

// fogConfig is the config of random fog game seed at level fog: 2 to 4 seats, both claims, every card
// system.
func fogConfig(seed uint64, fog Fog) Config {
	cfg := Config{Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed % 4), Fog: fog}
	if fog != FogNone {
		cfg.Cards = CardSystem(seed % 2) // classic or fixed: the others count armies fog hides
	}
	for i := range 2 + int(seed)%3 {
		cfg.Seats = append(cfg.Seats, Seat{Color: fmt.Sprint(i)})
	}
	return cfg
}

// A fog game refuses the card systems whose set's worth counts the opponents' armies (R81): a trade's
// worth would tell the armies fog hides.
func TestFogRefusesCardsThatCountArmies(t *testing.T) {
	t.Parallel()
	board := fogBoard(t)
	for _, cards := range []CardSystem{CardsClassic, CardsFixed, CardsFixedTTB, CardsClassicScalingTTB} {
		for _, fog := range []Fog{FogNone, FogLight, FogComplete} {
			cfg := Config{Cards: cards, Fog: fog, Seats: []Seat{{Color: "a"}, {Color: "b"}}}
			_, err := New(board, cfg)
			if want := fog != FogNone && (cards == CardsFixedTTB || cards == CardsClassicScalingTTB); (err != nil) != want {
				t.Errorf("%s cards with %s fog: %v, want refused %t", cards, fog, err, want)
			}
		}
	}
}

// R82: a viewer's record tells them exactly what they see. Folding every entry's changed territories onto
// the board as the viewer saw it before the start gives the board as they see it after every command
// (the whole board once the game is over), in random games at every level, for every seat and the
// spectators; an entry without an event (a change of the view alone) always changes a territory.
func TestWatchKeepsTheViewersBoard(t *testing.T) {
	t.Parallel()
	board := fogBoard(t)
	games := 20
	if testing.Short() {
		games = 6
	}
	entries, alone := 0, 0
	for seed := range uint64(games) {
		cfg := fogConfig(seed, Fog(seed%5))
		initial, err := New(board, cfg)
		if err != nil {
			t.Fatal(err)
		}
		viewers := []PlayerID{NoPlayer}
		for p := range len(cfg.Seats) {
			viewers = append(viewers, PlayerID(p))
		}
		boards := make([][]SeenTerritory, len(viewers))
		for i, v := range viewers {
			boards[i] = seenBoard(initial, v)
		}
		before := initial
		_, err = randomGame(board, cfg, seed, 300, func(s State, events []Event) {
			for i, v := range viewers {
				seen, err := Watch(before, events, v)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				for _, w := range seen {
					if w.Event == nil && len(w.Changed) == 0 {
						t.Fatalf("seed %d, viewer %d: an entry with neither an event nor a change", seed, v)
					}
					if w.Event == nil {
						alone++
					}
					for _, c := range w.Changed {
						boards[i][c.Territory] = c
					}
					entries++
				}
				want := s
				if s.phase == PhaseOver {
					want = s.withoutFog()
				}
				if !reflect.DeepEqual(boards[i], seenBoard(want, v)) {
					t.Fatalf("seed %d, %s fog, viewer %d: the record's board is not the board the viewer sees", seed, cfg.Fog, v)
				}
			}
			before = s
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if entries == 0 {
		t.Error("no entries")
	}
	t.Logf("%d entries, %d of them changes of the view alone", entries, alone)
}

// TestFogHidesTheCardsOfAnElimination checks R78 and R79 for eliminations: from normal fog up, a seat that
// neither eliminated nor was eliminated learns that it happened, not how many cards changed hands; at light
// fog it learns the number, and the parties always see the cards.
func TestFogHidesTheCardsOfAnElimination(t *testing.T) {
	t.Parallel()
	for _, fog := range []string{"light", "normal"} {
		s := mustGame(t, `
			board: a-b-c-d-e-f-g-h-i-a
			players: 3
			fog: `+fog+`
			phase: attack
			pos: a:0/4 b:1/1 c:0/1 d:0/1 e:2/1 f:2/3 g:2/1 h:2/1 i:0/1
			hand 1: c d`)
		_, events := play(t, s, "p0 attack a b | 6 5 4 1")
		count := func(viewer PlayerID) string {
			seen, err := Watch(s, events, viewer)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range seen {
				if _, ok := w.Event.(PlayerEliminated); ok {
					data, _, err := HideCards(w.Event, viewer)
					if err != nil {
						t.Fatal(err)
					}
					return string(data)
				}
			}
			return "not shown"
		}
		want := map[string]string{"light": `"cardCount":2`, "normal": `"cardCount":-1`}[fog]
		for _, viewer := range []PlayerID{2, NoPlayer} {
			if got := count(viewer); !strings.Contains(got, want) {
				t.Errorf("%s fog: viewer %d sees %s, want %s", fog, viewer, got, want)
			}
		}
		if got := count(0); !strings.Contains(got, `"cards":[2,3]`) {
			t.Errorf("%s fog: the eliminator sees %s", fog, got)
		}
	}
}
