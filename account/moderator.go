package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"rout/ent"
)

// Moderators are users who keep the chat civil: they work the chat's report queue, delete messages, time
// users out, shadow-mute them and read the moderation audit log (package chat acts on the role; this file
// keeps it). An admin grants and revokes the role: `rout users moderator` or the setModerator mutation.

// Moderator reports whether user userID is a moderator; a user that does not exist is not. q may be the
// caller's transaction.
func (s *Service) Moderator(ctx context.Context, q Querier, userID int) (bool, error) {
	var moderator bool
	err := q.QueryRowContext(ctx, `SELECT moderator FROM users WHERE id = $1`, userID).Scan(&moderator)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("error reading whether user %d is a moderator: %w", userID, err)
	}
	return moderator, nil
}

// SetModerator grants (moderator true) or revokes the moderator role of user userID and returns the row
// as it is now; ErrNoUser when there is no such user. Doing it again changes nothing.
func (s *Service) SetModerator(ctx context.Context, userID int, moderator bool) (*ent.User, error) {
	u, err := s.ent.User.UpdateOneID(userID).SetModerator(moderator).SetUpdatedAt(s.now()).Save(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("user %d: %w", userID, ErrNoUser)
	}
	if err != nil {
		return nil, fmt.Errorf("error setting the moderator role of user %d: %w", userID, err)
	}
	return u, nil
}

// UserByLogin returns the user a login names: an email address, or a name in any spelling that reads the
// same (as SignIn finds it); nil when there is none.
func (s *Service) UserByLogin(ctx context.Context, login string) (*ent.User, error) {
	u, err := s.loginQuery(login).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("error finding the user of login %q: %w", login, err)
	}
	return u, nil
}
