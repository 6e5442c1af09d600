package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// This file reads and writes the compact notation of test fixtures and golden scenarios, described in
// testdata/scenarios/README.md. A fixture sets up any position directly, through the unexported fields,
// and must pass CheckInvariants.

// fixtureKeys are the header keys a fixture may use, besides "hand N".
var fixtureKeys = []string{
	"territories", "board", "symbols", "areas", "players", "claim", "cards", "fog", "teams", "team rules",
	"order", "phase", "current", "turn", "reserve", "trades", "conquered", "forced", "pending", "pos",
	"status", "unplaced", "deck", "discard", "winner",
}

// mustGame builds the game a fixture describes, or fails the test.
func mustGame(t testing.TB, text string) State {
	t.Helper()
	s, err := parseGame(text)
	if err != nil {
		t.Fatalf("error building fixture: %v", err)
	}
	return s
}

// parseGame builds the game described by the header lines of text (key: value), ignoring blank lines and
// comments (#).
func parseGame(text string) (State, error) {
	h := map[string]string{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || !(slices.Contains(fixtureKeys, key) || strings.HasPrefix(key, "hand ")) {
			return State{}, fmt.Errorf("line %d: unknown header line %q", i+1, line)
		}
		if _, dup := h[key]; dup {
			return State{}, fmt.Errorf("line %d: %q given twice", i+1, key)
		}
		h[key] = val
	}
	b, err := parseBoard(h)
	if err != nil {
		return State{}, err
	}
	cfg, err := parseConfig(h)
	if err != nil {
		return State{}, err
	}
	s, err := New(b, cfg)
	if err != nil {
		return State{}, err
	}
	if _, ok := h["phase"]; !ok {
		for key := range h {
			if !slices.Contains([]string{"territories", "board", "symbols", "areas", "players", "claim", "cards", "fog", "teams", "team rules"}, key) {
				return State{}, fmt.Errorf("%q needs a phase", key)
			}
		}
		return s, nil
	}
	s, err = parsePosition(s, h)
	if err != nil {
		return State{}, err
	}
	if err := CheckInvariants(s); err != nil {
		return State{}, fmt.Errorf("the fixture breaks an invariant: %w", err)
	}
	return s, nil
}

// parseBoard reads "territories: a b c" (optional, fixes the ids), "board: a-b-c c-d" (borders, chains
// allowed; territories get ids in order of first appearance), "symbols: a:c b:w" (default infantry,
// cavalry, artillery round-robin by id) and "areas: north=3:a,b south=-1:b,c".
func parseBoard(h map[string]string) (*Board, error) {
	var ts []Territory
	index := map[string]TerritoryID{}
	add := func(key string) TerritoryID {
		if id, ok := index[key]; ok {
			return id
		}
		id := TerritoryID(len(ts))
		index[key] = id
		ts = append(ts, Territory{Key: key, Name: key, Symbol: Symbol(int(id) % 3)})
		return id
	}
	for _, key := range strings.Fields(h["territories"]) {
		add(key)
	}
	var borders [][2]TerritoryID
	for _, chain := range strings.Fields(h["board"]) {
		keys := strings.Split(chain, "-")
		prev := add(keys[0])
		for _, key := range keys[1:] {
			next := add(key)
			borders = append(borders, [2]TerritoryID{prev, next})
			prev = next
		}
	}
	for _, tok := range strings.Fields(h["symbols"]) {
		key, sym, _ := strings.Cut(tok, ":")
		id, ok := index[key]
		if !ok {
			return nil, fmt.Errorf("symbols: unknown territory %q", key)
		}
		i := strings.Index("ica", sym)
		if len(sym) != 1 || i < 0 {
			return nil, fmt.Errorf("symbols: %q: want i, c or a", tok)
		}
		ts[id].Symbol = Symbol(i)
	}
	var areas []BonusArea
	for _, tok := range strings.Fields(h["areas"]) {
		head, members, _ := strings.Cut(tok, ":")
		key, bonus, _ := strings.Cut(head, "=")
		n, err := strconv.Atoi(bonus)
		if err != nil {
			return nil, fmt.Errorf("areas: %q: want key=bonus:a,b", tok)
		}
		a := BonusArea{Key: key, Name: key, Bonus: n}
		for _, m := range strings.Split(members, ",") {
			id, ok := index[m]
			if !ok {
				return nil, fmt.Errorf("areas: unknown territory %q", m)
			}
			a.Territories = append(a.Territories, id)
		}
		areas = append(areas, a)
	}
	return NewBoard(ts, borders, areas)
}

// parseConfig reads "players: 3" (colors c0, c1, ...), "claim: round_robin" and "cards: fixed_ttb 8".
func parseConfig(h map[string]string) (Config, error) {
	var cfg Config
	n, err := strconv.Atoi(h["players"])
	if err != nil {
		return cfg, fmt.Errorf("players: %q: want a number", h["players"])
	}
	for i := range n {
		cfg.Seats = append(cfg.Seats, Seat{Color: fmt.Sprintf("c%d", i)})
	}
	if v, ok := h["claim"]; ok {
		if err := cfg.Claim.UnmarshalText([]byte(v)); err != nil {
			return cfg, fmt.Errorf("claim: %w", err)
		}
	}
	if v, ok := h["cards"]; ok {
		system, percent, _ := strings.Cut(v, " ")
		if err := cfg.Cards.UnmarshalText([]byte(system)); err != nil {
			return cfg, fmt.Errorf("cards: %w", err)
		}
		if percent != "" {
			if cfg.TTBPercent, err = strconv.Atoi(percent); err != nil {
				return cfg, fmt.Errorf("cards: %q: want a system and a percentage", v)
			}
		}
	}
	if v, ok := h["fog"]; ok {
		if err := cfg.Fog.UnmarshalText([]byte(v)); err != nil {
			return cfg, fmt.Errorf("fog: %w", err)
		}
	}
	if err := parseTeams(&cfg, h["teams"], h["team rules"]); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// parseTeams reads the teams (`A=0,2 B=1,3`: each team's name and seats) and the team options
// (`place fortify=through_team attack no_card handover=cpu`) of a fixture into cfg.
func parseTeams(cfg *Config, teams, options string) error {
	for i, field := range strings.Fields(teams) {
		name, seats, ok := strings.Cut(field, "=")
		if !ok {
			return fmt.Errorf("teams: %q: want name=seat,seat", field)
		}
		cfg.Teams = append(cfg.Teams, Team{Name: name})
		for _, seat := range strings.Split(seats, ",") {
			n, err := strconv.Atoi(seat)
			if err != nil || n < 0 || n >= len(cfg.Seats) {
				return fmt.Errorf("teams: %q: no seat %q", field, seat)
			}
			cfg.Seats[n].Team = i
		}
	}
	r := &cfg.TeamRules
	for _, field := range strings.Fields(options) {
		key, val, _ := strings.Cut(field, "=")
		var err error
		switch key {
		case "place":
			r.PlaceOnTeammates = true
		case "attack":
			r.AttackTeammates = true
		case "no_card":
			r.NoCardFromTeammates = true
		case "fortify":
			err = r.Fortify.UnmarshalText([]byte(val))
		case "handover":
			err = r.Handover.UnmarshalText([]byte(val))
		default:
			err = fmt.Errorf("unknown option")
		}
		if err != nil {
			return fmt.Errorf("team rules: %q: %w", field, err)
		}
	}
	return nil
}

// parsePosition sets up a game in progress on s, a game in the setup phase.
func parsePosition(s State, h map[string]string) (State, error) {
	b, n := s.board, len(s.players)
	v := &evolver{s: s, ed: new(edit)}
	if err := v.s.phase.UnmarshalText([]byte(h["phase"])); err != nil {
		return s, fmt.Errorf("phase: %w", err)
	}
	v.s.order = make([]PlayerID, n)
	for i := range v.s.order {
		v.s.order[i] = PlayerID(i)
	}
	if o, ok := h["order"]; ok {
		ids, err := parseInts(o)
		if err != nil || len(ids) != n {
			return s, fmt.Errorf("order: %q: want %d players", o, n)
		}
		for i, id := range ids {
			v.s.order[i] = PlayerID(id)
		}
	}
	ints := map[string]*int{"turn": &v.s.turn, "reserve": &v.s.reserve, "trades": &v.s.trades}
	v.s.turn = 1
	for key, dst := range ints {
		if val, ok := h[key]; ok {
			x, err := strconv.Atoi(val)
			if err != nil {
				return s, fmt.Errorf("%s: %q: want a number", key, val)
			}
			*dst = x
		}
	}
	v.s.current = v.s.order[0]
	if val, ok := h["current"]; ok {
		p, err := strconv.Atoi(val)
		if err != nil {
			return s, fmt.Errorf("current: %q: want a player", val)
		}
		v.s.current = PlayerID(p)
	}
	v.s.conquered = h["conquered"] == "yes"
	v.s.forcedTrade = h["forced"] == "yes"
	for _, tok := range strings.Fields(h["pos"]) {
		key, rest, _ := strings.Cut(tok, ":")
		t, ok := b.Lookup(key)
		if !ok {
			return s, fmt.Errorf("pos: unknown territory %q", key)
		}
		owner, armies, err := parseCell(rest)
		if err != nil {
			return s, fmt.Errorf("pos: %q: %w", tok, err)
		}
		v.setOwner(t, owner, armies)
	}
	v.s.unclaimed = 0
	for t := range b.Len() {
		if v.s.Owner(TerritoryID(t)) == Unclaimed {
			v.s.unclaimed++
		}
	}
	for _, tok := range strings.Fields(h["status"]) {
		p, name, _ := strings.Cut(tok, "=")
		id, err := strconv.Atoi(p)
		i := slices.Index(statusNames[:], name)
		if err != nil || id < 0 || id >= n || i < 0 {
			return s, fmt.Errorf("status: %q: want player=status", tok)
		}
		v.player(PlayerID(id)).Status = Status(i)
	}
	for _, tok := range strings.Fields(h["unplaced"]) {
		p, armies, _ := strings.Cut(tok, "=")
		id, err1 := strconv.Atoi(p)
		x, err2 := strconv.Atoi(armies)
		if err1 != nil || err2 != nil || id < 0 || id >= n {
			return s, fmt.Errorf("unplaced: %q: want player=armies", tok)
		}
		v.player(PlayerID(id)).Unplaced = x
	}
	placed := make([]bool, b.Cards())
	take := func(field string) ([]CardID, error) {
		cards, err := parseCards(b, h[field])
		for _, c := range cards {
			if placed[c] {
				return nil, fmt.Errorf("%s: card %s is in two places", field, cardKey(b, c))
			}
			placed[c] = true
		}
		return cards, err
	}
	for p := range n {
		hand, err := take(fmt.Sprintf("hand %d", p))
		if err != nil {
			return s, err
		}
		v.player(PlayerID(p)).Hand = hand
	}
	_, hasDeck := h["deck"]
	if _, hasDiscard := h["discard"]; hasDeck && hasDiscard {
		return s, fmt.Errorf("give the deck or the discard pile, not both")
	}
	pile, err := take(map[bool]string{true: "deck", false: "discard"}[hasDeck])
	if err != nil {
		return s, err
	}
	var rest []CardID
	for c := range placed {
		if !placed[c] {
			rest = append(rest, CardID(c))
		}
	}
	deck, discard := rest, pile
	if hasDeck {
		deck, discard = pile, rest
	}
	pos := slices.Repeat([]int32{-1}, b.Cards())
	for i, c := range deck {
		pos[c] = int32(i)
	}
	v.s.deck, v.s.deckPos, v.s.discard = vecOf(deck), vecOf(pos), vecOf(discard)
	if val, ok := h["pending"]; ok {
		f := strings.Fields(val)
		if len(f) != 3 {
			return s, fmt.Errorf("pending: %q: want from to min", val)
		}
		from, ok1 := b.Lookup(f[0])
		to, ok2 := b.Lookup(f[1])
		m, err := strconv.Atoi(f[2])
		if !ok1 || !ok2 || err != nil {
			return s, fmt.Errorf("pending: %q: want from to min", val)
		}
		v.s.pending = Conquest{From: from, To: to, MinArmies: m}
	}
	v.s.winner = NoPlayer
	if val, ok := h["winner"]; ok {
		w, err := strconv.Atoi(val)
		if err != nil {
			return s, fmt.Errorf("winner: %q: want a player", val)
		}
		v.s.winner, v.s.current = PlayerID(w), NoPlayer
	}
	return v.s, nil
}

// parseCell reads a territory's "owner/armies": a player number, n (neutral) or - (unclaimed, no armies).
func parseCell(text string) (PlayerID, int, error) {
	if text == "-" {
		return Unclaimed, 0, nil
	}
	owner, armies, _ := strings.Cut(text, "/")
	x, err := strconv.Atoi(armies)
	if err != nil {
		return 0, 0, fmt.Errorf("want owner/armies")
	}
	if owner == "n" {
		return Neutral, x, nil
	}
	p, err := strconv.Atoi(owner)
	if err != nil {
		return 0, 0, fmt.Errorf("want a player, n or -")
	}
	return PlayerID(p), x, nil
}

func parseInts(text string) ([]int, error) {
	var out []int
	for _, f := range strings.Fields(text) {
		x, err := strconv.Atoi(f)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// parseCards reads cards named by their territory's key, or *k for wild card k.
func parseCards(b *Board, text string) ([]CardID, error) {
	var out []CardID
	for _, tok := range strings.Fields(text) {
		c, err := parseCard(b, tok)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func parseCard(b *Board, tok string) (CardID, error) {
	if k, ok := strings.CutPrefix(tok, "*"); ok {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || b.Len()+i >= b.Cards() {
			return 0, fmt.Errorf("no wild card %q", tok)
		}
		return CardID(b.Len() + i), nil
	}
	t, ok := b.Lookup(tok)
	if !ok {
		return 0, fmt.Errorf("no card %q", tok)
	}
	return CardID(t), nil
}

// cardKey names a card in the notation.
func cardKey(b *Board, c CardID) string {
	if c < 0 || int(c) >= b.Cards() {
		return fmt.Sprintf("?%d", c)
	}
	if int(c) >= b.Len() {
		return fmt.Sprintf("*%d", int(c)-b.Len())
	}
	return b.Territory(TerritoryID(c)).Key
}

func cardKeys(b *Board, cards []CardID) string {
	keys := make([]string, len(cards))
	for i, c := range cards {
		keys[i] = cardKey(b, c)
	}
	return strings.Join(keys, " ")
}

// parseCommand reads a command line: "p0 attack a b 3 repeat stop 2 | 6 6 5 1 1". The dice after the bar
// are faces 1 to 6, or rN for a raw Intn value N (a card draw or a shuffle). A command may also be given
// as its JSON encoding: "p0 {"kind":"claim","territory":-1}".
func parseCommand(b *Board, line string) (PlayerID, Command, []int, error) {
	line, diceText, _ := strings.Cut(line, "|")
	var dice []int
	for _, tok := range strings.Fields(diceText) {
		raw, isRaw := strings.CutPrefix(tok, "r")
		x, err := strconv.Atoi(raw)
		switch {
		case err != nil || (!isRaw && (x < 1 || x > 6)):
			return 0, nil, nil, fmt.Errorf("dice: %q: want a face 1 to 6 or rN", tok)
		case isRaw:
			dice = append(dice, x)
		default:
			dice = append(dice, x-1)
		}
	}
	who, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	id, ok := strings.CutPrefix(who, "p")
	p, err := strconv.Atoi(id)
	if !ok || err != nil {
		return 0, nil, nil, fmt.Errorf("%q: want a player p0, p1, ...", who)
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "{") {
		c, err := UnmarshalCommand([]byte(rest))
		return PlayerID(p), c, dice, err
	}
	c, err := parseCommandWords(b, strings.Fields(rest))
	return PlayerID(p), c, dice, err
}

func parseCommandWords(b *Board, f []string) (Command, error) {
	if len(f) == 0 {
		return nil, fmt.Errorf("no command")
	}
	kind, args := f[0], f[1:]
	var errs []error
	terr := func(i int) TerritoryID {
		if i >= len(args) {
			errs = append(errs, fmt.Errorf("%s: missing territory", kind))
			return 0
		}
		t, ok := b.Lookup(args[i])
		if !ok {
			errs = append(errs, fmt.Errorf("%s: unknown territory %q", kind, args[i]))
		}
		return t
	}
	num := func(i int) int {
		if i >= len(args) {
			errs = append(errs, fmt.Errorf("%s: missing number", kind))
			return 0
		}
		x, err := strconv.Atoi(args[i])
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %q: want a number", kind, args[i]))
		}
		return x
	}
	var c Command
	want := 0
	switch kind {
	case "start_game":
		c = StartGame{}
	case "claim":
		c, want = Claim{Territory: terr(0)}, 1
	case "place":
		var pl []Placement
		for i := 0; i+1 < len(args); i += 2 {
			pl = append(pl, Placement{Territory: terr(i), Armies: num(i + 1)})
		}
		c, want = Place{Placements: pl}, 2*len(pl)
	case "trade":
		var tr Trade
		for i := range tr.Cards {
			if i < len(args) {
				card, err := parseCard(b, args[i])
				errs = append(errs, err)
				tr.Cards[i] = card
			}
		}
		c, want = tr, 3
	case "attack":
		a := Attack{From: terr(0), To: terr(1)}
		want = 2
		for want < len(args) {
			switch args[want] {
			case "repeat":
				a.Repeat = true
			case "stop":
				want++
				a.StopAt = num(want)
			default:
				a.Dice = num(want)
			}
			want++
		}
		c = a
	case "occupy":
		c, want = Occupy{Armies: num(0)}, 1
	case "end_attack":
		c = EndAttack{}
	case "fortify":
		c, want = Fortify{From: terr(0), To: terr(1), Armies: num(2)}, 3
	case "end_turn":
		c = EndTurn{}
	case "resign":
		c = Resign{}
	default:
		return nil, fmt.Errorf("unknown command %q", kind)
	}
	if want != len(args) {
		errs = append(errs, fmt.Errorf("%s: %d arguments, want %d", kind, len(args), want))
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

// formatCommand writes a command in the notation, without its player.
func formatCommand(b *Board, c Command) string {
	key := func(t TerritoryID) string {
		if b.validTerritory(t) {
			return b.Territory(t).Key
		}
		return fmt.Sprintf("?%d", t)
	}
	switch c := c.(type) {
	case Claim:
		return "claim " + key(c.Territory)
	case Place:
		parts := []string{"place"}
		for _, pl := range c.Placements {
			parts = append(parts, key(pl.Territory), strconv.Itoa(pl.Armies))
		}
		return strings.Join(parts, " ")
	case Trade:
		return "trade " + cardKeys(b, c.Cards[:])
	case Attack:
		out := fmt.Sprintf("attack %s %s", key(c.From), key(c.To))
		if c.Dice != 0 {
			out += " " + strconv.Itoa(c.Dice)
		}
		if c.Repeat {
			out += " repeat"
		}
		if c.StopAt != 0 {
			out += " stop " + strconv.Itoa(c.StopAt)
		}
		return out
	case Occupy:
		return "occupy " + strconv.Itoa(c.Armies)
	case Fortify:
		return fmt.Sprintf("fortify %s %s %d", key(c.From), key(c.To), c.Armies)
	case nil:
		return "<nil>"
	default:
		return c.Kind()
	}
}

// formatPos writes every territory as key:owner/armies.
func formatPos(s State) string {
	parts := make([]string, s.board.Len())
	for t := range parts {
		id := TerritoryID(t)
		key := s.board.Territory(id).Key
		switch owner := s.Owner(id); owner {
		case Unclaimed:
			parts[t] = key + ":-"
		case Neutral:
			parts[t] = fmt.Sprintf("%s:n/%d", key, s.Armies(id))
		default:
			parts[t] = fmt.Sprintf("%s:%d/%d", key, owner, s.Armies(id))
		}
	}
	return strings.Join(parts, " ")
}

// inspect returns what a scenario's "? key" line shows of s.
func inspect(s State, key string) (string, error) {
	field, arg, _ := strings.Cut(key, " ")
	player := func() (PlayerID, error) {
		p, err := strconv.Atoi(arg)
		if err != nil || p < 0 || p >= len(s.players) {
			return 0, fmt.Errorf("%q: want a player", key)
		}
		return PlayerID(p), nil
	}
	switch field {
	case "pos":
		return formatPos(s), nil
	case "phase":
		return s.phase.String(), nil
	case "current":
		return strconv.Itoa(int(s.current)), nil
	case "reserve":
		return strconv.Itoa(s.reserve), nil
	case "turn":
		return strconv.Itoa(s.turn), nil
	case "trades":
		return strconv.Itoa(s.trades), nil
	case "winner":
		return strconv.Itoa(int(s.winner)), nil
	case "winners":
		return strings.Trim(fmt.Sprint(s.Winners()), "[]"), nil
	case "conquered":
		return strconv.FormatBool(s.conquered), nil
	case "deck":
		return strconv.Itoa(s.deck.Len()), nil
	case "discard":
		return cardKeys(s.board, s.discard.All()), nil
	case "status":
		parts := make([]string, len(s.players))
		for i, p := range s.players {
			parts[i] = fmt.Sprintf("%d=%s", i, p.Status)
		}
		return strings.Join(parts, " "), nil
	case "handed":
		parts := make([]string, len(s.handedOver))
		for i, p := range s.handedOver {
			parts[i] = strconv.Itoa(int(p))
		}
		return strings.Join(parts, " "), nil
	case "hand":
		p, err := player()
		if err != nil {
			return "", err
		}
		return cardKeys(s.board, s.players[p].Hand), nil
	case "reinforcements":
		p, err := player()
		if err != nil {
			return "", err
		}
		return strconv.Itoa(s.Reinforcements(p)), nil
	case "legal":
		p, err := player()
		if err != nil {
			return "", err
		}
		var parts []string
		for _, a := range LegalCommands(s, p) {
			part := formatCommand(s.board, a.Command)
			if a.Max > 0 {
				part += fmt.Sprintf(" [%d-%d]", a.Min, a.Max)
			}
			parts = append(parts, part)
		}
		return strings.Join(parts, ", "), nil
	}
	return "", fmt.Errorf("unknown check %q", key)
}

// dumpState writes everything in a state, for comparing two states.
func dumpState(s State) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "phase %s current %d turn %d round %d reserve %d traded %d conquered %t forced %t pending %+v trades %d winner %d unclaimed %d order %v\n",
		s.phase, s.current, s.turn, s.round, s.reserve, s.traded, s.conquered, s.forcedTrade, s.pending, s.trades, s.winner, s.unclaimed, s.order)
	fmt.Fprintf(&sb, "handed %v\npos %s\nareas %v\n", s.handedOver, formatPos(s), s.areaHolder.All())
	for i, p := range s.players {
		fmt.Fprintf(&sb, "player %d %+v\n", i, p)
	}
	fmt.Fprintf(&sb, "deck %v\npositions %v\ndiscard %v\n", s.deck.All(), s.deckPos.All(), s.discard.All())
	return sb.String()
}

// play applies a command line in the notation to s and returns the new state and events. It fails the test
// when the command is refused, when the scripted dice are not used exactly, when the new state breaks an
// invariant or when folding the events with Evolve gives another state.
func play(t testing.TB, s State, line string) (State, []Event) {
	t.Helper()
	p, c, dice, err := parseCommand(s.board, line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	d := NewFixedDice(dice...)
	next, events, err := Apply(s, p, c, d)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if err := checkApplied(s, next, events, d); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return next, events
}

// checkApplied checks what every applied command must satisfy.
func checkApplied(before, after State, events []Event, d *FixedDice) error {
	if err := d.Err(); err != nil {
		return err
	}
	if n := d.Remaining(); n > 0 {
		return fmt.Errorf("%d scripted dice values left unused", n)
	}
	if err := CheckInvariants(after); err != nil {
		return fmt.Errorf("invariant broken: %w", err)
	}
	folded := before
	for _, e := range events {
		var err error
		if folded, err = Evolve(folded, e); err != nil {
			return fmt.Errorf("folding %s: %w", e.Kind(), err)
		}
	}
	if got, want := dumpState(folded), dumpState(after); got != want {
		return fmt.Errorf("the events fold into\n%s\nApply returned\n%s", got, want)
	}
	return nil
}

// refuse applies a command line that must be refused and returns the error code.
func refuse(t testing.TB, s State, line string) Code {
	t.Helper()
	p, c, dice, err := parseCommand(s.board, line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	next, events, err := Apply(s, p, c, NewFixedDice(dice...))
	if err == nil {
		t.Fatalf("%s: accepted, want an error; events %s", line, eventLines(events))
		return ""
	}
	if dumpState(next) != dumpState(s) || events != nil {
		t.Errorf("%s: a refused command changed the state or returned events", line)
	}
	var e *Error
	if !asError(err, &e) {
		t.Fatalf("%s: error %v is not a *Error", line, err)
	}
	return e.Code
}

func asError(err error, out **Error) bool {
	return errors.As(err, out)
}

// eventLines writes events as JSON, one a line.
func eventLines(events []Event) string {
	lines := make([]string, len(events))
	for i, e := range events {
		b, err := MarshalEvent(e)
		if err != nil {
			lines[i] = err.Error()
			continue
		}
		lines[i] = string(b)
	}
	return strings.Join(lines, "\n")
}

// kinds lists the events' kinds.
func kinds(events []Event) string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Kind()
	}
	return strings.Join(out, " ")
}

func TestFixtureNotation(t *testing.T) {
	t.Parallel()
	s := mustGame(t, `
		# a comment
		board: a-b-c d-a e f g h i
		symbols: d:i
		areas: n=3:a,b s=-1:b,c
		players: 3
		cards: fixed_ttb 8
		phase: attack
		current: 1
		order: 1 2 0
		turn: 9
		pos: a:0/3 b:1/2 c:n/4 d:1/1 e:0/1 f:0/1 g:1/1 h:1/1 i:1/1
		status: 2=resigned
		hand 1: a *1
		discard: b
	`)
	checks := []struct{ key, want string }{
		{"pos", "a:0/3 b:1/2 c:n/4 d:1/1 e:0/1 f:0/1 g:1/1 h:1/1 i:1/1"},
		{"phase", "attack"},
		{"current", "1"},
		{"turn", "9"},
		{"hand 1", "a *1"},
		{"discard", "b"},
		{"deck", "8"},
		{"status", "0=active 1=active 2=resigned"},
	}
	for _, c := range checks {
		got, err := inspect(s, c.key)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.key, got, c.want)
		}
	}
	if got, want := s.board.Territory(3).Symbol, Infantry; got != want {
		t.Errorf("symbol of d: got %v, want %v", got, want)
	}
	if got, want := s.cfg.TTBPercent, 8; got != want {
		t.Errorf("TTB percent: got %v, want %v", got, want)
	}
	for _, line := range []string{"attack a b 2 repeat stop 2", "place a 3 b 1", "trade a b *0", "fortify a b 1", "claim c", "end_turn"} {
		_, c, _, err := parseCommand(s.board, "p0 "+line)
		if err != nil {
			t.Fatal(err)
		}
		if got := formatCommand(s.board, c); got != line {
			t.Errorf("command round trip: got %q, want %q", got, line)
		}
	}
	for _, bad := range []string{"phase: attack\npos: a:0/1", "board: a-b-c\nplayers: 1", "board: a-b\nplayers: 2\nweather: fine"} {
		if _, err := parseGame(bad); err == nil {
			t.Errorf("fixture %q: accepted, want an error", bad)
		}
	}
}
