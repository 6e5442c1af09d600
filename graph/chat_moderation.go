package graph

import (
	"context"
	"database/sql"
	"time"

	"rout/chat"
	"rout/ent"
	"rout/game"
)

// ChatReport is a report in the moderators' queue (chat.ReportEntry), as the API shows it.
type ChatReport struct {
	ID           int
	Reason       string
	ReporterName *string
	CreatedAt    time.Time
	GameID       string
	Message      *ChatMessage
	Context      []*ChatMessage
}

// ModerationAction is an entry of the audit log (chat.AuditEntry), as the API shows it.
type ModerationAction struct {
	ID            int
	ModeratorName *string
	Action        string
	TargetID      *string
	TargetName    *string
	GameID        *string
	MessageID     *string
	ReportID      *int
	Reason        string
	CreatedAt     time.Time
}

// moderator returns the signed-in viewer as the chat's moderation sees them (their id and role).
func moderator(ctx context.Context) (chat.Viewer, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return chat.Viewer{}, err
	}
	return chat.Viewer{UserID: me.ID, Moderator: me.Moderator}, nil
}

// moderatorPage reads the arguments of a moderator's page of a queue or log: the viewer, who must be a
// moderator, how many entries (first, checked like every page's) and the cursor (0 without one).
func moderatorPage(ctx context.Context, first, cursor *int) (chat.Viewer, int, int, error) {
	n, _, err := pageArgs(first, nil)
	if err != nil {
		return chat.Viewer{}, 0, 0, err
	}
	v, err := moderator(ctx)
	if err != nil {
		return chat.Viewer{}, 0, 0, err
	}
	from := 0
	if cursor != nil {
		from = *cursor
	}
	return v, *n, from, nil
}

// chatReports answers Query.chatReports.
func (r *Resolver) chatReports(ctx context.Context, first, after *int) ([]*ChatReport, error) {
	v, n, from, err := moderatorPage(ctx, first, after)
	if err != nil {
		return nil, err
	}
	entries, err := r.chat.Reports(ctx, v, from, n)
	if err != nil {
		return nil, chatError(err)
	}
	var names userNames
	out := make([]*ChatReport, len(entries))
	for i, e := range entries {
		lines := chatMessagesNamed(append([]chat.Line{e.Message}, e.Context...), &names)
		out[i] = &ChatReport{ID: e.ID, Reason: e.Reason, CreatedAt: e.CreatedAt,
			GameID: GlobalID(typeGame, e.Message.GameID), Message: lines[0], Context: lines[1:]}
		names.addNamed(e.ReporterID, &out[i].ReporterName)
	}
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// moderationLog answers Query.moderationLog.
func (r *Resolver) moderationLog(ctx context.Context, first, before *int) ([]*ModerationAction, error) {
	v, n, from, err := moderatorPage(ctx, first, before)
	if err != nil {
		return nil, err
	}
	entries, err := r.chat.Audit(ctx, v, from, n)
	if err != nil {
		return nil, chatError(err)
	}
	var names userNames
	out := make([]*ModerationAction, len(entries))
	for i, e := range entries {
		a := &ModerationAction{ID: e.ID, Action: string(e.Action), Reason: e.Reason, CreatedAt: e.CreatedAt}
		names.addNamed(e.ModeratorID, &a.ModeratorName)
		names.addNamed(e.TargetUserID, &a.TargetName)
		if e.GameID != 0 {
			id := GlobalID(typeGame, e.GameID)
			a.GameID = &id
		}
		if e.MessageID != 0 {
			id := GlobalID(typeChatMessage, e.MessageID)
			a.MessageID = &id
		}
		if e.ReportID != 0 {
			a.ReportID = &e.ReportID
		}
		out[i] = a
	}
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	// A target is linked only where it is a user the accounts still name.
	for i, e := range entries {
		if out[i].TargetName != nil && e.TargetUserID != 0 {
			id := GlobalID(typeUser, e.TargetUserID)
			out[i].TargetID = &id
		}
	}
	return out, nil
}

// moderationPayload is the payload of a moderation mutation that answered err (nil: done).
func moderationPayload(err error) (*ModerationPayload, error) {
	ues, _, err := chatUserErrors(err)
	if err != nil {
		return nil, err
	}
	if ues == nil {
		ues = []*UserError{}
	}
	return &ModerationPayload{UserErrors: ues}, nil
}

// reportChatMessage answers the reportChatMessage mutation.
func (r *Resolver) reportChatMessage(ctx context.Context, in ReportChatMessageInput) (*ModerationPayload, error) {
	id, err := parseIDOf(in.ID, typeChatMessage)
	if err != nil {
		return nil, err
	}
	g, v, err := r.chatViewerOfLine(ctx, id)
	if err != nil {
		return moderationPayload(err)
	}
	return moderationPayload(r.chat.Report(ctx, g, v, id, orEmpty(in.Reason)))
}

// chatViewerOfLine returns the chat's view of the game of line id and of the viewer; a line of a game the
// viewer may not see is CHAT_NOT_FOUND.
func (r *Resolver) chatViewerOfLine(ctx context.Context, id int) (chat.Game, chat.Viewer, error) {
	gameID, err := r.chat.GameOf(ctx, id)
	if err != nil {
		return chat.Game{}, chat.Viewer{}, err
	}
	g, v, err := r.chatViewer(ctx, gameID, GlobalID(typeGame, gameID))
	if err != nil {
		return chat.Game{}, chat.Viewer{}, notFoundOr(err, &chat.Error{Code: chat.CodeNotFound, Message: "no such message"})
	}
	return g, v, nil
}

// timeOutChatUser answers the timeOutChatUser mutation.
func (r *Resolver) timeOutChatUser(ctx context.Context, in TimeOutChatUserInput) (*ChatMessagePayload, error) {
	id, err := parseIDOf(in.MessageID, typeChatMessage)
	if err != nil {
		return nil, err
	}
	g, v, err := r.chatViewerOfLine(ctx, id)
	if err != nil {
		return r.chatPayload(ctx, chat.Line{}, err)
	}
	snap, err := r.snapshotOf(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	// The user is told (package jobs, through the game service's Effects), in the timeout's transaction.
	notice := func(ctx context.Context, tx *sql.Tx, t chat.TimedOut) (func(), error) {
		return r.game.ChatTimeoutEffects(ctx, tx, game.ChatTimeout{GameID: t.GameID, Turn: snap.Turn, UserID: t.UserID, Until: t.Until, Reason: t.Reason})
	}
	line, err := r.chat.TimeOut(ctx, g, v, id, time.Duration(in.Minutes)*time.Minute, in.Reason, notice)
	return r.chatPayload(ctx, line, err)
}

// userOf reads a user's global id for a moderation mutation.
func userOf(gid string) (int, error) { return parseIDOf(gid, typeUser) }

// chatTimeout answers User.chatTimeout: the user's own timeout, for themself only.
func (r *Resolver) chatTimeout(ctx context.Context, u *ent.User) (*ChatTimeout, error) {
	if me, ok := ViewerID(ctx); !ok || me != u.ID {
		return nil, nil
	}
	p, err := r.chat.Timeout(ctx, u.ID)
	if err != nil || p == nil {
		return nil, err
	}
	return &ChatTimeout{Until: p.Until, Reason: p.Reason}, nil
}

// orEmpty returns *s, or "" for nil.
func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
