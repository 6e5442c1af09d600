package game_test

import (
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
)

// seasonService returns a service on e's database whose seasons last months months and whose clock reads
// *now.
func (e *env) seasonService(months int, now *time.Time) *game.Service {
	e.t.Helper()
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Logger: quiet, SeasonMonths: months,
		Clock: func() time.Time { return *now }})
	if err != nil {
		e.t.Fatal(err)
	}
	return svc
}

// checkSeasons checks the seasons, given oldest first as their bounds, the last open and the others
// closed.
func (e *env) checkSeasons(svc *game.Service, want ...[2]time.Time) {
	e.t.Helper()
	got, err := svc.Seasons(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	if len(got) != len(want) {
		e.t.Fatalf("%d seasons %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		se := got[len(got)-1-i] // newest first
		if se.Number != i+1 || !se.StartsAt.Equal(w[0]) || !se.EndsAt.Equal(w[1]) || (se.ClosedAt == nil) != (i == len(want)-1) {
			e.t.Errorf("season %d: %+v, want number %d from %v to %v, open: %v", i+1, se, i+1, w[0], w[1], i == len(want)-1)
		}
	}
}

func month(y int, m time.Month) time.Time { return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC) }

// TestSeasonMonthly: with seasons of one month, the first season is the calendar month in which it is
// first needed, and the next is the following month.
func TestSeasonMonthly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	now := time.Date(2027, time.February, 14, 12, 0, 0, 0, time.UTC)
	svc := e.seasonService(1, &now)
	e.checkSeasons(svc, [2]time.Time{month(2027, time.February), month(2027, time.March)})
	now = month(2027, time.March).Add(-time.Second)
	if n, err := svc.SeasonClose(e.ctx); n != 0 || err != nil {
		t.Fatalf("closing before the end: %d, %v; want 0", n, err)
	}
	now = month(2027, time.March).Add(time.Second)
	if n, err := svc.SeasonClose(e.ctx); n != 1 || err != nil {
		t.Fatalf("closing at the end: %d, %v; want 1", n, err)
	}
	e.checkSeasons(svc, [2]time.Time{month(2027, time.February), month(2027, time.March)},
		[2]time.Time{month(2027, time.March), month(2027, time.April)})
	// The last month of the year ends with it.
	now = time.Date(2027, time.December, 3, 0, 0, 0, 0, time.UTC)
	for {
		n, err := svc.SeasonClose(e.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	seasons, err := svc.Seasons(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if open := seasons[0]; open.Number != 11 || !open.StartsAt.Equal(month(2027, time.December)) || !open.EndsAt.Equal(month(2028, time.January)) {
		t.Errorf("open season after the downtime: %+v, want season 11, December 2027", open)
	}
}

// TestSeasonLengthChange: a change of the length leaves the open season as it was opened; the next starts
// where it ended and ends with the period of the new length that holds its start, re-aligned to the
// calendar.
func TestSeasonLengthChange(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	now := time.Date(2027, time.May, 10, 0, 0, 0, 0, time.UTC)
	q2 := [2]time.Time{month(2027, time.April), month(2027, time.July)}
	e.checkSeasons(e.seasonService(3, &now), q2)

	// A year long from now on: the open quarter keeps its bounds, the next season is the rest of the year.
	yearly := e.seasonService(12, &now)
	e.checkSeasons(yearly, q2)
	now = month(2027, time.July).Add(time.Second)
	if n, err := yearly.SeasonClose(e.ctx); n != 1 || err != nil {
		t.Fatalf("closing season 1: %d, %v; want 1", n, err)
	}
	rest := [2]time.Time{month(2027, time.July), month(2028, time.January)}
	e.checkSeasons(yearly, q2, rest)

	// A month: the next season is January.
	now = month(2028, time.January).Add(time.Hour)
	if n, err := e.seasonService(1, &now).SeasonClose(e.ctx); n != 2 || err != nil {
		t.Fatalf("closing season 2: %d, %v; want 2", n, err)
	}
	jan := [2]time.Time{month(2028, time.January), month(2028, time.February)}
	e.checkSeasons(yearly, q2, rest, jan)

	// Half a year from a month's end: February to June, the rest of the half-year.
	now = month(2028, time.February).Add(time.Hour)
	if n, err := e.seasonService(6, &now).SeasonClose(e.ctx); n != 3 || err != nil {
		t.Fatalf("closing season 3: %d, %v; want 3", n, err)
	}
	h1 := [2]time.Time{month(2028, time.February), month(2028, time.July)}
	e.checkSeasons(yearly, q2, rest, jan, h1)

	// Four months from the half-year's end: July and August, the rest of the third (May to August).
	now = month(2028, time.July).Add(time.Hour)
	if n, err := e.seasonService(4, &now).SeasonClose(e.ctx); n != 4 || err != nil {
		t.Fatalf("closing season 4: %d, %v; want 4", n, err)
	}
	e.checkSeasons(yearly, q2, rest, jan, h1, [2]time.Time{month(2028, time.July), month(2028, time.September)})
}

// TestSeasonMonthsRefused: the service takes only the lengths that divide a year.
func TestSeasonMonthsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, months := range []int{-3, 5, 7, 24} {
		if _, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), SeasonMonths: months}); err == nil {
			t.Errorf("game.New with seasons of %d months: nil error", months)
		}
	}
}
