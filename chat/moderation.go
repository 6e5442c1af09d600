package chat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Moderation: users report messages into a queue that moderators work; moderators remove messages, time
// users out of chat (TimeoutMin to TimeoutMax, with a reason told to the user) and shadow-mute them (their
// lines shown to themselves alone); every moderator's action goes into an audit log that moderators read.
// Package graph checks that the caller is a moderator (Viewer.Moderator) before any of these but Report.

// The bounds of a timeout.
const (
	TimeoutMin = 15 * time.Minute
	TimeoutMax = 30 * 24 * time.Hour
)

// MaxReasonRunes is the longest reason of a report or a moderator's action.
const MaxReasonRunes = 500

// Action is the kind of an entry of the audit log.
type Action string

// The moderators' actions.
const (
	ActionRemoveMessage  Action = "remove_message"
	ActionTimeout        Action = "timeout"
	ActionShadowMute     Action = "shadow_mute"
	ActionLiftTimeout    Action = "lift_timeout"
	ActionLiftShadowMute Action = "lift_shadow_mute"
	ActionResolveReport  Action = "resolve_report"
	ActionDismissReport  Action = "dismiss_report"
)

// The codes of refused moderation requests.
const (
	CodeNotModerator   Code = "CHAT_NOT_MODERATOR"   // only moderators may
	CodeTimedOut       Code = "CHAT_TIMED_OUT"       // the author is timed out of chat: RetryAfter
	CodeInvalidTimeout Code = "CHAT_INVALID_TIMEOUT" // a timeout not from TimeoutMin to TimeoutMax
	CodeReasonTooLong  Code = "CHAT_REASON_TOO_LONG" // a reason of more than MaxReasonRunes
	CodeNoReport       Code = "CHAT_NO_REPORT"       // no such open report
)

// Penalty is a user's chat sanction in force.
type Penalty struct {
	// Until is when a timeout ends; zero for a shadow mute.
	Until  time.Time
	Reason string
}

// penalties returns userID's timeout and shadow mute in force at now (nil for none).
func penalties(ctx context.Context, q querier, userID int, now time.Time) (timeout, shadow *Penalty, err error) {
	row := q.QueryRowContext(ctx, `SELECT
		(SELECT until FROM chat_penalties WHERE user_id = $1 AND kind = 'timeout' AND lifted_at IS NULL AND until > $2 ORDER BY until DESC LIMIT 1),
		(SELECT reason FROM chat_penalties WHERE user_id = $1 AND kind = 'timeout' AND lifted_at IS NULL AND until > $2 ORDER BY until DESC LIMIT 1),
		(SELECT reason FROM chat_penalties WHERE user_id = $1 AND kind = 'shadow' AND lifted_at IS NULL ORDER BY id DESC LIMIT 1)`, userID, now)
	var until sql.NullTime
	var reason, shadowReason sql.NullString
	if err := row.Scan(&until, &reason, &shadowReason); err != nil {
		return nil, nil, fmt.Errorf("error reading the chat penalties of user %d: %w", userID, err)
	}
	if until.Valid {
		timeout = &Penalty{Until: until.Time, Reason: reason.String}
	}
	if shadowReason.Valid {
		shadow = &Penalty{Reason: shadowReason.String}
	}
	return timeout, shadow, nil
}

// Timeout returns userID's chat timeout in force, or nil: what the API tells the user.
func (s *Service) Timeout(ctx context.Context, userID int) (*Penalty, error) {
	t, _, err := penalties(ctx, s.db, userID, s.now())
	return t, err
}

// timedOut is the refusal of a message of a timed-out author.
func timedOut(p *Penalty, now time.Time) error {
	wait := p.Until.Sub(now)
	return &Error{Code: CodeTimedOut, RetryAfter: wait,
		Message: fmt.Sprintf("a moderator timed you out of chat until %s: %s", p.Until.UTC().Format(time.RFC3339), p.Reason)}
}

// reason normalises a reason and refuses one that is too long.
func reason(s string) (string, error) {
	r := Normalize(s)
	if len([]rune(r)) > MaxReasonRunes {
		return "", &Error{Code: CodeReasonTooLong, Message: "a reason is at most 500 characters"}
	}
	return r, nil
}

// audit writes an entry of the audit log.
func audit(ctx context.Context, tx *sql.Tx, mod int, a Action, target, gameID, messageID, reportID int, why string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO moderation_actions (moderator_id, action, target_user_id, game_id, message_id, report_id, reason, created_at)
		VALUES ($1, $2, nullif($3, 0), nullif($4, 0), nullif($5, 0), nullif($6, 0), $7, $8)`,
		mod, string(a), target, gameID, messageID, reportID, why, now)
	if err != nil {
		return fmt.Errorf("error writing the audit log: %w", err)
	}
	return nil
}

// requireModerator refuses a viewer who is not a moderator.
func requireModerator(v Viewer) error {
	if !v.Moderator {
		return &Error{Code: CodeNotModerator, Message: "only moderators may"}
	}
	return nil
}

// moderatorReason refuses a viewer who is not a moderator, and returns the reason of their action
// normalised.
func moderatorReason(v Viewer, why string) (string, error) {
	if err := requireModerator(v); err != nil {
		return "", err
	}
	return reason(why)
}

// Report files v's report of message id of game g, which v must be able to see; a second report of the
// same message by v changes nothing.
func (s *Service) Report(ctx context.Context, g Game, v Viewer, id int, why string) error {
	why, err := reason(why)
	if err != nil {
		return err
	}
	l, err := s.Line(ctx, g, v, id)
	if err != nil {
		return err
	}
	if l.Kind != KindMessage || l.Removed {
		return &Error{Code: CodeNotFound, Message: "no such message"}
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO chat_reports (message_id, reporter_id, reason, status, created_at)
		VALUES ($1, $2, $3, 'open', $4) ON CONFLICT (message_id, reporter_id) DO NOTHING`, id, v.UserID, why, s.now())
	if err != nil {
		return fmt.Errorf("error reporting chat line %d: %w", id, err)
	}
	return nil
}

// ReportEntry is an open report with its message in context, for the moderators' queue.
type ReportEntry struct {
	ID         int
	ReporterID int
	Reason     string
	CreatedAt  time.Time
	// Message is the reported message as it was written (its text even when removed since).
	Message Line
	// Context is the lines around it in its room (up to ContextLines before and after), as written.
	Context []Line
}

// ContextLines is how many lines before and after a reported message its report shows.
const ContextLines = 5

// Reports returns up to first open reports after report number after, oldest first, with each message
// in its context; for a moderator only.
func (s *Service) Reports(ctx context.Context, v Viewer, after, first int) ([]ReportEntry, error) {
	if err := requireModerator(v); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT r.id, r.reporter_id, r.reason, r.created_at, m.game_id, m.room, m.seq, m.id
		FROM chat_reports r JOIN chat_messages m ON m.id = r.message_id
		WHERE r.status = 'open' AND r.id > $1 ORDER BY r.id LIMIT $2`, after, first)
	if err != nil {
		return nil, fmt.Errorf("error reading the report queue: %w", err)
	}
	type at struct {
		gameID int
		room   string
		seq    int64
		id     int
	}
	var out []ReportEntry
	var where []at
	for rows.Next() {
		var e ReportEntry
		var a at
		if err := rows.Scan(&e.ID, &e.ReporterID, &e.Reason, &e.CreatedAt, &a.gameID, &a.room, &a.seq, &a.id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("error reading the report queue: %w", err)
		}
		out, where = append(out, e), append(where, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the report queue: %w", err)
	}
	for i, a := range where {
		lines, err := s.db.QueryContext(ctx, `SELECT `+lineColumns+` FROM chat_messages
			WHERE game_id = $1 AND room = $2 AND seq BETWEEN $3 AND $4 AND kind = 'message' ORDER BY seq`,
			a.gameID, a.room, a.seq-ContextLines, a.seq+ContextLines)
		if err != nil {
			return nil, fmt.Errorf("error reading the context of chat line %d: %w", a.id, err)
		}
		ctxLines, err := scanLines(lines, scanWrittenLine)
		if err != nil {
			return nil, err
		}
		for _, l := range ctxLines {
			if l.ID == a.id {
				out[i].Message = l
			}
		}
		out[i].Context = ctxLines
	}
	return out, nil
}

// CloseReport closes open report id: dismissed, or resolved (the moderator acted on it, e.g. removed the
// message or timed its author out); recorded in the audit log.
func (s *Service) CloseReport(ctx context.Context, v Viewer, id int, resolved bool, why string) error {
	why, err := moderatorReason(v, why)
	if err != nil {
		return err
	}
	status, action := "dismissed", ActionDismissReport
	if resolved {
		status, action = "resolved", ActionResolveReport
	}
	return s.withTx(ctx, func(tx *sql.Tx) error {
		var msg, gameID, author int
		err := tx.QueryRowContext(ctx, `UPDATE chat_reports r SET status = $2, moderator_id = $3, closed_at = $4
			FROM chat_messages m WHERE r.id = $1 AND r.status = 'open' AND m.id = r.message_id
			RETURNING m.id, m.game_id, m.author_id`, id, status, v.UserID, s.now()).Scan(&msg, &gameID, &author)
		if errors.Is(err, sql.ErrNoRows) {
			return &Error{Code: CodeNoReport, Message: "no such open report"}
		}
		if err != nil {
			return fmt.Errorf("error closing report %d: %w", id, err)
		}
		return audit(ctx, tx, v.UserID, action, author, gameID, msg, id, why, s.now())
	})
}

// TimedOut is a timeout TimeOut recorded, for its hook.
type TimedOut struct {
	// UserID is the user timed out, GameID the game of the message that earned it.
	UserID, GameID int
	// Until is when the timeout ends; Reason is the moderator's, as stored.
	Until  time.Time
	Reason string
}

// TimeOut times the author of message id of game g out of chat for d (TimeoutMin to TimeoutMax) with a
// reason: the message is removed ("a message was removed", for everyone), the author cannot send until
// the timeout ends and is told why when they try; recorded in the audit log, in one transaction with the
// removal. afterWrite, when not nil, runs in that transaction (the user's notice), before its commit, and
// returns what to run after it; its error undoes the timeout and the removal.
func (s *Service) TimeOut(ctx context.Context, g Game, v Viewer, id int, d time.Duration, why string,
	afterWrite func(ctx context.Context, tx *sql.Tx, t TimedOut) (after func(), err error)) (Line, error) {
	why, err := moderatorReason(v, why)
	if err != nil {
		return Line{}, err
	}
	if d < TimeoutMin || d > TimeoutMax {
		return Line{}, &Error{Code: CodeInvalidTimeout, Message: "a timeout lasts from 15 minutes to 30 days"}
	}
	var removal Line
	var after func()
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		var author int
		if removal, author, err = s.remove(ctx, tx, g, v, id); err != nil {
			return err
		}
		now := s.now()
		if _, err := tx.ExecContext(ctx, `INSERT INTO chat_penalties (user_id, kind, until, reason, moderator_id, created_at)
			VALUES ($1, 'timeout', $2, $3, $4, $5)`, author, now.Add(d), why, v.UserID, now); err != nil {
			return fmt.Errorf("error timing user %d out: %w", author, err)
		}
		if err := audit(ctx, tx, v.UserID, ActionTimeout, author, g.ID, id, 0, why, now); err != nil {
			return err
		}
		if afterWrite == nil {
			return nil
		}
		var err error
		after, err = afterWrite(ctx, tx, TimedOut{UserID: author, GameID: g.ID, Until: now.Add(d), Reason: why})
		return err
	})
	if err == nil && after != nil {
		after()
	}
	return removal, err
}

// ShadowMute shadow-mutes user (on) or lifts their shadow mute and timeouts (off): while muted, their new
// lines are shown to themselves alone. Recorded in the audit log.
func (s *Service) ShadowMute(ctx context.Context, v Viewer, user int, on bool, why string) error {
	why, err := moderatorReason(v, why)
	if err != nil {
		return err
	}
	return s.withTx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		if on {
			if _, err := tx.ExecContext(ctx, `INSERT INTO chat_penalties (user_id, kind, reason, moderator_id, created_at)
				VALUES ($1, 'shadow', $2, $3, $4)`, user, why, v.UserID, now); err != nil {
				return fmt.Errorf("error shadow-muting user %d: %w", user, err)
			}
			return audit(ctx, tx, v.UserID, ActionShadowMute, user, 0, 0, 0, why, now)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE chat_penalties SET lifted_at = $2 WHERE user_id = $1 AND kind = 'shadow' AND lifted_at IS NULL`,
			user, now); err != nil {
			return fmt.Errorf("error lifting the shadow mute of user %d: %w", user, err)
		}
		return audit(ctx, tx, v.UserID, ActionLiftShadowMute, user, 0, 0, 0, why, now)
	})
}

// LiftTimeout ends user's timeouts now. Recorded in the audit log.
func (s *Service) LiftTimeout(ctx context.Context, v Viewer, user int, why string) error {
	why, err := moderatorReason(v, why)
	if err != nil {
		return err
	}
	return s.withTx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE chat_penalties SET lifted_at = $2 WHERE user_id = $1 AND kind = 'timeout' AND lifted_at IS NULL AND until > $2`,
			user, now); err != nil {
			return fmt.Errorf("error lifting the timeout of user %d: %w", user, err)
		}
		return audit(ctx, tx, v.UserID, ActionLiftTimeout, user, 0, 0, 0, why, now)
	})
}

// AuditEntry is one entry of the audit log.
type AuditEntry struct {
	ID          int
	ModeratorID int
	Action      Action
	// TargetUserID, GameID, MessageID and ReportID are 0 when the action was not about one.
	TargetUserID, GameID, MessageID, ReportID int
	Reason                                    string
	CreatedAt                                 time.Time
}

// Audit returns up to first entries of the audit log before entry number before (0: the newest), newest
// first; for a moderator only.
func (s *Service) Audit(ctx context.Context, v Viewer, before, first int) ([]AuditEntry, error) {
	if err := requireModerator(v); err != nil {
		return nil, err
	}
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, moderator_id, action, coalesce(target_user_id, 0), coalesce(game_id, 0),
		coalesce(message_id, 0), coalesce(report_id, 0), reason, created_at
		FROM moderation_actions WHERE id < $1 ORDER BY id DESC LIMIT $2`, before, first)
	if err != nil {
		return nil, fmt.Errorf("error reading the audit log: %w", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var a string
		if err := rows.Scan(&e.ID, &e.ModeratorID, &a, &e.TargetUserID, &e.GameID, &e.MessageID, &e.ReportID, &e.Reason, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("error reading the audit log: %w", err)
		}
		e.Action = Action(a)
		out = append(out, e)
	}
	return out, rows.Err()
}
