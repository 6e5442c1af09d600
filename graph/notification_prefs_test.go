package graph_test

import (
	"encoding/json"
	"testing"
)

const notificationPrefsFields = `notificationPreferences { channels { kind channel } digestHours timeZone quietHours { start end } always }`

type notificationPrefs struct {
	Channels []struct {
		Kind    string `json:"kind"`
		Channel string `json:"channel"`
	} `json:"channels"`
	DigestHours int    `json:"digestHours"`
	TimeZone    string `json:"timeZone"`
	QuietHours  *struct {
		Start string `json:"start"`
		End   string `json:"end"`
	} `json:"quietHours"`
	Always bool `json:"always"`
}

func (p notificationPrefs) channel(kind string) string {
	for _, c := range p.Channels {
		if c.Kind == kind {
			return c.Channel
		}
	}
	return ""
}

// TestNotificationPreferencesPerKind reads the defaults, sets a channel per kind, a digest window, a time
// zone and quiet hours, refuses bad values with stable codes, and clears the quiet hours.
func TestNotificationPreferencesPerKind(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("iris")
	var v struct {
		Viewer struct {
			Prefs notificationPrefs `json:"notificationPreferences"`
		} `json:"viewer"`
	}
	defer func() {
		if t.Failed() {
			t.Log(e.logs.String())
		}
	}()
	e.gql(session, `{ viewer { `+notificationPrefsFields+` } }`, nil).decode(t, &v)
	p := v.Viewer.Prefs
	if len(p.Channels) != 11 || p.channel("TOURNAMENT_ROUND") != "EMAIL" || p.channel("TOURNAMENT_STANDING") != "EMAIL" || p.channel("YOUR_TURN") != "EMAIL" || p.channel("TURN_WARNING") != "EMAIL" ||
		p.channel("INVITED") != "EMAIL" || p.channel("DECLINED") != "EMAIL" || p.channel("CHAT") != "EMAIL" ||
		p.channel("CHAT_TIMEOUT") != "EMAIL" || p.DigestHours != 1 || p.TimeZone != "UTC" || p.QuietHours != nil || p.Always {
		t.Fatalf("defaults: %+v", p)
	}

	const m = `mutation($in: UpdateNotificationPreferencesInput!) {
		updateNotificationPreferences(input: $in) { user { ` + notificationPrefsFields + ` } userErrors { code field message } }
	}`
	type payload struct {
		UpdateNotificationPreferences struct {
			User *struct {
				Prefs notificationPrefs `json:"notificationPreferences"`
			} `json:"user"`
			UserErrors []userError `json:"userErrors"`
		} `json:"updateNotificationPreferences"`
	}
	update := func(in string) payload {
		t.Helper()
		var vars map[string]any
		if err := json.Unmarshal([]byte(`{"in": `+in+`}`), &vars); err != nil {
			t.Fatal(err)
		}
		var out payload
		e.gql(session, m, vars).decode(t, &out)
		return out
	}
	out := update(`{"channels": [{"kind": "GAME_OVER", "channel": "NONE"}, {"kind": "CPU_PLAYED", "channel": "PUSH"}],
		"digestHours": 6, "timeZone": "Europe/Paris", "quietHours": {"start": "22:30", "end": "07:00"}, "always": true}`)
	if u := out.UpdateNotificationPreferences.User; u == nil {
		t.Fatalf("update: %+v", out.UpdateNotificationPreferences.UserErrors)
	} else if p := u.Prefs; p.channel("GAME_OVER") != "NONE" || p.channel("CPU_PLAYED") != "PUSH" || p.channel("YOUR_TURN") != "EMAIL" ||
		p.DigestHours != 6 || p.TimeZone != "Europe/Paris" || p.QuietHours == nil || p.QuietHours.Start != "22:30" ||
		p.QuietHours.End != "07:00" || !p.Always {
		t.Errorf("after the update: %+v", p)
	}
	if n := e.count(`SELECT count(*) FROM users WHERE quiet_start = 1350 AND quiet_end = 420 AND time_zone = 'Europe/Paris'
		AND notify_kinds::jsonb = '{"game_over": "none", "cpu_played": "push"}'::jsonb`); n != 1 {
		t.Errorf("stored: %d rows match", n)
	}
	for in, want := range map[string]string{
		`{"digestHours": 25}`:                                     "INVALID_DIGEST_HOURS[input digestHours]",
		`{"digestHours": -1}`:                                     "INVALID_DIGEST_HOURS[input digestHours]",
		`{"timeZone": "Mars/Olympus"}`:                            "INVALID_TIME_ZONE[input timeZone]",
		`{"timeZone": "Local"}`:                                   "INVALID_TIME_ZONE[input timeZone]",
		`{"quietHours": {"start": "25:00", "end": "07:00"}}`:      "INVALID_QUIET_HOURS[input quietHours]",
		`{"quietHours": {"start": "07:00", "end": "07:00"}}`:      "INVALID_QUIET_HOURS[input quietHours]",
		`{"channels": [{"kind": "YOUR_TURN", "channel": "SMS"}]}`: "PHONE_REQUIRED[input channels]",
	} {
		if got := codesOf(update(in).UpdateNotificationPreferences.UserErrors); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
	out = update(`{"clearQuietHours": true}`)
	if u := out.UpdateNotificationPreferences.User; u == nil || u.Prefs.QuietHours != nil || u.Prefs.DigestHours != 6 {
		t.Errorf("after clearing the quiet hours: %+v", out.UpdateNotificationPreferences)
	}
}

// TestChatByDefaultNotBySMS: an account whose channel is SMS takes chat digests by none until it chooses
// a channel for them; its chat timeouts go by SMS like every other kind.
func TestChatByDefaultNotBySMS(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("ivo")
	if _, err := e.db.Exec(`UPDATE users SET notify = 'sms', phone = '+447700900123' WHERE name = 'ivo'`); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Viewer struct {
			Prefs notificationPrefs `json:"notificationPreferences"`
		} `json:"viewer"`
	}
	e.gql(session, `{ viewer { `+notificationPrefsFields+` } }`, nil).decode(t, &v)
	if p := v.Viewer.Prefs; p.channel("CHAT") != "NONE" || p.channel("CHAT_TIMEOUT") != "SMS" || p.channel("YOUR_TURN") != "SMS" {
		t.Errorf("an SMS account's channels: %+v", p.Channels)
	}
	e.gql(session, `mutation($in: UpdateNotificationPreferencesInput!) { updateNotificationPreferences(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"channels": []map[string]any{{"kind": "CHAT", "channel": "SMS"}}}})
	e.gql(session, `{ viewer { `+notificationPrefsFields+` } }`, nil).decode(t, &v)
	if got := v.Viewer.Prefs.channel("CHAT"); got != "SMS" {
		t.Errorf("chat chosen by SMS shows %q", got)
	}
}
