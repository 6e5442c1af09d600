package jobs_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/textproto"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"rout/dbtest"
	"rout/game"
	"rout/internal/testwait"
	"rout/jobs"
	"rout/notifications"
	"rout/notifications/email"
	"rout/notifications/router"
	"rout/notifications/sms"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var quiet = slog.New(slog.DiscardHandler)

// env is one test's database with Rout's schema, and the replicas (River client and game service) on it.
type env struct {
	t   *testing.T
	ctx context.Context
	db  *sql.DB
	dsn string
	// offset is how far the game clock runs behind the wall clock: with offset = limit - d, a turn of
	// limit (at least an hour) ends d from now.
	offset atomic.Int64
}

func newEnv(t *testing.T) *env {
	t.Helper()
	dsn := dbtest.MigratedURL(t)
	return &env{t: t, ctx: context.Background(), db: dbtest.OpenURL(t, dsn), dsn: dsn}
}

// clock is the game clock of every replica.
func (e *env) clock() time.Time { return time.Now().Add(-time.Duration(e.offset.Load())) }

// deadlineIn makes the turns that start from now on end d from the wall clock (with the minimum limit).
func (e *env) deadlineIn(d time.Duration) { e.offset.Store(int64(game.MinTurnLimit - d)) }

// replica is one process: a River client working jobs and the game service whose Effects it is.
type replica struct {
	jobs *jobs.Jobs
	svc  *game.Service
}

// replica starts a replica with cfg and notifier (nil: none), stopped when the test ends.
func (e *env) replica(cfg jobs.Config, notifier jobs.Notifier) replica {
	e.t.Helper()
	return e.observedReplica(cfg, notifier, nil, quiet)
}

// observedReplica starts a replica like replica whose jobs tell observer (nil: none) and log to logger.
func (e *env) observedReplica(cfg jobs.Config, notifier jobs.Notifier, observer jobs.Observer, logger *slog.Logger) replica {
	e.t.Helper()
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Clock: e.clock, Config: cfg})
	if err != nil {
		e.t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Clock: e.clock, Logger: quiet, Effects: effects})
	if err != nil {
		e.t.Fatal(err)
	}
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: dbtest.Accounts(e.t, e.db), ListenURL: e.dsn, Notifier: notifier, Clock: e.clock, Logger: logger, Config: cfg,
		Observer: observer})
	if err != nil {
		e.t.Fatal(err)
	}
	e.start(j)
	return replica{jobs: j, svc: svc}
}

// start starts j's workers, stopped when the test ends.
func (e *env) start(j *jobs.Jobs) {
	e.t.Helper()
	if err := j.Start(e.ctx); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := j.Stop(ctx); err != nil {
			e.t.Errorf("stopping the jobs: %v", err)
		}
	})
}

// inserter returns Effects (they only insert jobs and notices, when a test calls them) and a game
// service without Effects.
func (e *env) inserter() (*jobs.Effects, *game.Service) {
	e.t.Helper()
	j, err := jobs.NewEffects(jobs.EffectsOpts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Config: testConfig()})
	if err != nil {
		e.t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Logger: quiet})
	if err != nil {
		e.t.Fatal(err)
	}
	return j, svc
}

// testConfig is the jobs configuration of the tests: fast polls, no CPU delay, no sweeper runs during
// the test (it runs once at start, with nothing to do).
func testConfig() jobs.Config {
	cfg := jobs.DefaultConfig()
	cfg.PollInterval = 50 * time.Millisecond
	cfg.CPUDelay = 0
	cfg.SweepInterval = time.Hour
	cfg.NotifyDelay = 0
	return cfg
}

// user creates a user who takes notifications by channel (email, sms or none), each at once (no digest).
func (e *env) user(name, channel string) int {
	e.t.Helper()
	id := int(dbtest.User(e.t, e.db, dbtest.UserOpts{Name: name, Notify: channel, Phone: "+447700900123"}))
	if _, err := e.db.Exec(`UPDATE users SET digest_hours = 0 WHERE id = $1`, id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	return dbtest.Int(e.t, e.db, query, args...)
}

// dueNow makes the jobs of river_job that where selects (its arguments from $1) available now, as River's
// scheduler makes a scheduled job available when its time comes (in a pass every 5 s, on the leader): the
// workers run them at their next poll (Config.PollInterval), and a test waits for no scheduler pass and
// no time of a turn to run out.
func (e *env) dueNow(where string, args ...any) {
	e.t.Helper()
	if _, err := e.db.Exec(`UPDATE river_job SET scheduled_at = now(), state = 'available', finalized_at = NULL WHERE `+where,
		args...); err != nil {
		e.t.Fatalf("making jobs due now: %v", err)
	}
}

// waitFor waits until cond holds (testwait.For), failing the test after timeout.
func (e *env) waitFor(what string, timeout time.Duration, cond func() bool) {
	e.t.Helper()
	testwait.For(e.t, what, timeout, cond)
}

// smtpRecorder is a real SMTP server on loopback (go-smtp) that keeps the messages it accepts.
type smtpRecorder struct {
	port   int
	mu     sync.Mutex
	msgs   []*mail.Message
	bodies []string // the raw body of each of msgs
}

func startSMTP(t *testing.T) *smtpRecorder {
	t.Helper()
	rec := &smtpRecorder{}
	s := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &smtpSession{rec: rec}, nil }))
	s.Domain = "localhost"
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rec.port = l.Addr().(*net.TCPAddr).Port
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := s.Serve(l); err != nil && !errors.Is(err, smtp.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
			t.Errorf("SMTP server: %v", err)
		}
	}()
	t.Cleanup(func() {
		s.Close()
		<-done
	})
	return rec
}

// kinds returns how many messages of each kind (X-Rout-Kind) went to address to.
func (r *smtpRecorder) kinds(to string) map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]int{}
	for _, m := range r.msgs {
		if addr, err := mail.ParseAddress(m.Header.Get("To")); err == nil && addr.Address == to {
			out[m.Header.Get("X-Rout-Kind")]++
		}
	}
	return out
}

type smtpSession struct{ rec *smtpRecorder }

func (s *smtpSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *smtpSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *smtpSession) Reset()                               {}
func (s *smtpSession) Logout() error                        { return nil }
func (s *smtpSession) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	body, err := plainText(m)
	if err != nil {
		return err
	}
	s.rec.mu.Lock()
	s.rec.msgs = append(s.rec.msgs, m)
	s.rec.bodies = append(s.rec.bodies, string(body))
	s.rec.mu.Unlock()
	return nil
}

// smsAPI is an HTTP test server in the shape of the SMS provider's API. It answers the first failures
// requests with 503 and the rest with 201, and counts both.
type smsAPI struct {
	*httptest.Server
	failures          int32
	failed, delivered atomic.Int32
	mu                sync.Mutex
	bodies            []string
}

func startSMSAPI(t *testing.T, failures int32) *smsAPI {
	t.Helper()
	api := &smsAPI{failures: failures}
	api.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if api.failed.Load() < api.failures {
			api.failed.Add(1)
			http.Error(w, `{"code": 20500, "message": "try later"}`, http.StatusServiceUnavailable)
			return
		}
		api.mu.Lock()
		api.bodies = append(api.bodies, r.PostForm.Get("To")+" "+r.PostForm.Get("Body"))
		api.mu.Unlock()
		api.delivered.Add(1)
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"sid": "SM1", "status": "queued"}`)
	}))
	t.Cleanup(api.Close)
	return api
}

// newRouter returns a router.Router sending email to smtpRec and SMS to api (either may be nil).
// testUnsubscribeKey signs the unsubscribe links of the tests' emails.
const testUnsubscribeKey = "an unsubscribe key of 32 or more characters"

func newRouter(t *testing.T, smtpRec *smtpRecorder, api *smsAPI) *router.Router {
	t.Helper()
	cfg := router.Config{Links: notifications.Links{BaseURL: "https://rout.example"}, UnsubscribeKey: testUnsubscribeKey}
	if smtpRec != nil {
		cfg.Email = &email.Config{Host: "127.0.0.1", Port: smtpRec.port, StartTLS: email.StartTLSNever, From: "rout@rout.example"}
	}
	if api != nil {
		cfg.SMS = &sms.Config{BaseURL: api.URL, AccountSID: "AC1", AuthToken: "token", From: "+14155550100"}
	}
	r, err := router.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// plainText returns the text/plain body of m (its part, when m is multipart/alternative), decoded.
func plainText(m *mail.Message) (string, error) {
	r := io.Reader(m.Body)
	header := textproto.MIMEHeader(m.Header)
	if mt, params, err := mime.ParseMediaType(m.Header.Get("Content-Type")); err == nil && mt == "multipart/alternative" {
		mr := multipart.NewReader(m.Body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err != nil {
				return "", fmt.Errorf("no text/plain part: %w", err)
			}
			if typ, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); typ == "text/plain" {
				r, header = p, p.Header
				break
			}
		}
	}
	if header.Get("Content-Transfer-Encoding") == "quoted-printable" {
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	return string(b), err
}
