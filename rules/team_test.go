package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// teamBoardText is the board of the random team games: four rings of six, joined, with bonus areas.
const teamBoardText = `
	board: a-b-c-d-e-f-a g-h-i-j-k-l-g m-n-o-p-q-r-m s-t-u-v-w-x-s ya-yb-yc-yd-ye-yf-ya a-g d-j h-n k-q o-s r-v b-x u-ya x-yd
	areas: one=2:a,b,c,d,e,f two=2:g,h,i,j,k,l three=3:m,n,o,p,q,r four=3:s,t,u,v,w,x five=4:ya,yb,yc,yd,ye,yf
`

// teamConfig returns a team game's settings for the team sizes given, its seats dealt to the teams in
// turn (seat 0 to team A, seat 1 to team B, ...).
func teamConfig(sizes ...int) Config {
	var cfg Config
	for i, n := range sizes {
		cfg.Teams = append(cfg.Teams, Team{Name: string(rune('A' + i))})
		for range n {
			cfg.Seats = append(cfg.Seats, Seat{Color: fmt.Sprintf("c%d", len(cfg.Seats)), Team: i})
		}
	}
	return cfg
}

// TestTeamConfig checks R83: 2 to 6 teams of 1 to 4 seats, each named, and team options only with teams.
func TestTeamConfig(t *testing.T) {
	t.Parallel()
	b := mustGame(t, teamBoardText+"players: 2").board
	ok := []Config{teamConfig(1, 1), teamConfig(2, 2), teamConfig(4, 4), teamConfig(2, 2, 2), teamConfig(3, 3), teamConfig(2, 1),
		teamConfig(1, 1, 1, 1, 1, 1)}
	for _, cfg := range ok {
		if _, err := New(b, cfg); err != nil {
			t.Errorf("%d teams: %v", len(cfg.Teams), err)
		}
	}
	named := func(cfg Config, names ...string) Config {
		for i, n := range names {
			cfg.Teams[i].Name = n
		}
		return cfg
	}
	withRules := func(cfg Config, r TeamRules) Config { cfg.TeamRules = r; return cfg }
	ffa := Config{Seats: []Seat{{Color: "r"}, {Color: "g", Team: 1}}}
	bad := map[string]Config{
		"one team":          teamConfig(2),
		"seven teams":       teamConfig(1, 1, 1, 1, 1, 1, 1),
		"five seats":        teamConfig(5, 1),
		"an empty team":     func() Config { c := teamConfig(2, 2); c.Teams = append(c.Teams, Team{Name: "C"}); return c }(),
		"no name":           named(teamConfig(1, 1), ""),
		"a name too long":   named(teamConfig(1, 1), "abcdefghijklmnopqrstuvwxyzabcdefg"),
		"the same name":     named(teamConfig(1, 1), "X", "X"),
		"a seat's team":     func() Config { c := teamConfig(1, 1); c.Seats[1].Team = 2; return c }(),
		"a team without":    ffa,
		"options without":   Config{Seats: []Seat{{Color: "r"}, {Color: "g"}}, TeamRules: TeamRules{AttackTeammates: true}},
		"a fortify option":  withRules(teamConfig(1, 1), TeamRules{Fortify: 3}),
		"a handover option": withRules(teamConfig(1, 1), TeamRules{Handover: 3}),
	}
	for name, cfg := range bad {
		if _, err := New(b, cfg); codeOf(err) != CodeInvalidConfig {
			t.Errorf("%s: got %v, want INVALID_CONFIG", name, err)
		}
	}
}

func codeOf(err error) Code {
	var e *Error
	if asError(err, &e) {
		return e.Code
	}
	return ""
}

// TestTeamTurnOrderAlternates checks R84: the turn order takes one seat of each team in turn, the teams and
// each team's seats drawn at random; a record whose order does not alternate does not replay.
func TestTeamTurnOrderAlternates(t *testing.T) {
	t.Parallel()
	b := mustGame(t, teamBoardText+"players: 2").board
	for _, sizes := range [][]int{{2, 2}, {3, 3}, {4, 4}, {2, 2, 2}, {3, 3, 3}, {2, 1}, {1, 3}} {
		cfg := teamConfig(sizes...)
		firsts := map[PlayerID]bool{}
		for seed := range 40 {
			var key [32]byte
			key[0], key[1] = byte(seed), byte(len(sizes))
			s, err := New(b, cfg)
			if err != nil {
				t.Fatal(err)
			}
			s, events, err := Apply(s, 0, StartGame{}, NewDice(key))
			if err != nil {
				t.Fatal(err)
			}
			order := s.Order()
			firsts[order[0]] = true
			// The first round names each team once; every later round the teams in the same order, those
			// with seats left.
			var first, want, got []int
			for _, p := range order[:len(sizes)] {
				first = append(first, cfg.Seats[p].Team)
			}
			for round := range slices.Max(sizes) {
				for _, team := range first {
					if round < sizes[team] {
						want = append(want, team)
					}
				}
			}
			for _, p := range order {
				got = append(got, cfg.Seats[p].Team)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%v: the order %v plays teams %v, want %v", sizes, order, got, want)
			}
			if _, _, err := ReplayChecked(b, cfg, events); err != nil {
				t.Fatalf("%v: the start does not replay: %v", sizes, err)
			}
		}
		if len(firsts) < 2 {
			t.Errorf("%v: 40 starts always began with seat %v", sizes, firsts)
		}
	}
	s, err := New(b, teamConfig(2, 2))
	if err != nil {
		t.Fatal(err)
	}
	forged := GameStarted{Order: []PlayerID{0, 1, 2, 3}, StartingArmies: StartingArmies(b.Len(), 4)}
	if _, err := Evolve(s, forged); codeOf(err) != CodeInvalidEvent {
		t.Errorf("a start with teammates one after the other: got %v, want INVALID_EVENT", err)
	}
	fair := GameStarted{Order: []PlayerID{3, 0, 2, 1}, StartingArmies: StartingArmies(b.Len(), 4)}
	if _, err := Evolve(s, fair); err != nil {
		t.Errorf("an alternating start: %v", err)
	}
}

// teamFixture is a two-against-two position for the option tests: seats 0 and 2 (team A) against 1 and 3
// (team B), seat 0 to move in the given phase.
func teamFixture(t *testing.T, rules, phase string, extra string) State {
	t.Helper()
	return mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-a a-c
		players: 4
		teams: A=0,2 B=1,3
		team rules: `+rules+`
		phase: `+phase+`
		pos: a:0/5 b:2/1 c:2/2 d:1/1 e:0/3 f:3/1 g:1/1 h:3/1 i:1/1 j:3/1 k:0/1 l:1/1
		`+extra)
}

// TestTeamPlaceOnTeammates checks R86: with the option a player may place on a teammate's territory,
// never on an opponent's; without it only on their own.
func TestTeamPlaceOnTeammates(t *testing.T) {
	t.Parallel()
	off := teamFixture(t, "", "reinforce", "reserve: 3")
	if code := refuse(t, off, "p0 place b 3"); code != CodeNotOwner {
		t.Errorf("placing on a teammate's territory without the option: %s, want NOT_OWNER", code)
	}
	on := teamFixture(t, "place", "reinforce", "reserve: 3")
	next, _ := play(t, on, "p0 place b 2")
	if next.Armies(1) != 3 || next.Owner(1) != 2 || next.Player(2).Armies != 5 {
		t.Errorf("after placing 2 on b: b holds %d of seat %d, seat 2 has %d armies", next.Armies(1), next.Owner(1), next.Player(2).Armies)
	}
	if code := refuse(t, on, "p0 place d 3"); code != CodeNotOwner {
		t.Errorf("placing on an opponent's territory with the option: %s, want NOT_OWNER", code)
	}
	if !hasCommand(LegalCommands(on, 0), Place{Placements: []Placement{{Territory: 1, Armies: 3}}}) ||
		hasCommand(LegalCommands(off, 0), Place{Placements: []Placement{{Territory: 1, Armies: 3}}}) {
		t.Error("the legal placements do not follow the option")
	}
	if got := LegalCommandsFrom(on, 0, 1); len(got) != 1 {
		t.Errorf("legal commands from the teammate's b with the option: %v", got)
	}
}

func hasCommand(actions []Action, c Command) bool {
	for _, a := range actions {
		if fmt.Sprint(a.Command) == fmt.Sprint(c) {
			return true
		}
	}
	return false
}

// TestTeamFortify checks R87 under each option: own (adjacent, own), to_teammate (also an adjacent
// teammate's territory) and through_team (any territory of the team joined to the source through the
// team's territories).
func TestTeamFortify(t *testing.T) {
	t.Parallel()
	// a (seat 0) borders b and c (seat 2) and l (seat 1). Seat 0's e and k are not joined to a through
	// team A's territories: c borders seat 1's d, and k lies beyond l.
	cases := []struct {
		rules string
		line  string
		want  Code // "" for accepted
	}{
		{"", "p0 fortify a b 2", CodeNotOwner},
		{"fortify=to_teammate", "p0 fortify a b 2", ""},
		{"fortify=to_teammate", "p0 fortify a c 2", ""},
		{"fortify=to_teammate", "p0 fortify a d 2", CodeNotOwner},
		{"fortify=to_teammate", "p0 fortify b a 1", CodeNotOwner},
		{"fortify=through_team", "p0 fortify a b 2", ""},
		{"fortify=through_team", "p0 fortify a e 2", CodeNotAdjacent},
		{"fortify=through_team", "p0 fortify a k 2", CodeNotAdjacent},
		{"fortify=through_team", "p0 fortify a l 2", CodeNotOwner},
	}
	for _, c := range cases {
		s := teamFixture(t, c.rules, "fortify", "")
		if c.want != "" {
			if code := refuse(t, s, c.line); code != c.want {
				t.Errorf("%q %s: %s, want %s", c.rules, c.line, code, c.want)
			}
			continue
		}
		play(t, s, c.line)
	}
	// Through the team: e (seat 0) joined to a through b, c and the teammate's d.
	s := mustGame(t, `
		board: a-b-c-d-e-f-a
		players: 2
		teams: A=0 B=1
		team rules: fortify=through_team
		phase: fortify
		pos: a:0/4 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1`)
	play(t, s, "p0 fortify a c 3")
	four := mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-a
		players: 4
		teams: A=0,2 B=1,3
		team rules: fortify=through_team
		phase: fortify
		pos: a:0/4 b:2/1 c:2/1 d:0/1 e:1/1 f:3/1 g:1/1 h:3/1 i:1/1 j:3/1 k:0/1 l:2/1`)
	next, _ := play(t, four, "p0 fortify a d 3")
	if next.Armies(3) != 4 {
		t.Errorf("d holds %d after a move through the teammate's b and c", next.Armies(3))
	}
	play(t, four, "p0 fortify a c 1")
	play(t, four, "p0 fortify a k 1")
	if code := refuse(t, four, "p0 fortify a g 1"); code != CodeNotOwner {
		t.Errorf("through the team into an opponent: %s", code)
	}
	var got []string
	for _, a := range LegalCommands(four, 0) {
		if f, ok := a.Command.(Fortify); ok {
			got = append(got, four.board.Territory(f.To).Key)
		}
	}
	if want := []string{"b", "l", "c", "k", "d"}; !slices.Equal(got, want) {
		t.Errorf("legal fortify moves reach %v, want %v", got, want)
	}
}

// TestTeamAttackTeammates checks R88: an attack on a teammate's territory is refused unless the game
// allows it; then it is fought like any other, elimination and cards included.
func TestTeamAttackTeammates(t *testing.T) {
	t.Parallel()
	off := teamFixture(t, "", "attack", "")
	if code := refuse(t, off, "p0 attack a b | 6 1"); code != CodeTeammateTerritory {
		t.Errorf("attacking a teammate: %s, want TEAMMATE_TERRITORY", code)
	}
	if hasCommand(LegalCommands(off, 0), Attack{From: 0, To: 1, Dice: 3}) {
		t.Error("an attack on a teammate is listed as legal")
	}
	play(t, off, "p0 attack a l | 6 5 4 1")
	on := teamFixture(t, "attack", "attack", "")
	if !hasCommand(LegalCommands(on, 0), Attack{From: 0, To: 1, Dice: 3}) {
		t.Error("an attack on a teammate allowed by the game is not listed")
	}
	next, events := play(t, on, "p0 attack a b | 6 5 4 1")
	if next.Owner(1) != 0 || kinds(events) != "battle_rolled territory_conquered" {
		t.Errorf("attacking a teammate when allowed: %s, b owned by %d", kinds(events), next.Owner(1))
	}
}

// TestTeamNoCardFromTeammates checks R89: with the option, conquering a teammate's territory earns no
// card; another conquest in the same turn still does.
func TestTeamNoCardFromTeammates(t *testing.T) {
	t.Parallel()
	s := teamFixture(t, "attack no_card", "attack", "")
	s, _ = play(t, s, "p0 attack a b | 6 5 4 1")
	s, _ = play(t, s, "p0 occupy 3")
	if s.Conquered() {
		t.Fatal("the conquest of a teammate's territory earned the card")
	}
	_, events := play(t, s, "p0 end_turn")
	if slices.ContainsFunc(events, func(e Event) bool { _, ok := e.(CardDrawn); return ok }) {
		t.Error("a card was drawn after conquering only a teammate's territory")
	}
	s, _ = play(t, s, "p0 attack e d | 6 5 1")
	if !s.Conquered() {
		t.Error("with no_card, an opponent's territory conquered in the same turn earns no card")
	}
	plain := teamFixture(t, "attack", "attack", "")
	plain, _ = play(t, plain, "p0 attack a b | 6 5 4 1")
	if !plain.Conquered() {
		t.Error("without no_card, conquering a teammate's territory earns the card")
	}
}

// TestTeamRulesKeepTheirSettings checks that the options, R90's handover among them, travel with the
// settings of a record.
func TestTeamRulesKeepTheirSettings(t *testing.T) {
	t.Parallel()
	cfg := teamConfig(2, 2)
	cfg.TeamRules = TeamRules{PlaceOnTeammates: true, Fortify: FortifyThroughTeam, AttackTeammates: true,
		NoCardFromTeammates: true, Handover: HandoverCPU}
	data, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := `"teamRules":{"placeOnTeammates":true,"fortify":"through_team","attackTeammates":true,"noCardFromTeammates":true,"handover":"cpu"}`
	if !json.Valid(data) || !strings.Contains(string(data), want) {
		t.Errorf("settings %s, want them to hold %s", data, want)
	}
	var back Config
	if err := json.Unmarshal(data, &back); err != nil || fmt.Sprint(back) != fmt.Sprint(cfg) {
		t.Errorf("settings read back as %+v (%v)", back, err)
	}
	plain, _ := json.Marshal(Config{Seats: []Seat{{Color: "r"}, {Color: "g"}}})
	if strings.Contains(string(plain), "team") {
		t.Errorf("a free-for-all's settings mention teams: %s", plain)
	}
}

// TestTeamHandover checks R90's engine part: with a handover option a resignation hands the seat over
// (rules/testdata/scenarios/team-handover.txt plays it move by move); the handed-over seat counts for its
// team but is not among the winners; a record that hands a seat over in a game without the option, or
// twice, does not replay.
func TestTeamHandover(t *testing.T) {
	t.Parallel()
	s := mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-a
		players: 4
		teams: A=0,2 B=1,3
		team rules: handover=cpu
		phase: attack
		pos: a:0/5 b:3/1 c:2/1 d:2/1 e:2/1 f:2/1 g:2/1 h:2/1 i:0/1 j:0/1 k:0/1 l:0/1
		status: 1=eliminated`)
	s, events := play(t, s, "p2 resign")
	if len(events) != 1 || events[0] != (SeatHandedOver{Player: 2}) || !s.HandedOver(2) || s.HandedOver(0) {
		t.Fatalf("seat 2's resignation gave %v", events)
	}
	if s.Player(2).Status != Active || s.Owner(2) != 2 {
		t.Error("the handed-over seat left the game")
	}
	s, _ = play(t, s, "p0 attack a b 3 | 6 5 4 1")
	s, _ = play(t, s, "p0 occupy 3")
	if s.Phase() != PhaseOver || !slices.Equal(s.Winners(), []PlayerID{0}) || s.Winner() != 0 {
		t.Errorf("the game ends in phase %s with winners %v, want seat 0 alone (seat 2 handed over)", s.Phase(), s.Winners())
	}

	b := mustGame(t, teamBoardText+"players: 2").board
	cfg := teamConfig(2, 2)
	cfg.TeamRules.Handover = HandoverTeammate
	st, err := New(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, record, err := Apply(st, NoPlayer, StartGame{}, NewDice([32]byte{1}))
	if err != nil {
		t.Fatal(err)
	}
	st, handed, err := Apply(st, 1, Resign{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	good := append(slices.Clone(record), handed...)
	if _, _, err := ReplayChecked(b, cfg, good); err != nil {
		t.Fatalf("a record with a handover does not replay: %v", err)
	}
	if !st.HandedOver(1) {
		t.Fatal("seat 1 was not handed over")
	}
	for name, bad := range map[string]struct {
		cfg    Config
		record []Event
	}{
		"without the option": {teamConfig(2, 2), good},
		"twice":              {cfg, append(slices.Clone(good), SeatHandedOver{Player: 1})},
		"no seat":            {cfg, append(slices.Clone(record), SeatHandedOver{Player: 9})},
	} {
		if _, _, err := ReplayChecked(b, bad.cfg, bad.record); err == nil {
			t.Errorf("%s: a handover that did not happen replays", name)
		}
	}
}

// TestTeamVision checks R91: under fog a seat sees what any seat of its team still in the game sees, and
// knows its teammates' totals; a spectator sees what every team sees; a seat that resigned sees as a
// spectator.
func TestTeamVision(t *testing.T) {
	t.Parallel()
	s := mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-a
		players: 4
		teams: A=0,2 B=1,3
		fog: normal
		phase: attack
		pos: a:0/2 b:0/2 c:1/3 d:1/3 e:1/3 f:1/3 g:2/4 h:2/4 i:3/5 j:3/5 k:3/5 l:3/5 m:0/1 n:0/1 o:1/1 p:2/1 q:2/1 r:3/1`)
	key := func(v []Sight) string {
		out := ""
		for _, x := range v {
			out += x.String()[:1]
		}
		return out
	}
	team := Vision(s, 0)
	for _, p := range []PlayerID{0, 2} {
		if got := key(Vision(s, p)); got != key(team) {
			t.Errorf("seat %d sees %s, its teammate %s", p, got, key(team))
		}
	}
	// a b m n (seat 0), g h p q (seat 2) whole; their neighbours r c f i l o whole at normal fog; d e j k hidden.
	if got, want := key(team), "fffhhffffhhffffff"+"f"; got != want {
		t.Errorf("team A sees %s, want %s", got, want)
	}
	v := Project(s, 0)
	if v.Players[2].Armies != 10 || v.Players[2].Territories != 4 || v.Players[2].Hand != nil {
		t.Errorf("seat 0 knows of its teammate %+v, want its totals and not its hand", v.Players[2])
	}
	if v.Players[1].Armies != Unknown {
		t.Errorf("seat 0 knows an opponent's armies: %+v", v.Players[1])
	}
	spectator := Vision(s, NoPlayer)
	teamB := Vision(s, 1)
	for i := range spectator {
		if spectator[i] != min(team[i], teamB[i]) {
			t.Fatalf("a spectator sees territory %d as %s; the teams see %s and %s", i, spectator[i], team[i], teamB[i])
		}
	}
	gone := mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-a
		players: 4
		teams: A=0,2 B=1,3
		fog: normal
		phase: attack
		pos: a:0/2 b:0/2 c:1/3 d:1/3 e:1/3 f:1/3 g:0/4 h:0/4 i:3/5 j:3/5 k:3/5 l:3/5 m:0/1 n:0/1 o:1/1 p:n/1 q:n/1 r:3/1
		status: 2=resigned`)
	if key(Vision(gone, 2)) != key(Vision(gone, NoPlayer)) {
		t.Error("a seat that resigned does not see as a spectator")
	}
	elim := mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-a
		players: 4
		teams: A=0,2 B=1,3
		fog: normal
		phase: attack
		pos: a:0/2 b:0/2 c:1/3 d:1/3 e:1/3 f:1/3 g:0/4 h:0/4 i:3/5 j:3/5 k:3/5 l:3/5 m:0/1 n:0/1 o:1/1 p:0/1 q:0/1 r:3/1
		status: 2=eliminated`)
	if key(Vision(elim, 2)) != key(Vision(elim, 0)) {
		t.Error("an eliminated seat does not share its team's sight")
	}
}

// TestTeamAreasAndEliminations checks R92: a bonus area counts only for one player holding all of it, not
// for teammates who hold it between them; an eliminated teammate's cards go to whoever eliminated them.
func TestTeamAreasAndEliminations(t *testing.T) {
	t.Parallel()
	s := mustGame(t, `
		board: a-b-c-d-e-f-g-h-i-j-k-l-a
		areas: north=5:a,b,c
		players: 4
		teams: A=0,2 B=1,3
		team rules: attack
		phase: attack
		pos: a:0/5 b:2/1 c:0/1 d:1/1 e:0/3 f:3/1 g:1/1 h:3/1 i:1/1 j:3/1 k:0/1 l:1/1
		hand 2: d e`)
	if s.AreaHolder(0) != NoPlayer || s.ReinforcementsOf(0).AreaBonus != 0 {
		t.Fatal("teammates holding an area between them get its bonus")
	}
	s, events := play(t, s, "p0 attack a b | 6 5 4 1")
	if !slices.ContainsFunc(events, func(e Event) bool { x, ok := e.(PlayerEliminated); return ok && x.Player == 2 && x.By == 0 }) {
		t.Fatalf("conquering the teammate's last territory: %s", kinds(events))
	}
	if got := cardKeys(s.board, s.Player(0).Hand); got != "d e" {
		t.Errorf("the eliminated teammate's cards went to %q, want seat 0 to hold d e", got)
	}
	s, _ = play(t, s, "p0 occupy 3")
	if s.AreaHolder(0) != 0 {
		t.Error("seat 0 holding all of north does not hold the area")
	}
}

// TestRandomTeamGames (R85) plays random team games of every shape, with and without fog and every option, and
// checks the invariants after every command, that each record replays as it happened, and, independently
// of the engine's own test, that a finished game's winners are exactly the seats of the team that owns
// every territory, less those who resigned or handed their seat over (R90).
func TestRandomTeamGames(t *testing.T) {
	t.Parallel()
	b := mustGame(t, teamBoardText+"players: 2").board
	shapes := [][]int{{2, 2}, {3, 3}, {4, 4}, {2, 2, 2}, {3, 3, 3}, {2, 1}, {1, 1, 1, 1, 1, 1}}
	games := 28
	if testing.Short() {
		games = 14
	}
	over := 0
	for seed := range uint64(games) {
		cfg := teamConfig(shapes[seed%uint64(len(shapes))]...)
		cfg.Claim = ClaimStrategy(seed % 2)
		cfg.Fog = Fog(seed % 5)
		cfg.TeamRules = TeamRules{PlaceOnTeammates: seed%3 == 0, Fortify: TeamFortify(seed % 3), AttackTeammates: seed%4 == 1,
			NoCardFromTeammates: seed%2 == 1, Handover: Handover(seed % 3)}
		var record []Event
		final, err := randomGame(b, cfg, seed, 6000, func(s State, events []Event) { record = append(record, events...) })
		if err != nil {
			t.Fatal(err)
		}
		replayed, _, err := ReplayChecked(b, cfg, record)
		if err != nil {
			t.Fatalf("seed %d: the record does not replay: %v", seed, err)
		}
		if dumpState(replayed) != dumpState(final) {
			t.Fatalf("seed %d: the replay ends elsewhere", seed)
		}
		handedOver := map[PlayerID]bool{} // read from the record, apart from the engine's own list
		for _, e := range record {
			if h, ok := e.(SeatHandedOver); ok {
				handedOver[h.Player] = true
			}
		}
		if final.Phase() != PhaseOver {
			continue
		}
		over++
		team := cfg.Seats[final.Owner(0)].Team
		var want []PlayerID
		for p, seat := range cfg.Seats {
			if seat.Team == team && final.Player(PlayerID(p)).Status != Resigned && !handedOver[PlayerID(p)] {
				want = append(want, PlayerID(p))
			}
		}
		for tt := range b.Len() {
			if o := final.Owner(TerritoryID(tt)); o < 0 || cfg.Seats[o].Team != team {
				t.Fatalf("seed %d: the game is over but territory %d is held by %d, not team %d", seed, tt, o, team)
			}
		}
		if !slices.Equal(final.Winners(), want) {
			t.Errorf("seed %d: winners %v, want %v", seed, final.Winners(), want)
		}
	}
	t.Logf("%d of %d random team games ended", over, games)
	if over < games/2 {
		t.Errorf("only %d of %d random team games ended", over, games)
	}
}
