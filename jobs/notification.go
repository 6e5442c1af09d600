package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"rout/notify"
)

// notificationWorker sends the email or SMS of a notice.
type notificationWorker struct {
	river.WorkerDefaults[NotificationArgs]
	j *Jobs
}

// Work sends the notice by the channel its user chose now, then marks it sent. A notice already sent, a
// user who switched notifications off and a channel this server has no sender for send nothing; a
// permanent failure (notify.IsPermanent) cancels the job; any other failure is retried with River's
// backoff, up to Config.NotifyAttempts tries.
func (w *notificationWorker) Work(ctx context.Context, job *river.Job[NotificationArgs]) error {
	j := w.j
	var (
		userID, gameID, turn int
		kindName, channel    string
		data                 []byte
		sent                 sql.NullTime
		to                   notify.Recipient
		phone                sql.NullString
	)
	err := j.db.QueryRowContext(ctx, `SELECT n.user_id, n.game_id, n.turn, n.kind, COALESCE(n.data::text, '{}'), n.sent_at,
			u.notify, u.email, u.phone, u.name
		FROM notices n JOIN users u ON u.id = n.user_id WHERE n.id = $1`, job.Args.NoticeID).Scan(
		&userID, &gameID, &turn, &kindName, &data, &sent, &channel, &to.Email, &phone, &to.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the user or the game was deleted
	}
	if err != nil {
		return fmt.Errorf("error reading notice %d: %w", job.Args.NoticeID, err)
	}
	to.Phone = phone.String
	if sent.Valid || j.notifier == nil {
		return nil
	}
	kind, err := notify.ParseKind(kindName)
	if err != nil {
		return river.JobCancel(err)
	}
	ch, err := notify.ParseChannel(channel)
	if err != nil {
		return river.JobCancel(err)
	}
	if ch == notify.ChannelNone {
		return nil
	}
	var nd noticeData
	if err := json.Unmarshal(data, &nd); err != nil {
		return river.JobCancel(fmt.Errorf("error decoding notice %d: %w", job.Args.NoticeID, err))
	}
	msg, err := j.messageData(ctx, userID, gameID, turn, nd)
	if err != nil {
		return err
	}
	err = j.notifier.Notify(ctx, ch, kind, to, msg)
	switch {
	case errors.Is(err, notify.ErrChannelUnavailable):
		j.logger.WarnContext(ctx, "notification not sent: the channel is not configured", "notice_id", job.Args.NoticeID,
			"user_id", userID, "channel", ch.String())
		return nil
	case notify.IsPermanent(err):
		return river.JobCancel(err)
	case err != nil:
		return err
	}
	j.stats.notifySent.Add(1)
	if _, err := j.db.ExecContext(ctx, `UPDATE notices SET sent_at = $2 WHERE id = $1`, job.Args.NoticeID, j.now()); err != nil {
		// Sent but not marked: a retry would send it again, so log and let it be.
		j.logger.ErrorContext(ctx, "error marking a notice sent", "notice_id", job.Args.NoticeID, "error", err)
	}
	return nil
}

// messageData fills the texts' data of a notice: the time left of a turn, the names of the players it
// mentions.
func (j *Jobs) messageData(ctx context.Context, userID, gameID, turn int, nd noticeData) (notify.Data, error) {
	d := notify.Data{GameID: gameID, Turn: turn}
	if nd.Deadline != nil {
		if deadline, err := parseTime(*nd.Deadline); err == nil {
			d.TimeLeft = max(deadline.Sub(j.now()), 0)
		}
	}
	var err error
	switch {
	case nd.By != nil:
		d.By, _, err = j.seatName(ctx, gameID, *nd.By)
	case nd.Winner != nil:
		var winner int
		d.Winner, winner, err = j.seatName(ctx, gameID, *nd.Winner)
		d.Won = winner == userID
	case nd.Inviter != nil:
		err = j.db.QueryRowContext(ctx, `SELECT name FROM users WHERE id = $1`, *nd.Inviter).Scan(&d.By)
		if errors.Is(err, sql.ErrNoRows) {
			err = nil
		}
	}
	if err != nil {
		return d, fmt.Errorf("error reading the names of a notice of game %d: %w", gameID, err)
	}
	return d, nil
}

// seatName returns the name of a game's seat (its user's, or "the <difficulty> CPU") and its user (0 for
// none).
func (j *Jobs) seatName(ctx context.Context, gameID, seat int) (string, int, error) {
	var name sql.NullString
	var user sql.NullInt64
	var difficulty string
	err := j.db.QueryRowContext(ctx, `SELECT u.name, p.user_id, COALESCE(p.difficulty, '') FROM players p
		LEFT JOIN users u ON u.id = p.user_id WHERE p.game_id = $1 AND p.seat = $2`, gameID, seat).Scan(&name, &user, &difficulty)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, nil
	}
	if err != nil {
		return "", 0, err
	}
	if !name.Valid {
		return "the " + difficulty + " CPU", 0, nil
	}
	return name.String, int(user.Int64), nil
}
