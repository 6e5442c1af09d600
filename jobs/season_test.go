package jobs_test

import (
	"strings"
	"testing"
	"time"

	"rout/jobs"
)

// TestSeasonJobClosesAPastSeason: the season job, run at start, closes a season whose end has passed:
// its board is frozen with the player's rank, the rating reset softly, and the next season opened; the
// job's next runs change nothing.
func TestSeasonJobClosesAPastSeason(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	alice := e.user("alice", "none")
	for _, q := range []string{
		`INSERT INTO seasons (number, starts_at, ends_at) VALUES (1, now() - interval '100 days', now() - interval '1 day')`,
		`INSERT INTO ratings (created_at, updated_at, user_id, mode, family, mu, sigma, games, season_games, ordinal, public_rating)
		VALUES (now(), now(), $1, 'duel', '', 30, 1, 40, 40, 27, 2296)`,
		`INSERT INTO rating_counts (mode, family, public_rating, players) VALUES ('duel', '', 2296, 1)`,
	} {
		var args []any
		if strings.Contains(q, "$1") {
			args = append(args, alice)
		}
		if _, err := e.db.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	e.replica(testConfig(), nil)
	e.waitFor("the season job at start", time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'completed'`, jobs.KindSeasonClose) == 1
	})
	if n := e.count(`SELECT count(*) FROM season_standings WHERE season = 1 AND mode = 'duel' AND family = ''
		AND user_id = $1 AND rank = 1 AND public_rating = 2296 AND games = 40 AND NOT provisional`, alice); n != 1 {
		t.Errorf("%d frozen rows of alice, want 1", n)
	}
	if n := e.count(`SELECT count(*) FROM ratings WHERE user_id = $1 AND season_games = 0 AND mu = 30
		AND abs(sigma - sqrt(5)) < 1e-12 AND public_rating = 2118`, alice); n != 1 {
		t.Errorf("alice's rating was not reset softly (σ √5, public 1000 + 48(30 − 3√5) = 2118)")
	}
	if n := e.count(`SELECT count(*) FROM seasons WHERE (number = 1 AND closed_at IS NOT NULL) OR (number = 2 AND closed_at IS NULL)`); n != 2 {
		t.Errorf("seasons: want 1 closed and 2 open")
	}
	if n := e.count(`SELECT count(*) FROM rating_counts WHERE players <> 0`); n != 0 {
		t.Errorf("%d buckets left on the new season's boards", n)
	}
}
