package luck_test

import (
	"sync"
	"testing"

	"rout/ai"
	"rout/luck"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

// longGame is a long game of six random CPUs on the classic map (221 turns, 11,883 events, 7,585 battle
// rolls), played once: its board, configuration and events.
var longGame = sync.OnceValues(func() (longGameOf, error) {
	m, _ := maps.Builtin("classic")
	b, err := m.Board()
	if err != nil {
		return longGameOf{}, err
	}
	cfg := rules.Config{}
	policies := make([]sim.Policy, 6)
	for i := range policies {
		cfg.Seats = append(cfg.Seats, rules.Seat{Color: string(rune('a' + i))})
		policies[i] = ai.Random
	}
	res, err := sim.Play(b, cfg, policies, 1, sim.Opts{KeepEvents: true})
	if err != nil {
		return longGameOf{}, err
	}
	return longGameOf{b: b, cfg: cfg, events: res.Record}, nil
})

type longGameOf struct {
	b      *rules.Board
	cfg    rules.Config
	events []rules.Event
}

func benchGame(b testing.TB) longGameOf {
	g, err := longGame()
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// reportGame reports the size of g.
func reportGame(b *testing.B, g longGameOf) {
	turns, rolls := 0, 0
	for _, e := range g.events {
		switch ev := e.(type) {
		case rules.TurnStarted:
			turns = ev.Turn
		case rules.BattleRolled:
			rolls++
		}
	}
	b.ReportMetric(float64(len(g.events)), "events")
	b.ReportMetric(float64(turns), "turns")
	b.ReportMetric(float64(rolls), "rolls")
}

// BenchmarkReplay is the baseline: folding the long game's events into its final state.
func BenchmarkReplay(b *testing.B) {
	g := benchGame(b)
	for b.Loop() {
		if _, err := rules.Replay(g.b, g.cfg, g.events); err != nil {
			b.Fatal(err)
		}
	}
	reportGame(b, g)
}

// BenchmarkLuckAndGraphs is what Game.luck and Game.graphs compute of a finished game, past reading the
// events: the rolls, the audit, the course and its luck line.
func BenchmarkLuckAndGraphs(b *testing.B) {
	g := benchGame(b)
	for b.Loop() {
		rolls := luck.Rolls(g.events)
		_ = luck.AuditOf(rolls, len(g.cfg.Seats))
		points, err := luck.Course(g.b, g.cfg, g.events)
		if err != nil {
			b.Fatal(err)
		}
		luck.Line(points, rolls)
	}
	reportGame(b, g)
}
