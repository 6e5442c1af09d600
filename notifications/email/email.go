// Package email sends notifications by email. Its Sender speaks SMTP with the standard library's
// net/smtp: one connection per message, STARTTLS (always, auto or never), AUTH PLAIN, and an RFC 5322
// message in UTF-8 (the plain text, with its HTML alternative when the message has one). A 5xx reply is a
// permanent error (notifications.Permanent), anything else temporary.
package email

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"time"

	"rout/notifications"
)

// The environment variables of email, which router.ConfigFromEnv reads.
const (
	EnvSMTPHost      = "ROUT_SMTP_HOST"
	EnvSMTPPort      = "ROUT_SMTP_PORT"
	EnvSMTPStartTLS  = "ROUT_SMTP_STARTTLS"
	EnvSMTPUsername  = "ROUT_SMTP_USERNAME"
	EnvSMTPPassword  = "ROUT_SMTP_PASSWORD"
	EnvSMTPFrom      = "ROUT_SMTP_FROM"
	EnvSMTPHelloName = "ROUT_SMTP_HELO_NAME"
	EnvSMTPTimeout   = "ROUT_SMTP_TIMEOUT"
)

// Defaults of Config.
const (
	// DefaultSMTPPort is the mail submission port (RFC 6409), where clients send mail with STARTTLS and
	// AUTH.
	DefaultSMTPPort = 587
	// DefaultSMTPHelloName is the name the sender gives itself in EHLO, as net/smtp does.
	DefaultSMTPHelloName = "localhost"
	// DefaultTimeout bounds one Send: connecting, TLS, AUTH and the transfer of the message.
	DefaultTimeout = 30 * time.Second
)

// StartTLSMode says whether the sender upgrades its SMTP connection to TLS with STARTTLS. Its stable names are
// "always", "auto" and "never"; the zero value is StartTLSAlways.
type StartTLSMode uint8

// The STARTTLS modes.
const (
	// StartTLSAlways upgrades every connection and refuses to send over a server that does not offer
	// STARTTLS ("always", the default).
	StartTLSAlways StartTLSMode = iota
	// StartTLSAuto upgrades when the server offers STARTTLS and sends in plain text otherwise ("auto").
	// Someone on the path can remove the offer; use it only where that is acceptable.
	StartTLSAuto
	// StartTLSNever never upgrades ("never"): for a relay on the same machine or a development mail
	// catcher.
	StartTLSNever
)

var startTLSNames = [...]string{StartTLSAlways: "always", StartTLSAuto: "auto", StartTLSNever: "never"}

// String returns the stable name of m, such as "always".
func (m StartTLSMode) String() string {
	if int(m) >= len(startTLSNames) {
		return fmt.Sprintf("starttls(%d)", uint8(m))
	}
	return startTLSNames[m]
}

// ParseStartTLSMode returns the mode named name: always, auto or never.
func ParseStartTLSMode(name string) (StartTLSMode, error) {
	for m, n := range startTLSNames {
		if n == name {
			return StartTLSMode(m), nil
		}
	}
	return 0, fmt.Errorf("%q is not a STARTTLS mode: want always, auto or never", name)
}

// Config configures the email Sender. Zero fields take their defaults; Host and From are required.
type Config struct {
	// Host is the SMTP server's host name or IP address (ROUT_SMTP_HOST), such as "smtp.example.com". TLS
	// verifies the server's certificate against it.
	Host string
	// Port is the SMTP server's port (ROUT_SMTP_PORT). Default DefaultSMTPPort. Implicit TLS (port 465,
	// "SMTPS") is not supported: use the submission port with STARTTLS.
	Port int
	// StartTLS says whether to upgrade the connection with STARTTLS (ROUT_SMTP_STARTTLS): always (the
	// default), auto or never.
	StartTLS StartTLSMode
	// Username and Password are the credentials for AUTH PLAIN (ROUT_SMTP_USERNAME,
	// ROUT_SMTP_PASSWORD); both empty for a server that needs no authentication. The sender sends them only
	// over TLS, or in plain text to a server on localhost.
	Username, Password string
	// From is the sender (ROUT_SMTP_FROM), an address with an optional display name, such as
	// "Rout <rout@example.com>". Its address is the envelope sender too.
	From string
	// HelloName is the name the sender gives itself in EHLO (ROUT_SMTP_HELO_NAME). Default
	// DefaultSMTPHelloName.
	HelloName string
	// Timeout bounds one Send, from the connection to the end of the transfer (ROUT_SMTP_TIMEOUT);
	// a sooner deadline of Send's context wins. Default DefaultTimeout.
	Timeout time.Duration
	// TLSConfig is the TLS configuration for STARTTLS; nil verifies the server with the system's roots.
	// Set RootCAs to trust a private certificate authority. ServerName defaults to Host and MinVersion
	// to TLS 1.2. There is no environment variable for it.
	TLSConfig *tls.Config
}

// withDefaults returns c with its zero fields at their defaults.
func (c Config) withDefaults() Config {
	if c.Port == 0 {
		c.Port = DefaultSMTPPort
	}
	if c.HelloName == "" {
		c.HelloName = DefaultSMTPHelloName
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	return c
}

// Validate reports every setting the email sender cannot work with, each on its own line, with its zero
// fields at their defaults.
func (c Config) Validate() error {
	c = c.withDefaults()
	var errs []error
	switch {
	case c.Host == "":
		errs = append(errs, fmt.Errorf("%s is empty: want the SMTP server's host name, such as smtp.example.com", EnvSMTPHost))
	case strings.ContainsAny(c.Host, "/ \t\r\n") || strings.Contains(c.Host, ":") && net.ParseIP(c.Host) == nil:
		errs = append(errs, fmt.Errorf("%s %q is not a host name: want a name or an IP address alone, such as smtp.example.com (the port is %s)",
			EnvSMTPHost, c.Host, EnvSMTPPort))
	}
	if c.Port < 1 || c.Port > 65535 {
		errs = append(errs, fmt.Errorf("%s %d is not a port number from 1 to 65535", EnvSMTPPort, c.Port))
	}
	if int(c.StartTLS) >= len(startTLSNames) {
		errs = append(errs, fmt.Errorf("%s %v is not a STARTTLS mode: want always, auto or never", EnvSMTPStartTLS, c.StartTLS))
	}
	switch {
	case c.Username == "" && c.Password != "":
		errs = append(errs, fmt.Errorf("%s is set but %s is empty", EnvSMTPPassword, EnvSMTPUsername))
	case c.Username != "" && c.Password == "":
		errs = append(errs, fmt.Errorf("%s is set but %s is empty", EnvSMTPUsername, EnvSMTPPassword))
	case c.Username != "" && c.StartTLS == StartTLSNever && !isLocalhost(c.Host):
		errs = append(errs, fmt.Errorf("%s=never with a password: Rout sends passwords only over TLS, or to a server on localhost; "+
			"set %s to always", EnvSMTPStartTLS, EnvSMTPStartTLS))
	}
	if c.From == "" {
		errs = append(errs, fmt.Errorf("%s is empty: want the sender's address, such as \"Rout <rout@example.com>\"", EnvSMTPFrom))
	} else if _, err := mail.ParseAddress(c.From); err != nil {
		errs = append(errs, fmt.Errorf("%s %q is not an email address (such as \"Rout <rout@example.com>\"): %w", EnvSMTPFrom, c.From, err))
	}
	if c.HelloName == "" || strings.ContainsAny(c.HelloName, " \t\r\n") {
		errs = append(errs, fmt.Errorf("%s %q is not a host name", EnvSMTPHelloName, c.HelloName))
	}
	if c.Timeout <= 0 {
		errs = append(errs, fmt.Errorf("%s %v is not positive", EnvSMTPTimeout, c.Timeout))
	}
	return errors.Join(errs...)
}

// isLocalhost reports whether net/smtp's PlainAuth lets a password go to host without TLS.
func isLocalhost(host string) bool {
	return host == "localhost" || host == "127.0.0.1" || host == "::1"
}

// Sender sends messages by SMTP: one connection per message, with STARTTLS and AUTH PLAIN as configured.
// It is safe for concurrent use.
type Sender struct {
	cfg       Config
	from      *mail.Address
	tlsConfig *tls.Config
	now       func() time.Time
}

// New returns a Sender for cfg, with defaults for its zero fields, or the reasons cfg is not
// valid.
func New(cfg Config) (*Sender, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("error configuring email: %w", err)
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("error configuring email: %w", err) // Validate checked it
	}
	tlsConfig := &tls.Config{}
	if cfg.TLSConfig != nil {
		tlsConfig = cfg.TLSConfig.Clone()
	}
	if tlsConfig.ServerName == "" {
		tlsConfig.ServerName = cfg.Host
	}
	if tlsConfig.MinVersion == 0 {
		tlsConfig.MinVersion = tls.VersionTLS12
	}
	return &Sender{cfg: cfg, from: from, tlsConfig: tlsConfig, now: time.Now}, nil
}

// Send sends m to m.To.Email. It fails permanently on a missing or malformed address and when the server
// answers with a 5xx reply (such as 550, no such mailbox); a 4xx reply, a lost connection, a TLS failure
// and the end of ctx or of the configured Timeout are temporary.
func (e *Sender) Send(ctx context.Context, m notifications.Message) error {
	to, err := e.recipient(m.To)
	if err != nil {
		return notifications.Permanent(fmt.Errorf("error sending email: %w", err))
	}
	data, err := e.build(m, to)
	if err != nil {
		return notifications.Permanent(fmt.Errorf("error sending email: %w", err))
	}

	addr := net.JoinHostPort(e.cfg.Host, strconv.Itoa(e.cfg.Port))
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	if err := e.transfer(ctx, addr, to.Address, data); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			// The connection's deadline cut the exchange short: say why.
			return fmt.Errorf("error sending email through %s: %w: %w", addr, ctxErr, err)
		}
		var reply *textproto.Error
		if errors.As(err, &reply) && reply.Code >= 500 && reply.Code <= 599 {
			return notifications.Permanent(fmt.Errorf("error sending email through %s: %w", addr, err))
		}
		return fmt.Errorf("error sending email through %s: %w", addr, err)
	}
	return nil
}

// recipient returns the address of r for the To header and the envelope.
func (e *Sender) recipient(r notifications.Recipient) (*mail.Address, error) {
	if r.Email == "" {
		return nil, errors.New("the recipient has no email address")
	}
	addr, err := mail.ParseAddress(r.Email)
	if err != nil {
		return nil, fmt.Errorf("the recipient's email address is not valid: %w", err)
	}
	return &mail.Address{Name: r.Name, Address: addr.Address}, nil
}

// transfer delivers data to rcpt over one SMTP session with the server at addr, within ctx.
func (e *Sender) transfer(ctx context.Context, addr, rcpt string, data []byte) error {
	var dialer net.Dialer
	conn, err := dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("error connecting: %w", err)
	}
	defer conn.Close()
	// When ctx ends (its deadline, which Send's Timeout bounds, or a cancellation), a deadline in the
	// past interrupts whatever read or write is under way; the TLS connection, if any, runs on conn and
	// stops with it. (Setting ctx's deadline on conn as well would race with ctx: an I/O timeout could
	// come before ctx says it has ended.)
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) }) // fails only on a closed conn
	defer stop()

	c, err := smtp.NewClient(conn, e.cfg.Host)
	if err != nil {
		return fmt.Errorf("error reading the server's greeting: %w", err)
	}
	defer c.Close()
	if err := c.Hello(e.cfg.HelloName); err != nil {
		return fmt.Errorf("error greeting the server: %w", err)
	}
	if e.cfg.StartTLS != StartTLSNever {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(e.tlsConfig); err != nil {
				return fmt.Errorf("error starting TLS: %w", err)
			}
		} else if e.cfg.StartTLS == StartTLSAlways {
			return fmt.Errorf("the server does not offer STARTTLS, which %s=always requires", EnvSMTPStartTLS)
		}
	}
	if e.cfg.Username != "" {
		ok, mechanisms := c.Extension("AUTH")
		if !ok || !slices.Contains(strings.Fields(strings.ToUpper(mechanisms)), "PLAIN") {
			return fmt.Errorf("the server does not offer AUTH PLAIN (it offers %q)", mechanisms)
		}
		if err := c.Auth(smtp.PlainAuth("", e.cfg.Username, e.cfg.Password, e.cfg.Host)); err != nil {
			return fmt.Errorf("error authenticating as %q: %w", e.cfg.Username, err)
		}
	}
	if err := c.Mail(e.from.Address); err != nil {
		return fmt.Errorf("error in MAIL FROM: %w", err)
	}
	if err := c.Rcpt(rcpt); err != nil {
		return fmt.Errorf("error in RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("error in DATA: %w", err)
	}
	// The data writer stuffs dots: a line "." in the text does not end the message.
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("error writing the message: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("error ending the message: %w", err)
	}
	// The server has taken the message; a failed goodbye does not undo that.
	_ = c.Quit()
	return nil
}

// build returns the RFC 5322 message for m, with CRLF line ends.
func (e *Sender) build(m notifications.Message, to *mail.Address) ([]byte, error) {
	if m.Text == "" {
		return nil, errors.New("the message has no text")
	}
	domain := e.from.Address[strings.LastIndexByte(e.from.Address, '@')+1:]
	body := strings.ReplaceAll(m.Text, "\r\n", "\n")
	body = strings.ReplaceAll(body, "\r", "\n")
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	encoding := "7bit"
	if !is7bit(body) {
		encoding = "quoted-printable"
	}

	var b bytes.Buffer
	header := func(name, value string) { b.WriteString(name + ": " + value + "\r\n") }
	header("Date", e.now().Format(time.RFC1123Z))
	header("Message-ID", "<"+rand.Text()+"@"+domain+">")
	header("From", e.from.String())
	header("To", to.String())
	// Q-encoding leaves a printable ASCII subject as it is and encodes any other (RFC 2047).
	header("Subject", mime.QEncoding.Encode("utf-8", strings.Join(strings.Fields(m.Subject), " ")))
	header("MIME-Version", "1.0")
	var mp *multipart.Writer
	if m.HTML != "" {
		mp = multipart.NewWriter(&b)
		header("Content-Type", "multipart/alternative; boundary="+mp.Boundary())
	} else {
		header("Content-Type", "text/plain; charset=utf-8")
		header("Content-Transfer-Encoding", encoding)
	}
	header("Auto-Submitted", "auto-generated") // RFC 3834: no out-of-office replies
	if m.Kind.Valid() {
		header("X-Rout-Kind", m.Kind.String())
	}
	if m.GameID > 0 {
		header("X-Rout-Game", strconv.Itoa(m.GameID))
	}
	if m.Unsubscribe != "" {
		// RFC 8058: mail clients POST "List-Unsubscribe=One-Click" to the link, without a sign-in.
		header("List-Unsubscribe", "<"+m.Unsubscribe+">")
		header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
		body += "Stop these emails: " + m.Unsubscribe + "\n"
		if !is7bit(body) {
			encoding = "quoted-printable"
		}
	}
	b.WriteString("\r\n")
	if mp != nil {
		if err := writeAlternatives(mp, body, m.HTML); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	if encoding == "7bit" {
		b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
		return b.Bytes(), nil
	}
	qp := quotedprintable.NewWriter(&b)
	if _, err := qp.Write([]byte(body)); err != nil {
		return nil, fmt.Errorf("error encoding the text: %w", err)
	}
	if err := qp.Close(); err != nil {
		return nil, fmt.Errorf("error encoding the text: %w", err)
	}
	return b.Bytes(), nil
}

// is7bit reports whether body (lines ended by "\n") may go as it is in a 7bit body: ASCII with no NUL
// and no bare CR, in lines of at most 998 octets (RFC 5322 section 2.1.1).
func is7bit(body string) bool {
	for line := range strings.Lines(body) {
		if len(line) > 998+1 {
			return false
		}
		for i := 0; i < len(line); i++ {
			if c := line[i]; c == 0 || c >= 0x80 || c == '\r' {
				return false
			}
		}
	}
	return true
}

// writeAlternatives writes the plain-text and the HTML part of a multipart/alternative body (RFC 2046:
// the plain one first, the richer last), each quoted-printable, and closes mp.
func writeAlternatives(mp *multipart.Writer, text, html string) error {
	for _, part := range []struct{ typ, content string }{{"text/plain", text}, {"text/html", html}} {
		w, err := mp.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.typ + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return fmt.Errorf("error writing the %s part: %w", part.typ, err)
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(strings.ReplaceAll(part.content, "\n", "\r\n"))); err != nil {
			return fmt.Errorf("error encoding the %s part: %w", part.typ, err)
		}
		if err := qp.Close(); err != nil {
			return fmt.Errorf("error encoding the %s part: %w", part.typ, err)
		}
	}
	return mp.Close()
}
