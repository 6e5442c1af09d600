//go:build ignore

// gen writes the game records the client state's tests replay, played by the engine and its CPU players,
// with the engine's own state at checkpoints to compare the client's fold with. Run from the repository's
// root: go run ./web/src/state/testdata/gen.go. Each record passes `rout games replay`. A CPU decision that
// runs out of its time budget can change a game, so a new run may write other (equally valid) games.
//
// A fog game also gets one seat's own view of it (NAME.view.json): its events as that seat's live feed
// sends them (rules.Watch: payloads with what the seat cannot see hidden, view changes, the territories
// each left), with what the seat may know at checkpoints (rules.Project) to compare the client's fold of
// that feed with.
package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"rout/ai"
	"rout/maps"
	"rout/rules"
)

type event struct {
	Seq   int             `json:"seq"`
	Turn  int             `json:"turn"`
	Seat  int             `json:"seat"`
	Event json.RawMessage `json:"event"`
}

type seat struct {
	Seat       int    `json:"seat"`
	Color      string `json:"color"`
	CPU        bool   `json:"cpu"`
	Difficulty string `json:"difficulty"`
	Name       string `json:"name"`
}

type checkpoint struct {
	Seq    int     `json:"seq"`
	Phase  string  `json:"phase"`
	Owners []*int  `json:"owners"`
	Armies []int   `json:"armies"`
	Seats  []sstat `json:"seats"`
	Winner *int    `json:"winner"`
}

type sstat struct {
	Status      string `json:"status"`
	Territories int    `json:"territories"`
	Armies      int    `json:"armies"`
	Cards       []int  `json:"cards"`
}

func snap(s rules.State, b *rules.Board, seq int) checkpoint {
	c := checkpoint{Seq: seq, Phase: s.Phase().String()}
	for t := range b.Len() {
		o := int(s.Owner(rules.TerritoryID(t)))
		if o >= 0 {
			c.Owners = append(c.Owners, &o)
		} else {
			c.Owners = append(c.Owners, nil)
		}
		c.Armies = append(c.Armies, s.Armies(rules.TerritoryID(t)))
	}
	for p := range s.Players() {
		pl := s.Player(rules.PlayerID(p))
		st := sstat{Status: pl.Status.String(), Territories: pl.Territories, Armies: pl.Armies, Cards: []int{}}
		for _, h := range pl.Hand {
			st.Cards = append(st.Cards, int(h))
		}
		c.Seats = append(c.Seats, st)
	}
	if s.Phase() == rules.PhaseOver {
		w := int(s.Winner())
		c.Winner = &w
	}
	return c
}

// liveEvent is one event of a seat's view as gameEvents sends it (graph/schema/live.graphqls, LiveEvent).
type liveEvent struct {
	Seq         int             `json:"seq"`
	Turn        int             `json:"turn"`
	Seat        *int            `json:"seat"`
	Kind        string          `json:"kind"`
	Payload     json.RawMessage `json:"payload"`
	Phase       string          `json:"phase"`
	CurrentSeat *int            `json:"currentSeat"`
	Territories []liveTerritory `json:"territories"`
}

type liveTerritory struct {
	Index   int    `json:"index"`
	Owner   *int   `json:"owner"`
	Neutral bool   `json:"neutral"`
	Armies  *int   `json:"armies"`
	Sight   string `json:"sight"`
}

// viewCheckpoint is what the viewer may know after their view's event Seq (rules.Project): null where
// hidden.
type viewCheckpoint struct {
	Seq    int      `json:"seq"`
	Phase  string   `json:"phase"`
	Sight  []string `json:"sight"`
	Owners []*int   `json:"owners"`
	Armies []*int   `json:"armies"`
	Seats  []vstat  `json:"seats"`
}

type vstat struct {
	Territories *int `json:"territories"`
	Armies      *int `json:"armies"`
	Cards       *int `json:"cards"`
}

// seatOrNil is a seat id as the API gives it: nil for nobody (neutral, unclaimed, unknown).
func seatOrNil(p rules.PlayerID) *int {
	if p < 0 {
		return nil
	}
	v := int(p)
	return &v
}

// known is a number as the API gives it: nil where the projection hides it.
func known(n int) *int {
	if n == rules.Unknown {
		return nil
	}
	return &n
}

func viewSnap(s rules.State, viewer rules.PlayerID, seq int) viewCheckpoint {
	v := rules.Project(s, viewer)
	c := viewCheckpoint{Seq: seq, Phase: s.Phase().String()}
	for t := range v.Sight {
		c.Sight = append(c.Sight, v.Sight[t].String())
		c.Owners = append(c.Owners, seatOrNil(v.Owners[t]))
		c.Armies = append(c.Armies, known(v.Armies[t]))
	}
	for _, p := range v.Players {
		c.Seats = append(c.Seats, vstat{Territories: known(p.Territories), Armies: known(p.Armies), Cards: known(p.Cards)})
	}
	return c
}

// view is one seat's own record of a fog game, as the game service keeps it (game/seen.go).
type view struct {
	viewer      rules.PlayerID
	events      []liveEvent
	checkpoints []viewCheckpoint
}

// see adds the events of one command, from state before through states (the state after each), as the
// viewer sees them; a checkpoint every so often, unless the command ends the game (the fog lifts then).
func (v *view) see(before rules.State, evs []rules.Event, states []rules.State, seat int) {
	seen, err := rules.Watch(before, evs, v.viewer)
	if err != nil {
		panic(err)
	}
	over := states[len(states)-1].Phase() == rules.PhaseOver
	for _, w := range seen {
		after := states[w.At]
		e := liveEvent{Seq: len(v.events) + 1, Turn: after.Turn(), Kind: "view_changed", Payload: json.RawMessage(`{}`),
			Phase: w.Phase.String(), CurrentSeat: seatOrNil(w.Current), Territories: []liveTerritory{}}
		if seat >= 0 {
			e.Seat = &seat
		}
		if w.Event != nil {
			data, _, err := rules.HideCards(w.Event, v.viewer)
			if err != nil {
				panic(err)
			}
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(data, &fields); err != nil {
				panic(err)
			}
			delete(fields, "kind")
			e.Kind = w.Event.Kind()
			e.Payload, _ = json.Marshal(fields)
		}
		for _, t := range w.Changed {
			e.Territories = append(e.Territories, liveTerritory{Index: int(t.Territory), Owner: seatOrNil(t.Owner),
				Neutral: t.Owner == rules.Neutral, Armies: known(t.Armies), Sight: t.Sight.String()})
		}
		v.events = append(v.events, e)
		if !over && e.Seq%23 == 0 {
			v.checkpoints = append(v.checkpoints, viewSnap(after, v.viewer, e.Seq))
		}
	}
	if over {
		v.checkpoints = append(v.checkpoints, viewSnap(states[len(states)-1], v.viewer, len(v.events)))
	}
}

func play(name string, cfg rules.Config, policies []string, resignAt map[int]int, seed uint64) {
	m, _ := maps.Builtin("classic")
	b, err := m.Board()
	if err != nil {
		panic(err)
	}
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	dice := rules.NewDice(key)
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	s, err := rules.New(b, cfg)
	if err != nil {
		panic(err)
	}
	var events []event
	var checkpoints []checkpoint
	var seen *view // seat 0's own record, in a fog game
	if cfg.Fog != rules.FogNone {
		seen = &view{viewer: 0}
	}
	apply := func(p rules.PlayerID, c rules.Command) {
		next, evs, err := rules.Apply(s, p, c, dice)
		if err != nil {
			panic(fmt.Sprintf("%s by %d: %v", c.Kind(), p, err))
		}
		// Fold the events one by one to checkpoint after each.
		cur := s
		states := make([]rules.State, 0, len(evs))
		for _, e := range evs {
			cur, err = rules.Evolve(cur, e)
			if err != nil {
				panic(err)
			}
			states = append(states, cur)
			raw, err := rules.MarshalEvent(e)
			if err != nil {
				panic(err)
			}
			seat := int(p)
			if p == rules.NoPlayer {
				seat = -1 // the game start (docs/record-format.md)
			}
			events = append(events, event{Seq: len(events) + 1, Turn: cur.Turn(), Seat: seat, Event: raw})
			if len(events)%97 == 0 {
				checkpoints = append(checkpoints, snap(cur, b, len(events)))
			}
		}
		if seen != nil {
			seat := int(p)
			if p == rules.NoPlayer {
				seat = -1
			}
			seen.see(s, evs, states, seat)
		}
		s = next
	}
	apply(rules.NoPlayer, rules.StartGame{})
	for n := 0; s.Phase() != rules.PhaseOver && n < 100000; n++ {
		for who, turn := range resignAt {
			if s.Turn() >= turn && s.Player(rules.PlayerID(who)).Status == rules.Active {
				apply(rules.PlayerID(who), rules.Resign{})
				delete(resignAt, who)
			}
		}
		p := s.Current()
		pol, _ := ai.ByName(policies[p])
		apply(p, pol(rules.Believed(s, p), p, r)) // a CPU decides from what its seat sees (docs/rules.md, R80)
	}
	checkpoints = append(checkpoints, snap(s, b, len(events)))
	seats := make([]seat, len(cfg.Seats))
	for i, st := range cfg.Seats {
		seats[i] = seat{Seat: i, Color: st.Color, CPU: true, Difficulty: policies[i]}
	}
	var def json.RawMessage
	var buf []byte
	buf, _ = json.Marshal(m)
	def = buf
	winner := int(s.Winner())
	settings := map[string]any{"claim": cfg.Claim.String(), "cardSystem": cfg.Cards.String(),
		"ttbPercent": max(cfg.TTBPercent, 6), "turnLimitSeconds": 3600}
	if cfg.Fog != rules.FogNone {
		settings["fog"] = cfg.Fog.String()
	}
	rec := map[string]any{
		"format":   "rout-record/1",
		"map":      map[string]any{"key": "classic", "version": 1, "definition": def},
		"settings": settings,
		"seats":    seats,
		"status":   "finished",
		"winner":   winner,
		"events":   events,
	}
	write(name+".record.json", rec)
	write(name+".expected.json", checkpoints)
	if seen != nil {
		write(name+".view.json", map[string]any{"viewer": seen.viewer, "events": seen.events, "checkpoints": seen.checkpoints})
	}
}

func write(name string, v any) {
	out, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(filepath.Join("web", "src", "state", "testdata", name), append(out, '\n'), 0o644); err != nil {
		panic(err)
	}
}

func main() {
	colors := func(n int) []rules.Seat {
		all := []string{"red", "blue", "green", "yellow", "black", "pink"}
		out := make([]rules.Seat, n)
		for i := range out {
			out[i] = rules.Seat{Color: all[i]}
		}
		return out
	}
	play("classic-random", rules.Config{Seats: colors(3), Claim: rules.ClaimRandom, Cards: rules.CardsClassic},
		[]string{"normal", "easy", "normal"}, map[int]int{1: 40}, 1)
	play("classic-roundrobin", rules.Config{Seats: colors(4), Claim: rules.ClaimRoundRobin, Cards: rules.CardsFixedTTB, TTBPercent: 8},
		[]string{"normal", "normal", "easy", "cautious"}, map[int]int{}, 2)
	play("classic-fixed", rules.Config{Seats: colors(2), Claim: rules.ClaimRandom, Cards: rules.CardsFixed},
		[]string{"normal", "easy"}, map[int]int{}, 3)
	play("classic-scaling", rules.Config{Seats: colors(3), Claim: rules.ClaimRandom, Cards: rules.CardsClassicScalingTTB},
		[]string{"normal", "cautious", "easy"}, map[int]int{}, 4)
	play("classic-fog", rules.Config{Seats: colors(3), Claim: rules.ClaimRandom, Cards: rules.CardsClassic, Fog: rules.FogHeavy},
		[]string{"normal", "easy", "normal"}, map[int]int{0: 20}, 5)
}
