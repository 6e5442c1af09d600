package ai_test

import (
	"testing"

	"rout/ai"
)

func TestByName(t *testing.T) {
	t.Parallel()
	for _, name := range ai.Names() {
		if p, ok := ai.ByName(name); !ok || p == nil {
			t.Errorf("ByName(%q): found %v, nil %v; want a player", name, ok, p == nil)
		}
	}
	for _, name := range []string{"", "grandmaster", "Normal"} {
		if p, ok := ai.ByName(name); ok || p != nil {
			t.Errorf("ByName(%q): found %v, nil %v; want none", name, ok, p == nil)
		}
	}
}
