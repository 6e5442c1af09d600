package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// argon2Params are the argon2id settings of a password hash.
type argon2Params struct {
	memory  uint32 // KiB
	time    uint32 // passes
	threads uint8
}

// passwordParams are the settings of new hashes: OWASP's first recommendation for argon2id (19 MiB,
// 2 passes, 1 lane). Stored hashes carry their own settings, so these can be raised later.
var passwordParams = argon2Params{memory: 19 * 1024, time: 2, threads: 1}

const (
	saltLen = 16
	keyLen  = 32
	// maxHashMemory bounds the memory a stored hash may ask for (1 GiB), so that a corrupt row cannot
	// exhaust the server.
	maxHashMemory = 1 << 20
)

// hashPassword returns the argon2id hash of password in the PHC string format:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>, salt and key in unpadded standard base64.
func hashPassword(password string) string {
	salt := make([]byte, saltLen)
	_, _ = rand.Read(salt) // never fails
	p := passwordParams
	key := argon2.IDKey([]byte(password), salt, p.time, p.memory, p.threads, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memory, p.time, p.threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// checkPassword reports whether password matches an encoded hash, comparing in constant time. A hash
// it cannot read is an error.
func checkPassword(encoded, password string) (bool, error) {
	p, salt, key, err := parsePasswordHash(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.time, p.memory, p.threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// parsePasswordHash reads a hash that hashPassword wrote.
func parsePasswordHash(encoded string) (argon2Params, []byte, []byte, error) {
	var p argon2Params
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, errors.New("error reading the password hash: not an argon2id hash")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, fmt.Errorf("error reading the password hash: argon2 version %q is not supported", parts[2])
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return p, nil, nil, fmt.Errorf("error reading the password hash: parameters %q: %w", parts[3], err)
	}
	if p.memory == 0 || p.memory > maxHashMemory || p.time == 0 || p.threads == 0 {
		return p, nil, nil, fmt.Errorf("error reading the password hash: parameters %q out of range", parts[3])
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return p, nil, nil, fmt.Errorf("error reading the password hash: salt: %w", err)
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 {
		return p, nil, nil, errors.New("error reading the password hash: key is malformed")
	}
	return p, salt, key, nil
}

// dummyHash is a hash of a random password, checked when a login matches no user so that an unknown
// login takes as long as a wrong password.
var dummyHash = sync.OnceValue(func() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hashPassword(string(b))
})
