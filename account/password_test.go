package account

import (
	"strings"
	"testing"
)

func TestPasswordHash(t *testing.T) {
	t.Parallel()
	h := hashPassword("correct horse")
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not an argon2id PHC string with the default parameters", h)
	}
	if h == hashPassword("correct horse") {
		t.Error("two hashes of one password are equal: no salt")
	}
	for pw, want := range map[string]bool{"correct horse": true, "correct horsE": false, "": false} {
		if ok, err := checkPassword(h, pw); err != nil || ok != want {
			t.Errorf("checkPassword(%q) = %v, %v; want %v", pw, ok, err, want)
		}
	}
	// Stored hashes carry their parameters.
	cheap := "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$"
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5", cheap + "!!",
		"$argon2id$v=19$m=4294967295,t=1,p=1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5"} {
		if _, err := checkPassword(bad, "x"); err == nil {
			t.Errorf("checkPassword accepted the hash %q", bad)
		}
	}
}
