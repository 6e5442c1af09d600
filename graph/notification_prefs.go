package graph

import (
	"context"

	"rout/account"
	"rout/ent"
	"rout/notifications"
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
	{NotificationKindChat, notifications.KindChat},
	{NotificationKindChatTimeout, notifications.KindChatTimeout},
	{NotificationKindTournamentRound, notifications.KindTournamentRound},
	{NotificationKindTournamentStanding, notifications.KindTournamentStanding},
}

// apiChannel converts a stored channel name to the GraphQL enum.
func apiChannel(name string) NotificationChannel {
	c, err := notifications.ParseChannel(name)
	if err != nil {
		return NotificationChannelEmail
	}
	return apiChannels[c]
}

// apiChannels are the GraphQL enum's values of the channels; storedChannel is the inverse.
var apiChannels = map[notifications.Channel]NotificationChannel{
	notifications.ChannelNone:  NotificationChannelNone,
	notifications.ChannelEmail: NotificationChannelEmail,
	notifications.ChannelSMS:   NotificationChannelSms,
	notifications.ChannelPush:  NotificationChannelPush,
}

// storedChannel converts the GraphQL enum to a channel.
func storedChannel(c NotificationChannel) notifications.Channel {
	for ch, api := range apiChannels {
		if api == c {
			return ch
		}
	}
	return notifications.ChannelEmail
}

// notificationPreferences is the API's view of u's preferences.
func notificationPreferences(u *ent.User) *NotificationPreferences {
	p := &NotificationPreferences{DigestHours: u.DigestHours, TimeZone: u.TimeZone, Always: u.NotifyAlways}
	for _, k := range notificationKinds {
		ch, ok := u.NotifyKinds[k.kind.String()]
		if !ok {
			account, _ := notifications.ParseChannel(string(u.Notify))
			ch = notifications.DefaultChannel(k.kind, account).String()
		}
		p.Channels = append(p.Channels, &NotificationKindChannel{Kind: k.api, Channel: apiChannel(ch)})
	}
	if u.QuietStart != nil && u.QuietEnd != nil {
		p.QuietHours = &QuietHours{Start: notifications.FormatClock(*u.QuietStart), End: notifications.FormatClock(*u.QuietEnd)}
	}
	return p
}

// updateNotificationPreferences applies input to the signed-in user userID.
func (r *Resolver) updateNotificationPreferences(ctx context.Context, userID int, input UpdateNotificationPreferencesInput) (*UpdateNotificationPreferencesPayload, error) {
	change := account.PreferencesChange{
		DigestHours:     input.DigestHours,
		TimeZone:        input.TimeZone,
		ClearQuietHours: input.ClearQuietHours != nil && *input.ClearQuietHours,
		Always:          input.Always,
		ChatEnabled:     input.ChatEnabled,
		HidePresence:    input.HidePresence,
	}
	if input.Channel != nil {
		c := storedChannel(*input.Channel)
		change.Channel = &c
	}
	if input.Channels != nil {
		change.Channels = map[notifications.Kind]notifications.Channel{}
		for _, kc := range input.Channels {
			for _, k := range notificationKinds {
				if k.api == kc.Kind {
					change.Channels[k.kind] = storedChannel(kc.Channel)
				}
			}
		}
	}
	if q := input.QuietHours; q != nil {
		change.QuietHours = &[2]string{q.Start, q.End}
	}
	u, err := r.accounts.UpdatePreferences(ctx, userID, change)
	if err != nil {
		ues, err := refusalErrors(err)
		return &UpdateNotificationPreferencesPayload{UserErrors: ues}, err
	}
	if input.HidePresence != nil && r.live != nil {
		if err := r.live.Presence().SetHidden(ctx, userID, *input.HidePresence); err != nil {
			return nil, err
		}
	}
	return &UpdateNotificationPreferencesPayload{User: u, UserErrors: []*UserError{}}, nil
}
