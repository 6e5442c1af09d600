package graph_test

import (
	"strings"
	"testing"
)

// TestChatModerationThroughTheAPI: a player reports a message; a moderator sees it in the queue with its
// context, times its author out (who is told why) and closes the report; every step is in the audit log,
// which only moderators read.
func TestChatModerationThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a, b, id := e.startedPair()
	mod, _ := e.signUp("mod")
	if _, err := e.db.ExecContext(t.Context(), `UPDATE users SET moderator = true WHERE name = 'mod'`); err != nil {
		t.Fatal(err)
	}
	e.sendChat(a, id, "players", "hello there")
	rude := e.sendChat(b, id, "players", "rude words").Message

	mutate := func(token, name, input string, vars map[string]any) string {
		var out map[string]struct {
			UserErrors []userError `json:"userErrors"`
		}
		e.gql(token, `mutation($input: `+input+`!) { `+name+`(input: $input) { userErrors { code field message } } }`,
			map[string]any{"input": vars}).decode(t, &out)
		return codesOf(out[name].UserErrors)
	}
	if got := mutate(a, "reportChatMessage", "ReportChatMessageInput", map[string]any{"id": rude.ID, "reason": "insults"}); got != "" {
		t.Fatalf("reportChatMessage: %s", got)
	}
	queue := func(token string) *response {
		return e.gql(token, `{ chatReports { id reason reporterName message { body authorName } context { body } } }`, nil)
	}
	if c := queue(a).code(t); c != "CHAT_NOT_MODERATOR" {
		t.Errorf("a player reading the queue: %s", c)
	}
	var q struct {
		ChatReports []struct {
			ID           int    `json:"id"`
			Reason       string `json:"reason"`
			ReporterName string `json:"reporterName"`
			Message      struct {
				Body       string `json:"body"`
				AuthorName string `json:"authorName"`
			} `json:"message"`
			Context []struct {
				Body string `json:"body"`
			} `json:"context"`
		} `json:"chatReports"`
	}
	queue(mod).decode(t, &q)
	if len(q.ChatReports) != 1 || q.ChatReports[0].Reason != "insults" || q.ChatReports[0].Message.Body != "rude words" ||
		q.ChatReports[0].ReporterName != e.nameOf(a) || len(q.ChatReports[0].Context) != 2 {
		t.Fatalf("the queue: %+v", q.ChatReports)
	}

	var timedOut struct {
		TimeOutChatUser chatPayload
	}
	e.gql(mod, `mutation($input: TimeOutChatUserInput!) { timeOutChatUser(input: $input) { message { `+chatFields+` } userErrors { code field message } retryAfter } }`,
		map[string]any{"input": map[string]any{"messageId": rude.ID, "minutes": 60, "reason": "insults"}}).decode(t, &timedOut)
	if p := timedOut.TimeOutChatUser; len(p.UserErrors) != 0 || p.Message.Kind != "removal" {
		t.Fatalf("timeOutChatUser: %+v", p)
	}
	if p := e.sendChat(b, id, "players", "sorry"); codesOf(p.UserErrors) != "CHAT_TIMED_OUT[]" || p.RetryAfter == nil || *p.RetryAfter != 3600 ||
		!strings.Contains(p.UserErrors[0].Message, "insults") {
		t.Errorf("a timed-out player's message: %+v", p)
	}
	var me struct {
		Viewer struct {
			ChatTimeout *struct {
				Reason string `json:"reason"`
			} `json:"chatTimeout"`
		} `json:"viewer"`
	}
	e.gql(b, `{ viewer { chatTimeout { until reason } } }`, nil).decode(t, &me)
	if me.Viewer.ChatTimeout == nil || me.Viewer.ChatTimeout.Reason != "insults" {
		t.Errorf("the timed-out player's chatTimeout: %+v", me.Viewer.ChatTimeout)
	}
	if page, _ := e.chatPage(a, id, "players", 10); page != "- | "+e.nameOf(a)+": hello there" {
		t.Errorf("the room after the timeout: %q", page)
	}
	if got := mutate(mod, "closeChatReport", "CloseChatReportInput", map[string]any{"id": q.ChatReports[0].ID, "resolved": true}); got != "" {
		t.Errorf("closeChatReport: %s", got)
	}
	if got := mutate(a, "shadowMuteChatUser", "ShadowMuteChatUserInput", map[string]any{"user": e.idOf(b), "muted": true}); got != "CHAT_NOT_MODERATOR[]" {
		t.Errorf("a player muting: %s", got)
	}
	if got := mutate(mod, "liftChatTimeout", "LiftChatTimeoutInput", map[string]any{"user": e.idOf(b), "reason": "apologised"}); got != "" {
		t.Errorf("liftChatTimeout: %s", got)
	}
	var log struct {
		ModerationLog []struct {
			Action        string  `json:"action"`
			ModeratorName string  `json:"moderatorName"`
			TargetID      *string `json:"targetId"`
		} `json:"moderationLog"`
	}
	e.gql(mod, `{ moderationLog { action moderatorName targetId targetName gameId messageId reportId reason } }`, nil).decode(t, &log)
	var actions []string
	for _, l := range log.ModerationLog {
		actions = append(actions, l.Action+"/"+l.ModeratorName)
		if l.Action == "lift_timeout" && (l.TargetID == nil || *l.TargetID != e.idOf(b)) {
			t.Errorf("the lift's target id: %v, want %s", l.TargetID, e.idOf(b))
		}
	}
	if got := strings.Join(actions, ","); got != "lift_timeout/mod,resolve_report/mod,timeout/mod,remove_message/mod" {
		t.Errorf("the audit log: %s", got)
	}
}

// idOf returns the global id of the holder of token.
func (e *env) idOf(token string) string {
	e.t.Helper()
	var out struct{ Viewer struct{ ID string } }
	e.gql(token, `{ viewer { id } }`, nil).decode(e.t, &out)
	return out.Viewer.ID
}
