package live_test

import (
	"context"
	"fmt"
	"testing"

	"rout/live"
)

// BenchmarkFanOut measures one command reaching the subscribers of its game (a quarter per seat, a quarter
// spectators), each read by its own goroutine: from the command's start to the last subscriber holding its
// events. The command itself (the game service's transaction) is included: 0 subscribers is its cost alone.
func BenchmarkFanOut(b *testing.B) {
	for _, n := range []int{0, 1000} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
			e := newEnv(b, live.Opts{})
			id := e.game(3)
			start := e.play(e.svc, id, 3)
			ctx, cancel := context.WithCancel(e.ctx)
			defer cancel()
			seqs := make(chan int64, n*64)
			e.subscribeReaders(ctx, id, start, n, seqs)
			b.ResetTimer()
			last, events := start, 0
			for range b.N {
				head := e.play(e.svc, id, 1)
				for range n * int(head-last) {
					<-seqs
				}
				events += int(head - last)
				last = head
			}
			b.ReportMetric(float64(events)/float64(b.N), "events/op")
		})
	}
}
