package push_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"rout/notifications/push"
)

// TestRegisterRefusesBadInput sends registerPushSubscription inputs a server that guards its network
// refuses, each with its stable code and field, and stores none of them.
func TestRegisterRefusesBadInput(t *testing.T) {
	t.Parallel()
	public, private := vapidKeys(t)
	w := newWorld(t, &push.Config{PublicKey: public, PrivateKey: private, Subject: testSubject}, nil)
	token, _ := w.user("hal")
	good := newBrowser(t, "https://push.example.net/send/abc").input("phone")
	with := func(key string, value any) map[string]any {
		in := map[string]any{}
		for k, v := range good {
			in[k] = v
		}
		in[key] = value
		return in
	}
	b64 := base64.RawURLEncoding.EncodeToString
	offCurve := append([]byte{4}, make([]byte, 64)...)
	for _, tc := range []struct {
		name  string
		input map[string]any
		want  string
	}{
		{"p256dh not base64", with("p256dh", "not base64!"), "INVALID_PUSH_KEY[input p256dh]"},
		{"p256dh compressed", with("p256dh", b64(append([]byte{2}, make([]byte, 32)...))), "INVALID_PUSH_KEY[input p256dh]"},
		{"p256dh off the curve", with("p256dh", b64(offCurve)), "INVALID_PUSH_KEY[input p256dh]"},
		{"auth of 15 bytes", with("auth", b64(make([]byte, 15))), "INVALID_PUSH_KEY[input auth]"},
		{"auth empty", with("auth", ""), "INVALID_PUSH_KEY[input auth]"},
		{"device too long", with("device", strings.Repeat("é", 101)), "INVALID_PUSH_DEVICE[input device]"},
	} {
		got := w.register(token, tc.input)
		var codes []string
		for _, ue := range got.UserErrors {
			codes = append(codes, fmt.Sprintf("%s%v", ue.Code, ue.Field))
		}
		if strings.Join(codes, " ") != tc.want || got.Subscription != nil {
			t.Errorf("%s: userErrors %v, subscription %+v; want %s", tc.name, codes, got.Subscription, tc.want)
		}
	}
	if n := w.count(`SELECT count(*) FROM push_subscriptions`); n != 0 {
		t.Errorf("%d subscriptions stored from bad input", n)
	}
	// The same input, well formed, passes; a padded key (base64 with =) too.
	padded := with("auth", base64.URLEncoding.EncodeToString(make([]byte, 16)))
	padded["endpoint"] = "https://push.example.net/send/padded"
	for _, in := range []map[string]any{good, padded} {
		if got := w.register(token, in); len(got.UserErrors) != 0 || got.Subscription == nil {
			t.Errorf("registering %v: %+v", in["endpoint"], got.UserErrors)
		}
	}
	var key struct{ PushPublicKey *string }
	w.gql("", `{ pushPublicKey }`, nil, &key)
	if key.PushPublicKey == nil || *key.PushPublicKey != public {
		t.Errorf("pushPublicKey %v, want %s", key.PushPublicKey, public)
	}
	if res := w.gql("", `mutation { registerPushSubscription(input: {endpoint: "https://push.example.net/x", p256dh: "x", auth: "y"}) { userErrors { code } } }`,
		nil, nil); res.code() != "UNAUTHENTICATED" {
		t.Errorf("registering signed out: %+v, want UNAUTHENTICATED", res.Errors)
	}
}

// TestRegisterChecksEndpoints registers every endpoint of endpointCases through the API of a server that
// guards its network: the public ones are stored, every other is refused on the field and not stored.
func TestRegisterChecksEndpoints(t *testing.T) {
	t.Parallel()
	public, private := vapidKeys(t)
	w := newWorld(t, &push.Config{PublicKey: public, PrivateKey: private, Subject: testSubject}, nil)
	token, _ := w.user("eve")
	b := newBrowser(t, "")
	for _, tc := range endpointCases {
		b.endpoint = tc.endpoint
		got := w.register(token, b.input(""))
		var codes []string
		for _, ue := range got.UserErrors {
			codes = append(codes, fmt.Sprintf("%s%v", ue.Code, ue.Field))
		}
		stored := w.count(`SELECT count(*) FROM push_subscriptions WHERE endpoint = $1`, tc.endpoint) == 1
		switch {
		case tc.rule == publicHost && (len(codes) > 0 || got.Subscription == nil || !stored):
			t.Errorf("%s: registering %q: userErrors %v, stored %v; want it stored", tc.why, tc.endpoint, codes, stored)
		case tc.rule != publicHost && (strings.Join(codes, " ") != "INVALID_PUSH_ENDPOINT[input endpoint]" || got.Subscription != nil || stored):
			t.Errorf("%s: registering %q: userErrors %v, stored %v; want INVALID_PUSH_ENDPOINT[input endpoint]", tc.why,
				tc.endpoint, codes, stored)
		}
	}
}

// TestRegisterWithoutPush: a server without VAPID keys has no pushPublicKey and refuses registrations.
func TestRegisterWithoutPush(t *testing.T) {
	t.Parallel()
	w := newWorld(t, nil, nil)
	token, _ := w.user("ida")
	var key struct{ PushPublicKey *string }
	w.gql(token, `{ pushPublicKey }`, nil, &key)
	if key.PushPublicKey != nil {
		t.Errorf("pushPublicKey %q on a server without web push, want null", *key.PushPublicKey)
	}
	got := w.register(token, newBrowser(t, "https://push.example.net/x").input(""))
	if len(got.UserErrors) != 1 || got.UserErrors[0].Code != "PUSH_UNAVAILABLE" || got.Subscription != nil {
		t.Errorf("registering: %+v, want PUSH_UNAVAILABLE", got)
	}
}

// TestSubscriptionsAreTheirOwners: a stranger cannot list, read by id or remove another's devices; the
// owner can; a browser registered again by another user moves to them.
func TestSubscriptionsAreTheirOwners(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	w := newWorld(t, &cfg, nil)
	jo, joID := w.user("jo")
	kim, _ := w.user("kim")
	b := newBrowser(t, "https://push.example.net/send/jo")
	sub := w.mustRegister(jo, b, "Jo's phone")
	userID := base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "User:%d", joID))

	const userQuery = `query($id: ID!) { node(id: $id) { ... on User { pushSubscriptions { id } } } }`
	var asKim struct {
		Node *struct{ PushSubscriptions *[]struct{ ID string } }
	}
	w.gql(kim, userQuery, map[string]any{"id": userID}, &asKim)
	if asKim.Node == nil || asKim.Node.PushSubscriptions != nil {
		t.Errorf("kim reads jo's pushSubscriptions as %+v, want null", asKim.Node)
	}
	var asJo struct {
		Node *struct{ PushSubscriptions *[]struct{ ID string } }
	}
	w.gql(jo, userQuery, map[string]any{"id": userID}, &asJo)
	if asJo.Node == nil || asJo.Node.PushSubscriptions == nil || len(*asJo.Node.PushSubscriptions) != 1 {
		t.Errorf("jo reads their own pushSubscriptions as %+v, want one", asJo.Node)
	}

	const nodeQuery = `query($id: ID!) { node(id: $id) { ... on PushSubscription { endpoint } } }`
	if res := w.gql(kim, nodeQuery, map[string]any{"id": sub.ID}, nil); res.code() != "NOT_FOUND" {
		t.Errorf("kim's node(jo's subscription): %s %+v, want NOT_FOUND", res.Data, res.Errors)
	}
	if res := w.gql("", nodeQuery, map[string]any{"id": sub.ID}, nil); res.code() != "NOT_FOUND" {
		t.Errorf("node(jo's subscription) signed out: %s %+v, want NOT_FOUND", res.Data, res.Errors)
	}
	var node struct{ Node *struct{ Endpoint string } }
	if w.gql(jo, nodeQuery, map[string]any{"id": sub.ID}, &node); node.Node == nil || node.Node.Endpoint != b.endpoint {
		t.Errorf("jo's node(their subscription) = %+v", node.Node)
	}

	const unregister = `mutation($e: String!) { unregisterPushSubscription(input: {endpoint: $e}) { removed userErrors { code } } }`
	var removed struct{ UnregisterPushSubscription struct{ Removed bool } }
	w.gql(kim, unregister, map[string]any{"e": b.endpoint}, &removed)
	if removed.UnregisterPushSubscription.Removed || len(w.devices(jo)) != 1 {
		t.Errorf("kim removed jo's device: removed %v, jo has %d", removed.UnregisterPushSubscription.Removed, len(w.devices(jo)))
	}

	// Kim signs in on jo's browser: the subscription is now kim's.
	moved := w.mustRegister(kim, b, "shared laptop")
	if moved.ID != sub.ID || len(w.devices(jo)) != 0 || len(w.devices(kim)) != 1 {
		t.Errorf("after kim registered jo's browser: %+v; jo has %d devices, kim %d", moved, len(w.devices(jo)), len(w.devices(kim)))
	}
	w.gql(kim, unregister, map[string]any{"e": b.endpoint}, &removed)
	if !removed.UnregisterPushSubscription.Removed || len(w.devices(kim)) != 0 {
		t.Errorf("kim removing their device: removed %v, %d left", removed.UnregisterPushSubscription.Removed, len(w.devices(kim)))
	}
	w.gql(kim, unregister, map[string]any{"e": b.endpoint}, &removed)
	if removed.UnregisterPushSubscription.Removed {
		t.Error("removing it again: removed true, want false")
	}
}

// TestRegisterKeepsTwentyDevices: the 21st device drops the one that has gone longest without a
// message; registering a known endpoint again refreshes it without adding one.
func TestRegisterKeepsTwentyDevices(t *testing.T) {
	t.Parallel()
	cfg := pushConfig(t)
	w := newWorld(t, &cfg, nil)
	token, lee := w.user("lee")
	var first *browser
	for i := range 20 {
		b := newBrowser(t, fmt.Sprintf("https://push.example.net/send/%d", i))
		if i == 0 {
			first = b
		}
		w.mustRegister(token, b, "")
	}
	// Device 0 took a message lately: device 1 is now the stalest.
	if _, err := w.db.Exec(`UPDATE push_subscriptions SET last_success_at = now() WHERE endpoint = $1`, first.endpoint); err != nil {
		t.Fatal(err)
	}
	w.mustRegister(token, first, "renamed")
	if n := len(w.devices(token)); n != 20 {
		t.Fatalf("%d devices after registering a known one again, want 20", n)
	}
	w.mustRegister(token, newBrowser(t, "https://push.example.net/send/20"), "")
	devices := w.devices(token)
	if len(devices) != 20 {
		t.Fatalf("%d devices, want 20", len(devices))
	}
	for _, d := range devices {
		if d.Endpoint == "https://push.example.net/send/1" {
			t.Error("the stalest device (1) is still registered")
		}
	}
	if n := w.count(`SELECT count(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 AND device = 'renamed'`, lee, first.endpoint); n != 1 {
		t.Error("device 0 was not kept and renamed")
	}
}
