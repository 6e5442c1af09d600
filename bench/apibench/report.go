package apibench

import (
	"fmt"
	"io"
	"time"

	"rout/bench/benchstat"
	"rout/rules"
)

// The goals of the redesign, against which WriteReport gives its verdicts.
const (
	// GoalP50Ratio is the highest p50 of a command through GraphQL over the plain transaction's, at one
	// client.
	GoalP50Ratio = 2.5
	// GoalThroughputRatio is the lowest throughput of 16 games over 16 plain clients'.
	GoalThroughputRatio = 0.7
	// GoalP50RatioHTTP is the highest p50 of a command through GraphQL over the plain HTTP handler's, at
	// one client.
	GoalP50RatioHTTP = 2.0
	// GoalThroughputRatioHTTP is the lowest throughput of 16 games over 16 clients' of the plain HTTP
	// handler.
	GoalThroughputRatioHTTP = 0.8
	// GoalBoardRatio is the highest p50 of a board read through GraphQL over the raw SQL read's.
	GoalBoardRatio = 3.0
	// GoalFogRatio is the highest p50 of a command in a fog game over the same command's without fog.
	GoalFogRatio = 1.2
	// GoalCPUTurnP99 is the longest p99 of a CPU turn on classic.
	GoalCPUTurnP99 = 50 * time.Millisecond
	// GoalBurst is how long 10,000 deadlines falling due at once may take to be taken over (scaled
	// linearly for other numbers of deadlines).
	GoalBurst = 30 * time.Second
	// GoalBurstGames is the number of deadlines GoalBurst is for.
	GoalBurstGames = 10_000
)

// WriteReport writes the results as Markdown tables, with the ratios to the baselines of the same run
// and the goals' verdicts.
func WriteReport(w io.Writer, r *Results) {
	if len(r.Commands) > 0 {
		fmt.Fprintf(w, "Commands on %s (GraphQL mutations, keep-alive HTTP) beside the plain transaction (BEGIN; 2 UPDATEs; 1 INSERT; COMMIT):\n\n", r.Map)
		fmt.Fprintln(w, "| games = clients | API commands/s | plain tx/s | API / plain throughput | API p50 | API p99 | plain p50 | plain p99 | p50 API / plain | p99 API / plain | reads when the turn passed |")
		fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
		for _, c := range r.Commands {
			ap50, ap99 := benchstat.Percentile(c.API.Latencies, 0.5), benchstat.Percentile(c.API.Latencies, 0.99)
			pp50, pp99 := benchstat.Percentile(c.Plain.Latencies, 0.5), benchstat.Percentile(c.Plain.Latencies, 0.99)
			fmt.Fprintf(w, "| %d | %.0f | %.0f | %.2f× | %s | %s | %s | %s | %.1f× | %.1f× | %d |\n", c.Games,
				c.API.PerSecond(), c.Plain.PerSecond(), c.API.PerSecond()/c.Plain.PerSecond(), benchstat.Ms(ap50), benchstat.Ms(ap99), benchstat.Ms(pp50), benchstat.Ms(pp99),
				benchstat.Ratio(ap50, pp50), benchstat.Ratio(ap99, pp99), c.API.Reads)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "The same commands beside the plain HTTP handler (JSON over keep-alive HTTP to a process of its own, net/http and lib/pq only: "+
			"BEGIN; lock the game; 2 UPDATEs of territories; 1 INSERT of an event; bump the version; COMMIT):\n\n")
		fmt.Fprintln(w, "| games = clients | API commands/s | plain HTTP commands/s | API / plain HTTP throughput | API p50 | plain HTTP p50 | plain HTTP p99 | p50 API / plain HTTP | p99 API / plain HTTP |")
		fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
		for _, c := range r.Commands {
			ap50, ap99 := benchstat.Percentile(c.API.Latencies, 0.5), benchstat.Percentile(c.API.Latencies, 0.99)
			hp50, hp99 := benchstat.Percentile(c.PlainHTTP.Latencies, 0.5), benchstat.Percentile(c.PlainHTTP.Latencies, 0.99)
			fmt.Fprintf(w, "| %d | %.0f | %.0f | %.2f× | %s | %s | %s | %.1f× | %.1f× |\n", c.Games,
				c.API.PerSecond(), c.PlainHTTP.PerSecond(), c.API.PerSecond()/c.PlainHTTP.PerSecond(), benchstat.Ms(ap50), benchstat.Ms(hp50), benchstat.Ms(hp99),
				benchstat.Ratio(ap50, hp50), benchstat.Ratio(ap99, hp99))
		}
		fmt.Fprintln(w)
		if r.Fog != rules.FogNone {
			writeFog(w, r)
		}
		writeCPU(w, r.Commands)
	}
	if b := r.Board; b != nil {
		g, s := benchstat.Percentile(b.GraphQL, 0.5), benchstat.Percentile(b.RawSQL, 0.5)
		fmt.Fprintf(w, "Board read of a %s game (%d territories), %d reads each, in turns: GraphQL p50 %s (p99 %s), raw SQL p50 %s (p99 %s): %.1f×.\n\n",
			r.Map, b.Territories, len(b.GraphQL), benchstat.Ms(g), benchstat.Ms(benchstat.Percentile(b.GraphQL, 0.99)), benchstat.Ms(s), benchstat.Ms(benchstat.Percentile(b.RawSQL, 0.99)), benchstat.Ratio(g, s))
	}
	if c := r.Count; c != nil {
		fmt.Fprintf(w, "PostgreSQL's counters over %d commands of one game, less the background (%.1f transactions/s, %.1f scans/s with no command): "+
			"%.1f transactions, %.1f scans of games, %.1f scans of all tables and %.1f rows written per command.\n\n",
			c.Commands, c.Background, c.BackgroundScans, c.Transactions, c.GameScans, c.Scans, c.RowsWritten)
	}
	if c := r.CPU; c != nil {
		fmt.Fprintf(w, "CPU turns on %s (River's rout_cpu_turn jobs, start to completion; placement turns not counted): %d turns in %d games, p50 %s, p99 %s, max %s.\n\n",
			r.Map, len(c.Turns), c.Games, benchstat.Ms(benchstat.Percentile(c.Turns, 0.5)), benchstat.Ms(benchstat.Percentile(c.Turns, 0.99)), benchstat.Ms(benchstat.Percentile(c.Turns, 1)))
	}
	if b := r.Burst; b != nil {
		idle := "not measured"
		if b.IdleCPU >= 0 && b.EmptyCPU >= 0 {
			idle = fmt.Sprintf("%.1f%% of a core over %s (before the burst's games were created: %.1f%%)", 100*b.IdleCPU, b.Idle.Round(time.Second), 100*b.EmptyCPU)
		}
		fmt.Fprintf(w, "Deadline burst: %d games' deadlines due at one moment (%d players, two to a game), %d turns taken over in %s (%.0f a second; %d deadline jobs recorded as completed by then, %d cancelled (their turns taken over with another's), %d failed; "+
			"the server at %.0f%% of a core)", b.Games, b.Players, b.Games-b.Left, b.Done.Round(time.Millisecond), float64(b.Games-b.Left)/b.Done.Seconds(), b.Jobs,
			b.Cancelled, b.Failed, 100*b.BurstCPU)
		if b.Left > 0 {
			fmt.Fprintf(w, ", **%d not taken over** when the wait ended", b.Left)
		}
		if len(b.Late) > 0 {
			fmt.Fprintf(w, "; the deadline jobs started late by p50 %s, p99 %s, max %s", benchstat.Ms(benchstat.Percentile(b.Late, 0.5)),
				benchstat.Ms(benchstat.Percentile(b.Late, 0.99)), benchstat.Ms(benchstat.Percentile(b.Late, 1)))
		}
		if b.CPUGames > 0 {
			fmt.Fprintf(w, "; meanwhile %d games of CPUs played %d CPU turns", b.CPUGames, b.CPUTurns)
		}
		fmt.Fprintf(w, "; the server's CPU while they waited: %s.\n\n", idle)
	}
	fmt.Fprintln(w, "| goal | measured | verdict |")
	fmt.Fprintln(w, "| --- | ---: | --- |")
	for _, c := range r.Commands {
		switch c.Games {
		case 1:
			q := benchstat.Ratio(benchstat.Percentile(c.API.Latencies, 0.5), benchstat.Percentile(c.Plain.Latencies, 0.5))
			fmt.Fprintf(w, "| command p50 within %.1f× the plain transaction at 1 client | %.1f× | %s |\n", GoalP50Ratio, q, benchstat.Verdict(q <= GoalP50Ratio))
			q = benchstat.Ratio(benchstat.Percentile(c.API.Latencies, 0.5), benchstat.Percentile(c.PlainHTTP.Latencies, 0.5))
			fmt.Fprintf(w, "| command p50 within %.1f× the plain HTTP handler at 1 client | %.1f× | %s |\n", GoalP50RatioHTTP, q, benchstat.Verdict(q <= GoalP50RatioHTTP))
		case 16:
			q := c.API.PerSecond() / c.Plain.PerSecond()
			measured := fmt.Sprintf("%.2f×", q)
			if ceiling, ok := c.ServerlessCeiling(); ok {
				measured += fmt.Sprintf(" (with a server that used no CPU: at most %.2f×)", ceiling)
			}
			fmt.Fprintf(w, "| throughput of 16 games at least %.1f× 16 plain clients | %s | %s |\n", GoalThroughputRatio, measured, benchstat.Verdict(q >= GoalThroughputRatio))
			q = c.API.PerSecond() / c.PlainHTTP.PerSecond()
			fmt.Fprintf(w, "| throughput of 16 games at least %.1f× 16 clients of the plain HTTP handler | %.2f× | %s |\n", GoalThroughputRatioHTTP, q, benchstat.Verdict(q >= GoalThroughputRatioHTTP))
		}
	}
	for _, c := range r.Commands {
		if c.Fog.Commands > 0 {
			q := benchstat.Ratio(benchstat.Percentile(c.Fog.Latencies, 0.5), benchstat.Percentile(c.API.Latencies, 0.5))
			games := fmt.Sprintf("%d games", c.Games)
			if c.Games == 1 {
				games = "1 game"
			}
			fmt.Fprintf(w, "| command p50 with %s fog within %.1f× without fog at %s | %.2f× | %s |\n", r.Fog, GoalFogRatio, games, q, benchstat.Verdict(q <= GoalFogRatio))
		}
	}
	if b := r.Board; b != nil {
		q := benchstat.Ratio(benchstat.Percentile(b.GraphQL, 0.5), benchstat.Percentile(b.RawSQL, 0.5))
		fmt.Fprintf(w, "| board read within %.0f× the raw SQL read | %.1f× | %s |\n", GoalBoardRatio, q, benchstat.Verdict(q <= GoalBoardRatio))
	}
	if c := r.CPU; c != nil && r.Map == "classic" {
		p := benchstat.Percentile(c.Turns, 0.99)
		fmt.Fprintf(w, "| CPU turn p99 within %s on classic | %s | %s |\n", benchstat.Ms(GoalCPUTurnP99), benchstat.Ms(p), benchstat.Verdict(p <= GoalCPUTurnP99))
	}
	if b := r.Burst; b != nil {
		goal := GoalBurst * time.Duration(b.Games) / GoalBurstGames
		fmt.Fprintf(w, "| %d deadlines taken over within %s (%s for 10,000) | %s | %s |\n", b.Games, goal.Round(time.Millisecond), GoalBurst,
			b.Done.Round(time.Millisecond), benchstat.Verdict(b.Left == 0 && b.Done <= goal))
	}
}

// writeFog writes the commands in fog games beside the same without fog.
func writeFog(w io.Writer, r *Results) {
	fmt.Fprintf(w, "The same commands in games with %s fog (every viewer's record written with the events), in turns with the games without fog:\n\n", r.Fog)
	fmt.Fprintln(w, "| games = clients | fog commands/s | no fog commands/s | fog / no fog throughput | fog p50 | no fog p50 | fog p99 | no fog p99 | p50 fog / no fog | p99 fog / no fog |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, c := range r.Commands {
		fp50, fp99 := benchstat.Percentile(c.Fog.Latencies, 0.5), benchstat.Percentile(c.Fog.Latencies, 0.99)
		ap50, ap99 := benchstat.Percentile(c.API.Latencies, 0.5), benchstat.Percentile(c.API.Latencies, 0.99)
		fmt.Fprintf(w, "| %d | %.0f | %.0f | %.2f× | %s | %s | %s | %s | %.2f× | %.2f× |\n", c.Games, c.Fog.PerSecond(), c.API.PerSecond(),
			c.Fog.PerSecond()/c.API.PerSecond(), benchstat.Ms(fp50), benchstat.Ms(ap50), benchstat.Ms(fp99), benchstat.Ms(ap99),
			benchstat.Ratio(fp50, ap50), benchstat.Ratio(fp99, ap99))
	}
	fmt.Fprintln(w)
}

// writeCPU writes the CPU each party used per command (of the API and of the plain HTTP handler) and per
// plain transaction.
func writeCPU(w io.Writer, runs []CommandRun) {
	fmt.Fprintln(w, "CPU per command (API, plain HTTP handler) and per plain transaction, from /proc: the benchmark's own process (the client), the server (Rout's, or the plain HTTP handler's) and PostgreSQL's processes on this machine; cores busy is their total over the run's wall time:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| games = clients | run | client | server | PostgreSQL | total | cores busy |")
	fmt.Fprintln(w, "| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
	for _, c := range runs {
		for _, r := range []struct {
			name string
			res  playResult
		}{{"API", c.API}, {"API with fog", c.Fog}, {"plain HTTP", c.PlainHTTP}, {"plain", c.Plain}} {
			if r.res.Commands == 0 {
				continue // no fog games
			}
			per := func(d time.Duration, known bool) string {
				if !known {
					return "not measured"
				}
				return benchstat.Ms(d / time.Duration(max(1, r.res.Commands)))
			}
			u := r.res.CPU
			server := per(u.Server, u.ServerKnown)
			if r.name == "plain" {
				server = "–"
			}
			busy := 0.0
			if r.res.Elapsed > 0 {
				busy = u.Total().Seconds() / r.res.Elapsed.Seconds()
			}
			fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s | %.2f |\n", c.Games, r.name, per(u.Client, u.ClientKnown), server,
				per(u.Postgres, u.PostgresKnown), per(u.Total(), true), busy)
		}
	}
	fmt.Fprintln(w)
}
