package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"rout/account"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/notifications/push"
	"rout/notifications/router"
)

// notificationWorker sends the email or SMS of a notice.
type notificationWorker struct {
	river.WorkerDefaults[NotificationArgs]
	j *Jobs
}

// Work sends the notice by the channel its user chose now for its kind, then marks it sent. A notice
// already sent, one the user saw live (unless they chose always), a user who switched the kind off and a
// channel this server has no sender for send nothing; a message that is not urgent snoozes until the
// user's quiet hours end; a message over the user's send rate is dropped; a
// permanent failure (notifications.IsPermanent) cancels the job; any other failure is retried with River's
// backoff, up to Config.NotifyAttempts tries.
func (w *notificationWorker) Work(ctx context.Context, job *river.Job[NotificationArgs]) error {
	j := w.j
	n, err := inbox.ForDelivery(ctx, j.db, job.Args.NoticeID)
	if errors.Is(err, inbox.ErrNotFound) {
		return nil // the user or the game was deleted
	}
	if err != nil {
		return err
	}
	if n.Sent || j.notifier == nil {
		return nil
	}
	to, prefs, err := j.accounts.Recipient(ctx, n.UserID)
	if errors.Is(err, account.ErrNoUser) {
		return nil // the user was deleted
	}
	if err != nil {
		return err
	}
	userID, gameID, turn, kindName, data := n.UserID, n.GameID, n.Turn, n.Kind, n.Data
	kind, err := notifications.ParseKind(kindName)
	if err != nil {
		return river.JobCancel(err)
	}
	ch := prefs.ChannelFor(kind)
	if ch == notifications.ChannelNone {
		return nil
	}
	if n.Seen && !prefs.Always {
		j.dropped(ctx, "seen_live", userID, KindNotification, kind, ch, "the user saw the notice live")
		return nil
	}
	if !notifications.Urgent(kind) {
		if until, quiet := prefs.QuietUntil(j.now()); quiet {
			return river.JobSnooze(until.Sub(j.now()))
		}
	}
	var nd inbox.Data
	if err := json.Unmarshal(data, &nd); err != nil {
		return river.JobCancel(fmt.Errorf("error decoding notice %d: %w", job.Args.NoticeID, err))
	}
	msg, err := j.messageData(ctx, userID, gameID, turn, nd)
	if err != nil {
		return err
	}
	if kind == notifications.KindYourTurn || kind == notifications.KindCPUPlayed {
		if msg.Since, err = j.since(ctx, gameID, userID, turn, kind); err != nil {
			return err
		}
	}
	if kind == notifications.KindYourTurn {
		if err := j.teamTurn(ctx, userID, gameID, turn, &msg); err != nil {
			return err
		}
	}
	msg.Location = prefs.Location
	if err := j.allow(ctx, userID, kind); err != nil {
		if notifications.IsPermanent(err) {
			j.dropped(ctx, "user_rate", userID, KindNotification, kind, ch, err.Error())
			return nil
		}
		return err
	}
	err = j.notifier.Notify(ctx, ch, kind, to, msg)
	switch {
	case errors.Is(err, router.ErrChannelUnavailable):
		j.dropped(ctx, "channel_unavailable", userID, KindNotification, kind, ch, "no sender for the channel on this server")
		return nil
	case errors.Is(err, push.ErrNoDevice):
		j.dropped(ctx, "no_push_device", userID, KindNotification, kind, ch, "no web push device registered, or every one gone")
		return nil
	case notifications.IsPermanent(err):
		j.dropped(ctx, "permanent_failure", userID, KindNotification, kind, ch, err.Error())
		return river.JobCancel(err)
	case err != nil:
		return err
	}
	j.sent(kind, ch)
	if err := inbox.MarkSent(ctx, j.db, job.Args.NoticeID, j.now()); err != nil {
		// Sent but not marked: a retry would send it again, so log and let it be.
		j.logger.ErrorContext(ctx, "error marking a notice sent", "notice_id", job.Args.NoticeID, "error", err)
	}
	return nil
}

// messageData fills the texts' data of a notice: the time left of a turn, the names of the players it
// mentions.
func (j *Jobs) messageData(ctx context.Context, userID, gameID, turn int, nd inbox.Data) (notifications.Data, error) {
	d := notifications.Data{GameID: gameID, Turn: turn}
	if nd.Deadline != nil {
		if deadline, err := parseTime(*nd.Deadline); err == nil {
			d.TimeLeft = max(deadline.Sub(j.now()), 0)
			d.Deadline = deadline
		}
	}
	if nd.Until != nil {
		if until, err := parseTime(*nd.Until); err == nil {
			d.Until = until
		}
	}
	if nd.Reason != nil {
		d.Reason = *nd.Reason
	}
	tournamentData(nd, &d)
	var err error
	if nd.Tournament != nil && !d.Bye {
		// The table's game is named after the tournament, its round and its table (a bye's texts name none).
		snap, err := j.game.GameSnapshot(ctx, gameID)
		if err != nil {
			return d, fmt.Errorf("error reading game %d of a tournament notice: %w", gameID, err)
		}
		d.GameName = snap.Name
	}
	switch {
	case nd.Name != nil:
		d.By = *nd.Name
		if nd.Color != nil {
			d.Seat = *nd.Color
		}
	case nd.By != nil:
		d.By, _, err = j.seatName(ctx, gameID, *nd.By)
	case nd.Winner != nil:
		var winner int
		d.Winner, winner, err = j.seatName(ctx, gameID, *nd.Winner)
		d.Won = winner == userID
	case nd.Inviter != nil:
		var names map[int]string
		names, err = j.accounts.Names(ctx, j.db, []int{*nd.Inviter})
		d.By = names[*nd.Inviter]
	}
	if err != nil {
		return d, fmt.Errorf("error reading the names of a notice of game %d: %w", gameID, err)
	}
	return d, nil
}

// tournamentData sets the tournament's part of a notice's texts' data d (tournament_round,
// tournament_standing).
func tournamentData(nd inbox.Data, d *notifications.Data) {
	for _, f := range []struct {
		to   *int
		from *int
	}{{&d.TournamentID, nd.Tournament}, {&d.Round, nd.Round}, {&d.Rank, nd.Rank}, {&d.Entrants, nd.Entrants}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if nd.TournamentName != nil {
		d.Tournament = *nd.TournamentName
	}
	if nd.Points != nil {
		d.Points = *nd.Points
	}
	if nd.Final != nil {
		d.Final = *nd.Final
	}
	if nd.Bye != nil {
		d.Bye = *nd.Bye
	}
}

// teamTurn sets, in a team game, the recipient's team and the teammate who played before them on the
// texts' data d of a your_turn notice.
func (j *Jobs) teamTurn(ctx context.Context, userID, gameID, turn int, d *notifications.Data) error {
	tt, err := j.game.TeamTurnOf(ctx, gameID, userID, turn)
	if err != nil || tt.Team == "" {
		return err
	}
	d.Team = tt.Team
	if tt.Teammate >= 0 {
		d.Teammate, _, err = j.seatName(ctx, gameID, tt.Teammate)
	}
	return err
}

// seatName returns the name of a game's seat (its user's, or "the <difficulty> CPU") and its user (0 for
// none).
func (j *Jobs) seatName(ctx context.Context, gameID, seat int) (string, int, error) {
	name, user, difficulty, ok, err := j.game.SeatHolder(ctx, gameID, seat)
	if err != nil || !ok {
		return "", 0, err
	}
	if user == 0 {
		return "the " + difficulty + " CPU", 0, nil
	}
	return name, user, nil
}
