package email

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// This file runs real SMTP servers on loopback for the tests: go-smtp's server, recording what it
// receives, and raw TCP servers that misbehave.

// received is one message an SMTP test server accepted.
type received struct {
	From string   // envelope sender
	To   []string // envelope recipients
	Data []byte   // the message, dots unstuffed, as the server read it
	User string   // the user that authenticated, if any
	TLS  bool     // whether the session ran over TLS
}

// smtpServer is a go-smtp server on loopback that records the messages it accepts.
type smtpServer struct {
	Port int

	// Set before the first connection:
	user, password string          // credentials AUTH PLAIN accepts; empty: no AUTH
	rejectRcpt     *smtp.SMTPError // the answer to RCPT TO, if not nil

	mu       sync.Mutex
	messages []received
}

// startSMTP starts an SMTP server on 127.0.0.1 and stops it when the test ends. configure, if not nil,
// sets up the go-smtp server (TLSConfig, AllowInsecureAuth) and the recording one before it serves.
func startSMTP(t *testing.T, configure func(*smtp.Server, *smtpServer)) *smtpServer {
	t.Helper()
	rec := &smtpServer{}
	s := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &smtpSession{server: rec, conn: c}, nil
	}))
	s.Domain = "localhost"
	s.ReadTimeout = 10 * time.Second
	s.WriteTimeout = 10 * time.Second
	s.ErrorLog = log.New(io.Discard, "", 0)
	if configure != nil {
		configure(s, rec)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	rec.Port = l.Addr().(*net.TCPAddr).Port
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := s.Serve(l); err != nil && !errors.Is(err, smtp.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
			t.Errorf("SMTP server: %v", err)
		}
	}()
	t.Cleanup(func() {
		s.Close()
		l.Close() // in case Serve had not registered it when Close ran
		<-done
	})
	return rec
}

// Messages returns the messages the server has accepted so far.
func (s *smtpServer) Messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.messages...)
}

// smtpSession is one SMTP session of an smtpServer.
type smtpSession struct {
	server *smtpServer
	conn   *smtp.Conn
	user   string
	msg    received
}

func (s *smtpSession) AuthMechanisms() []string {
	if s.server.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.server.user || password != s.server.password {
			return smtp.ErrAuthFailed
		}
		s.user = username
		return nil
	}), nil
}

func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.server.user != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.msg = received{From: from}
	return nil
}

func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.server.rejectRcpt != nil {
		return s.server.rejectRcpt
	}
	s.msg.To = append(s.msg.To, to)
	return nil
}

func (s *smtpSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.msg.Data = data
	s.msg.User = s.user
	_, s.msg.TLS = s.conn.TLSConnectionState()
	s.server.mu.Lock()
	s.server.messages = append(s.server.messages, s.msg)
	s.server.mu.Unlock()
	return nil
}

func (s *smtpSession) Reset()        { s.msg = received{} }
func (s *smtpSession) Logout() error { return nil }

// selfSignedCert returns a certificate for 127.0.0.1, ::1 and localhost, signed by itself, and a pool
// that trusts it.
func selfSignedCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "rout notify test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}, pool
}

// startRawServer starts a TCP server on 127.0.0.1 that runs handle on each connection and closes it
// after, and stops when the test ends. It returns the port.
func startRawServer(t *testing.T, handle func(conn net.Conn, r *bufio.Reader)) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	closed := false
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			if closed {
				mu.Unlock()
				conn.Close()
				return
			}
			conns = append(conns, conn)
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer conn.Close()
				handle(conn, bufio.NewReader(conn))
			}()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		closed = true
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	return l.Addr().(*net.TCPAddr).Port
}
