package benchstat

import (
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	t.Parallel()
	ds := []time.Duration{5, 1, 4, 2, 3}
	for _, c := range []struct {
		p    float64
		want time.Duration
	}{{0, 1}, {0.2, 1}, {0.5, 3}, {0.99, 5}, {1, 5}} {
		if got := Percentile(ds, c.p); got != c.want {
			t.Errorf("Percentile(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if ds[0] != 5 {
		t.Errorf("Percentile sorted its argument: %v", ds)
	}
	if got := Percentile(nil, 0.5); got != 0 {
		t.Errorf("Percentile(nil) = %v", got)
	}
}

func TestRatioMsVerdict(t *testing.T) {
	t.Parallel()
	if got := Ratio(3, 2); got != 1.5 {
		t.Errorf("Ratio(3, 2) = %v", got)
	}
	if got := Ratio(3, 0); got != 0 {
		t.Errorf("Ratio(3, 0) = %v", got)
	}
	if got := Ms(1500 * time.Microsecond); got != "1.50 ms" {
		t.Errorf("Ms = %q", got)
	}
	if Verdict(true) != "met" || Verdict(false) != "**not met**" {
		t.Errorf("Verdict: %q %q", Verdict(true), Verdict(false))
	}
}
