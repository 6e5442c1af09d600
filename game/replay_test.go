package game_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"rout/game"
	"rout/rules"
)

// finishedRecord plays a game of players seats to its end through the service and returns its record.
func finishedRecord(t *testing.T, e *env, claim rules.ClaimStrategy, cards rules.CardSystem, players int) game.Record {
	t.Helper()
	var seats []int
	users := map[rules.PlayerID]int{}
	for p := range players {
		u := e.user(fmt.Sprintf("u%d-%d-%d", claim, cards, p))
		seats, users[rules.PlayerID(p)] = append(seats, u), u
	}
	id := e.started(claim, cards, seats...)
	playOut(t, e, id, users)
	rec, err := e.svc.GameRecord(e.ctx, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != game.StatusFinished {
		t.Fatalf("game %d is %s", id, rec.Status)
	}
	return rec
}

// TestReplayOfGenuineRecords: the records of whole games replay with every check, to the winner the
// header names. With TestRandomGamesThroughTheServiceReplay (random claim, classic; round robin, fixed;
// random, fixed TTB), TestReplayRefusesForgedRecords and the lone survivor's tests, both claim strategies
// and every card system are covered.
func TestReplayOfGenuineRecords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for i, tc := range []struct {
		claim   rules.ClaimStrategy
		cards   rules.CardSystem
		players int
	}{
		{rules.ClaimRoundRobin, rules.CardsClassicScalingTTB, 2},
	} {
		rec := finishedRecord(t, e, tc.claim, tc.cards, tc.players)
		st, err := game.Replay(rec)
		if err != nil {
			t.Fatalf("game %d (%s, %s): %v", i, tc.claim, tc.cards, err)
		}
		if st.Phase() != rules.PhaseOver || int(st.Winner()) != *rec.Winner {
			t.Errorf("game %d: replayed to the %s phase, winner %d; the record names %d", i, st.Phase(), st.Winner(), *rec.Winner)
		}
	}
}

// TestReplayRefusesForgedRecords changes a real record in the ways a forger would and checks that each
// is refused, with its code and the sequence number of the event concerned (0: the header).
func TestReplayRefusesForgedRecords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	genuine := finishedRecord(t, e, rules.ClaimRandom, rules.CardsClassic, 3)
	if _, err := game.Replay(genuine); err != nil {
		t.Fatal(err)
	}
	events := make([]rules.Event, len(genuine.Events))
	for i, ev := range genuine.Events {
		var err error
		if events[i], err = rules.UnmarshalEvent(ev.Event); err != nil {
			t.Fatal(err)
		}
	}
	find := func(ok func(i int) bool) int {
		for i := range events {
			if ok(i) {
				return i
			}
		}
		t.Fatal("the genuine record has no event to forge")
		return -1
	}
	// A fortify move, a card drawn, an event halfway, and the end of a command after it.
	fortify := find(func(i int) bool { _, ok := events[i].(rules.Fortified); return ok })
	drawn := find(func(i int) bool { _, ok := events[i].(rules.CardDrawn); return ok })
	mid := len(events) / 2
	cut := find(func(i int) bool {
		ts, ok := events[i].(rules.TurnStarted)
		return ok && i > mid && ts.Phase == rules.PhaseReinforce // the last event of its command
	}) + 1
	other := func(seat int) int { return (seat + 1) % len(genuine.Seats) }

	for _, tc := range []struct {
		name  string
		forge func(r *game.Record)
		code  game.RecordCode
		seq   int64
	}{
		{"three fortify moves in one turn", func(r *game.Record) {
			// The move, then one army back and forth again: each fits the position, but one move ends a turn.
			f := events[fortify].(rules.Fortified)
			back, again := r.Events[fortify], r.Events[fortify]
			back.Event = marshal(t, rules.Fortified{From: f.To, To: f.From, Armies: 1})
			again.Event = marshal(t, rules.Fortified{From: f.From, To: f.To, Armies: 1})
			r.Events = slices.Insert(r.Events, fortify+1, back, again)
			renumber(r)
		}, game.RecordIllegal, int64(fortify + 2)},
		{"an earned card never drawn", func(r *game.Record) {
			r.Events = slices.Delete(r.Events, drawn, drawn+1)
			renumber(r)
		}, game.RecordIllegal, int64(drawn + 1)},
		{"a wrong turn", func(r *game.Record) { r.Events[mid].Turn++ }, game.RecordBadTurn, int64(mid + 1)},
		{"a wrong seat", func(r *game.Record) { r.Events[mid].Seat = other(r.Events[mid].Seat) }, game.RecordBadSeat, int64(mid + 1)},
		{"a system event claimed by a seat", func(r *game.Record) { r.Events[0].Seat = 0 }, game.RecordBadSeat, 1},
		{"another winner", func(r *game.Record) { w := other(*r.Winner); r.Winner = &w }, game.RecordBadWinner, 0},
		{"no winner", func(r *game.Record) { r.Winner = nil }, game.RecordBadWinner, 0},
		{"active although over", func(r *game.Record) { r.Status = game.StatusActive; r.Winner = nil }, game.RecordBadStatus, 0},
		{"an unknown status", func(r *game.Record) { r.Status = "won" }, game.RecordBadStatus, 0},
		{"finished without events", func(r *game.Record) { r.Events = nil }, game.RecordBadStatus, 0},
		{"finished before the end", func(r *game.Record) { r.Events = r.Events[:cut] }, game.RecordBadStatus, 0},
		{"cut short within a command", func(r *game.Record) { r.Events = r.Events[:fortify+1] }, game.RecordIllegal, int64(fortify + 2)},
		{"sequence numbers out of order", func(r *game.Record) {
			r.Events[mid].Seq, r.Events[mid+1].Seq = r.Events[mid+1].Seq, r.Events[mid].Seq
		}, game.RecordBadSequence, int64(mid + 2)},
		{"a sequence number skipped", func(r *game.Record) { r.Events[mid].Seq++ }, game.RecordBadSequence, int64(mid + 2)},
		{"two events swapped", func(r *game.Record) {
			r.Events[drawn], r.Events[drawn-1] = r.Events[drawn-1], r.Events[drawn]
			renumber(r)
		}, "", 0},
		{"a game_over event for another winner", func(r *game.Record) {
			last := &r.Events[len(r.Events)-1]
			last.Event = marshal(t, rules.GameOver{Winner: rules.PlayerID(other(*r.Winner))})
		}, game.RecordBadEvent, int64(len(events))},
		{"an unknown format", func(r *game.Record) { r.Format = "rout-record/0" }, game.RecordBadFormat, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := genuine
			r.Events = slices.Clone(genuine.Events)
			tc.forge(&r)
			_, err := game.Replay(r)
			var re *game.RecordError
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a *game.RecordError", err)
			}
			if tc.code == "" { // any refusal will do
				return
			}
			if re.Code != tc.code || re.Seq != tc.seq {
				t.Errorf("got %v (code %s, seq %d), want code %s, seq %d", err, re.Code, re.Seq, tc.code, tc.seq)
			}
		})
	}
}

func marshal(t *testing.T, e rules.Event) []byte {
	t.Helper()
	data, err := rules.MarshalEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func renumber(r *game.Record) {
	for i := range r.Events {
		r.Events[i].Seq = int64(i + 1)
	}
}
