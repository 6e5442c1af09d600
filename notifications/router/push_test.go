package router

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"rout/notifications"
	"rout/notifications/push"
)

func TestPushConfigFromEnv(t *testing.T) {
	t.Parallel()
	public, private, err := push.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	valid := map[string]string{push.EnvVAPIDPublicKey: public, push.EnvVAPIDPrivateKey: private, push.EnvVAPIDSubject: "mailto:ops@rout.example.com",
		EnvPublicURL: "https://rout.example.com"}
	cfg, err := ConfigFromEnv(envFunc(valid))
	if err != nil || cfg.Push == nil || cfg.Email != nil || cfg.SMS != nil {
		t.Fatalf("ConfigFromEnv with the VAPID keys = %+v, %v", cfg, err)
	}
	if d := cfg.Push.WithDefaults(); d.Timeout != push.DefaultTimeout || d.TTL != push.DefaultTTL || d.AllowPrivateEndpoints {
		t.Errorf("defaults %+v", d)
	}
	if cfg.Push.ApplicationServerKey() != public {
		t.Errorf("ApplicationServerKey %q, want %q", cfg.Push.ApplicationServerKey(), public)
	}
	// A padded key is the same key.
	padded := base64.URLEncoding.EncodeToString(mustDecode(t, public))
	b64 := base64.RawURLEncoding.EncodeToString
	otherPublic, _, _ := push.GenerateVAPIDKeys()
	tests := []struct {
		name string
		env  map[string]string // changes to valid; "" unsets
		want []string          // in the error; none: valid
	}{
		{"padded public key", map[string]string{push.EnvVAPIDPublicKey: padded}, nil},
		{"https subject, timeout and TTL", map[string]string{push.EnvVAPIDSubject: "https://rout.example.com/contact",
			push.EnvPushTimeout: "3s", push.EnvPushTTL: "1h"}, nil},
		{"timeout alone", map[string]string{push.EnvVAPIDPublicKey: "", push.EnvVAPIDPrivateKey: "", push.EnvVAPIDSubject: "", push.EnvPushTimeout: "3s"},
			[]string{push.EnvVAPIDPublicKey, push.EnvVAPIDPrivateKey, push.EnvVAPIDSubject}},
		{"no private key", map[string]string{push.EnvVAPIDPrivateKey: ""}, []string{push.EnvVAPIDPrivateKey}},
		{"no subject", map[string]string{push.EnvVAPIDSubject: ""}, []string{push.EnvVAPIDSubject}},
		{"subject not a URL", map[string]string{push.EnvVAPIDSubject: "ops@rout.example.com"}, []string{push.EnvVAPIDSubject}},
		{"subject http", map[string]string{push.EnvVAPIDSubject: "http://rout.example.com"}, []string{push.EnvVAPIDSubject}},
		{"mailto without address", map[string]string{push.EnvVAPIDSubject: "mailto:ops"}, []string{push.EnvVAPIDSubject}},
		{"public key not base64", map[string]string{push.EnvVAPIDPublicKey: "not base64!"}, []string{push.EnvVAPIDPublicKey}},
		{"public key compressed", map[string]string{push.EnvVAPIDPublicKey: b64(mustDecode(t, public)[:33])}, []string{push.EnvVAPIDPublicKey}},
		{"private key of 31 bytes", map[string]string{push.EnvVAPIDPrivateKey: b64(mustDecode(t, private)[:31])}, []string{push.EnvVAPIDPrivateKey}},
		{"private key zero", map[string]string{push.EnvVAPIDPrivateKey: b64(make([]byte, 32))}, []string{push.EnvVAPIDPrivateKey}},
		{"not one pair", map[string]string{push.EnvVAPIDPublicKey: otherPublic}, []string{push.EnvVAPIDPublicKey + " is not the public key of " + push.EnvVAPIDPrivateKey}},
		{"keys swapped", map[string]string{push.EnvVAPIDPublicKey: private, push.EnvVAPIDPrivateKey: public}, []string{push.EnvVAPIDPublicKey, push.EnvVAPIDPrivateKey}},
		{"bad timeout", map[string]string{push.EnvPushTimeout: "10"}, []string{push.EnvPushTimeout}},
		{"TTL too long", map[string]string{push.EnvPushTTL: "700h"}, []string{push.EnvPushTTL}},
		{"TTL not whole seconds", map[string]string{push.EnvPushTTL: "1500ms"}, []string{push.EnvPushTTL}},
		{"no public URL", map[string]string{EnvPublicURL: ""}, []string{EnvPublicURL}},
	}
	for _, tt := range tests {
		env := map[string]string{}
		for k, v := range valid {
			env[k] = v
		}
		for k, v := range tt.env {
			env[k] = v
		}
		_, err := ConfigFromEnv(envFunc(env))
		if len(tt.want) == 0 {
			if err != nil {
				t.Errorf("%s: ConfigFromEnv = %v, want no error", tt.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: ConfigFromEnv = nil error", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: ConfigFromEnv = %v, want an error naming %s", tt.name, err, w)
			}
		}
		if strings.Contains(err.Error(), private) || strings.Contains(err.Error(), public[:20]) {
			t.Errorf("%s: the error shows a key: %v", tt.name, err)
		}
	}
	cfg, _ = ConfigFromEnv(envFunc(map[string]string{push.EnvVAPIDPublicKey: public, push.EnvVAPIDPrivateKey: private,
		push.EnvVAPIDSubject: "mailto:ops@rout.example.com", EnvPublicURL: "https://rout.example.com", push.EnvPushTTL: "90m", push.EnvPushTimeout: "2s"}))
	if cfg.Push == nil || cfg.Push.TTL != 90*time.Minute || cfg.Push.Timeout != 2*time.Second {
		t.Errorf("TTL and timeout: %+v", cfg.Push)
	}
}

func mustDecode(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recordingSender keeps the messages it is given.
type recordingSender struct{ msgs []notifications.Message }

func (s *recordingSender) Send(_ context.Context, m notifications.Message) error {
	s.msgs = append(s.msgs, m)
	return nil
}

// TestRouterPush: web push gets the email's subject as its title and the SMS text as its body, a
// digest likewise; a router without a push sender fails with ErrChannelUnavailable.
func TestRouterPush(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := &Router{Links: notifications.Links{BaseURL: "https://rout.example"}}
	err := r.Notify(ctx, notifications.ChannelPush, notifications.KindTurnWarning, notifications.Recipient{UserID: 7}, warnData)
	if !errors.Is(err, ErrChannelUnavailable) || !notifications.IsPermanent(err) {
		t.Errorf("Notify by push without a sender = %v, want a permanent ErrChannelUnavailable", err)
	}
	rec := &recordingSender{}
	r.Push = rec
	if err := r.Notify(ctx, notifications.ChannelPush, notifications.KindTurnWarning, notifications.Recipient{UserID: 7}, warnData); err != nil {
		t.Fatal(err)
	}
	games := []notifications.DigestGame{{GameID: 1, Turn: 3}, {GameID: 2, Turn: 5}}
	if err := r.NotifyDigest(ctx, notifications.ChannelPush, notifications.Recipient{UserID: 7}, games, time.UTC); err != nil {
		t.Fatal(err)
	}
	withLink := warnData
	withLink.Link = "https://rout.example/games/42"
	subject, _ := notifications.Compose(notifications.KindTurnWarning, withLink)
	digestSubject, _ := notifications.ComposeDigest(games, time.UTC)
	if len(rec.msgs) != 2 {
		t.Fatalf("%d messages, want 2", len(rec.msgs))
	}
	if m := rec.msgs[0]; m.Subject != subject || m.Text != notifications.ComposeSMS(notifications.KindTurnWarning, withLink) || m.Link != withLink.Link ||
		m.GameID != 42 || m.Kind != notifications.KindTurnWarning || m.To.UserID != 7 {
		t.Errorf("push message %+v", m)
	}
	if m := rec.msgs[1]; m.Subject != digestSubject || m.Text != notifications.ComposeDigestSMS(games) || m.Link != "https://rout.example/games/1" {
		t.Errorf("push digest %+v", m)
	}
}
