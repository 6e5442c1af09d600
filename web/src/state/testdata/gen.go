//go:build ignore

// gen writes the game records the client state's tests replay, played by the engine and its CPU players,
// with the engine's own state at checkpoints to compare the client's fold with. Run from the repository's
// root: go run ./web/src/state/testdata/gen.go. Each record passes `rout games replay`. A CPU decision that
// runs out of its time budget can change a game, so a new run may write other (equally valid) games.
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
	apply := func(p rules.PlayerID, c rules.Command) {
		next, evs, err := rules.Apply(s, p, c, dice)
		if err != nil {
			panic(fmt.Sprintf("%s by %d: %v", c.Kind(), p, err))
		}
		// Fold the events one by one to checkpoint after each.
		cur := s
		for _, e := range evs {
			cur, err = rules.Evolve(cur, e)
			if err != nil {
				panic(err)
			}
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
		apply(p, pol(s, p, r))
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
	rec := map[string]any{
		"format": "rout-record/1",
		"map":    map[string]any{"key": "classic", "version": 1, "definition": def},
		"settings": map[string]any{"claim": cfg.Claim.String(), "cardSystem": cfg.Cards.String(),
			"ttbPercent": max(cfg.TTBPercent, 6), "turnLimitSeconds": 3600},
		"seats":  seats,
		"status": "finished",
		"winner": winner,
		"events": events,
	}
	write(name+".record.json", rec)
	write(name+".expected.json", checkpoints)
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
}
