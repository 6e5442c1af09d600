package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"rout/notify"
)

// NoticeChannel is the PostgreSQL channel on which a new notice is announced, in the transaction that
// inserts it, as "<user id>:<notice id>". Listeners read the notice itself from the database.
const NoticeChannel = "rout_notices"

// notice is one thing to tell a user.
type notice struct {
	user, game, turn int
	kind             notify.Kind
	data             noticeData
}

// noticeData is the JSON object stored with a notice for clients (notices.data).
type noticeData struct {
	Deadline *string `json:"deadline,omitempty"` // your_turn, turn_warning: RFC 3339
	Seat     *int    `json:"seat,omitempty"`     // cpu_played: the seat the CPU played for
	By       *int    `json:"by,omitempty"`       // eliminated: the seat that took the last territory
	Winner   *int    `json:"winner,omitempty"`   // game_over: the winning seat
	Inviter  *int    `json:"inviter,omitempty"`  // invited: the user who invited (a database id; the API shows a global id)
}

// noticeLockSpace is the first key of the transaction-level advisory lock, pg_advisory_xact_lock(space,
// user id), that a transaction takes on a user before it inserts the user's notices ("no" in ASCII: the
// migrations' lock key, 0x726f75745f6d6967, has another first half).
const noticeLockSpace = 0x6e6f

// insertNotices records ns in tx (see insertNotice). It first locks, in the order of their ids, every
// user the notices are for, until tx ends: a user's notices then commit in the order of their ids, so
// that a live subscriber that has seen one id never misses a smaller one committed later.
func (j *Jobs) insertNotices(ctx context.Context, tx *sql.Tx, ns ...notice) error {
	users := make([]int, 0, len(ns))
	for _, n := range ns {
		users = append(users, n.user)
	}
	slices.Sort(users)
	for _, user := range slices.Compact(users) {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, noticeLockSpace, user); err != nil {
			return fmt.Errorf("error locking the notices of user %d: %w", user, err)
		}
	}
	for _, n := range ns {
		if err := j.insertNotice(ctx, tx, n); err != nil {
			return err
		}
	}
	return nil
}

// insertNotice records n in tx unless the user was told the same already (the unique index on user, game,
// turn and kind). A new notice is announced on NoticeChannel and, when its user takes notifications,
// gets the job that sends it, all in tx. The caller holds the user's notice lock (insertNotices).
func (j *Jobs) insertNotice(ctx context.Context, tx *sql.Tx, n notice) error {
	data, err := json.Marshal(n.data)
	if err != nil {
		return fmt.Errorf("error encoding a notice: %w", err)
	}
	var id int64
	var channel string
	err = tx.QueryRowContext(ctx, `WITH n AS (
			INSERT INTO notices (created_at, user_id, game_id, turn, kind, data) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (user_id, game_id, turn, kind) DO NOTHING RETURNING id, user_id)
		SELECT n.id, u.notify FROM n JOIN users u ON u.id = n.user_id`,
		j.now(), n.user, n.game, n.turn, n.kind.String(), string(data)).Scan(&id, &channel)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // told already
	}
	if err != nil {
		return fmt.Errorf("error recording the %s notice of user %d in game %d: %w", n.kind, n.user, n.game, err)
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, NoticeChannel,
		strconv.Itoa(n.user)+":"+strconv.FormatInt(id, 10)); err != nil {
		return fmt.Errorf("error announcing notice %d: %w", id, err)
	}
	if channel == notify.ChannelNone.String() {
		return nil
	}
	args := NotificationArgs{NoticeID: id, NoticeKind: n.kind.String(), UserID: n.user}
	opts := args.InsertOpts()
	opts.MaxAttempts = j.cfg.NotifyAttempts
	if _, err := j.client.InsertTx(ctx, tx, args, &opts); err != nil {
		return fmt.Errorf("error enqueuing the notification of notice %d: %w", id, err)
	}
	return nil
}

// parseTime reads a time noticeData holds.
func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }
