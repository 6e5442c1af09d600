package notify

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The environment variables ConfigFromEnv reads.
const (
	EnvSMTPHost      = "ROUT_SMTP_HOST"
	EnvSMTPPort      = "ROUT_SMTP_PORT"
	EnvSMTPStartTLS  = "ROUT_SMTP_STARTTLS"
	EnvSMTPUsername  = "ROUT_SMTP_USERNAME"
	EnvSMTPPassword  = "ROUT_SMTP_PASSWORD"
	EnvSMTPFrom      = "ROUT_SMTP_FROM"
	EnvSMTPHelloName = "ROUT_SMTP_HELO_NAME"
	EnvSMTPTimeout   = "ROUT_SMTP_TIMEOUT"
	EnvSMSBaseURL    = "ROUT_SMS_BASE_URL"
	EnvSMSAccountSID = "ROUT_SMS_ACCOUNT_SID"
	EnvSMSAuthToken  = "ROUT_SMS_AUTH_TOKEN"
	EnvSMSFrom       = "ROUT_SMS_FROM"
	EnvSMSTimeout    = "ROUT_SMS_TIMEOUT"
	EnvPublicURL     = "ROUT_PUBLIC_URL"
)

// Config is the configuration of notifications: which channels this server has and where their links
// point. The zero Config is valid and has no channel.
type Config struct {
	// Email configures the email channel; nil when there is none (ROUT_SMTP_HOST not set).
	Email *EmailConfig
	// SMS configures the SMS channel; nil when there is none (no ROUT_SMS_* variable set).
	SMS *SMSConfig
	// Links holds the public address of the web client (ROUT_PUBLIC_URL), which every message links
	// to. It is required when a channel is configured.
	Links Links
}

// ConfigFromEnv reads the configuration of notifications from the environment, through getenv, and
// validates it. Email is configured when any ROUT_SMTP_* variable is set, SMS when any ROUT_SMS_*
// variable is set; each then needs its required variables. The error lists every problem, each on its
// own line.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	var cfg Config
	var errs []error
	if anySet(getenv, EnvSMTPHost, EnvSMTPPort, EnvSMTPStartTLS, EnvSMTPUsername, EnvSMTPPassword, EnvSMTPFrom,
		EnvSMTPHelloName, EnvSMTPTimeout) {
		email := &EmailConfig{
			Host:      getenv(EnvSMTPHost),
			Username:  getenv(EnvSMTPUsername),
			Password:  getenv(EnvSMTPPassword),
			From:      getenv(EnvSMTPFrom),
			HelloName: getenv(EnvSMTPHelloName),
		}
		if s := getenv(EnvSMTPPort); s != "" {
			port, err := strconv.Atoi(s)
			if err != nil || port < 1 || port > 65535 {
				errs = append(errs, fmt.Errorf("%s %q is not a port number from 1 to 65535", EnvSMTPPort, s))
			}
			email.Port = port
		}
		if s := getenv(EnvSMTPStartTLS); s != "" {
			mode, err := ParseStartTLSMode(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", EnvSMTPStartTLS, err))
			}
			email.StartTLS = mode
		}
		email.Timeout, errs = parseDuration(getenv, EnvSMTPTimeout, errs)
		cfg.Email = email
	}
	if anySet(getenv, EnvSMSBaseURL, EnvSMSAccountSID, EnvSMSAuthToken, EnvSMSFrom, EnvSMSTimeout) {
		sms := &SMSConfig{
			BaseURL:    getenv(EnvSMSBaseURL),
			AccountSID: getenv(EnvSMSAccountSID),
			AuthToken:  getenv(EnvSMSAuthToken),
			From:       getenv(EnvSMSFrom),
		}
		sms.Timeout, errs = parseDuration(getenv, EnvSMSTimeout, errs)
		cfg.SMS = sms
	}
	cfg.Links.BaseURL = getenv(EnvPublicURL)
	if len(errs) > 0 {
		return Config{}, errors.Join(errs...)
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// anySet reports whether any of the variables is set (not empty).
func anySet(getenv func(string) string, keys ...string) bool {
	for _, k := range keys {
		if getenv(k) != "" {
			return true
		}
	}
	return false
}

// parseDuration returns the duration in variable key, 0 when it is not set, and errs with any error
// added.
func parseDuration(getenv func(string) string, key string, errs []error) (time.Duration, []error) {
	s := getenv(key)
	if s == "" {
		return 0, errs
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, append(errs, fmt.Errorf("%s %q is not a duration (such as 30s or 1m)", key, s))
	}
	if d <= 0 {
		return 0, append(errs, fmt.Errorf("%s %v is not positive", key, d))
	}
	return d, errs
}

// Validate reports every setting notifications cannot work with, each on its own line: the email and SMS
// settings (with their defaults applied) and the public URL, which a configured channel needs.
func (c Config) Validate() error {
	var errs []error
	if c.Email != nil {
		if err := c.Email.withDefaults().validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if c.SMS != nil {
		if err := c.SMS.withDefaults().validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if c.Links.BaseURL == "" {
		if c.Email != nil || c.SMS != nil {
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
