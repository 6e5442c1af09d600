package apibench

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	"rout/dbtest"
)

// The plain HTTP handler in a process of its own, as `rout bench api` starts it, on real PostgreSQL: each
// client's commands lock, update and bump its own game, one version and one event each.
func TestPlainHTTPPlaysCommands(t *testing.T) {
	t.Parallel()
	dsn, err := keyValues(dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := preparePlain(t.Context(), db, 2); err != nil {
		t.Fatal(err)
	}
	cmd, err := selfCommand(plainHTTPEnv)()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(withoutRout(cmd.Env), "DATABASE_URL="+dsn)
	var p process
	var progress strings.Builder
	addr, err := p.start(t.Context(), "the plain HTTP handler", cmd, &progress, time.Minute)
	t.Cleanup(func() {
		if err := p.stop(); err != nil {
			t.Error(err)
		}
	})
	if err != nil {
		t.Fatalf("start: %v\n%s", err, progress.String())
	}
	c := newPlainHTTPClient("http://"+addr, 2)
	res, err := playPlainHTTP(t.Context(), c, 2, 50)
	if err != nil {
		t.Fatal(err)
	}
	if res.Commands != 100 || len(res.Latencies) != 100 || res.Elapsed <= 0 {
		t.Errorf("played %d commands (%d timed) in %s, want 100", res.Commands, len(res.Latencies), res.Elapsed)
	}
	if cpu, ok := p.cpuTime(); !ok || cpu < 0 {
		t.Errorf("the handler's CPU: %s, %v; want it measured", cpu, ok)
	}
	rows, err := db.QueryContext(t.Context(), `SELECT g.id, g.version, (SELECT count(*) FROM apibench_events e WHERE e.game_id = g.id),
  (SELECT max(seq) FROM apibench_events e WHERE e.game_id = g.id), (SELECT sum(armies) FROM apibench_territories t WHERE t.game_id = g.id)
FROM apibench_games g ORDER BY g.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, version, events, seq, armies int64
		if err := rows.Scan(&id, &version, &events, &seq, &armies); err != nil {
			t.Fatal(err)
		}
		// Each command moves an army from one territory to the next: the game's armies stay 3 a territory.
		if version != 50 || events != 50 || seq != 50 || armies != 3*plainTerritories {
			t.Errorf("game %d: version %d, %d events up to seq %d, %d armies; want 50, 50, 50 and %d", id, version, events, seq, armies, 3*plainTerritories)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// A command on a game that is not there is refused, and says why.
	if _, err := c.command(t.Context(), plainCommand{Game: 99, From: 99001, To: 99002}); err == nil || !strings.Contains(err.Error(), "HTTP 500") || !strings.Contains(err.Error(), "locking game 99") {
		t.Errorf("command on game 99: %v, want HTTP 500 about locking it", err)
	}
}
