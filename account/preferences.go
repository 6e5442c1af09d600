package account

import (
	"context"
	"fmt"

	"rout/ent"
	"rout/ent/user"
	"rout/notifications"
)

// PreferencesChange is what UpdatePreferences changes; nil fields stay as they are.
type PreferencesChange struct {
	// Channel is the channel of every kind without one of its own.
	Channel *notifications.Channel
	// Channels sets the channel of some kinds.
	Channels map[notifications.Kind]notifications.Channel
	// DigestHours is how long turn notices wait to go out as one digest (0 to notifications.MaxDigestHours).
	DigestHours *int
	// TimeZone is an IANA time zone name, for quiet hours and the times in messages.
	TimeZone *string
	// QuietHours are the start and end of the quiet hours, as HH:MM; ClearQuietHours removes them.
	QuietHours      *[2]string
	ClearQuietHours bool
	// Always sends notices of games the user is watching live too.
	Always *bool
	// ChatEnabled switches game chat on or off for the user in every game (users.chat_enabled, which the
	// user's row carries for the chat).
	ChatEnabled *bool
	// HidePresence hides (or shows) that the user is watching a game (users.hide_presence); the caller
	// tells the games they watch now (presence.Service.SetHidden).
	HidePresence *bool
}

// UpdatePreferences applies change to user userID's preferences (how they are told about their games,
// and whether they see game chat) and returns the row as it is now. A value out of range is a Refusal naming its field.
func (s *Service) UpdatePreferences(ctx context.Context, userID int, change PreferencesChange) (*ent.User, error) {
	me, err := s.User(ctx, userID)
	if err != nil {
		return nil, err
	}
	if me == nil {
		return nil, fmt.Errorf("user %d: %w", userID, ErrNoUser)
	}
	upd := s.ent.User.UpdateOneID(me.ID).SetUpdatedAt(s.now())
	needPhone := refuse(CodePhoneRequired, "SMS notifications need a phone number on the account", "")
	if c := change.Channel; c != nil {
		if *c == notifications.ChannelSMS && me.Phone == nil {
			needPhone[0].Field = "channel"
			return nil, needPhone
		}
		upd.SetNotify(user.Notify(c.String()))
	}
	if change.Channels != nil {
		kinds := map[string]string{}
		for k, v := range me.NotifyKinds {
			kinds[k] = v
		}
		for k, c := range change.Channels {
			if c == notifications.ChannelSMS && me.Phone == nil {
				needPhone[0].Field = "channels"
				return nil, needPhone
			}
			kinds[k.String()] = c.String()
		}
		upd.SetNotifyKinds(kinds)
	}
	if h := change.DigestHours; h != nil {
		if *h < 0 || *h > notifications.MaxDigestHours {
			return nil, refuse(CodeInvalidDigestHours, fmt.Sprintf("digestHours must be from 0 to %d", notifications.MaxDigestHours), "digestHours")
		}
		upd.SetDigestHours(*h)
	}
	if z := change.TimeZone; z != nil {
		if _, err := notifications.LoadTimeZone(*z); err != nil {
			return nil, refuse(CodeInvalidTimeZone, "timeZone must be an IANA time zone name, such as Europe/Paris", "timeZone")
		}
		upd.SetTimeZone(*z)
	}
	switch q := change.QuietHours; {
	case q != nil && change.ClearQuietHours:
		return nil, refuse(CodeInvalidQuietHours, "give quietHours or clearQuietHours, not both", "quietHours")
	case q != nil:
		start, err1 := notifications.ParseClock(q[0])
		end, err2 := notifications.ParseClock(q[1])
		if err1 != nil || err2 != nil || (notifications.QuietHours{Start: start, End: end}).Validate() != nil {
			return nil, refuse(CodeInvalidQuietHours, "quiet hours are two different times of day as HH:MM", "quietHours")
		}
		upd.SetQuietStart(start).SetQuietEnd(end)
	case change.ClearQuietHours:
		upd.ClearQuietStart().ClearQuietEnd()
	}
	if change.Always != nil {
		upd.SetNotifyAlways(*change.Always)
	}
	if change.ChatEnabled != nil {
		upd.SetChatEnabled(*change.ChatEnabled)
	}
	if change.HidePresence != nil {
		upd.SetHidePresence(*change.HidePresence)
	}
	u, err := upd.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("error updating the preferences of user %d: %w", me.ID, err)
	}
	return u, nil
}

// Unsubscribe turns kind off for user userID (its channel becomes none), as a one-click unsubscribe
// link asks; doing it again changes nothing.
func (s *Service) Unsubscribe(ctx context.Context, userID int, kind notifications.Kind) error {
	_, err := s.db.ExecContext(ctx, `UPDATE users SET notify_kinds = (COALESCE(notify_kinds::jsonb, '{}'::jsonb)
		|| jsonb_build_object($2::text, 'none'))::json, updated_at = $3 WHERE id = $1`, userID, kind.String(), s.now())
	if err != nil {
		return fmt.Errorf("error unsubscribing user %d from %s: %w", userID, kind, err)
	}
	return nil
}
