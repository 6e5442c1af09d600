package push

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/SherClockHolmes/webpush-go"

	"rout/notifications"
)

// Opts are the dependencies of a Sender.
type Opts struct {
	// Devices is the store of the users' devices (account.Service.Devices). Required.
	Devices Devices
	// Config is the web push configuration (router.Config.Push), validated. Required.
	Config Config
	// Logger receives a line for every device removed or refused; nil discards them.
	Logger *slog.Logger
	// TLS configures the connections to push services; nil verifies them against the system's roots.
	// Tests set the root of their own push service.
	TLS *tls.Config
	// Clock tells the time of last_success_at; nil is time.Now.
	Clock func() time.Time
}

// Sender sends web push messages to every device of a user: it is the notifications.Sender of
// notifications.ChannelPush. It is safe for concurrent use.
type Sender struct {
	devices    Devices
	cfg        Config
	subscriber string
	client     *http.Client
	logger     *slog.Logger
	now        func() time.Time
}

// New returns the Sender of opts.
func New(opts Opts) (*Sender, error) {
	if opts.Devices == nil {
		return nil, errors.New("push.New: a store of devices is required")
	}
	if err := opts.Config.WithDefaults().Validate(); err != nil {
		return nil, fmt.Errorf("error configuring web push: %w", err)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	cfg := opts.Config.WithDefaults()
	dialer := &net.Dialer{Timeout: cfg.Timeout}
	if !cfg.AllowPrivateEndpoints {
		dialer.Control = refuseInternal
	}
	transport := &http.Transport{
		// No proxy: the dialer's check is of the address connected to.
		DialContext:         dialer.DialContext,
		TLSClientConfig:     opts.TLS,
		TLSHandshakeTimeout: cfg.Timeout,
		ForceAttemptHTTP2:   true,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
	}
	if transport.TLSClientConfig == nil {
		transport.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	return &Sender{
		devices: opts.Devices,
		cfg:     cfg,
		// webpush-go writes "mailto:" before a subject that is not an https URL.
		subscriber: strings.TrimPrefix(cfg.Subject, "mailto:"),
		client: &http.Client{Transport: transport, Timeout: cfg.Timeout,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		logger: opts.Logger,
		now:    opts.Clock,
	}, nil
}

// errInternalAddress is the reason a connection to an address of the server's own network is refused.
var errInternalAddress = errors.New("the push service's address is not a public one")

// refuseInternal is the dialer's check of every address it connects to (after name resolution).
func refuseInternal(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || internalAddress(addr) {
		return fmt.Errorf("%w: %s", errInternalAddress, host)
	}
	return nil
}

// Payload is the JSON text every message carries, which the web client's service worker shows.
type Payload struct {
	// Title is the notification's title (the email subject).
	Title string `json:"title"`
	// Body is its text (the SMS text).
	Body string `json:"body"`
	// URL is the game's page, opened on a click.
	URL string `json:"url"`
	// Tag is "game-<id>": a newer notification of the same game replaces an older one; "chat" for a chat
	// digest, which replaces the previous chat digest.
	Tag string `json:"tag"`
}

// Device is one browser subscribed to a user's messages.
type Device struct {
	ID                     int
	Endpoint, P256dh, Auth string
}

// Devices is the store of the users' devices.
type Devices interface {
	// Of returns user userID's devices.
	Of(ctx context.Context, userID int) ([]Device, error)
	// Delivered records that device id took a message at at.
	Delivered(ctx context.Context, id int, at time.Time) error
	// Gone removes a device its push service calls gone, unless its endpoint was registered again since.
	Gone(ctx context.Context, d Device) error
}

// outcome is how one device took a message.
type outcome int

const (
	accepted  outcome = iota // 2xx
	gone                     // 404 or 410: removed
	refused                  // another 4xx: permanent for this device
	temporary                // 429, 5xx, a network failure
)

// Send posts m to every device of user m.To.UserID at once (Payload, encrypted with the device's keys,
// with a VAPID JWT signed by the server's key). A device whose push service answers 404 or 410 is
// removed. Send succeeds when at least one device accepted the message: the devices that failed miss it,
// so that a retry never shows it twice on the others. Otherwise it fails with ErrNoDevice
// (permanent) when the user has no device left, with a temporary error when a device failed for a
// reason that may pass (429, 5xx, network), and with a permanent error when every device refused it.
func (s *Sender) Send(ctx context.Context, m notifications.Message) error {
	if m.To.UserID <= 0 {
		return notifications.Permanent(errors.New("error sending a web push message: no recipient user"))
	}
	subs, err := s.devices.Of(ctx, m.To.UserID)
	if err != nil {
		return err
	}
	if len(subs) == 0 {
		return notifications.Permanent(ErrNoDevice)
	}
	tag := "game-" + strconv.Itoa(m.GameID)
	if m.Kind == notifications.KindChat {
		tag = "chat"
	}
	body, err := json.Marshal(Payload{Title: m.Subject, Body: m.Text, URL: m.Link, Tag: tag})
	if err != nil {
		return notifications.Permanent(fmt.Errorf("error encoding a web push message: %w", err))
	}
	urgency := webpush.UrgencyNormal
	if m.Kind == notifications.KindTurnWarning {
		urgency = webpush.UrgencyHigh
	}
	opts := &webpush.Options{HTTPClient: s.client, Subscriber: s.subscriber, Topic: tag, TTL: int(s.cfg.TTL / time.Second),
		Urgency: urgency, VAPIDPublicKey: s.cfg.PublicKey, VAPIDPrivateKey: s.cfg.PrivateKey}
	outcomes := make([]outcome, len(subs))
	errs := make([]error, len(subs))
	var wg sync.WaitGroup
	for i, sub := range subs {
		// Each its own copy: webpush-go appends the padding to the message it is given, in place when
		// the slice has room.
		wg.Go(func() { outcomes[i], errs[i] = s.sendOne(ctx, sub, slices.Clip(bytes.Clone(body)), opts) })
	}
	wg.Wait()
	var ok, left int
	var temp, perm []error
	for i, o := range outcomes {
		switch o {
		case accepted:
			ok++
		case gone:
			continue
		case refused:
			perm = append(perm, errs[i])
		case temporary:
			temp = append(temp, errs[i])
		}
		left++
	}
	switch {
	case ok > 0:
		for _, err := range append(temp, perm...) {
			s.logger.WarnContext(ctx, "web push device missed a message others took", "user_id", m.To.UserID, "error", err)
		}
		return nil
	case left == 0:
		return notifications.Permanent(fmt.Errorf("every device of user %d is gone: %w", m.To.UserID, ErrNoDevice))
	case len(temp) > 0:
		return errors.Join(temp...)
	default:
		return notifications.Permanent(errors.Join(perm...))
	}
}

// sendOne posts the message to one device and records what its push service answered: the time of
// success, or the removal of a device that is gone.
func (s *Sender) sendOne(ctx context.Context, sub Device, body []byte, opts *webpush.Options) (outcome, error) {
	if err := CheckEndpoint(s.cfg, sub.Endpoint); err != nil {
		// Stored before the check refused it: never posted to.
		return refused, fmt.Errorf("device %d: %w", sub.ID, err)
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	resp, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth}}, opts)
	if err != nil {
		if errors.Is(err, errInternalAddress) {
			return refused, fmt.Errorf("device %d: %w", sub.ID, err)
		}
		// The HTTP client's failures (connection, TLS, timeout) are *url.Error, but for a URL that does
		// not parse; webpush-go's own errors come before any request, about keys it cannot use.
		var ue *url.Error
		if errors.As(err, &ue) && ue.Op != "parse" {
			return temporary, fmt.Errorf("device %d: error posting to its push service: %w", sub.ID, err)
		}
		return refused, fmt.Errorf("device %d: error making a web push request: %w", sub.ID, err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	answer := fmt.Errorf("device %d: push service answered %s: %q", sub.ID, resp.Status, strings.TrimSpace(string(text)))
	store := context.WithoutCancel(ctx)
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		if err := s.devices.Delivered(store, sub.ID, s.now()); err != nil {
			s.logger.ErrorContext(ctx, "error recording a web push success", "subscription_id", sub.ID, "error", err)
		}
		return accepted, nil
	case code == http.StatusNotFound || code == http.StatusGone:
		if err := s.devices.Gone(store, sub); err != nil {
			return temporary, fmt.Errorf("device %d is gone, but removing it failed: %w", sub.ID, err)
		}
		s.logger.InfoContext(ctx, "web push device removed: its push service calls it gone", "subscription_id", sub.ID,
			"status", code)
		return gone, nil
	case code == http.StatusTooManyRequests || code >= 500:
		return temporary, answer
	default:
		s.logger.WarnContext(ctx, "web push device refused a message", "subscription_id", sub.ID, "status", code)
		return refused, answer
	}
}
