package email

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	"rout/notifications"

	"github.com/emersion/go-smtp"
)

// testEmail returns an Email sender for the SMTP test server on port, with cfg's other fields.
func testEmail(t *testing.T, port int, cfg Config) *Sender {
	t.Helper()
	cfg.Host = "127.0.0.1"
	cfg.Port = port
	if cfg.From == "" {
		cfg.From = "Rout <rout@rout.example>"
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return e
}

// parseReceived parses a received message and returns it with its body decoded: of a
// multipart/alternative message, the text/plain part.
func parseReceived(t *testing.T, data []byte) (*mail.Message, string) {
	t.Helper()
	msg, parts := parseParts(t, data)
	if parts != nil {
		return msg, parts["text/plain"]
	}
	r := io.Reader(msg.Body)
	if msg.Header.Get("Content-Transfer-Encoding") == "quoted-printable" {
		r = quotedprintable.NewReader(r)
	}
	body, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("reading the body: %v", err)
	}
	return msg, string(body)
}

// parseParts parses a received message and, when it is multipart/alternative, returns its parts by
// media type, decoded; nil otherwise (the body is left unread).
func parseParts(t *testing.T, data []byte) (*mail.Message, map[string]string) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the server received a message that does not parse: %v\n%s", err, data)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		return msg, nil
	}
	parts := map[string]string{}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("reading the parts: %v", err)
		}
		typ, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		var r io.Reader = p
		if p.Header.Get("Content-Transfer-Encoding") == "quoted-printable" {
			r = quotedprintable.NewReader(p)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("reading the %s part: %v", typ, err)
		}
		parts[typ] = string(b)
	}
	return msg, parts
}

// onlyMessage returns the one message server received.
func onlyMessage(t *testing.T, server *smtpServer) received {
	t.Helper()
	msgs := server.Messages()
	if len(msgs) != 1 {
		t.Fatalf("the server received %d messages, want 1", len(msgs))
	}
	return msgs[0]
}

var yourTurn = notifications.Message{
	Kind:    notifications.KindYourTurn,
	To:      notifications.Recipient{Email: "ada@players.example", Name: "Ada Lovelace"},
	Subject: "Your turn in Friday night",
	Text:    "It's your turn in Friday night (turn 7).\n\nPlay now: https://rout.example/games/42\n",
	Link:    "https://rout.example/games/42",
	GameID:  42,
	Turn:    7,
}

func TestEmailSend(t *testing.T) {
	t.Parallel()
	server := startSMTP(t, nil)
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever, HelloName: "rout.example"})
	now := time.Date(2026, 3, 14, 15, 9, 26, 0, time.FixedZone("", 3600))
	e.now = func() time.Time { return now }

	if err := e.Send(context.Background(), yourTurn); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := onlyMessage(t, server)
	if got.From != "rout@rout.example" || len(got.To) != 1 || got.To[0] != "ada@players.example" {
		t.Errorf("envelope = from %q to %q, want from rout@rout.example to [ada@players.example]", got.From, got.To)
	}
	if got.TLS || got.User != "" {
		t.Errorf("TLS = %v, user = %q, want neither with StartTLSNever and no username", got.TLS, got.User)
	}
	if bytes.Contains(bytes.ReplaceAll(got.Data, []byte("\r\n"), nil), []byte("\n")) {
		t.Errorf("the message has a bare LF:\n%q", got.Data)
	}
	msg, body := parseReceived(t, got.Data)
	wantHeaders := map[string]string{
		"Date":                      "Sat, 14 Mar 2026 15:09:26 +0100",
		"From":                      `"Rout" <rout@rout.example>`,
		"To":                        `"Ada Lovelace" <ada@players.example>`,
		"Subject":                   "Your turn in Friday night",
		"Mime-Version":              "1.0",
		"Content-Type":              "text/plain; charset=utf-8",
		"Content-Transfer-Encoding": "7bit",
		"Auto-Submitted":            "auto-generated",
		"X-Rout-Kind":               "your_turn",
		"X-Rout-Game":               "42",
	}
	for name, want := range wantHeaders {
		if got := msg.Header.Get(name); got != want {
			t.Errorf("header %s = %q, want %q", name, got, want)
		}
	}
	if id := msg.Header.Get("Message-Id"); !regexp.MustCompile(`^<[A-Z2-7]{26}@rout\.example>$`).MatchString(id) {
		t.Errorf("Message-ID = %q, want <random@rout.example>", id)
	}
	if body != strings.ReplaceAll(yourTurn.Text, "\n", "\r\n") {
		t.Errorf("body = %q, want %q with CRLF line ends", body, yourTurn.Text)
	}

	// A second message has a Message-ID of its own.
	if err := e.Send(context.Background(), yourTurn); err != nil {
		t.Fatalf("second Send: %v", err)
	}
	msgs := server.Messages()
	first, _ := parseReceived(t, msgs[0].Data)
	second, _ := parseReceived(t, msgs[1].Data)
	if first.Header.Get("Message-Id") == second.Header.Get("Message-Id") {
		t.Errorf("two messages have the same Message-ID %s", first.Header.Get("Message-Id"))
	}
}

func TestEmailSendUTF8AndDots(t *testing.T) {
	t.Parallel()
	server := startSMTP(t, nil)
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever})
	m := yourTurn
	m.To.Name = "Zoë Ørsted"
	m.Subject = "Votre tour dans « Château » ⚔"
	// Lines that are or start with a dot must survive SMTP's dot-stuffing; a long line must survive
	// quoted-printable's soft breaks.
	m.Text = "À vous de jouer.\n.\n..two dots\n.\r\nlast line " + strings.Repeat("x", 200) + "\n"
	if err := e.Send(context.Background(), m); err != nil {
		t.Fatalf("Send: %v", err)
	}
	msg, body := parseReceived(t, onlyMessage(t, server).Data)
	if got := msg.Header.Get("Content-Transfer-Encoding"); got != "quoted-printable" {
		t.Errorf("Content-Transfer-Encoding = %q, want quoted-printable", got)
	}
	raw := msg.Header.Get("Subject")
	if !strings.HasPrefix(raw, "=?utf-8?") {
		t.Errorf("raw Subject = %q, want an RFC 2047 encoded word", raw)
	}
	var dec mime.WordDecoder
	if subject, err := dec.DecodeHeader(raw); err != nil || subject != m.Subject {
		t.Errorf("decoded Subject = %q, %v, want %q", subject, err, m.Subject)
	}
	to, err := msg.Header.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Name != m.To.Name || to[0].Address != m.To.Email {
		t.Errorf("To = %v, %v, want %s <%s>", to, err, m.To.Name, m.To.Email)
	}
	want := "À vous de jouer.\r\n.\r\n..two dots\r\n.\r\nlast line " + strings.Repeat("x", 200) + "\r\n"
	if body != want {
		t.Errorf("body = %q, want %q", body, want)
	}
}

func TestEmailHeaderInjection(t *testing.T) {
	t.Parallel()
	server := startSMTP(t, nil)
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever})
	m := yourTurn
	m.Subject = "Hello\r\nBcc: victim@example.com"
	m.To.Name = "Eve\r\nBcc: victim@example.com"
	if err := e.Send(context.Background(), m); err != nil {
		t.Fatalf("Send: %v", err)
	}
	msg, _ := parseReceived(t, onlyMessage(t, server).Data)
	if bcc := msg.Header.Get("Bcc"); bcc != "" {
		t.Errorf("a Subject or name with a line break added a header: Bcc = %q", bcc)
	}
	if got := msg.Header.Get("Subject"); got != "Hello Bcc: victim@example.com" {
		t.Errorf("Subject = %q, want the line break made a space", got)
	}
}

func TestEmailStartTLS(t *testing.T) {
	t.Parallel()
	cert, roots := selfSignedCert(t)
	server := startSMTP(t, func(s *smtp.Server, _ *smtpServer) {
		s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	})
	for _, mode := range []StartTLSMode{StartTLSAlways, StartTLSAuto} {
		e := testEmail(t, server.Port, Config{StartTLS: mode, TLSConfig: &tls.Config{RootCAs: roots}})
		if err := e.Send(context.Background(), yourTurn); err != nil {
			t.Fatalf("Send with StartTLS %v: %v", mode, err)
		}
	}
	for i, got := range server.Messages() {
		if !got.TLS {
			t.Errorf("message %d went without TLS", i)
		}
	}
	if n := len(server.Messages()); n != 2 {
		t.Errorf("the server received %d messages, want 2", n)
	}

	// StartTLSNever sends in plain text even to a server that offers TLS.
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever})
	if err := e.Send(context.Background(), yourTurn); err != nil {
		t.Fatalf("Send with StartTLS never: %v", err)
	}
	if msgs := server.Messages(); msgs[len(msgs)-1].TLS {
		t.Errorf("StartTLSNever upgraded to TLS")
	}
}

func TestEmailStartTLSUntrusted(t *testing.T) {
	t.Parallel()
	cert, _ := selfSignedCert(t)
	server := startSMTP(t, func(s *smtp.Server, _ *smtpServer) {
		s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	})
	// No RootCAs: the system's roots do not trust the test certificate.
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSAlways})
	err := e.Send(context.Background(), yourTurn)
	var unknown x509.UnknownAuthorityError
	if err == nil || !errors.As(err, &unknown) {
		t.Fatalf("Send to a server with an untrusted certificate = %v, want an unknown authority error", err)
	}
	if notifications.IsPermanent(err) {
		t.Errorf("a TLS failure is permanent: %v", err)
	}
	if n := len(server.Messages()); n != 0 {
		t.Errorf("the server received %d messages over an unverified connection", n)
	}
}

func TestEmailStartTLSMissing(t *testing.T) {
	t.Parallel()
	server := startSMTP(t, nil) // offers no STARTTLS

	e := testEmail(t, server.Port, Config{StartTLS: StartTLSAlways})
	err := e.Send(context.Background(), yourTurn)
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("Send with StartTLSAlways to a server without STARTTLS = %v, want an error about STARTTLS", err)
	}
	if notifications.IsPermanent(err) {
		t.Errorf("a server without STARTTLS is a permanent error: %v", err)
	}
	if n := len(server.Messages()); n != 0 {
		t.Fatalf("the server received %d messages in plain text with StartTLSAlways", n)
	}

	// StartTLSAuto goes ahead in plain text.
	e = testEmail(t, server.Port, Config{StartTLS: StartTLSAuto})
	if err := e.Send(context.Background(), yourTurn); err != nil {
		t.Fatalf("Send with StartTLSAuto: %v", err)
	}
	if got := onlyMessage(t, server); got.TLS {
		t.Errorf("the message went over TLS")
	}
}

func TestEmailAuthPlain(t *testing.T) {
	t.Parallel()
	cert, roots := selfSignedCert(t)
	server := startSMTP(t, func(s *smtp.Server, rec *smtpServer) {
		s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
		rec.user, rec.password = "rout", "s3cret"
	})
	e := testEmail(t, server.Port, Config{Username: "rout", Password: "s3cret", TLSConfig: &tls.Config{RootCAs: roots}})
	if err := e.Send(context.Background(), yourTurn); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if got := onlyMessage(t, server); got.User != "rout" || !got.TLS {
		t.Errorf("the message came from user %q, TLS %v; want user rout over TLS", got.User, got.TLS)
	}

	// The wrong password: 535, permanent.
	e = testEmail(t, server.Port, Config{Username: "rout", Password: "wrong", TLSConfig: &tls.Config{RootCAs: roots}})
	err := e.Send(context.Background(), yourTurn)
	if err == nil || !notifications.IsPermanent(err) || !strings.Contains(err.Error(), "535") {
		t.Errorf("Send with the wrong password = %v, want a permanent 535 error", err)
	}

	// No credentials, to a server that wants them: 502 at MAIL FROM, permanent.
	e = testEmail(t, server.Port, Config{TLSConfig: &tls.Config{RootCAs: roots}})
	if err := e.Send(context.Background(), yourTurn); err == nil || !notifications.IsPermanent(err) {
		t.Errorf("Send without credentials = %v, want a permanent error", err)
	}
	if n := len(server.Messages()); n != 1 {
		t.Errorf("the server received %d messages, want only the authenticated one", n)
	}
}

func TestEmailAuthPlainLocalhost(t *testing.T) {
	t.Parallel()
	// A relay on the same machine, without TLS: net/smtp lets the password go to 127.0.0.1 only.
	server := startSMTP(t, func(s *smtp.Server, rec *smtpServer) {
		s.AllowInsecureAuth = true
		rec.user, rec.password = "rout", "s3cret"
	})
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever, Username: "rout", Password: "s3cret"})
	if err := e.Send(context.Background(), yourTurn); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if got := onlyMessage(t, server); got.User != "rout" {
		t.Errorf("the message came from user %q, want rout", got.User)
	}
}

func TestEmailAuthNotOffered(t *testing.T) {
	t.Parallel()
	server := startSMTP(t, nil) // no AUTH
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever, Username: "rout", Password: "s3cret"})
	err := e.Send(context.Background(), yourTurn)
	if err == nil || !strings.Contains(err.Error(), "AUTH PLAIN") {
		t.Errorf("Send with credentials to a server without AUTH = %v, want an error about AUTH PLAIN", err)
	}
}

func TestEmailRejected(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code      int
		permanent bool
	}{
		{550, true},  // no such mailbox
		{553, true},  // mailbox name not allowed
		{450, false}, // mailbox busy
		{451, false}, // local error, greylisting
	}
	for _, tt := range tests {
		server := startSMTP(t, func(_ *smtp.Server, rec *smtpServer) {
			rec.rejectRcpt = &smtp.SMTPError{Code: tt.code, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "rejected for the test"}
		})
		e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever})
		err := e.Send(context.Background(), yourTurn)
		if err == nil {
			t.Errorf("Send rejected with %d = nil, want an error", tt.code)
			continue
		}
		if notifications.IsPermanent(err) != tt.permanent {
			t.Errorf("Send rejected with %d: IsPermanent = %v, want %v (%v)", tt.code, notifications.IsPermanent(err), tt.permanent, err)
		}
		if !strings.Contains(err.Error(), "rejected for the test") {
			t.Errorf("Send rejected with %d = %v, want the server's text in the error", tt.code, err)
		}
	}
}

func TestEmailBadRecipient(t *testing.T) {
	t.Parallel()
	server := startSMTP(t, nil)
	e := testEmail(t, server.Port, Config{StartTLS: StartTLSNever})
	for _, addr := range []string{"", "not an address", "ada@", "ada@players.example\r\nRCPT TO:<x@y>"} {
		m := yourTurn
		m.To.Email = addr
		if err := e.Send(context.Background(), m); !notifications.IsPermanent(err) {
			t.Errorf("Send to %q = %v, want a permanent error", addr, err)
		}
	}
	m := yourTurn
	m.Text = ""
	if err := e.Send(context.Background(), m); !notifications.IsPermanent(err) {
		t.Errorf("Send with no text = %v, want a permanent error", err)
	}
	if n := len(server.Messages()); n != 0 {
		t.Errorf("the server received %d messages", n)
	}
}

func TestEmailServerCloses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		handle func(conn net.Conn, r *bufio.Reader)
	}{
		{"at once", func(net.Conn, *bufio.Reader) {}},
		{"after EHLO", func(conn net.Conn, r *bufio.Reader) {
			_, _ = io.WriteString(conn, "220 localhost ESMTP\r\n")
			_, _ = r.ReadString('\n')
		}},
		{"during DATA", func(conn net.Conn, r *bufio.Reader) {
			_, _ = io.WriteString(conn, "220 localhost ESMTP\r\n")
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				switch cmd := strings.ToUpper(strings.Fields(line)[0]); cmd {
				case "EHLO":
					_, _ = io.WriteString(conn, "250 localhost\r\n")
				case "DATA":
					_, _ = io.WriteString(conn, "354 go ahead\r\n")
					_, _ = r.ReadString('\n') // the first line of the message, then hang up
					return
				default:
					_, _ = io.WriteString(conn, "250 ok\r\n")
				}
			}
		}},
		{"421 greeting", func(conn net.Conn, r *bufio.Reader) {
			_, _ = io.WriteString(conn, "421 localhost too busy, try later\r\n")
		}},
	}
	for _, tt := range tests {
		port := startRawServer(t, tt.handle)
		e := testEmail(t, port, Config{StartTLS: StartTLSNever})
		err := e.Send(context.Background(), yourTurn)
		if err == nil || notifications.IsPermanent(err) {
			t.Errorf("Send to a server that closes %s = %v, want a temporary error", tt.name, err)
		}
	}
}

func TestEmailConnectionRefused(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	e := testEmail(t, port, Config{StartTLS: StartTLSNever})
	if err := e.Send(context.Background(), yourTurn); err == nil || notifications.IsPermanent(err) {
		t.Errorf("Send to a closed port = %v, want a temporary error", err)
	}
}

func TestEmailTimeout(t *testing.T) {
	t.Parallel()
	// A server that accepts and never says a word.
	silent := func(_ net.Conn, r *bufio.Reader) { _, _ = r.ReadByte() }

	t.Run("context deadline", func(t *testing.T) {
		t.Parallel()
		e := testEmail(t, startRawServer(t, silent), Config{StartTLS: StartTLSNever})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := e.Send(ctx, yourTurn)
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("Send took %v with a 200ms deadline", elapsed)
		}
		if !errors.Is(err, context.DeadlineExceeded) || notifications.IsPermanent(err) {
			t.Errorf("Send past the deadline = %v, want a temporary error wrapping context.DeadlineExceeded", err)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		t.Parallel()
		e := testEmail(t, startRawServer(t, silent), Config{StartTLS: StartTLSNever})
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(200*time.Millisecond, cancel)
		start := time.Now()
		err := e.Send(ctx, yourTurn)
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("Send took %v, cancelled after 200ms", elapsed)
		}
		if !errors.Is(err, context.Canceled) || notifications.IsPermanent(err) {
			t.Errorf("Send cancelled = %v, want a temporary error wrapping context.Canceled", err)
		}
	})
	t.Run("config timeout", func(t *testing.T) {
		t.Parallel()
		e := testEmail(t, startRawServer(t, silent), Config{StartTLS: StartTLSNever, Timeout: 200 * time.Millisecond})
		start := time.Now()
		err := e.Send(context.Background(), yourTurn)
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("Send took %v with a 200ms Timeout", elapsed)
		}
		if !errors.Is(err, context.DeadlineExceeded) || notifications.IsPermanent(err) {
			t.Errorf("Send past the Timeout = %v, want a temporary error wrapping context.DeadlineExceeded", err)
		}
	})
}

func TestNewEmail(t *testing.T) {
	t.Parallel()
	e, err := New(Config{Host: "smtp.example.com", From: "rout@example.com"})
	if err != nil {
		t.Fatalf("New with only Host and From: %v", err)
	}
	if e.cfg.Port != DefaultSMTPPort || e.cfg.StartTLS != StartTLSAlways || e.cfg.HelloName != DefaultSMTPHelloName ||
		e.cfg.Timeout != DefaultTimeout {
		t.Errorf("defaults = %+v", e.cfg)
	}
	if e.tlsConfig.ServerName != "smtp.example.com" || e.tlsConfig.MinVersion != tls.VersionTLS12 {
		t.Errorf("TLS config: ServerName %q, MinVersion %x; want smtp.example.com, TLS 1.2", e.tlsConfig.ServerName, e.tlsConfig.MinVersion)
	}

	valid := Config{Host: "smtp.example.com", From: "Rout <rout@example.com>"}
	tests := []struct {
		name   string
		change func(*Config)
		want   string // in the error; empty for a valid config
	}{
		{"valid", func(*Config) {}, ""},
		{"IPv6 host", func(c *Config) { c.Host = "::1" }, ""},
		{"credentials", func(c *Config) { c.Username, c.Password = "u", "p" }, ""},
		{"credentials to localhost without TLS", func(c *Config) {
			c.Host, c.StartTLS, c.Username, c.Password = "localhost", StartTLSNever, "u", "p"
		}, ""},
		{"no host", func(c *Config) { c.Host = "" }, EnvSMTPHost},
		{"host with port", func(c *Config) { c.Host = "smtp.example.com:587" }, EnvSMTPHost},
		{"host as URL", func(c *Config) { c.Host = "smtp://smtp.example.com" }, EnvSMTPHost},
		{"port too big", func(c *Config) { c.Port = 70000 }, EnvSMTPPort},
		{"negative port", func(c *Config) { c.Port = -1 }, EnvSMTPPort},
		{"bad mode", func(c *Config) { c.StartTLS = 9 }, EnvSMTPStartTLS},
		{"username only", func(c *Config) { c.Username = "u" }, EnvSMTPPassword},
		{"password only", func(c *Config) { c.Password = "p" }, EnvSMTPUsername},
		{"password in plain text", func(c *Config) { c.StartTLS, c.Username, c.Password = StartTLSNever, "u", "p" }, EnvSMTPStartTLS},
		{"no from", func(c *Config) { c.From = "" }, EnvSMTPFrom},
		{"bad from", func(c *Config) { c.From = "rout at example.com" }, EnvSMTPFrom},
		{"bad hello", func(c *Config) { c.HelloName = "two words" }, EnvSMTPHelloName},
		{"negative timeout", func(c *Config) { c.Timeout = -time.Second }, EnvSMTPTimeout},
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

func TestStartTLSMode(t *testing.T) {
	t.Parallel()
	for mode, name := range map[StartTLSMode]string{StartTLSAlways: "always", StartTLSAuto: "auto", StartTLSNever: "never"} {
		if got := mode.String(); got != name {
			t.Errorf("%d.String() = %q, want %q", mode, got, name)
		}
		if got, err := ParseStartTLSMode(name); err != nil || got != mode {
			t.Errorf("ParseStartTLSMode(%q) = %v, %v, want %v", name, got, err, mode)
		}
	}
	if _, err := ParseStartTLSMode("yes"); err == nil {
		t.Errorf("ParseStartTLSMode(yes) = nil error")
	}
}
