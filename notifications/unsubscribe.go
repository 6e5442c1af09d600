package notifications

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"strings"
)

// EnvUnsubscribeKey is the secret that signs unsubscribe links: at least 32 characters. Without it,
// messages carry no List-Unsubscribe header.
const EnvUnsubscribeKey = "ROUT_UNSUBSCRIBE_KEY"

// UnsubscribePath is the path of the unsubscribe endpoint, under the public base URL.
const UnsubscribePath = "/unsubscribe"

// Unsubscribe signs and checks the tokens of one-click unsubscribe links (RFC 8058): a token names a
// user and a kind, and lets whoever holds it turn that kind off for that user, without signing in.
type Unsubscribe struct {
	// Key is the HMAC-SHA256 key (ROUT_UNSUBSCRIBE_KEY).
	Key []byte
	// BaseURL is the public address the endpoint is served under (ROUT_PUBLIC_URL).
	BaseURL string
}

// ErrBadToken is the error of Parse for a token that is malformed or not signed by the key.
var ErrBadToken = errors.New("invalid unsubscribe token")

// Token returns the token that unsubscribes user userID from messages of kind: "<user>.<kind>.<mac>".
func (u Unsubscribe) Token(userID int, kind Kind) string {
	payload := strconv.Itoa(userID) + "." + kind.String()
	return payload + "." + u.mac(payload)
}

func (u Unsubscribe) mac(payload string) string {
	h := hmac.New(sha256.New, u.Key)
	h.Write([]byte("rout-unsubscribe\x00" + payload))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18])
}

// Parse checks token and returns the user and kind it names.
func (u Unsubscribe) Parse(token string) (int, Kind, error) {
	parts := strings.Split(token, ".")
	if len(u.Key) == 0 || len(parts) != 3 {
		return 0, 0, ErrBadToken
	}
	if !hmac.Equal([]byte(u.mac(parts[0]+"."+parts[1])), []byte(parts[2])) {
		return 0, 0, ErrBadToken
	}
	user, err := strconv.Atoi(parts[0])
	if err != nil || user <= 0 {
		return 0, 0, ErrBadToken
	}
	kind, err := ParseKind(parts[1])
	if err != nil {
		return 0, 0, ErrBadToken
	}
	return user, kind, nil
}

// URL returns the unsubscribe link of user userID for kind.
func (u Unsubscribe) URL(userID int, kind Kind) string {
	return strings.TrimRight(u.BaseURL, "/") + UnsubscribePath + "?token=" + url.QueryEscape(u.Token(userID, kind))
}
