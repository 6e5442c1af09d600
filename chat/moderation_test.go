package chat_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"rout/chat"
)

func TestModeration(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	f.send(t, f.bob, chat.Players, "before")
	rude := f.send(t, f.ann, chat.Players, "rude words")
	f.send(t, f.bob, chat.Players, "after")

	// Reports: by whoever may read the message, once per user; the queue is the moderators'.
	if err := f.svc.Report(ctx, f.g, f.sue, rude.ID, "spam"); code(err) != chat.CodeNotFound {
		t.Errorf("a spectator reporting a players' message: %v, want CHAT_NOT_FOUND", err)
	}
	for range 2 {
		if err := f.svc.Report(ctx, f.g, f.bob, rude.ID, "  insults\u202E "); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.svc.Reports(ctx, f.bob, 0, 10); code(err) != chat.CodeNotModerator {
		t.Errorf("a player reading the queue: %v, want CHAT_NOT_MODERATOR", err)
	}
	queue, err := f.svc.Reports(ctx, f.mod, 0, 10)
	if err != nil || len(queue) != 1 || queue[0].Reason != "insults" || queue[0].Message.Body != "rude words" || bodies(queue[0].Context) != "before,rude words,after" {
		t.Fatalf("the queue = %+v, %v", queue, err)
	}

	// A timeout: the message goes for everyone, its author waits and is told why.
	if _, err := f.svc.TimeOut(ctx, f.g, f.mod, rude.ID, time.Minute, "insults", nil); code(err) != chat.CodeInvalidTimeout {
		t.Errorf("a one-minute timeout: %v, want CHAT_INVALID_TIMEOUT", err)
	}
	if _, err := f.svc.TimeOut(ctx, f.g, f.bob, rude.ID, time.Hour, "insults", nil); code(err) != chat.CodeNotModerator {
		t.Errorf("a player timing out: %v, want CHAT_NOT_MODERATOR", err)
	}
	if _, err := f.svc.TimeOut(ctx, f.g, f.mod, rude.ID, 15*time.Minute, "insults", nil); err != nil {
		t.Fatal(err)
	}
	if page, _, err := f.svc.History(ctx, f.g, f.bob, chat.Players, 0, 10); err != nil || bodies(page) != "after,-,before" {
		t.Errorf("the room after the timeout: %q, %v", bodies(page), err)
	}
	_, err = f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: "sorry"})
	var ce *chat.Error
	if !errors.As(err, &ce) || ce.Code != chat.CodeTimedOut || ce.RetryAfter != 15*time.Minute || !strings.Contains(ce.Message, "insults") {
		t.Errorf("a timed-out author's message: %v, want CHAT_TIMED_OUT for 15 minutes with the reason", err)
	}
	if p, err := f.svc.Timeout(ctx, f.ann.UserID); err != nil || p == nil || p.Reason != "insults" {
		t.Errorf("the timeout told to its user = %+v, %v", p, err)
	}
	f.clock.advance(15 * time.Minute)
	if _, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: "sorry"}); err != nil {
		t.Errorf("after the timeout: %v", err)
	}
	if err := f.svc.CloseReport(ctx, f.mod, queue[0].ID, true, "timed out"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.CloseReport(ctx, f.mod, queue[0].ID, false, ""); code(err) != chat.CodeNoReport {
		t.Errorf("closing a closed report: %v, want CHAT_NO_REPORT", err)
	}

	// A shadow mute: the author's lines reach only the author.
	if err := f.svc.ShadowMute(ctx, f.mod, f.ann.UserID, true, "troll"); err != nil {
		t.Fatal(err)
	}
	f.clock.advance(time.Minute)
	ghost := f.send(t, f.ann, chat.Players, "can anyone hear me")
	if ghost.Body != "can anyone hear me" {
		t.Errorf("the muted author's own line = %+v", ghost)
	}
	if page, _, _ := f.svc.History(ctx, f.g, f.ann, chat.Players, 0, 1); bodies(page) != "can anyone hear me" {
		t.Errorf("the muted author reads %q", bodies(page))
	}
	if page, _, _ := f.svc.History(ctx, f.g, f.bob, chat.Players, 0, 1); bodies(page) == "can anyone hear me" {
		t.Errorf("another player reads the muted author's line")
	}
	if err := f.svc.ShadowMute(ctx, f.mod, f.ann.UserID, false, "ok now"); err != nil {
		t.Fatal(err)
	}
	if l := f.send(t, f.ann, chat.Players, "back again"); l.Seq == 0 {
		t.Fatal("no line")
	}
	if page, _, _ := f.svc.History(ctx, f.g, f.bob, chat.Players, 0, 1); bodies(page) != "back again" {
		t.Errorf("after the mute was lifted, bob reads %q", bodies(page))
	}

	// The audit log, newest first.
	if _, err := f.svc.Audit(ctx, f.ann, 0, 10); code(err) != chat.CodeNotModerator {
		t.Errorf("a player reading the audit log: %v", err)
	}
	log, err := f.svc.Audit(ctx, f.mod, 0, 10)
	var actions []string
	for _, e := range log {
		actions = append(actions, string(e.Action))
	}
	if err != nil || strings.Join(actions, ",") != "lift_shadow_mute,shadow_mute,resolve_report,timeout,remove_message" {
		t.Errorf("the audit log = %v, %v", actions, err)
	}
}
