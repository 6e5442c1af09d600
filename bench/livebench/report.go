package livebench

import (
	"fmt"
	"io"

	"rout/bench/benchstat"
)

// The goals of the issue, against which WriteReport gives its verdicts.
const (
	// GoalP99Ratio is the highest p99 of Rout over the baseline's of the same run.
	GoalP99Ratio = 1.3
	// GoalBytesPerSubscriber is the most memory a subscriber may cost the server, with fog too.
	GoalBytesPerSubscriber = 25 << 10
	// GoalFogP99Ratio is the highest p99 of Rout with fog over Rout's without fog in the same run.
	GoalFogP99Ratio = 1.3
	// GoalChatP99Ratio is the highest p99 of Rout's chat lines over its game events' in the same run.
	GoalChatP99Ratio = 1.3
)

// WriteReport writes the results as Markdown tables: the measurements; for each number of subscribers
// with both targets, Rout against the baseline with the goals' verdicts; and for each with both Rout
// targets, Rout with fog against Rout without; and for each with Rout's game events and its chat, the
// chat against the game events.
func WriteReport(w io.Writer, results []Result) {
	fmt.Fprintln(w, "| subscribers | target | events timed | p50 | p99 | max | p99 from the call | publishing p50 | first receipt p50 | KiB per subscriber | goroutines per subscriber | bytes per message | lost | duplicated | ended early |")
	fmt.Fprintln(w, "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, r := range results {
		perMsg := int64(0)
		if r.Clients.Messages > 0 {
			perMsg = r.Clients.Bytes / r.Clients.Messages
		}
		fmt.Fprintf(w, "| %d | %s | %d | %s | %s | %s | %s | %s | %s | %.1f | %.1f | %d | %d | %d | %d |\n", r.Subscribers, r.Target,
			len(r.Latencies), benchstat.Ms(r.Percentile(0.5)), benchstat.Ms(r.Percentile(0.99)), benchstat.Ms(r.Percentile(1)),
			benchstat.Ms(benchstat.Percentile(r.CallLatencies, 0.99)), benchstat.Ms(benchstat.Percentile(r.Publishing, 0.5)), benchstat.Ms(benchstat.Percentile(r.FirstReceipts, 0.5)), r.MemoryPerSubscriber/1024, r.GoroutinesPerSubscriber, perMsg, r.Clients.Lost, r.Clients.Duplicated, r.Clients.Ended)
	}
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(w, "\n%s with %d subscribers stopped early: %v\n", r.Target, r.Subscribers, r.Err)
		}
		if r.Clients.Resubscribed > 0 {
			fmt.Fprintf(w, "\n%s with %d subscribers: %d subscriptions refused as busy while the clients subscribed, sent again after the wait asked\n",
				r.Target, r.Subscribers, r.Clients.Resubscribed)
		}
		if r.Clients.FirstEnd != "" {
			fmt.Fprintf(w, "\n%s with %d subscribers: the first connection that ended early: %s\n", r.Target, r.Subscribers, r.Clients.FirstEnd)
		}
	}
	if ps := pairs(results, TargetRout, TargetBaseline); len(ps) > 0 {
		fmt.Fprintln(w, "\n| subscribers | Rout / baseline p50 | p99 | max | p99 from the call | p99 within 1.3× | ≤ 25 KiB per subscriber | no event lost |")
		fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | --- | --- | --- |")
		for _, p := range ps {
			r, b := p[0], p[1]
			p99 := benchstat.Ratio(r.Percentile(0.99), b.Percentile(0.99))
			fmt.Fprintf(w, "| %d | %.2f× | %.2f× | %.2f× | %.2f× | %s | %s | %s |\n", r.Subscribers,
				benchstat.Ratio(r.Percentile(0.5), b.Percentile(0.5)), p99, benchstat.Ratio(r.Percentile(1), b.Percentile(1)),
				benchstat.Ratio(benchstat.Percentile(r.CallLatencies, 0.99), benchstat.Percentile(b.CallLatencies, 0.99)),
				benchstat.Verdict(p99 <= GoalP99Ratio), benchstat.Verdict(r.MemoryPerSubscriber <= GoalBytesPerSubscriber),
				benchstat.Verdict(r.delivered()))
		}
	}
	if ps := pairs(results, TargetRoutFog, TargetRout); len(ps) > 0 {
		writeAgainst(w, ps, "fog / no fog", "with fog", "no event lost", GoalFogP99Ratio)
	}
	if ps := pairs(results, TargetRoutChat, TargetRout); len(ps) > 0 {
		writeAgainst(w, ps, "chat / game events", "for the chat", "no line or event lost", GoalChatP99Ratio)
	}
}

// writeAgainst writes a table of the pairs of one Rout target against another (named by ratio, such as
// "fog / no fog"): p50, p99, max, p99 from the call and memory per subscriber of one over the other's,
// and the verdicts: p99 within goal, the first's memory per subscriber (memory names it) within
// GoalBytesPerSubscriber, nothing lost by either (lost names it).
func writeAgainst(w io.Writer, ps [][2]*Result, ratio, memory, lost string, goal float64) {
	fmt.Fprintf(w, "\n| subscribers | %s p50 | p99 | max | p99 from the call | memory per subscriber | p99 within %.1f× | ≤ 25 KiB per subscriber %s | %s |\n",
		ratio, goal, memory, lost)
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |")
	for _, p := range ps {
		of, against := p[0], p[1]
		p99 := benchstat.Ratio(of.Percentile(0.99), against.Percentile(0.99))
		fmt.Fprintf(w, "| %d | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× (%.1f / %.1f KiB) | %s | %s | %s |\n", of.Subscribers,
			benchstat.Ratio(of.Percentile(0.5), against.Percentile(0.5)), p99, benchstat.Ratio(of.Percentile(1), against.Percentile(1)),
			benchstat.Ratio(benchstat.Percentile(of.CallLatencies, 0.99), benchstat.Percentile(against.CallLatencies, 0.99)),
			of.MemoryPerSubscriber/against.MemoryPerSubscriber, of.MemoryPerSubscriber/1024, against.MemoryPerSubscriber/1024,
			benchstat.Verdict(p99 <= goal), benchstat.Verdict(of.MemoryPerSubscriber <= GoalBytesPerSubscriber),
			benchstat.Verdict(of.delivered() && against.delivered()))
	}
}

// delivered reports whether every event reached every client it was for, once.
func (r *Result) delivered() bool {
	return r.Err == nil && r.Clients.Lost == 0 && r.Clients.Ended == 0
}

// pairs returns, for each number of subscribers measured with both targets, the result of target of and
// the result of target against, in the order of the results.
func pairs(results []Result, of, against string) [][2]*Result {
	var out [][2]*Result
	for i := range results {
		if results[i].Target != of {
			continue
		}
		for j := range results {
			if results[j].Target == against && results[j].Subscribers == results[i].Subscribers {
				out = append(out, [2]*Result{&results[i], &results[j]})
			}
		}
	}
	return out
}
