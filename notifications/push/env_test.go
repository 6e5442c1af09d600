package push_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"database/sql"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/account"
	"rout/chat"
	"rout/dbtest"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/internal/testwait"
	"rout/jobs"
	"rout/notifications"
	"rout/notifications/push"
	"rout/notifications/router"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var quiet = slog.New(slog.DiscardHandler)

// testSubject is the VAPID subject of the tests' server.
const testSubject = "mailto:ops@rout.example"

// vapidKeys returns a new VAPID key pair as the server takes it.
func vapidKeys(t *testing.T) (public, private string) {
	t.Helper()
	public, private, err := push.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	return public, private
}

// pushConfig returns a web push configuration with a new key pair that accepts loopback endpoints
// (the tests' push service).
func pushConfig(t *testing.T) push.Config {
	t.Helper()
	public, private := vapidKeys(t)
	return push.Config{PublicKey: public, PrivateKey: private, Subject: testSubject, AllowPrivateEndpoints: true}
}

// browser is a device as the test plays it: the keys its browser made for its subscription, and the
// endpoint of its push service.
type browser struct {
	key      *ecdh.PrivateKey
	auth     []byte
	endpoint string
}

// newBrowser makes the keys of a subscription at endpoint.
func newBrowser(t *testing.T, endpoint string) *browser {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return &browser{key: key, auth: auth, endpoint: endpoint}
}

// input is the browser's registerPushSubscription input (PushSubscription.toJSON's fields).
func (b *browser) input(device string) map[string]any {
	return map[string]any{"endpoint": b.endpoint, "p256dh": base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes()),
		"auth": base64.RawURLEncoding.EncodeToString(b.auth), "device": device}
}

// decrypt reads an aes128gcm message (RFC 8188) encrypted for the browser (RFC 8291).
func (b *browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("shorter than the aes128gcm header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen {
		return nil, fmt.Errorf("key id of %d bytes, want the sender's 65-byte public key", idlen)
	}
	senderKey, err := ecdh.P256().NewPublicKey(body[21 : 21+idlen])
	if err != nil {
		return nil, fmt.Errorf("the key id is not a P-256 key: %w", err)
	}
	ciphertext := body[21+idlen:]
	if len(ciphertext) > int(rs) {
		return nil, fmt.Errorf("%d bytes of ciphertext in a record of %d: more than one record", len(ciphertext), rs)
	}
	secret, err := b.key.ECDH(senderKey)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), b.key.PublicKey().Bytes()...), senderKey.Bytes()...)
	ikm, err := hkdf.Key(sha256.New, secret, b.auth, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, fmt.Errorf("error decrypting: %w", err)
	}
	// The last record ends with the delimiter 2, then zeros of padding.
	end := bytes.LastIndexFunc(plain, func(r rune) bool { return r != 0 })
	if end < 0 || plain[end] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:end], nil
}

// delivery is one request the push service took.
type delivery struct {
	path    string
	status  int
	header  http.Header
	payload push.Payload
	err     error // why the request was not what a push service wants (undecryptable, bad VAPID)
}

// pushService is a push service on loopback TLS: it checks every request's VAPID authorization
// against the server's public key, decrypts the message with the browser's keys, and answers each
// device's requests with the statuses scripted for it (201 once they run out).
type pushService struct {
	*httptest.Server
	t         *testing.T
	vapidKey  string // the server's VAPID public key
	mu        sync.Mutex
	browsers  map[string]*browser // by path
	scripts   map[string][]int    // by path: the statuses of the next requests
	delivered []delivery
}

func startPushService(t *testing.T, vapidKey string) *pushService {
	t.Helper()
	ps := &pushService{t: t, vapidKey: vapidKey, browsers: map[string]*browser{}, scripts: map[string][]int{}}
	ps.Server = httptest.NewTLSServer(http.HandlerFunc(ps.serve))
	t.Cleanup(ps.Close)
	return ps
}

// tls is what the sender trusts to reach the service.
func (ps *pushService) tls() *tls.Config {
	pool := x509.NewCertPool()
	pool.AddCert(ps.Certificate())
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
}

// device makes a browser subscribed at path of the service, whose requests are answered with statuses
// first.
func (ps *pushService) device(path string, statuses ...int) *browser {
	b := newBrowser(ps.t, ps.URL+path)
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.browsers[path] = b
	ps.scripts[path] = statuses
	return b
}

func (ps *pushService) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	d := delivery{path: r.URL.Path, header: r.Header.Clone(), status: http.StatusCreated}
	ps.mu.Lock()
	b := ps.browsers[r.URL.Path]
	if s := ps.scripts[r.URL.Path]; len(s) > 0 {
		d.status, ps.scripts[r.URL.Path] = s[0], s[1:]
	}
	ps.mu.Unlock()
	switch {
	case err != nil:
		d.err = err
	case b == nil:
		d.status = http.StatusNotFound
	case r.Method != http.MethodPost || r.Header.Get("Content-Encoding") != "aes128gcm":
		d.err = fmt.Errorf("%s with Content-Encoding %q, want POST aes128gcm", r.Method, r.Header.Get("Content-Encoding"))
	default:
		d.err = ps.checkVAPID(r.Header.Get("Authorization"))
		if plain, err := b.decrypt(body); err != nil {
			d.err = errors.Join(d.err, err)
		} else if err := json.Unmarshal(plain, &d.payload); err != nil {
			d.err = errors.Join(d.err, fmt.Errorf("payload %q: %w", plain, err))
		}
	}
	if d.err != nil {
		d.status = http.StatusBadRequest
	}
	ps.mu.Lock()
	ps.delivered = append(ps.delivered, d)
	ps.mu.Unlock()
	w.WriteHeader(d.status)
}

// checkVAPID checks an Authorization header of RFC 8292: "vapid t=<JWT>, k=<public key>", the key the
// server's, the JWT signed with ES256 by it, for the service's origin, not expired.
func (ps *pushService) checkVAPID(header string) error {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return fmt.Errorf("authorization %q is not vapid", header)
	}
	params := map[string]string{}
	for p := range strings.SplitSeq(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		params[k] = v
	}
	if params["k"] != ps.vapidKey {
		return fmt.Errorf("vapid k=%q, want the server's key %q", params["k"], ps.vapidKey)
	}
	parts := strings.Split(params["t"], ".")
	if len(parts) != 3 {
		return fmt.Errorf("vapid t=%q is not a JWT", params["t"])
	}
	var head struct{ Alg, Typ string }
	var claims struct {
		Aud, Sub string
		Exp      int64
	}
	for i, dst := range []any{&head, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil || json.Unmarshal(b, dst) != nil {
			return fmt.Errorf("JWT part %d does not decode", i)
		}
	}
	if head.Alg != "ES256" {
		return fmt.Errorf("JWT alg %q, want ES256", head.Alg)
	}
	keyBytes, _ := base64.RawURLEncoding.DecodeString(ps.vapidKey)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), keyBytes)
	if err != nil {
		return err
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return errors.New("the JWT's signature is not 64 bytes (r and s)")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the JWT's signature does not verify with the server's VAPID key")
	}
	if claims.Aud != ps.URL {
		return fmt.Errorf("JWT aud %q, want the push service's origin %q", claims.Aud, ps.URL)
	}
	if claims.Sub != testSubject {
		return fmt.Errorf("JWT sub %q, want %q", claims.Sub, testSubject)
	}
	if exp := time.Unix(claims.Exp, 0); time.Until(exp) <= 0 || time.Until(exp) > 24*time.Hour {
		return fmt.Errorf("JWT exp %v: not within the next 24 hours (RFC 8292)", exp)
	}
	return nil
}

// deliveries returns the requests the service took, at path when it is not "".
func (ps *pushService) deliveries(path string) []delivery {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	var out []delivery
	for _, d := range ps.delivered {
		if path == "" || d.path == path {
			out = append(out, d)
		}
	}
	return out
}

// world is one test's database, with the API and one replica of workers on it sending web push through
// the push service (nil push: a server without web push).
type world struct {
	t    *testing.T
	ctx  context.Context
	db   *sql.DB
	api  *httptest.Server
	svc  *game.Service
	jobs *jobs.Jobs
	cfg  *push.Config
}

// newWorld starts the API and a replica of workers with web push configured by cfg (nil: none) and
// trusting the push service ps (nil: the system's roots).
func newWorld(t *testing.T, cfg *push.Config, ps *pushService) *world {
	t.Helper()
	dsn := dbtest.MigratedURL(t)
	w := &world{t: t, ctx: context.Background(), db: dbtest.OpenURL(t, dsn), cfg: cfg}
	jcfg := jobs.DefaultConfig()
	jcfg.PollInterval, jcfg.CPUDelay, jcfg.SweepInterval, jcfg.NotifyDelay = 50*time.Millisecond, 0, time.Hour, 0
	accounts, err := account.New(account.Opts{DB: w.db, Push: cfg})
	if err != nil {
		t.Fatal(err)
	}
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: w.db, Accounts: accounts, Config: jcfg})
	if err != nil {
		t.Fatal(err)
	}
	if w.svc, err = game.New(game.Opts{DB: w.db, Accounts: accounts, Logger: quiet, Effects: effects}); err != nil {
		t.Fatal(err)
	}
	ncfg := router.Config{Links: notifications.Links{BaseURL: "https://rout.example"}, Push: cfg}
	router, err := router.New(ncfg)
	if err != nil {
		t.Fatal(err)
	}
	if cfg != nil {
		opts := push.Opts{Devices: accounts.Devices(), Config: *cfg, Logger: quiet}
		if ps != nil {
			opts.TLS = ps.tls()
		}
		if router.Push, err = push.New(opts); err != nil {
			t.Fatal(err)
		}
	}
	w.jobs, err = jobs.New(jobs.Opts{DB: w.db, Game: w.svc, Accounts: accounts, ListenURL: dsn, Notifier: router, Logger: quiet, Config: jcfg})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.jobs.Start(w.ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := w.jobs.Stop(ctx); err != nil {
			t.Errorf("stopping the workers: %v", err)
		}
	})
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, w.db)))
	h, err := graph.NewHandler(graph.DefaultSettings(), graph.Deps{Ent: client, Game: w.svc, Accounts: accounts, Chat: chat.NewService(w.db, nil), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	w.api = httptest.NewServer(h)
	t.Cleanup(w.api.Close)
	return w
}

// result is a GraphQL response.
type result struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// code is the extensions.code of the first error, or "".
func (r result) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

// gql runs query with vars as the user of token ("" for none) and decodes its data into out (nil: not).
func (w *world) gql(token, query string, vars map[string]any, out any) result {
	w.t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		w.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, w.api.URL+graph.Path, bytes.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var res result
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
		w.t.Fatalf("response %d: %v", resp.StatusCode, err)
	}
	if out != nil && res.Data != nil {
		if err := json.Unmarshal(res.Data, out); err != nil {
			w.t.Fatalf("data %s: %v", res.Data, err)
		}
	}
	return res
}

// user signs up name and returns their session token and database id.
func (w *world) user(name string) (token string, id int) {
	w.t.Helper()
	var out struct {
		SignUp struct {
			Session    *struct{ Token string }
			UserErrors []struct{ Code string }
		}
	}
	w.gql("", `mutation($in: SignUpInput!) { signUp(input: $in) { session { token } userErrors { code } } }`,
		map[string]any{"in": map[string]any{"name": name, "email": name + "@example.com", "password": "password-" + name}}, &out)
	if out.SignUp.Session == nil {
		w.t.Fatalf("signUp %s: %+v", name, out.SignUp.UserErrors)
	}
	return out.SignUp.Session.Token, dbtest.Int(w.t, w.db, `SELECT id FROM users WHERE name = $1`, name)
}

// prefer sets, through the API, the user's your_turn notices to go by web push, every other kind to
// none, with digests every digestHours hours (0: each at once).
func (w *world) prefer(token string, digestHours int) {
	w.t.Helper()
	var out struct {
		UpdateNotificationPreferences struct{ UserErrors []struct{ Code string } }
	}
	res := w.gql(token, `mutation($in: UpdateNotificationPreferencesInput!) {
		updateNotificationPreferences(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"channel": "NONE", "channels": []any{map[string]any{"kind": "YOUR_TURN", "channel": "PUSH"}},
			"digestHours": digestHours}}, &out)
	if len(res.Errors) > 0 || len(out.UpdateNotificationPreferences.UserErrors) > 0 {
		w.t.Fatalf("updateNotificationPreferences: %+v %+v", res.Errors, out.UpdateNotificationPreferences.UserErrors)
	}
}

// registered is registerPushSubscription's payload as the tests read it.
type registered struct {
	Subscription *subscriptionView
	UserErrors   []struct {
		Code  string
		Field []string
	}
}

// subscriptionView is a PushSubscription as the tests read it.
type subscriptionView struct {
	ID, Endpoint  string
	Device        *string
	CreatedAt     time.Time
	LastSuccessAt *time.Time
}

const subscriptionFields = `id endpoint device createdAt lastSuccessAt`

// register registers input for the user of token.
func (w *world) register(token string, input map[string]any) registered {
	w.t.Helper()
	var out struct{ RegisterPushSubscription registered }
	res := w.gql(token, `mutation($in: RegisterPushSubscriptionInput!) { registerPushSubscription(input: $in) {
		subscription { `+subscriptionFields+` } userErrors { code field } } }`, map[string]any{"in": input}, &out)
	if len(res.Errors) > 0 {
		w.t.Fatalf("registerPushSubscription: %+v", res.Errors)
	}
	return out.RegisterPushSubscription
}

// mustRegister registers b for the user of token, and fails the test on a user error.
func (w *world) mustRegister(token string, b *browser, device string) *subscriptionView {
	w.t.Helper()
	got := w.register(token, b.input(device))
	if len(got.UserErrors) > 0 || got.Subscription == nil {
		w.t.Fatalf("registering %s: %+v", b.endpoint, got.UserErrors)
	}
	return got.Subscription
}

// devices returns the viewer's subscriptions (through viewer.pushSubscriptions).
func (w *world) devices(token string) []subscriptionView {
	w.t.Helper()
	var out struct {
		Viewer struct{ PushSubscriptions []subscriptionView }
	}
	if res := w.gql(token, `{ viewer { pushSubscriptions { `+subscriptionFields+` } } }`, nil, &out); len(res.Errors) > 0 {
		w.t.Fatalf("viewer.pushSubscriptions: %+v", res.Errors)
	}
	return out.Viewer.PushSubscriptions
}

// startGame starts a game of user's and a CPU's: a turn of user's begins at once or after the CPU's.
func (w *world) startGame(user int) int {
	w.t.Helper()
	return dbtest.Game(w.t, w.db, dbtest.GameOpts{Service: w.svc, Creator: user, Start: true, TurnLimit: game.MinTurnLimit,
		Seats: []dbtest.SeatOpts{{User: user}, {CPU: true, Difficulty: "normal"}}}).GameID
}

// count runs a count query.
func (w *world) count(query string, args ...any) int {
	w.t.Helper()
	return dbtest.Int(w.t, w.db, query, args...)
}

// waitFor waits until cond holds (testwait.For), failing the test after a minute.
func (w *world) waitFor(what string, cond func() bool) {
	w.t.Helper()
	testwait.For(w.t, what, time.Minute, cond)
}

// notificationsDone reports whether every notification and digest job due has finished.
func (w *world) notificationsDone() bool {
	return w.count(`SELECT count(*) FROM river_job WHERE kind IN ($1, $2) AND finalized_at IS NULL AND scheduled_at <= now()`,
		jobs.KindNotification, jobs.KindDigest) == 0
}
