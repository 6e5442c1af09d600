package server

import (
	"strings"
	"testing"

	"rout/dbtest"
	"rout/notifications/push"
	"rout/notifications/router"
)

// TestWebPushIsWired: with VAPID keys in the environment, the API serves the public key, and rout serve's
// jobs get a router with a push sender; without them, pushPublicKey is null.
func TestWebPushIsWired(t *testing.T) {
	t.Parallel()
	public, private, err := push.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{push.EnvVAPIDPublicKey: public, push.EnvVAPIDPrivateKey: private,
		push.EnvVAPIDSubject: "mailto:ops@rout.example", router.EnvPublicURL: "https://rout.example"}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.Notify.Push == nil {
		t.Fatalf("ConfigFromEnv = %+v, %v", cfg.Notify, err)
	}
	for _, tc := range []struct {
		cfg  Config
		want string
	}{{cfg, `{"data":{"pushPublicKey":"` + public + `"}}`}, {DefaultConfig(), `{"data":{"pushPublicKey":null}}`}} {
		srv, _ := opsServer(t, tc.cfg)
		if code, body := request(t, srv, "POST", "/graphql", `{"query": "{ pushPublicKey }"}`, "Content-Type", "application/json"); code != 200 ||
			strings.TrimSpace(body) != tc.want {
			t.Errorf("pushPublicKey = %d %s, want %s", code, body, tc.want)
		}
	}
	router, err := newRouter(cfg.Notify, dbtest.Accounts(t, dbtest.Migrated(t)), nil)
	if err != nil || router == nil || router.Push == nil || router.Email != nil {
		t.Errorf("newRouter = %+v, %v; want a push sender", router, err)
	}
	if router, err := newRouter(DefaultConfig().Notify, nil, nil); router != nil || err != nil {
		t.Errorf("newRouter with no channel = %+v, %v; want nil", router, err)
	}
}
