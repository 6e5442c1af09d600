package graph

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/game"
	"rout/rules"
)

func TestPresenterGivesEveryErrorACode(t *testing.T) {
	t.Parallel()
	pagination := &gqlerror.Error{Message: "`first` on a connection cannot be less than zero."}
	errcode.Set(pagination, "INVALID_PAGINATION")
	for _, c := range []struct {
		name          string
		err           error
		code, message string
		reason        any
	}{
		{"own", errorf(CodeForbidden, "no"), "FORBIDDEN", "no", nil},
		{"game conflict", fmt.Errorf("x: %w", &game.Error{Code: game.CodeConflict, Message: "stale"}), "CONFLICT", "stale", nil},
		{"game not found", &game.Error{Code: game.CodeNotFound, Message: "no game"}, "NOT_FOUND", "no game", nil},
		{"rules", &rules.Error{Code: rules.CodeNotYourTurn, Message: "wait"}, "BAD_USER_INPUT", "wait", "NOT_YOUR_TURN"},
		{"wrapped pagination", fmt.Errorf("listing: %w", pagination), "BAD_USER_INPUT", pagination.Message, "INVALID_PAGINATION"},
		{"context", fmt.Errorf("query: %w", context.DeadlineExceeded), "UNAVAILABLE", timeoutMessage, "TIMEOUT"},
		{"bug", errors.New("pq: relation \"secret\" does not exist"), "INTERNAL_SERVER_ERROR", "internal error", nil},
		{"no code", &gqlerror.Error{Message: "must not be null"}, "INTERNAL_SERVER_ERROR", "internal error", nil},
	} {
		var logs bytes.Buffer
		p := &presenter{logger: slog.New(slog.NewTextHandler(&logs, nil))}
		ctx := context.WithValue(context.Background(), requestIDKey, "abc")
		got := p.present(ctx, c.err)
		if got.Extensions["code"] != c.code || got.Message != c.message || got.Extensions["reason"] != c.reason {
			t.Errorf("%s: %q %v, want %s %q reason %v", c.name, got.Message, got.Extensions, c.code, c.message, c.reason)
		}
		if c.code == "INTERNAL_SERVER_ERROR" && (!strings.Contains(logs.String(), "request_id=abc") || got.Extensions["requestId"] != "abc") {
			t.Errorf("%s: internal error not logged with its request id: %s", c.name, logs.String())
		}
	}
}

func TestRecoverHidesPanics(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	p := &presenter{logger: slog.New(slog.NewTextHandler(&logs, nil))}
	ctx := context.WithValue(context.Background(), requestIDKey, "abc")
	got := p.present(ctx, p.recover(ctx, "boom"))
	if got.Extensions["code"] != "INTERNAL_SERVER_ERROR" || got.Message != "internal error" {
		t.Errorf("recovered panic presented as %q %v", got.Message, got.Extensions)
	}
	if !strings.Contains(logs.String(), "boom") || !strings.Contains(logs.String(), "stack=") {
		t.Errorf("the panic is not logged with its stack: %s", logs.String())
	}
}

func TestRulesUserErrors(t *testing.T) {
	t.Parallel()
	ues, err := rulesUserErrors(fmt.Errorf("submit: %w", &rules.Error{Code: rules.CodeNotAdjacent, Message: "far"}))
	if err != nil || len(ues) != 1 || ues[0].Code != "NOT_ADJACENT" || ues[0].Message != "far" {
		t.Errorf("rulesUserErrors = %+v, %v", ues, err)
	}
	other := errors.New("db down")
	if ues, err := rulesUserErrors(other); ues != nil || !errors.Is(err, other) {
		t.Errorf("rulesUserErrors(other) = %+v, %v", ues, err)
	}
}
