// Package sms sends notifications by text message. Its Sender posts a form to
// {BaseURL}/2010-04-01/Accounts/{AccountSID}/Messages.json with HTTP basic authentication (Twilio's API,
// or a compatible one). An answer of 4xx other than 429 is a permanent error (notifications.Permanent),
// anything else temporary.
package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"rout/notifications"
)

// The environment variables of SMS, which router.ConfigFromEnv reads.
const (
	EnvSMSBaseURL    = "ROUT_SMS_BASE_URL"
	EnvSMSAccountSID = "ROUT_SMS_ACCOUNT_SID"
	EnvSMSAuthToken  = "ROUT_SMS_AUTH_TOKEN"
	EnvSMSFrom       = "ROUT_SMS_FROM"
	EnvSMSTimeout    = "ROUT_SMS_TIMEOUT"
)

// Defaults of Config.
const (
	// DefaultBaseURL is Twilio's REST API.
	DefaultBaseURL = "https://api.twilio.com"
	// DefaultTimeout bounds one Send: the request and the reading of the response.
	DefaultTimeout = 10 * time.Second
)

// Config configures the SMS Sender. Zero fields take their defaults; AccountSID, AuthToken and From are required.
type Config struct {
	// BaseURL is the root of the provider's Twilio-compatible REST API (ROUT_SMS_BASE_URL), without the
	// /2010-04-01 part, such as "https://api.twilio.com" or a path under another provider's host. Default
	// DefaultBaseURL.
	BaseURL string
	// AccountSID and AuthToken are the account's credentials (ROUT_SMS_ACCOUNT_SID,
	// ROUT_SMS_AUTH_TOKEN), sent with HTTP basic authentication. The SID is also part of the URL.
	AccountSID, AuthToken string
	// From is the sender (ROUT_SMS_FROM): a phone number in E.164 form such as "+14155550100", an
	// alphanumeric sender ID such as "Rout", or a Twilio messaging service SID ("MG" and 32 hex
	// digits), sent as MessagingServiceSid.
	From string
	// Timeout bounds one Send (ROUT_SMS_TIMEOUT); a sooner deadline of Send's context wins. Default
	// DefaultTimeout.
	Timeout time.Duration
}

// withDefaults returns c with its zero fields at their defaults.
func (c Config) withDefaults() Config {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	return c
}

// Validate reports every setting the SMS sender cannot work with, each on its own line, with its zero
// fields at their defaults.
func (c Config) Validate() error {
	c = c.withDefaults()
	var errs []error
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" ||
		u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		errs = append(errs, fmt.Errorf("%s %q is not an http or https URL with no query, such as %s",
			EnvSMSBaseURL, c.BaseURL, DefaultBaseURL))
	}
	if c.AccountSID == "" {
		errs = append(errs, fmt.Errorf("%s is empty", EnvSMSAccountSID))
	} else if strings.ContainsAny(c.AccountSID, "/?#% \t\r\n") {
		errs = append(errs, fmt.Errorf("%s %q is not an account SID", EnvSMSAccountSID, c.AccountSID))
	}
	if c.AuthToken == "" {
		errs = append(errs, fmt.Errorf("%s is empty", EnvSMSAuthToken))
	}
	if c.From == "" {
		errs = append(errs, fmt.Errorf("%s is empty: want the sender's number (+14155550100), sender ID or messaging service SID",
			EnvSMSFrom))
	} else if strings.HasPrefix(c.From, "+") && !e164.MatchString(c.From) {
		errs = append(errs, fmt.Errorf("%s %q is not a phone number in E.164 form, such as +14155550100", EnvSMSFrom, c.From))
	}
	if c.Timeout <= 0 {
		errs = append(errs, fmt.Errorf("%s %v is not positive", EnvSMSTimeout, c.Timeout))
	}
	return errors.Join(errs...)
}

var (
	// e164 matches a phone number in E.164 form: "+", then up to 15 digits, the first not 0.
	e164 = regexp.MustCompile(`^\+[1-9][0-9]{1,14}$`)
	// messagingServiceSID matches a Twilio messaging service SID.
	messagingServiceSID = regexp.MustCompile(`^MG[0-9a-fA-F]{32}$`)
)

// Sender sends text messages through a Twilio-compatible REST API: one form POST per message to
// {BaseURL}/2010-04-01/Accounts/{AccountSID}/Messages.json. It sends Message.Text and ignores the
// subject. It is safe for concurrent use.
type Sender struct {
	cfg      Config
	endpoint string
	client   *http.Client
}

// New returns a Sender for cfg, with defaults for its zero fields, or the reasons cfg is not valid.
func New(cfg Config) (*Sender, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("error configuring SMS: %w", err)
	}
	return &Sender{
		cfg:      cfg,
		endpoint: strings.TrimRight(cfg.BaseURL, "/") + "/2010-04-01/Accounts/" + url.PathEscape(cfg.AccountSID) + "/Messages.json",
		client:   &http.Client{Timeout: cfg.Timeout},
	}, nil
}

// Error is the error of a request the SMS API answered with a status other than 2xx. Send wraps it in
// Permanent for a 4xx status other than 429; a 429 or 5xx status is temporary.
type Error struct {
	// StatusCode is the HTTP status of the response.
	StatusCode int
	// Code and Message are the provider's error code and text from a Twilio-style JSON body
	// ({"code": 21211, "message": "..."}), when it has them.
	Code    int
	Message string
	// RetryAfter is the wait the response's Retry-After header asks for (in seconds or as a date), or 0.
	RetryAfter time.Duration
}

// Error describes the response.
func (e *Error) Error() string {
	s := "the SMS API answered " + strconv.Itoa(e.StatusCode) + " " + http.StatusText(e.StatusCode)
	if e.Code != 0 {
		s += fmt.Sprintf(": error %d", e.Code)
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.RetryAfter > 0 {
		s += fmt.Sprintf(" (retry after %v)", e.RetryAfter)
	}
	return s
}

// maxSMSResponse bounds how much of a response body the sender reads.
const maxSMSResponse = 64 << 10

// Send sends m.Text to m.To.Phone. It fails permanently on a missing or malformed number, an empty text,
// and a 4xx answer other than 429 (an *Error); a 429 or 5xx answer, a network failure and the end of
// ctx or of the configured Timeout are temporary.
func (s *Sender) Send(ctx context.Context, m notifications.Message) error {
	if m.To.Phone == "" {
		return notifications.Permanent(errors.New("error sending SMS: the recipient has no phone number"))
	}
	if !e164.MatchString(m.To.Phone) {
		return notifications.Permanent(errors.New("error sending SMS: the recipient's phone number is not in E.164 form (such as +14155550100)"))
	}
	if strings.TrimSpace(m.Text) == "" {
		return notifications.Permanent(errors.New("error sending SMS: the message has no text"))
	}

	form := url.Values{"To": {m.To.Phone}, "Body": {m.Text}}
	if messagingServiceSID.MatchString(s.cfg.From) {
		form.Set("MessagingServiceSid", s.cfg.From)
	} else {
		form.Set("From", s.cfg.From)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return notifications.Permanent(fmt.Errorf("error sending SMS: %w", err))
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.SetBasicAuth(s.cfg.AccountSID, s.cfg.AuthToken)

	resp, err := s.client.Do(req)
	if err != nil {
		// A network failure, a timeout or the end of ctx: the message may go through next time. (The
		// error names the URL, which holds the account SID but no secret.)
		return fmt.Errorf("error sending SMS: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxSMSResponse))
	if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		// The provider has taken the message; a body cut short does not change that.
		return nil
	}
	if err != nil {
		return fmt.Errorf("error sending SMS: error reading the %d response: %w", resp.StatusCode, err)
	}
	apiErr := &Error{StatusCode: resp.StatusCode, RetryAfter: retryAfter(resp.Header.Get("Retry-After"), time.Now())}
	var detail struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &detail) == nil {
		apiErr.Code, apiErr.Message = detail.Code, detail.Message
	}
	if resp.StatusCode >= 400 && resp.StatusCode <= 499 && resp.StatusCode != http.StatusTooManyRequests {
		return notifications.Permanent(fmt.Errorf("error sending SMS: %w", apiErr))
	}
	// 429 and 5xx, and a status the API should not answer (1xx, 3xx): the next try may succeed.
	return fmt.Errorf("error sending SMS: %w", apiErr)
}

// maxRetryAfter caps a Retry-After in seconds, so that no header overflows a time.Duration.
const maxRetryAfter = 7 * 24 * 60 * 60

// retryAfter parses a Retry-After header: a number of seconds or an HTTP date, relative to now. It
// returns 0 for an empty or malformed header or a date in the past.
func retryAfter(header string, now time.Time) time.Duration {
	if header == "" {
		return 0
	}
	if secs, err := strconv.Atoi(header); err == nil {
		return time.Duration(min(max(secs, 0), maxRetryAfter)) * time.Second
	}
	if t, err := http.ParseTime(header); err == nil {
		return min(max(t.Sub(now), 0), maxRetryAfter*time.Second)
	}
	return 0
}
