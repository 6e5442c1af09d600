package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"rout/chat"
	"rout/game"
	"rout/notifications"
	"rout/notifications/inbox"
)

// The seam's guard: jobs tell players of new chat messages, and users of their chat timeouts.
var _ game.ChatEffects = (*Effects)(nil)

// AfterChatMessage gives, in the chat's transaction, each reader of a new chat message who hears from its
// author (accounts.ChatListeners: chat not switched off for all games, the author not blocked) and takes
// chat notices on some channel a chat notice of the game, unless they have one unsettled already; the
// notice joins the user's chat digest of the window (insertNotices). A notice never says what was
// written.
func (j *Effects) AfterChatMessage(ctx context.Context, tx *sql.Tx, m game.ChatMessage) error {
	users, err := j.accounts.ChatListeners(ctx, tx, m.AuthorID, m.Readers)
	if err != nil {
		return err
	}
	prefs, err := j.accounts.Preferences(ctx, tx, users)
	if err != nil {
		return err
	}
	var ns []inbox.New
	for _, u := range users {
		// A user who takes no chat messages gets no notice: an unsettled one would wait for a digest that
		// never comes, and keep the next ones out.
		if p, ok := prefs[u]; ok && p.ChannelFor(notifications.KindChat) != notifications.ChannelNone {
			ns = append(ns, inbox.New{UserID: u, GameID: m.GameID, Turn: m.Turn, Kind: notifications.KindChat})
		}
	}
	return j.insertNotices(ctx, tx, map[int]game.Announcer{m.GameID: m.Announce}, nil, ns...)
}

// AfterChatTimeout tells, in the chat's transaction, a user a moderator timed out of chat: a chat_timeout
// notice with the end of the timeout and the reason, sent like the notices that are not digested (after
// Config.NotifyDelay, held by quiet hours), once for each timeout.
func (j *Effects) AfterChatTimeout(ctx context.Context, tx *sql.Tx, t game.ChatTimeout) error {
	n := inbox.New{UserID: t.UserID, GameID: t.GameID, Turn: t.Turn, Kind: notifications.KindChatTimeout,
		Data: inbox.Data{Until: rfc3339(t.Until), Reason: ptr(t.Reason)}}
	return j.insertNotices(ctx, tx, map[int]game.Announcer{t.GameID: t.Announce}, nil, n)
}

// sendChatDigest sends the chat digest of recipient to: it claims every unsettled chat notice of theirs
// (inbox.ClaimChatDigest) and sends one message naming each game of those not seen live (unless they
// chose always) with the number of its messages they have still not read (chat.Service.Unread, from
// their read marks, in the rooms they read without asking); a game whose chat they read since, or
// switched off, is left out.
func (j *Jobs) sendChatDigest(ctx context.Context, to notifications.Recipient, prefs notifications.Preferences) error {
	userID, kind := to.UserID, notifications.KindChat
	claimed, gameIDs, err := inbox.ClaimChatDigest(ctx, j.db, userID, prefs.Always, j.now())
	if err != nil || len(claimed) == 0 {
		return err
	}
	ch := prefs.ChannelFor(kind)
	if ch == notifications.ChannelNone || j.notifier == nil {
		return nil
	}
	games, err := j.unreadChat(ctx, userID, gameIDs)
	if err != nil {
		return j.unclaim(ctx, claimed, err)
	}
	if len(games) == 0 {
		j.dropped(ctx, "seen_or_read", userID, KindDigest, kind, ch, "every chat of the digest was seen live or read")
		return nil
	}
	if err := j.allow(ctx, userID, kind); err != nil {
		if notifications.IsPermanent(err) {
			j.dropped(ctx, "user_rate", userID, KindDigest, kind, ch, err.Error())
			return nil
		}
		return j.unclaim(ctx, claimed, err)
	}
	if dn, ok := j.notifier.(DigestNotifier); ok {
		err = dn.NotifyChatDigest(ctx, ch, to, games)
	} else {
		for _, g := range games {
			if err = j.notifier.Notify(ctx, ch, kind, to, notifications.Data{GameID: g.GameID, GameName: g.GameName, Messages: g.Messages}); err != nil {
				break
			}
		}
	}
	return j.digestSent(ctx, userID, kind, ch, claimed, err)
}

// unreadChat returns the games of gameIDs whose chat has messages user userID has not read, as a player
// reads them (the players' room and their team's, without the lines of whom they block), each with that
// number. A game they no longer play in, or that is gone, is left out.
func (j *Jobs) unreadChat(ctx context.Context, userID int, gameIDs []int) ([]notifications.ChatGame, error) {
	u, err := j.accounts.User(ctx, userID)
	if err != nil || u == nil {
		return nil, err
	}
	blocked, err := j.accounts.Blocked(ctx, nil, userID)
	if err != nil {
		return nil, err
	}
	var out []notifications.ChatGame
	for _, id := range gameIDs {
		snap, err := j.game.GameSnapshot(ctx, id)
		var ge *game.Error
		if errors.As(err, &ge) && ge.Code == game.CodeNotFound {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("error reading game %d for a chat digest: %w", id, err)
		}
		seat := slices.IndexFunc(snap.Seats, func(s game.Seat) bool { return s.UserID == userID })
		if seat < 0 {
			continue
		}
		g := chat.Game{ID: id, CreatorID: snap.CreatorID, Teams: len(snap.Teams), Over: snap.Status.Over()}
		v := chat.Viewer{UserID: userID, Seated: true, Team: snap.Seats[seat].Team, Blocked: blocked, ChatOff: !u.ChatEnabled}
		unread, err := j.chat.Unread(ctx, g, v, chat.Rooms(g, v, false, false))
		if err != nil {
			return nil, err
		}
		n := 0
		for _, c := range unread {
			n += c
		}
		if n > 0 {
			out = append(out, notifications.ChatGame{GameID: id, GameName: snap.Name, Messages: n})
		}
	}
	return out, nil
}
