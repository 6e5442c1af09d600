package graph

import "testing"

func TestLimiterSetForgetsFullBuckets(t *testing.T) {
	t.Parallel()
	now := nowFunc()
	s := newLimiterSet(RateLimit{Events: 2, Per: 1e9, Burst: 2}, now.get)
	for i := range 2 {
		if ok, _ := s.allow("a"); !ok {
			t.Fatalf("request %d refused", i)
		}
	}
	if ok, wait := s.allow("a"); ok || wait <= 0 {
		t.Fatalf("3rd request: %v, wait %v", ok, wait)
	}
	s.allow("b")
	now.add(2 * sweepEvery)
	s.allow("c") // sweeps
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.buckets["a"]; ok || len(s.buckets) != 1 {
		t.Errorf("after a sweep the set holds %d buckets, want only c's", len(s.buckets))
	}
}
