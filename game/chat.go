package game

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// The chat (package chat) writes its own rows in its own transactions; what a chat line causes for the
// players (a notice, a digest that counts it) is the game's Effects', run inside the chat's transaction
// through the service (ChatMessageEffects, ChatTimeoutEffects), so that a message and its effects commit
// together.

// ChatEffects is what Effects may do, in the chat's transaction, when a chat message is written or a
// moderator times a user out of chat: an opt-in of its own, so that Effects without it (tests' fakes) need
// not change.
type ChatEffects interface {
	AfterChatMessage(ctx context.Context, tx *sql.Tx, m ChatMessage) error
	AfterChatTimeout(ctx context.Context, tx *sql.Tx, t ChatTimeout) error
}

// ChatMessage is a chat message just written, for ChatEffects.
type ChatMessage struct {
	GameID int
	// Turn is the game's turn when it was written (0 before the start).
	Turn     int
	AuthorID int
	// Readers are the players who read the message's room without asking (the players' room, their team's
	// room) and see the message: not its author, nor anyone when it is shadow-muted, nor those who switched
	// the game's chat off. The effects leave out those who block the author or switched all chat off.
	Readers []int
	// Announce takes what the effects announce, sent after the commit (see Change.Announce).
	Announce Announcer
}

// ChatTimeout is a moderator's timeout of a user out of chat, for ChatEffects.
type ChatTimeout struct {
	// GameID is the game of the message that earned the timeout, Turn its turn then.
	GameID, Turn int
	UserID       int
	// Until is when the timeout ends; Reason is the moderator's.
	Until  time.Time
	Reason string
	// Announce takes what the effects announce, sent after the commit (see Change.Announce).
	Announce Announcer
}

// ChatMessageEffects runs the effects of chat message m (ChatEffects.AfterChatMessage) in tx, the chat's
// transaction that wrote it, and returns what to do once tx has committed: send the effects'
// announcements. Effects without ChatEffects do nothing.
func (s *Service) ChatMessageEffects(ctx context.Context, tx *sql.Tx, m ChatMessage) (after func(), err error) {
	eff, ok := s.effects.(ChatEffects)
	if !ok {
		return func() {}, nil
	}
	var ann announcements
	m.Announce = &ann
	if err := eff.AfterChatMessage(ctx, tx, m); err != nil {
		return nil, fmt.Errorf("error running the effects of a chat message of game %d: %w", m.GameID, err)
	}
	return func() { s.announce(Result{ann: ann}) }, nil
}

// ChatTimeoutEffects runs the effects of chat timeout t (ChatEffects.AfterChatTimeout) in tx, the chat's
// transaction that recorded it, and returns what to do once tx has committed, as ChatMessageEffects.
func (s *Service) ChatTimeoutEffects(ctx context.Context, tx *sql.Tx, t ChatTimeout) (after func(), err error) {
	eff, ok := s.effects.(ChatEffects)
	if !ok {
		return func() {}, nil
	}
	var ann announcements
	t.Announce = &ann
	if err := eff.AfterChatTimeout(ctx, tx, t); err != nil {
		return nil, fmt.Errorf("error running the effects of a chat timeout of user %d: %w", t.UserID, err)
	}
	return func() { s.announce(Result{ann: ann}) }, nil
}
