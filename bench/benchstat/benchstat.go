// Package benchstat holds the small figures the benchmark commands (rout bench live, rout bench api)
// print: percentiles of latencies, ratios between two targets measured in the same run, and verdicts
// against goals. It uses the standard library only.
package benchstat

import (
	"fmt"
	"slices"
	"time"
)

// Percentile returns the p-quantile (0 to 1) of ds by the nearest-rank method, 0 for no durations. ds
// is left as it is.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s))*p+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// Ms writes d in milliseconds.
func Ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

// Ratio returns a/b, 0 when b is 0.
func Ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Verdict writes whether a goal is met, as the benchmark tables in docs/benchmarks.md do.
func Verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**not met**"
}
