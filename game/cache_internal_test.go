package game

import "testing"

// TestLRUIsBounded: the caches of boards and of games' maps never hold more than their size, and forget
// the least recently used entry first.
func TestLRUIsBounded(t *testing.T) {
	t.Parallel()
	c := newLRU[int, string](2)
	c.put(1, "a")
	c.put(2, "b")
	if v, ok := c.get(1); !ok || v != "a" { // 1 is now the most recently used
		t.Fatalf("get(1) = %q, %v", v, ok)
	}
	c.put(3, "c")
	if _, ok := c.get(2); ok {
		t.Errorf("2, the least recently used, is still kept")
	}
	for k, want := range map[int]string{1: "a", 3: "c"} {
		if v, ok := c.get(k); !ok || v != want {
			t.Errorf("get(%d) = %q, %v; want %q", k, v, ok, want)
		}
	}
	c.put(3, "C")
	if v, _ := c.get(3); v != "C" || c.len() != 2 {
		t.Errorf("after replacing 3: get(3) = %q, len %d", v, c.len())
	}
	for i := range 100 {
		c.put(10+i, "x")
	}
	if c.len() != 2 {
		t.Errorf("len %d after 100 more puts, want 2", c.len())
	}
}
