package notifications

import (
	"encoding/json"
	"testing"
)

func TestKindNames(t *testing.T) {
	t.Parallel()
	// The names are stable: job arguments and settings hold them.
	want := []string{"your_turn", "turn_warning", "cpu_played", "eliminated", "game_over", "invited", "seat_delegated", "declined", "chat",
		"chat_timeout", "tournament_round", "tournament_standing"}
	kinds := Kinds()
	if len(kinds) != len(want) {
		t.Fatalf("Kinds() = %v, want %d kinds", kinds, len(want))
	}
	for i, k := range kinds {
		if k.String() != want[i] {
			t.Errorf("kind %d is %q, want %q", i, k, want[i])
		}
		if got, err := ParseKind(want[i]); err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v, want %v", want[i], got, err, k)
		}
	}
	for _, k := range []Kind{0, Kind(len(want) + 1)} {
		if k.Valid() {
			t.Errorf("%d is valid", k)
		}
		if _, err := k.MarshalText(); err == nil {
			t.Errorf("%d.MarshalText = nil error", k)
		}
	}
	if _, err := ParseKind("YourTurn"); err == nil {
		t.Errorf("ParseKind(YourTurn) = nil error")
	}
}

func TestKindJSON(t *testing.T) {
	t.Parallel()
	type args struct {
		Kind    Kind    `json:"kind"`
		Channel Channel `json:"channel"`
	}
	b, err := json.Marshal(args{KindCPUPlayed, ChannelSMS})
	if err != nil || string(b) != `{"kind":"cpu_played","channel":"sms"}` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var back args
	if err := json.Unmarshal(b, &back); err != nil || back != (args{KindCPUPlayed, ChannelSMS}) {
		t.Errorf("json.Unmarshal = %+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"kind":"nope"}`), &back); err == nil {
		t.Errorf("json.Unmarshal of an unknown kind = nil error")
	}
}

func TestChannelNames(t *testing.T) {
	t.Parallel()
	for c, name := range map[Channel]string{ChannelNone: "none", ChannelEmail: "email", ChannelSMS: "sms", ChannelPush: "push"} {
		if c.String() != name {
			t.Errorf("%d.String() = %q, want %q", c, c, name)
		}
		if got, err := ParseChannel(name); err != nil || got != c {
			t.Errorf("ParseChannel(%q) = %v, %v, want %v", name, got, err, c)
		}
	}
	if _, err := ParseChannel("pigeon"); err == nil {
		t.Errorf("ParseChannel(pigeon) = nil error")
	}
	if Channel(4).Valid() {
		t.Errorf("channel 4 is valid")
	}
}
