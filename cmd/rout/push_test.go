package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"rout/notifications/push"
	"rout/notifications/router"
)

// TestPushKeys: rout push keys prints two environment lines that configure web push, a new pair each
// time.
func TestPushKeys(t *testing.T) {
	t.Parallel()
	pair := func() map[string]string {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), []string{"push", "keys"}, oddsNoEnv, &out, &errOut); err != nil {
			t.Fatalf("rout push keys: %v (stderr %q)", err, errOut.String())
		}
		env := map[string]string{push.EnvVAPIDSubject: "mailto:ops@rout.example", router.EnvPublicURL: "https://rout.example"}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 2 {
			t.Fatalf("rout push keys printed %q, want two lines", out.String())
		}
		for _, l := range lines {
			k, v, _ := strings.Cut(l, "=")
			env[k] = v
		}
		cfg, err := router.ConfigFromEnv(func(k string) string { return env[k] })
		if err != nil || cfg.Push == nil {
			t.Fatalf("the printed keys %q do not configure web push: %v", out.String(), err)
		}
		return env
	}
	if a, b := pair(), pair(); a[push.EnvVAPIDPrivateKey] == b[push.EnvVAPIDPrivateKey] {
		t.Error("two runs printed the same private key")
	}
	var out, errOut bytes.Buffer
	var usage usageError
	if err := run(context.Background(), []string{"push", "nope"}, oddsNoEnv, &out, &errOut); !errors.As(err, &usage) {
		t.Errorf("rout push nope = %v, want a usage error", err)
	}
}
