package graph

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"rout/chat"
	"rout/ent"
	"rout/game"
	"rout/live"
)

// typeChatMessage is the type name of a chat line's global id.
const typeChatMessage = "ChatMessage"

// ChatMessage is a line of a game's chat as the viewer sees it (chat.Line, with its author's name).
type ChatMessage struct {
	ID         string
	Room       string
	Seq        int
	Kind       string
	AuthorID   *string
	AuthorName *string
	Body       *string
	Removed    bool
	Target     *int
	CreatedAt  time.Time
}

// IsNode makes a ChatMessage a Node.
func (*ChatMessage) IsNode() {}

// ChatMessageConnection is a page of a room's messages, newest first.
type ChatMessageConnection struct {
	Edges    []*ChatMessageEdge
	PageInfo *ent.PageInfo
}

// ChatMessageEdge is a message with its cursor (its seq).
type ChatMessageEdge struct {
	Node   *ChatMessage
	Cursor ent.Cursor
}

// ChatSettings are the viewer's settings of a game's chat (chat.Settings).
type ChatSettings struct {
	Off         bool
	PlayersOnly bool
}

// chatMessages returns lines as the API shows them, with their authors' names.
func (r *Resolver) chatMessages(ctx context.Context, lines []chat.Line) ([]*ChatMessage, error) {
	var names userNames
	out := chatMessagesNamed(lines, &names)
	if err := names.fill(ctx, r); err != nil {
		return nil, err
	}
	return out, nil
}

// chatMessagesNamed returns lines as the API shows them, their authors' names asked of names.
func chatMessagesNamed(lines []chat.Line, names *userNames) []*ChatMessage {
	out := make([]*ChatMessage, len(lines))
	for i, l := range lines {
		m := &ChatMessage{ID: GlobalID(typeChatMessage, l.ID), Room: string(l.Room), Seq: int(l.Seq), Kind: l.Kind,
			Removed: l.Removed, CreatedAt: l.CreatedAt}
		if l.AuthorID != 0 {
			id, body := GlobalID(typeUser, l.AuthorID), l.Body
			m.AuthorID, m.AuthorName, m.Body = &id, new(string), &body
			names.add(l.AuthorID, m.AuthorName)
		}
		if l.Target != 0 {
			t := int(l.Target)
			m.Target = &t
		}
		out[i] = m
	}
	return out
}

// chatViewer returns the chat's view of game gameID and of the signed-in viewer, who must be allowed to
// see the game (NOT_FOUND otherwise, as for no game).
func (r *Resolver) chatViewer(ctx context.Context, gameID int, gid string) (chat.Game, chat.Viewer, error) {
	g, v, _, err := r.chatViewerOf(ctx, gameID, gid)
	return g, v, err
}

// chatViewerOf is chatViewer, with the game as read.
func (r *Resolver) chatViewerOf(ctx context.Context, gameID int, gid string) (chat.Game, chat.Viewer, game.Snapshot, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return chat.Game{}, chat.Viewer{}, game.Snapshot{}, err
	}
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil {
		return chat.Game{}, chat.Viewer{}, game.Snapshot{}, joinError(err, gid)
	}
	if !maySee(ctx, snap) {
		return chat.Game{}, chat.Viewer{}, game.Snapshot{}, gameNotFound(gid)
	}
	g := chat.Game{ID: gameID, CreatorID: snap.CreatorID, Teams: len(snap.Teams), Over: game.Status(snap.Status).Over()}
	blocked, err := r.accounts.Blocked(ctx, nil, me.ID)
	if err != nil {
		return chat.Game{}, chat.Viewer{}, game.Snapshot{}, err
	}
	v := chat.Viewer{UserID: me.ID, Moderator: me.Moderator, Blocked: blocked, ChatOff: !me.ChatEnabled}
	for _, s := range snap.Seats {
		if s.UserID == me.ID {
			v.Seated, v.Team = true, s.Team
		}
	}
	return g, v, snap, nil
}

// chatPlayers returns the players of snap, as the chat's Written.Readers are chosen from: the users who
// hold a seat (not one kept for an invitee), with their teams.
func chatPlayers(snap game.Snapshot) []chat.Viewer {
	var out []chat.Viewer
	for _, s := range snap.Seats {
		if s.UserID != 0 && !s.CPU && s.Status != game.SeatStatusOpen && s.Status != game.SeatStatusInvited {
			out = append(out, chat.Viewer{UserID: s.UserID, Seated: true, Team: s.Team})
		}
	}
	return out
}

// chatUserErrors turns a refusal of the chat service into the userErrors of a payload and the seconds to
// wait; any other error is returned as it is, for the top level.
func chatUserErrors(err error) ([]*UserError, *int, error) {
	var ce *chat.Error
	if !errors.As(err, &ce) {
		return nil, nil, err
	}
	var wait *int
	if ce.RetryAfter > 0 {
		s := retryAfterSeconds(ce.RetryAfter)
		wait = &s
	}
	return []*UserError{userError(string(ce.Code), ce.Message)}, wait, nil
}

// chatError turns a refusal of the chat service into a top-level error of a field with its code.
func chatError(err error) error {
	var ce *chat.Error
	if errors.As(err, &ce) {
		return errorf(Code(ce.Code), "%s", ce.Message)
	}
	return err
}

// chatRooms answers Game.chatRooms.
func (r *Resolver) chatRooms(ctx context.Context, obj *Game, withSpectators bool) ([]*ChatRoom, error) {
	g, v, err := r.chatViewer(ctx, obj.gameID, obj.ID)
	if err != nil {
		return nil, err
	}
	set, err := r.chat.Settings(ctx, g.ID, v.UserID)
	if err != nil || set.Off || v.ChatOff {
		return []*ChatRoom{}, err
	}
	rooms := chat.Rooms(g, v, set.PlayersOnly, withSpectators)
	unread, err := r.chat.Unread(ctx, g, v, rooms)
	if err != nil {
		return nil, err
	}
	out := make([]*ChatRoom, len(rooms))
	for i, room := range rooms {
		out[i] = &ChatRoom{Name: string(room), CanPost: chat.MayPost(g, v, room, set.PlayersOnly), Unread: unread[room]}
	}
	return out, nil
}

// chatUnread answers Game.chatUnread: the unread messages of the rooms the viewer reads by default.
func (r *Resolver) chatUnread(ctx context.Context, obj *Game) (int, error) {
	rooms, err := r.chatRooms(ctx, obj, false)
	n := 0
	for _, room := range rooms {
		n += room.Unread
	}
	return n, err
}

// chatPage answers Game.chat.
func (r *Resolver) chatPage(ctx context.Context, obj *Game, room string, first *int, after *ent.Cursor) (*ChatMessageConnection, error) {
	first, _, err := pageArgs(first, nil)
	if err != nil {
		return nil, err
	}
	g, v, err := r.chatViewer(ctx, obj.gameID, obj.ID)
	if err != nil {
		return nil, err
	}
	var before int64
	if after != nil {
		before = int64(after.ID)
	}
	lines, more, err := r.chat.History(ctx, g, v, chat.Room(room), before, *first)
	if err != nil {
		return nil, chatError(err)
	}
	msgs, err := r.chatMessages(ctx, lines)
	if err != nil {
		return nil, err
	}
	conn := &ChatMessageConnection{Edges: make([]*ChatMessageEdge, len(msgs)), PageInfo: &ent.PageInfo{HasNextPage: more}}
	for i, m := range msgs {
		conn.Edges[i] = &ChatMessageEdge{Node: m, Cursor: ent.Cursor{ID: m.Seq}}
	}
	if len(msgs) > 0 {
		start, end := conn.Edges[0].Cursor, conn.Edges[len(msgs)-1].Cursor
		conn.PageInfo.StartCursor, conn.PageInfo.EndCursor = &start, &end
	}
	return conn, nil
}

// chatSettings answers Game.chatSettings.
func (r *Resolver) chatSettings(ctx context.Context, gameID int, gid string) (*ChatSettings, error) {
	g, v, err := r.chatViewer(ctx, gameID, gid)
	if err != nil {
		return nil, err
	}
	set, err := r.chat.Settings(ctx, g.ID, v.UserID)
	if err != nil {
		return nil, err
	}
	return &ChatSettings{Off: set.Off, PlayersOnly: set.PlayersOnly}, nil
}

// sendChatMessage answers the sendChatMessage mutation.
func (r *Resolver) sendChatMessage(ctx context.Context, in SendChatMessageInput) (*ChatMessagePayload, error) {
	id, err := parseIDOf(in.GameID, typeGame)
	if err != nil {
		return nil, err
	}
	g, v, snap, err := r.chatViewerOf(ctx, id, in.GameID)
	if err != nil {
		return nil, err
	}
	send := chat.SendInput{Room: chat.Room(in.Room), Body: in.Body, Players: chatPlayers(snap),
		// The players who read the message are told in their chat digests (package jobs, through the game
		// service's Effects), in the message's transaction.
		AfterWrite: func(ctx context.Context, tx *sql.Tx, w chat.Written) (func(), error) {
			return r.game.ChatMessageEffects(ctx, tx, game.ChatMessage{GameID: id, Turn: snap.Turn, AuthorID: w.Line.Writer, Readers: w.Readers})
		}}
	if in.ClientKey != nil {
		send.ClientKey = *in.ClientKey
	}
	line, err := r.chat.Send(ctx, g, v, send)
	return r.chatPayload(ctx, line, err)
}

// deleteChatMessage answers the deleteChatMessage mutation.
func (r *Resolver) deleteChatMessage(ctx context.Context, gid string) (*ChatMessagePayload, error) {
	id, err := parseIDOf(gid, typeChatMessage)
	if err != nil {
		return nil, err
	}
	gameID, err := r.chat.GameOf(ctx, id)
	if err != nil {
		return r.chatPayload(ctx, chat.Line{}, err)
	}
	g, v, err := r.chatViewer(ctx, gameID, GlobalID(typeGame, gameID))
	if err != nil {
		return r.chatPayload(ctx, chat.Line{}, &chat.Error{Code: chat.CodeNotFound, Message: "no such message"})
	}
	line, err := r.chat.Remove(ctx, g, v, id)
	return r.chatPayload(ctx, line, err)
}

// chatPayload is the payload of a chat mutation that wrote line, or was refused with err.
func (r *Resolver) chatPayload(ctx context.Context, line chat.Line, err error) (*ChatMessagePayload, error) {
	if err != nil {
		ues, wait, err := chatUserErrors(err)
		if err != nil {
			return nil, err
		}
		return &ChatMessagePayload{UserErrors: ues, RetryAfter: wait}, nil
	}
	msgs, err := r.chatMessages(ctx, []chat.Line{line})
	if err != nil {
		return nil, err
	}
	return &ChatMessagePayload{Message: msgs[0], UserErrors: []*UserError{}}, nil
}

// chatSettingsPayload is the payload of a chat settings mutation: the viewer's settings after f ran.
func (r *Resolver) chatSettingsPayload(ctx context.Context, gid string, f func(g chat.Game, v chat.Viewer) error) (*ChatSettingsPayload, error) {
	id, err := parseIDOf(gid, typeGame)
	if err != nil {
		return nil, err
	}
	g, v, err := r.chatViewer(ctx, id, gid)
	if err != nil {
		return nil, err
	}
	if err := f(g, v); err != nil {
		ues, _, err := chatUserErrors(err)
		if err != nil {
			return nil, err
		}
		return &ChatSettingsPayload{UserErrors: ues}, nil
	}
	set, err := r.chatSettings(ctx, id, gid)
	if err != nil {
		return nil, err
	}
	return &ChatSettingsPayload{Settings: set, UserErrors: []*UserError{}}, nil
}

// chatNode answers node for chat line id: notFound unless the viewer may see it.
func (r *Resolver) chatNode(ctx context.Context, id int, notFound error) (*ChatMessage, error) {
	gameID, err := r.chat.GameOf(ctx, id)
	if err != nil {
		return nil, notFoundOr(err, notFound)
	}
	g, v, err := r.chatViewer(ctx, gameID, GlobalID(typeGame, gameID))
	if err != nil {
		return nil, notFoundOr(err, notFound)
	}
	line, err := r.chat.Line(ctx, g, v, id)
	if err != nil {
		return nil, notFoundOr(err, notFound)
	}
	msgs, err := r.chatMessages(ctx, []chat.Line{line})
	if err != nil {
		return nil, err
	}
	return msgs[0], nil
}

// notFoundOr returns notFound for a refusal (a chat error, or a game or line the viewer may not see), and
// any other error as it is.
func notFoundOr(err, notFound error) error {
	var ce *chat.Error
	var own *Error
	if errors.As(err, &ce) || errors.As(err, &own) && (own.Code == CodeNotFound || own.Code == CodeUnauthenticated) {
		return notFound
	}
	return err
}

// chatSubscription opens the chatMessages subscription of the viewer: a room they may read (CHAT_ROOM,
// CHAT_OFF otherwise) of a game they may see. Each line's author name is read once per rendering, and a
// rendering is shared by the subscribers of one shape (wstransport).
func (r *Resolver) chatSubscription(ctx context.Context, gameID, room string, after *int) (<-chan graphql.Event[*ChatMessage], error) {
	hub, err := r.hub()
	if err != nil {
		return nil, err
	}
	from, err := startNumber(after)
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(gameID, typeGame)
	if err != nil {
		return nil, err
	}
	g, v, err := r.chatViewer(ctx, id, gameID)
	if err != nil {
		return nil, err
	}
	if err := r.chat.CheckRead(ctx, g, v, chat.Room(room)); err != nil {
		return nil, chatError(err)
	}
	key := chat.GameRoom{GameID: id, Room: chat.Room(room)}
	heads, err := r.chat.Heads(ctx, []chat.GameRoom{key})
	if err != nil {
		return nil, err
	}
	if from > heads[key] {
		return nil, errorf(CodeBadUserInput, "after is %d, but the room's last line is %d", from, heads[key])
	}
	sub, err := hub.ChatLines(ctx, id, chat.Room(room), v, from)
	if err != nil {
		return nil, err
	}
	return stream(ctx, r, sub, func(l *live.ChatLine) (*ChatMessage, error) {
		msgs, err := r.chatMessages(ctx, []chat.Line{l.Line})
		if err != nil {
			return nil, err
		}
		return msgs[0], nil
	}), nil
}
