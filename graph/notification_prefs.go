package graph

import (
	"context"
	"fmt"

	"rout/ent"
	"rout/ent/user"
	"rout/notifications"
)

// Error codes of updateNotificationPreferences beyond PHONE_REQUIRED.
const (
	ueInvalidDigestHours = "INVALID_DIGEST_HOURS"
	ueInvalidTimeZone    = "INVALID_TIME_ZONE"
	ueInvalidQuietHours  = "INVALID_QUIET_HOURS"
)

// notificationKinds pairs the GraphQL kinds with notifications', in the order of the enum.
var notificationKinds = []struct {
	api  NotificationKind
	kind notifications.Kind
}{
	{NotificationKindYourTurn, notifications.KindYourTurn},
	{NotificationKindTurnWarning, notifications.KindTurnWarning},
	{NotificationKindCPUPlayed, notifications.KindCPUPlayed},
	{NotificationKindEliminated, notifications.KindEliminated},
	{NotificationKindGameOver, notifications.KindGameOver},
	{NotificationKindInvited, notifications.KindInvited},
	{NotificationKindDeclined, notifications.KindDeclined},
}

// apiChannel converts a stored channel name to the GraphQL enum.
func apiChannel(name string) NotificationChannel {
	switch name {
	case "sms":
		return NotificationChannelSms
	case "push":
		return NotificationChannelPush
	case "none":
		return NotificationChannelNone
	default:
		return NotificationChannelEmail
	}
}

// storedChannel converts the GraphQL enum to a stored channel name.
func storedChannel(c NotificationChannel) string {
	switch c {
	case NotificationChannelSms:
		return "sms"
	case NotificationChannelPush:
		return "push"
	case NotificationChannelNone:
		return "none"
	default:
		return "email"
	}
}

// notificationPreferences is the API's view of u's preferences.
func notificationPreferences(u *ent.User) *NotificationPreferences {
	p := &NotificationPreferences{DigestHours: u.DigestHours, TimeZone: u.TimeZone, Always: u.NotifyAlways}
	for _, k := range notificationKinds {
		ch, ok := u.NotifyKinds[k.kind.String()]
		if !ok {
			ch = string(u.Notify)
		}
		p.Channels = append(p.Channels, &NotificationKindChannel{Kind: k.api, Channel: apiChannel(ch)})
	}
	if u.QuietStart != nil && u.QuietEnd != nil {
		p.QuietHours = &QuietHours{Start: notifications.FormatClock(*u.QuietStart), End: notifications.FormatClock(*u.QuietEnd)}
	}
	return p
}

// updateNotificationPreferences applies input to the signed-in user me.
func (r *Resolver) updateNotificationPreferences(ctx context.Context, me *ent.User, input UpdateNotificationPreferencesInput) (*UpdateNotificationPreferencesPayload, error) {
	fail := func(code, msg, field string) (*UpdateNotificationPreferencesPayload, error) {
		return &UpdateNotificationPreferencesPayload{UserErrors: []*UserError{userError(code, msg, "input", field)}}, nil
	}
	upd := r.ent.User.UpdateOneID(me.ID).SetUpdatedAt(r.now())
	if input.Channel != nil {
		if *input.Channel == NotificationChannelSms && me.Phone == nil {
			return fail(uePhoneRequired, "SMS notifications need a phone number on the account", "channel")
		}
		upd.SetNotify(user.Notify(storedChannel(*input.Channel)))
	}
	if input.Channels != nil {
		kinds := map[string]string{}
		for k, v := range me.NotifyKinds {
			kinds[k] = v
		}
		for _, kc := range input.Channels {
			if kc.Channel == NotificationChannelSms && me.Phone == nil {
				return fail(uePhoneRequired, "SMS notifications need a phone number on the account", "channels")
			}
			for _, k := range notificationKinds {
				if k.api == kc.Kind {
					kinds[k.kind.String()] = storedChannel(kc.Channel)
				}
			}
		}
		upd.SetNotifyKinds(kinds)
	}
	if input.DigestHours != nil {
		if h := *input.DigestHours; h < 0 || h > notifications.MaxDigestHours {
			return fail(ueInvalidDigestHours, fmt.Sprintf("digestHours must be from 0 to %d", notifications.MaxDigestHours), "digestHours")
		}
		upd.SetDigestHours(*input.DigestHours)
	}
	if input.TimeZone != nil {
		if _, err := notifications.LoadTimeZone(*input.TimeZone); err != nil {
			return fail(ueInvalidTimeZone, "timeZone must be an IANA time zone name, such as Europe/Paris", "timeZone")
		}
		upd.SetTimeZone(*input.TimeZone)
	}
	switch {
	case input.QuietHours != nil && input.ClearQuietHours != nil && *input.ClearQuietHours:
		return fail(ueInvalidQuietHours, "give quietHours or clearQuietHours, not both", "quietHours")
	case input.QuietHours != nil:
		start, err1 := notifications.ParseClock(input.QuietHours.Start)
		end, err2 := notifications.ParseClock(input.QuietHours.End)
		if err1 != nil || err2 != nil || (notifications.QuietHours{Start: start, End: end}).Validate() != nil {
			return fail(ueInvalidQuietHours, "quiet hours are two different times of day as HH:MM", "quietHours")
		}
		upd.SetQuietStart(start).SetQuietEnd(end)
	case input.ClearQuietHours != nil && *input.ClearQuietHours:
		upd.ClearQuietStart().ClearQuietEnd()
	}
	if input.Always != nil {
		upd.SetNotifyAlways(*input.Always)
	}
	u, err := upd.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("error updating the notification preferences of user %d: %w", me.ID, err)
	}
	return &UpdateNotificationPreferencesPayload{User: u, UserErrors: []*UserError{}}, nil
}
