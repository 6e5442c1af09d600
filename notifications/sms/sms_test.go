package sms

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rout/notifications"
)

// smsRequest is what an SMS test server received.
type smsRequest struct {
	Method, Path, ContentType string
	User, Password            string
	HasAuth                   bool
	Form                      map[string]string
}

// startSMSAPI starts an HTTP server that records each request and answers with respond, and stops it
// when the test ends.
func startSMSAPI(t *testing.T, respond func(w http.ResponseWriter, r *http.Request)) (*httptest.Server, <-chan smsRequest) {
	t.Helper()
	requests := make(chan smsRequest, 16)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := smsRequest{Method: r.Method, Path: r.URL.Path, ContentType: r.Header.Get("Content-Type"), Form: map[string]string{}}
		req.User, req.Password, req.HasAuth = r.BasicAuth()
		if err := r.ParseForm(); err != nil {
			t.Errorf("the SMS API got a form that does not parse: %v", err)
		}
		for k, v := range r.PostForm {
			req.Form[k] = strings.Join(v, ",")
		}
		requests <- req
		respond(w, r)
	}))
	t.Cleanup(server.Close)
	return server, requests
}

// created answers like Twilio does to a message it has queued.
func created(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write([]byte(`{"sid": "SM0123456789abcdef0123456789abcdef", "status": "queued"}`))
}

// testSMS returns an SMS sender for the API at baseURL, with cfg's other fields.
func testSMS(t *testing.T, baseURL string, cfg Config) *Sender {
	t.Helper()
	cfg.BaseURL = baseURL
	if cfg.AccountSID == "" {
		cfg.AccountSID = "AC0123456789abcdef0123456789abcdef"
	}
	if cfg.AuthToken == "" {
		cfg.AuthToken = "token-secret"
	}
	if cfg.From == "" {
		cfg.From = "+14155550100"
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}

var smsYourTurn = notifications.Message{
	Kind:   notifications.KindYourTurn,
	To:     notifications.Recipient{Phone: "+447700900123", Name: "Ada"},
	Text:   "Rout: your turn in Friday night (turn 7). https://rout.example/games/42",
	Link:   "https://rout.example/games/42",
	GameID: 42,
	Turn:   7,
}

func TestSMSSend(t *testing.T) {
	t.Parallel()
	server, requests := startSMSAPI(t, created)
	s := testSMS(t, server.URL, Config{})
	if err := s.Send(context.Background(), smsYourTurn); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := <-requests
	want := smsRequest{
		Method:      http.MethodPost,
		Path:        "/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json",
		ContentType: "application/x-www-form-urlencoded",
		User:        "AC0123456789abcdef0123456789abcdef",
		Password:    "token-secret",
		HasAuth:     true,
		Form:        map[string]string{"To": "+447700900123", "From": "+14155550100", "Body": smsYourTurn.Text},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("request = %+v, want %+v", got, want)
	}
}

func TestSMSSendBaseURLPath(t *testing.T) {
	t.Parallel()
	// A Twilio-compatible API under a path of another host, given with a trailing slash.
	server, requests := startSMSAPI(t, created)
	s := testSMS(t, server.URL+"/api/laml/", Config{AccountSID: "project-1", From: "MG0123456789abcdef0123456789abcdef"})
	if err := s.Send(context.Background(), smsYourTurn); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := <-requests
	if got.Path != "/api/laml/2010-04-01/Accounts/project-1/Messages.json" {
		t.Errorf("path = %q", got.Path)
	}
	if got.Form["MessagingServiceSid"] != "MG0123456789abcdef0123456789abcdef" || got.Form["From"] != "" {
		t.Errorf("form = %v, want the messaging service SID as MessagingServiceSid and no From", got.Form)
	}
}

func TestSMSStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		status     int
		body       string
		retryAfter string
		permanent  bool
		want       Error
	}{
		{status: 200},
		{status: 201},
		{status: 202},
		{
			status: 400, permanent: true,
			body: `{"code": 21211, "message": "The 'To' number +447700900123 is not a valid phone number.", "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400}`,
			want: Error{StatusCode: 400, Code: 21211, Message: "The 'To' number +447700900123 is not a valid phone number."},
		},
		{status: 401, permanent: true, body: `{"code": 20003, "message": "Authenticate"}`, want: Error{StatusCode: 401, Code: 20003, Message: "Authenticate"}},
		{status: 404, permanent: true, body: "not json", want: Error{StatusCode: 404}},
		{status: 429, retryAfter: "30", body: `{"code": 20429, "message": "Too Many Requests"}`,
			want: Error{StatusCode: 429, Code: 20429, Message: "Too Many Requests", RetryAfter: 30 * time.Second}},
		{status: 500, want: Error{StatusCode: 500}},
		{status: 503, retryAfter: "soon", want: Error{StatusCode: 503}},
	}
	for _, tt := range tests {
		server, _ := startSMSAPI(t, func(w http.ResponseWriter, _ *http.Request) {
			if tt.retryAfter != "" {
				w.Header().Set("Retry-After", tt.retryAfter)
			}
			w.WriteHeader(tt.status)
			_, _ = w.Write([]byte(tt.body))
		})
		err := testSMS(t, server.URL, Config{}).Send(context.Background(), smsYourTurn)
		if tt.status < 300 {
			if err != nil {
				t.Errorf("Send answered %d = %v, want nil", tt.status, err)
			}
			continue
		}
		var apiErr *Error
		if !errors.As(err, &apiErr) {
			t.Errorf("Send answered %d = %v, want an *Error", tt.status, err)
			continue
		}
		if *apiErr != tt.want {
			t.Errorf("Send answered %d: Error = %+v, want %+v", tt.status, *apiErr, tt.want)
		}
		if notifications.IsPermanent(err) != tt.permanent {
			t.Errorf("Send answered %d: IsPermanent = %v, want %v (%v)", tt.status, notifications.IsPermanent(err), tt.permanent, err)
		}
		if strings.Contains(err.Error(), "token-secret") {
			t.Errorf("the error shows the auth token: %v", err)
		}
	}
}

func TestSMSBadMessage(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	server, _ := startSMSAPI(t, func(w http.ResponseWriter, r *http.Request) { calls.Add(1); created(w, r) })
	s := testSMS(t, server.URL, Config{})
	for _, phone := range []string{"", "07700900123", "+44 7700 900123", "+0123456", "+1234567890123456"} {
		m := smsYourTurn
		m.To.Phone = phone
		if err := s.Send(context.Background(), m); !notifications.IsPermanent(err) {
			t.Errorf("Send to %q = %v, want a permanent error", phone, err)
		}
	}
	m := smsYourTurn
	m.Text = " \n"
	if err := s.Send(context.Background(), m); !notifications.IsPermanent(err) {
		t.Errorf("Send with no text = %v, want a permanent error", err)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("the API got %d requests for messages that cannot go", n)
	}
}

func TestSMSTimeout(t *testing.T) {
	t.Parallel()
	// An API that answers only when the request is abandoned.
	hang := func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }

	t.Run("config timeout", func(t *testing.T) {
		t.Parallel()
		server, _ := startSMSAPI(t, hang)
		s := testSMS(t, server.URL, Config{Timeout: 200 * time.Millisecond})
		start := time.Now()
		err := s.Send(context.Background(), smsYourTurn)
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("Send took %v with a 200ms Timeout", elapsed)
		}
		if err == nil || notifications.IsPermanent(err) {
			t.Errorf("Send past the Timeout = %v, want a temporary error", err)
		}
	})
	t.Run("context deadline", func(t *testing.T) {
		t.Parallel()
		server, _ := startSMSAPI(t, hang)
		s := testSMS(t, server.URL, Config{})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := s.Send(ctx, smsYourTurn)
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("Send took %v with a 200ms deadline", elapsed)
		}
		if !errors.Is(err, context.DeadlineExceeded) || notifications.IsPermanent(err) {
			t.Errorf("Send past the deadline = %v, want a temporary error wrapping context.DeadlineExceeded", err)
		}
	})
}

func TestSMSServerDown(t *testing.T) {
	t.Parallel()
	server := httptest.NewServer(http.NotFoundHandler())
	url := server.URL
	server.Close()
	if err := testSMS(t, url, Config{}).Send(context.Background(), smsYourTurn); err == nil || notifications.IsPermanent(err) {
		t.Errorf("Send to an API that is down = %v, want a temporary error", err)
	}
}

func TestNewSMS(t *testing.T) {
	t.Parallel()
	s, err := New(Config{AccountSID: "AC1", AuthToken: "t", From: "Rout"})
	if err != nil {
		t.Fatalf("New with the required fields: %v", err)
	}
	if s.endpoint != "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json" || s.client.Timeout != DefaultTimeout {
		t.Errorf("endpoint %q, timeout %v; want Twilio's and %v", s.endpoint, s.client.Timeout, DefaultTimeout)
	}

	valid := Config{AccountSID: "AC1", AuthToken: "t", From: "+14155550100"}
	tests := []struct {
		name   string
		change func(*Config)
		want   string // in the error; empty for a valid config
	}{
		{"valid", func(*Config) {}, ""},
		{"http base URL", func(c *Config) { c.BaseURL = "http://127.0.0.1:8080/twilio" }, ""},
		{"sender ID", func(c *Config) { c.From = "Rout" }, ""},
		{"bad base URL", func(c *Config) { c.BaseURL = "api.twilio.com" }, EnvSMSBaseURL},
		{"base URL with query", func(c *Config) { c.BaseURL = "https://api.twilio.com?x=1" }, EnvSMSBaseURL},
		{"no SID", func(c *Config) { c.AccountSID = "" }, EnvSMSAccountSID},
		{"SID with slash", func(c *Config) { c.AccountSID = "AC1/../x" }, EnvSMSAccountSID},
		{"no token", func(c *Config) { c.AuthToken = "" }, EnvSMSAuthToken},
		{"no from", func(c *Config) { c.From = "" }, EnvSMSFrom},
		{"bad from number", func(c *Config) { c.From = "+1 415 555 0100" }, EnvSMSFrom},
		{"negative timeout", func(c *Config) { c.Timeout = -time.Second }, EnvSMSTimeout},
	}
	for _, tt := range tests {
		cfg := valid
		tt.change(&cfg)
		_, err := New(cfg)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: New = %v, want no error", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: New = %v, want an error naming %s", tt.name, err, tt.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := map[string]time.Duration{
		"":                              0,
		"soon":                          0,
		"0":                             0,
		"120":                           2 * time.Minute,
		"-5":                            0,
		"99999999999999":                7 * 24 * time.Hour,
		"Fri, 02 Jan 2026 03:05:05 GMT": time.Minute,
		"Fri, 02 Jan 2026 03:00:00 GMT": 0,
	}
	for header, want := range tests {
		if got := retryAfter(header, now); got != want {
			t.Errorf("retryAfter(%q) = %v, want %v", header, got, want)
		}
	}
}
