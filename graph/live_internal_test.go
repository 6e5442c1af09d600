package graph

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/99designs/gqlgen/graphql"

	"rout/ai"
	"rout/chat"
	"rout/dbtest"
	"rout/ent"
	"rout/game"
	"rout/graph/wstransport"
	"rout/internal/testwait"
	"rout/live"
	"rout/rules"
)

// TestFallingBehindEndsWithResumeRequired drops a subscriber (a buffer of one batch, and commands until
// it is dropped before it reads) and checks the stream's messages: the events it had, then a
// RESUME_REQUIRED error that names the last one. The stream is read as gqlgen reads it from another
// transport (the channel, fed by a goroutine) and as the websocket transport takes it (the feed).
func TestFallingBehindEndsWithResumeRequired(t *testing.T) {
	t.Parallel()
	t.Run("channel", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		r, sub, start := droppedSubscriber(t)
		var msgs []graphql.Event[*live.Event]
		for ev := range stream(ctx, r, sub, itself[*live.Event]) {
			msgs = append(msgs, ev)
		}
		checkResumeRequired(t, msgs, start)
	})
	t.Run("feed", func(t *testing.T) {
		t.Parallel()
		ctx := t.Context()
		r, sub, start := droppedSubscriber(t)
		f := &feed[*live.Event, *live.Event]{ctx: ctx, r: r, sub: sub, value: itself[*live.Event], out: make(chan graphql.Event[*live.Event], 1)}
		var msgs []graphql.Event[*live.Event]
		for {
			key, st := f.Take(ctx)
			if st == wstransport.Waiting {
				t.Fatal("Take waits although the subscriber was dropped")
			}
			if st == wstransport.Ended {
				break
			}
			f.Release()
			ev := <-f.out
			if (ev.Value == nil) != (key == nil) || (ev.Value != nil && key != any(ev.Value)) {
				t.Fatalf("key %v for the message of %v: want the value itself, nil for the error", key, ev.Value)
			}
			msgs = append(msgs, ev)
		}
		f.Close()
		checkResumeRequired(t, msgs, start)
	})
}

// checkResumeRequired checks a dropped subscriber's messages: events in order after start, then one
// RESUME_REQUIRED error naming the last.
func checkResumeRequired(t *testing.T, msgs []graphql.Event[*live.Event], start int64) {
	t.Helper()
	last := start
	for i, ev := range msgs {
		if ev.Value != nil {
			if ev.Value.Seq != last+1 {
				t.Fatalf("event %d after %d", ev.Value.Seq, last)
			}
			last = ev.Value.Seq
			continue
		}
		errs := graphql.GetErrors(ev.Context)
		if len(errs) != 1 || errs[0].Extensions["code"] != string(CodeResumeRequired) || errs[0].Extensions["lastSeq"] != last {
			t.Fatalf("the last message's errors: %v, want RESUME_REQUIRED after %d", errs, last)
		}
		if last == start {
			t.Fatal("no event before the resume error")
		}
		if i != len(msgs)-1 {
			t.Fatalf("%d messages after the resume error", len(msgs)-1-i)
		}
		return
	}
	t.Fatal("the stream ended without a resume error")
}

// droppedSubscriber returns a resolver and a subscriber of a new game that its hub dropped for falling
// behind, and the game's sequence number the subscriber started after.
func droppedSubscriber(t *testing.T) (*Resolver, *live.Subscription[*live.Event], int64) {
	t.Helper()
	ctx := t.Context()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	hub, err := live.New(live.Opts{DB: db, DSN: dsn, Game: svc, Buffer: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := hub.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = hub.Stop(context.Background()) })
	r, err := newResolver(DefaultSettings(), Deps{Ent: ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db))), Game: svc, Accounts: dbtest.Accounts(t, db), Chat: chat.NewService(db, nil), Live: hub})
	if err != nil {
		t.Fatal(err)
	}

	gil := int(dbtest.User(t, db, dbtest.UserOpts{Name: "gil"}))
	hal := int(dbtest.User(t, db, dbtest.UserOpts{Name: "hal"}))
	created := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(gil, hal), Start: true,
		Claim: rules.ClaimRandom, Cards: rules.CardsClassic})
	var start int64
	if err := db.QueryRowContext(ctx, `SELECT seq FROM games WHERE id = $1`, created.GameID).Scan(&start); err != nil {
		t.Fatal(err)
	}
	sub, err := hub.GameEvents(ctx, created.GameID, 0, start)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	rnd := rand.New(rand.NewPCG(7, 8))
	for hub.Stats().Dropped == 0 {
		s, err := svc.GameState(ctx, created.GameID)
		if err != nil {
			t.Fatal(err)
		}
		p, reads := s.Current(), hub.Stats().Reads
		if _, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: created.GameID, Actor: game.User([]int{gil, hal}[p]), Command: ai.Random(s, p, rnd)}); err != nil {
			t.Fatal(err)
		}
		// One command at a time: wait (boundedly) for the topic to read again, or to drop the subscriber.
		testwait.Until(time.Minute, func() bool { st := hub.Stats(); return st.Reads != reads || st.Dropped != 0 })
	}

	return r, sub, start
}
