package game

import (
	"testing"
	"time"
)

// TestSeasonBounds: for each length a season is the calendar period of that many months (UTC) that holds
// the time, aligned to the year, up to the year's end.
func TestSeasonBounds(t *testing.T) {
	t.Parallel()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		months     int
		t          time.Time
		start, end time.Time
	}{
		{1, day(2027, time.February, 14), day(2027, time.February, 1), day(2027, time.March, 1)},
		{1, day(2027, time.January, 1), day(2027, time.January, 1), day(2027, time.February, 1)},
		{1, day(2027, time.December, 31), day(2027, time.December, 1), day(2028, time.January, 1)},
		{2, day(2027, time.February, 28), day(2027, time.January, 1), day(2027, time.March, 1)},
		{2, day(2027, time.March, 1), day(2027, time.March, 1), day(2027, time.May, 1)},
		{2, day(2027, time.December, 31), day(2027, time.November, 1), day(2028, time.January, 1)},
		{3, day(2027, time.May, 20), day(2027, time.April, 1), day(2027, time.July, 1)},
		{3, day(2027, time.December, 31), day(2027, time.October, 1), day(2028, time.January, 1)},
		{4, day(2027, time.April, 30), day(2027, time.January, 1), day(2027, time.May, 1)},
		{4, day(2027, time.May, 1), day(2027, time.May, 1), day(2027, time.September, 1)},
		{4, day(2027, time.December, 31), day(2027, time.September, 1), day(2028, time.January, 1)},
		{6, day(2027, time.June, 30), day(2027, time.January, 1), day(2027, time.July, 1)},
		{6, day(2027, time.July, 1), day(2027, time.July, 1), day(2028, time.January, 1)},
		{6, day(2027, time.December, 31), day(2027, time.July, 1), day(2028, time.January, 1)},
		{12, day(2027, time.January, 1), day(2027, time.January, 1), day(2028, time.January, 1)},
		{12, day(2027, time.December, 31), day(2027, time.January, 1), day(2028, time.January, 1)},
	}
	for _, tt := range tests {
		// The last instant of the day, and the same instant seen from a zone east of UTC (where it is the
		// next day already): the bounds follow UTC.
		for _, at := range []time.Time{tt.t, tt.t.Add(24*time.Hour - time.Nanosecond).In(time.FixedZone("UTC+10", 10*3600))} {
			start, end := seasonBounds(at, tt.months)
			if !start.Equal(tt.start) || !end.Equal(tt.end) || start.Location() != time.UTC {
				t.Errorf("seasonBounds(%v, %d) = %v, %v; want %v, %v (UTC)", at, tt.months, start, end, tt.start, tt.end)
			}
		}
	}
	// Every allowed length tiles a year with periods of that length, the last ending with the year.
	for _, months := range SeasonLengths {
		at := time.Date(2027, time.January, 1, 0, 0, 0, 0, time.UTC)
		for n := 0; n < 12/months; n++ {
			start, end := seasonBounds(at, months)
			if !start.Equal(at) || !end.Equal(at.AddDate(0, months, 0)) {
				t.Errorf("months %d, period %d: %v to %v, want %v to %v", months, n, start, end, at, at.AddDate(0, months, 0))
			}
			at = end
		}
		if !at.Equal(time.Date(2028, time.January, 1, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("months %d: %d periods end at %v, want the year's end", months, 12/months, at)
		}
	}
}

// TestNextSeasonEnd: the season after a change of length ends with the period of the new length that
// holds its start: never empty, at most the new length long.
func TestNextSeasonEnd(t *testing.T) {
	t.Parallel()
	day := func(y int, m time.Month) time.Time { return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		start  time.Time
		months int
		want   time.Time
	}{
		{day(2027, time.April), 3, day(2027, time.July)},
		{day(2027, time.April), 12, day(2028, time.January)}, // a quarter's end to the year's
		{day(2027, time.April), 1, day(2027, time.May)},
		{day(2027, time.June), 6, day(2027, time.July)}, // a month's end to the half-year's
		{day(2027, time.July), 6, day(2028, time.January)},
		{day(2027, time.February), 3, day(2027, time.April)},  // a month's end to the quarter's
		{day(2027, time.October), 4, day(2028, time.January)}, // a quarter's end to the third's
		{day(2028, time.January), 2, day(2028, time.March)},
	}
	for _, tt := range tests {
		if got := nextSeasonEnd(tt.start, tt.months); !got.Equal(tt.want) || !got.After(tt.start) {
			t.Errorf("nextSeasonEnd(%v, %d) = %v, want %v", tt.start, tt.months, got, tt.want)
		}
	}
}

func TestValidSeasonMonths(t *testing.T) {
	t.Parallel()
	for n := -1; n <= 13; n++ {
		want := n == 1 || n == 2 || n == 3 || n == 4 || n == 6 || n == 12
		if got := ValidSeasonMonths(n); got != want {
			t.Errorf("ValidSeasonMonths(%d) = %v, want %v", n, got, want)
		}
	}
}
