package push

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// The environment variables of web push, which router.ConfigFromEnv reads.
const (
	EnvVAPIDPublicKey  = "ROUT_VAPID_PUBLIC_KEY"
	EnvVAPIDPrivateKey = "ROUT_VAPID_PRIVATE_KEY"
	EnvVAPIDSubject    = "ROUT_VAPID_SUBJECT"
	EnvPushTimeout     = "ROUT_PUSH_TIMEOUT"
	EnvPushTTL         = "ROUT_PUSH_TTL"
)

// Defaults of Config.
const (
	// DefaultTimeout bounds one request to a push service, response included.
	DefaultTimeout = 10 * time.Second
	// DefaultTTL is how long a push service keeps a message for a device that is offline.
	DefaultTTL = 24 * time.Hour
	// MaxTTL is the longest TTL: push services keep messages four weeks at most.
	MaxTTL = 28 * 24 * time.Hour
)

// ErrNoDevice is the permanent error of a web push message to a user who has no device registered
// (or whose every device the push service called gone). A worker drops the message.
var ErrNoDevice = errors.New("the user has no web push device")

// Config configures web push (the Push API with VAPID, RFC 8030, 8291 and 8292).
type Config struct {
	// PublicKey is the VAPID public key: the 65-byte uncompressed P-256 point, URL-safe base64
	// (ROUT_VAPID_PUBLIC_KEY). Browsers subscribe with it (PushManager.subscribe's applicationServerKey).
	PublicKey string
	// PrivateKey is the VAPID private key: the 32-byte P-256 scalar, URL-safe base64
	// (ROUT_VAPID_PRIVATE_KEY). It signs the JWT of every request.
	PrivateKey string
	// Subject is the contact the push services may reach the operator at: a mailto: or https: URL
	// (ROUT_VAPID_SUBJECT), the JWT's sub claim.
	Subject string
	// Timeout bounds one request to a push service (ROUT_PUSH_TIMEOUT); zero is DefaultTimeout.
	Timeout time.Duration
	// TTL is how long a push service keeps a message for a device that is offline (ROUT_PUSH_TTL),
	// whole seconds up to MaxTTL; zero is DefaultTTL.
	TTL time.Duration
	// AllowPrivateEndpoints accepts endpoints of any host and port (loopback, private addresses,
	// localhost), and lets the sender connect to them. It is for tests, which run their push service on
	// loopback; no environment variable sets it. Without it, such endpoints are refused
	// (CheckEndpoint), and so is any connection to such an address (an endpoint whose name resolves
	// to one), so that the server cannot be made to post inside its own network.
	AllowPrivateEndpoints bool
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.TTL == 0 {
		c.TTL = DefaultTTL
	}
	return c
}

// Validate reports every setting web push cannot work with, each naming its variable. Call it on
// WithDefaults.
func (c Config) Validate() error {
	var errs []error
	pub, err := decodeKey(c.PublicKey)
	pubOK := err == nil && len(pub) == 65 && pub[0] == 4
	switch {
	case c.PublicKey == "":
		errs = append(errs, fmt.Errorf("%s is empty: web push needs a VAPID key pair (rout push keys makes one)", EnvVAPIDPublicKey))
	case !pubOK:
		errs = append(errs, fmt.Errorf("%s is not a P-256 public key (65 bytes, uncompressed) in URL-safe base64", EnvVAPIDPublicKey))
	}
	priv, err := decodeKey(c.PrivateKey)
	var key *ecdh.PrivateKey
	switch {
	case c.PrivateKey == "":
		errs = append(errs, fmt.Errorf("%s is empty: web push needs a VAPID key pair (rout push keys makes one)", EnvVAPIDPrivateKey))
	case err != nil || len(priv) != 32:
		errs = append(errs, fmt.Errorf("%s is not a P-256 private key (32 bytes) in URL-safe base64", EnvVAPIDPrivateKey))
	default:
		if key, err = ecdh.P256().NewPrivateKey(priv); err != nil {
			errs = append(errs, fmt.Errorf("%s is not a P-256 private key: %w", EnvVAPIDPrivateKey, err))
		}
	}
	if key != nil && pubOK && string(key.PublicKey().Bytes()) != string(pub) {
		errs = append(errs, fmt.Errorf("%s is not the public key of %s: they are not one key pair", EnvVAPIDPublicKey, EnvVAPIDPrivateKey))
	}
	if err := validateSubject(c.Subject); err != nil {
		errs = append(errs, err)
	}
	if c.Timeout < 0 {
		errs = append(errs, fmt.Errorf("%s %v is not positive", EnvPushTimeout, c.Timeout))
	}
	if c.TTL < 0 || c.TTL > MaxTTL || c.TTL%time.Second != 0 {
		errs = append(errs, fmt.Errorf("%s %v is not whole seconds from 1s to %v", EnvPushTTL, c.TTL, MaxTTL))
	}
	return errors.Join(errs...)
}

// validateSubject reports a VAPID subject that is not a mailto: address or an https URL.
func validateSubject(s string) error {
	bad := fmt.Errorf("%s %q is not a mailto: or https: URL, such as mailto:ops@rout.example.com", EnvVAPIDSubject, s)
	if s == "" {
		return fmt.Errorf("%s is empty: push services want a contact, such as mailto:ops@rout.example.com", EnvVAPIDSubject)
	}
	if strings.ContainsAny(s, " \t\r\n") {
		return bad
	}
	if addr, ok := strings.CutPrefix(s, "mailto:"); ok {
		if local, domain, ok := strings.Cut(addr, "@"); !ok || local == "" || domain == "" {
			return bad
		}
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return bad
	}
	return nil
}

// decodeKey decodes a key in URL-safe base64, padded or not (webpush-go writes it unpadded).
func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// ApplicationServerKey returns the VAPID public key as browsers take it: URL-safe base64, unpadded.
func (c Config) ApplicationServerKey() string {
	b, err := decodeKey(c.PublicKey)
	if err != nil {
		return c.PublicKey
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// GenerateVAPIDKeys returns a new VAPID key pair, each key in URL-safe base64 without padding, as
// ROUT_VAPID_PUBLIC_KEY and ROUT_VAPID_PRIVATE_KEY take them.
func GenerateVAPIDKeys() (public, private string, err error) {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return "", "", fmt.Errorf("error generating a VAPID key pair: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), base64.RawURLEncoding.EncodeToString(key.Bytes()), nil
}

// CheckKey reports why a subscription's p256dh key, in URL-safe base64 (padded or not) as
// PushSubscription.toJSON gives it, cannot encrypt messages: it must be a 65-byte uncompressed point of
// the P-256 curve.
func CheckKey(p256dh string) error {
	b, err := decodeKey(p256dh)
	if err != nil || len(b) != 65 || b[0] != 4 {
		return errors.New("p256dh is not a 65-byte uncompressed P-256 public key in URL-safe base64")
	}
	if _, err := ecdh.P256().NewPublicKey(b); err != nil {
		return errors.New("p256dh is not a point of the P-256 curve")
	}
	return nil
}

// CheckAuth reports why a subscription's auth secret, in URL-safe base64 (padded or not), is not
// one: it must be 16 bytes.
func CheckAuth(auth string) error {
	if b, err := decodeKey(auth); err != nil || len(b) != 16 {
		return errors.New("auth is not a 16-byte secret in URL-safe base64")
	}
	return nil
}
