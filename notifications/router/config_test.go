package router

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"rout/notifications"
	"rout/notifications/email"
	"rout/notifications/sms"
)

// envFunc returns a getenv that reads env.
func envFunc(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	cfg, err := ConfigFromEnv(envFunc(nil))
	if err != nil || !reflect.DeepEqual(cfg, Config{}) {
		t.Errorf("ConfigFromEnv with no environment = %+v, %v; want no channel", cfg, err)
	}

	env := map[string]string{
		"ROUT_SMTP_HOST":       "smtp.example.com",
		"ROUT_SMTP_PORT":       "2525",
		"ROUT_SMTP_STARTTLS":   "auto",
		"ROUT_SMTP_USERNAME":   "rout",
		"ROUT_SMTP_PASSWORD":   "pw",
		"ROUT_SMTP_FROM":       "Rout <rout@example.com>",
		"ROUT_SMTP_HELO_NAME":  "rout.example.com",
		"ROUT_SMTP_TIMEOUT":    "1m",
		"ROUT_SMS_BASE_URL":    "https://sms.example.com/api",
		"ROUT_SMS_ACCOUNT_SID": "AC1",
		"ROUT_SMS_AUTH_TOKEN":  "token",
		"ROUT_SMS_FROM":        "+14155550100",
		"ROUT_SMS_TIMEOUT":     "5s",
		"ROUT_PUBLIC_URL":      "https://rout.example.com",
	}
	cfg, err = ConfigFromEnv(envFunc(env))
	if err != nil {
		t.Fatalf("ConfigFromEnv: %v", err)
	}
	want := Config{
		Email: &email.Config{Host: "smtp.example.com", Port: 2525, StartTLS: email.StartTLSAuto, Username: "rout", Password: "pw",
			From: "Rout <rout@example.com>", HelloName: "rout.example.com", Timeout: time.Minute},
		SMS:   &sms.Config{BaseURL: "https://sms.example.com/api", AccountSID: "AC1", AuthToken: "token", From: "+14155550100", Timeout: 5 * time.Second},
		Links: notifications.Links{BaseURL: "https://rout.example.com"},
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("ConfigFromEnv = %+v %+v %+v, want %+v %+v %+v", cfg.Email, cfg.SMS, cfg.Links, want.Email, want.SMS, want.Links)
	}

	// Email alone, with its defaults.
	cfg, err = ConfigFromEnv(envFunc(map[string]string{
		"ROUT_SMTP_HOST": "smtp.example.com", "ROUT_SMTP_FROM": "rout@example.com", "ROUT_PUBLIC_URL": "https://rout.example.com",
	}))
	if err != nil || cfg.Email == nil || cfg.SMS != nil || cfg.Email.StartTLS != email.StartTLSAlways {
		t.Errorf("ConfigFromEnv with email only = %+v, %v", cfg, err)
	}
}

func TestConfigFromEnvErrors(t *testing.T) {
	t.Parallel()
	valid := map[string]string{
		"ROUT_SMTP_HOST":       "smtp.example.com",
		"ROUT_SMTP_FROM":       "rout@example.com",
		"ROUT_SMTP_USERNAME":   "rout",
		"ROUT_SMTP_PASSWORD":   "password-SECRET",
		"ROUT_SMS_ACCOUNT_SID": "AC1",
		"ROUT_SMS_AUTH_TOKEN":  "token-SECRET",
		"ROUT_SMS_FROM":        "Rout",
		"ROUT_PUBLIC_URL":      "https://rout.example.com",
	}
	tests := []struct {
		name string
		env  map[string]string // changes to valid; "" unsets
		want []string          // in the error
	}{
		{"bad port", map[string]string{"ROUT_SMTP_PORT": "smtp"}, []string{email.EnvSMTPPort}},
		{"port zero", map[string]string{"ROUT_SMTP_PORT": "0"}, []string{email.EnvSMTPPort}},
		{"bad mode", map[string]string{"ROUT_SMTP_STARTTLS": "yes"}, []string{email.EnvSMTPStartTLS}},
		{"bad timeout", map[string]string{"ROUT_SMTP_TIMEOUT": "30"}, []string{email.EnvSMTPTimeout}},
		{"zero SMS timeout", map[string]string{"ROUT_SMS_TIMEOUT": "0s"}, []string{sms.EnvSMSTimeout}},
		{"email without host", map[string]string{"ROUT_SMTP_HOST": ""}, []string{email.EnvSMTPHost}},
		{"SMS without token and sender", map[string]string{"ROUT_SMS_AUTH_TOKEN": "", "ROUT_SMS_FROM": ""},
			[]string{sms.EnvSMSAuthToken, sms.EnvSMSFrom}},
		{"SMS base URL alone", map[string]string{"ROUT_SMS_ACCOUNT_SID": "", "ROUT_SMS_AUTH_TOKEN": "", "ROUT_SMS_FROM": "",
			"ROUT_SMS_BASE_URL": "https://sms.example.com"}, []string{sms.EnvSMSAccountSID, sms.EnvSMSAuthToken, sms.EnvSMSFrom}},
		{"no public URL", map[string]string{"ROUT_PUBLIC_URL": ""}, []string{EnvPublicURL}},
		{"bad public URL", map[string]string{"ROUT_PUBLIC_URL": "rout.example.com"}, []string{EnvPublicURL}},
		{"public URL with query", map[string]string{"ROUT_PUBLIC_URL": "https://rout.example.com/?a=b"}, []string{EnvPublicURL}},
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
		if err == nil {
			t.Errorf("%s: ConfigFromEnv = nil error", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: ConfigFromEnv = %v, want an error naming %s", tt.name, err, w)
			}
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%s: the error shows a secret: %v", tt.name, err)
		}
	}

	// A public URL with no channel is checked too, and not required.
	if _, err := ConfigFromEnv(envFunc(map[string]string{"ROUT_PUBLIC_URL": "ftp://x"})); err == nil {
		t.Errorf("ConfigFromEnv with a bad public URL and no channel = nil error")
	}
}
