package router

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rout/internal/envconf"
	"rout/notifications"
	"rout/notifications/email"
	"rout/notifications/push"
	"rout/notifications/sms"
)

// EnvPublicURL is the environment variable of the public address of the web client, which every
// message links to.
const EnvPublicURL = "ROUT_PUBLIC_URL"

// Config is the configuration of notifications: which channels this server has and where their links
// point. The zero Config is valid and has no channel.
type Config struct {
	// Email configures the email channel; nil when there is none (ROUT_SMTP_HOST not set).
	Email *email.Config
	// SMS configures the SMS channel; nil when there is none (no ROUT_SMS_* variable set).
	SMS *sms.Config
	// Push configures web push; nil when there is none (no ROUT_VAPID_* or ROUT_PUSH_* variable set).
	Push *push.Config
	// Links holds the public address of the web client (ROUT_PUBLIC_URL), which every message links
	// to. It is required when a channel is configured.
	Links notifications.Links
	// UnsubscribeKey signs one-click unsubscribe links (ROUT_UNSUBSCRIBE_KEY); empty: messages have none.
	UnsubscribeKey string
}

// ConfigFromEnv reads the configuration of notifications from the environment, through getenv, and
// validates it. Email is configured when any ROUT_SMTP_* variable is set, SMS when any ROUT_SMS_*
// variable is set, web push when any ROUT_VAPID_* or ROUT_PUSH_* variable is set; each then needs its
// required variables. The error lists every problem, each on its
// own line.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	var cfg Config
	env := envconf.New(getenv)
	env.String(notifications.EnvUnsubscribeKey, &cfg.UnsubscribeKey)
	if anySet(env, email.EnvSMTPHost, email.EnvSMTPPort, email.EnvSMTPStartTLS, email.EnvSMTPUsername, email.EnvSMTPPassword, email.EnvSMTPFrom,
		email.EnvSMTPHelloName, email.EnvSMTPTimeout) {
		ec := &email.Config{}
		env.String(email.EnvSMTPHost, &ec.Host)
		env.String(email.EnvSMTPUsername, &ec.Username)
		env.String(email.EnvSMTPPassword, &ec.Password)
		env.String(email.EnvSMTPFrom, &ec.From)
		env.String(email.EnvSMTPHelloName, &ec.HelloName)
		env.Func(email.EnvSMTPPort, func(s string) error {
			port, err := strconv.Atoi(s)
			if err != nil || port < 1 || port > 65535 {
				return fmt.Errorf("%q is not a port number from 1 to 65535", s)
			}
			ec.Port = port
			return nil
		})
		env.Func(email.EnvSMTPStartTLS, func(s string) error {
			mode, err := email.ParseStartTLSMode(s)
			if err != nil {
				return err
			}
			ec.StartTLS = mode
			return nil
		})
		env.Func(email.EnvSMTPTimeout, positiveDuration(&ec.Timeout))
		cfg.Email = ec
	}
	if anySet(env, sms.EnvSMSBaseURL, sms.EnvSMSAccountSID, sms.EnvSMSAuthToken, sms.EnvSMSFrom, sms.EnvSMSTimeout) {
		sc := &sms.Config{}
		env.String(sms.EnvSMSBaseURL, &sc.BaseURL)
		env.String(sms.EnvSMSAccountSID, &sc.AccountSID)
		env.String(sms.EnvSMSAuthToken, &sc.AuthToken)
		env.String(sms.EnvSMSFrom, &sc.From)
		env.Func(sms.EnvSMSTimeout, positiveDuration(&sc.Timeout))
		cfg.SMS = sc
	}
	if anySet(env, push.EnvVAPIDPublicKey, push.EnvVAPIDPrivateKey, push.EnvVAPIDSubject, push.EnvPushTimeout, push.EnvPushTTL) {
		pc := &push.Config{}
		env.String(push.EnvVAPIDPublicKey, &pc.PublicKey)
		env.String(push.EnvVAPIDPrivateKey, &pc.PrivateKey)
		env.String(push.EnvVAPIDSubject, &pc.Subject)
		env.Func(push.EnvPushTimeout, positiveDuration(&pc.Timeout))
		env.Func(push.EnvPushTTL, positiveDuration(&pc.TTL))
		cfg.Push = pc
	}
	env.String(EnvPublicURL, &cfg.Links.BaseURL)
	if err := env.Err(); err != nil {
		return Config{}, err
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// anySet reports whether any of the variables is set (not empty).
func anySet(env *envconf.Env, keys ...string) bool {
	for _, k := range keys {
		if env.Get(k) != "" {
			return true
		}
	}
	return false
}

// positiveDuration returns the parser of a duration that must be positive, which sets *dst.
func positiveDuration(dst *time.Duration) func(string) error {
	return func(s string) error {
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("%q is not a duration (such as 30s or 1m)", s)
		}
		if d <= 0 {
			return fmt.Errorf("%v is not positive", d)
		}
		*dst = d
		return nil
	}
}

// Validate reports every setting notifications cannot work with, each on its own line: the email, SMS and
// web push settings (with their defaults applied) and the public URL, which a configured channel needs.
func (c Config) Validate() error {
	var errs []error
	if c.UnsubscribeKey != "" && len(c.UnsubscribeKey) < 32 {
		errs = append(errs, fmt.Errorf("%s is shorter than 32 characters", notifications.EnvUnsubscribeKey))
	}
	if c.Email != nil {
		if err := c.Email.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if c.SMS != nil {
		if err := c.SMS.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if c.Push != nil {
		if err := c.Push.WithDefaults().Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if c.Links.BaseURL == "" {
		if c.Email != nil || c.SMS != nil || c.Push != nil {
			errs = append(errs, fmt.Errorf("%s is empty: notifications link to the game, so they need the public address of the "+
				"web client, such as https://rout.example.com", EnvPublicURL))
		}
	} else if err := validatePublicURL(c.Links.BaseURL); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// validatePublicURL reports a public URL that links cannot be made from.
func validatePublicURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" ||
		u.Fragment != "" || u.User != nil || strings.ContainsAny(s, " \t\r\n") {
		return fmt.Errorf("%s %q is not an http or https URL with no query, such as https://rout.example.com", EnvPublicURL, s)
	}
	return nil
}
