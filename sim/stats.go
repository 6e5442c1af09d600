package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"rout/rules"
)

// Stats is what a series of games between the same seats came to: the wins of each seat (the seat whose
// command ended the game) and, in team games, of each team, overall and when it moved first, and the
// length of each game. Add gives it one game's Result.
type Stats struct {
	Games      int
	Wins       []int // by seat
	FirstGames []int // by seat: the games in which it moved first
	FirstWins  []int // by seat: the games in which it moved first and won
	Unfinished int   // games that ended with no winner (Opts.MaxCommands ran out)
	// In team games (docs/rules.md, "Team games"), by team: the games each team won, those in which one
	// of its seats moved first, and those of them it won. Nil until a team game is added.
	TeamWins, TeamFirstGames, TeamFirstWins []int
	// Turns, Commands and Events hold one entry per game, in the order the games were added.
	Turns, Commands, Events []int
}

// NewStats returns empty statistics for games of seats seats.
func NewStats(seats int) *Stats {
	return &Stats{Wins: make([]int, seats), FirstGames: make([]int, seats), FirstWins: make([]int, seats)}
}

// Add counts one game.
func (s *Stats) Add(res Result) {
	s.Games++
	if order := res.Final.Order(); len(order) > 0 {
		s.FirstGames[order[0]]++
		if res.Winner == order[0] {
			s.FirstWins[order[0]]++
		}
	}
	if res.Winner >= 0 {
		s.Wins[res.Winner]++
	} else {
		s.Unfinished++
	}
	s.addTeams(res)
	s.Turns = append(s.Turns, res.Final.Turn())
	s.Commands = append(s.Commands, res.Commands)
	s.Events = append(s.Events, res.Events)
}

// Standing is one player's record in a tournament, all its seats taken together.
type Standing struct {
	Name  string
	Seats int // seats it played in every game
	Games int // games played
	Wins  int
	// WinLow and WinHigh bound the share of the games it wins: the 95% Wilson interval of Wins in Games.
	WinLow, WinHigh float64
	// SeatGames is Games times Seats: the games counted per seat, as FirstGames and LaterGames count them.
	SeatGames int
	// FirstGames and FirstWins count, per seat and game, the games in which a seat of the player moved
	// first, and those of them it won; LaterGames and LaterWins the others.
	FirstGames, FirstWins int
	LaterGames, LaterWins int
}

// Standings gathers the record of each player of a tournament whose seat i was played by names[i], in
// the order the names first appear.
func (s *Stats) Standings(names []string) []Standing {
	var out []Standing
	index := map[string]int{}
	for seat, name := range names {
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, Standing{Name: name, Games: s.Games})
		}
		st := &out[i]
		st.Seats++
		st.Wins += s.Wins[seat]
		st.FirstGames += s.FirstGames[seat]
		st.FirstWins += s.FirstWins[seat]
	}
	for i := range out {
		st := &out[i]
		st.WinLow, st.WinHigh = Wilson(st.Wins, st.Games)
		st.SeatGames = st.Games * st.Seats
		st.LaterGames, st.LaterWins = st.SeatGames-st.FirstGames, st.Wins-st.FirstWins
	}
	return out
}

// Wilson returns the 95% Wilson score interval of a proportion of k successes in n trials (0 to 1 when
// n is 0).
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	denom := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / denom
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / denom
	return max(0, center-half), min(1, center+half)
}

// Percentile returns the nearest-rank p-th percentile of sorted, which must not be empty.
func Percentile[T any](sorted []T, p int) T {
	i := (p*len(sorted)+99)/100 - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// Spread is the mean, median and extremes of a series of counts.
type Spread struct {
	Mean             float64
	Median, Min, Max int
}

// SpreadOf returns the spread of xs, the zero Spread when xs is empty. The median of an even number of
// counts is the upper of the two middle ones.
func SpreadOf(xs []int) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	sorted := slices.Sorted(slices.Values(xs))
	total := 0
	for _, x := range xs {
		total += x
	}
	return Spread{Mean: float64(total) / float64(len(xs)), Median: sorted[len(sorted)/2], Min: sorted[0], Max: sorted[len(sorted)-1]}
}

// DecisionTimes records how long each named policy takes per decision, and per whole game turn (the
// decisions a player makes from the start of one of its game turns to its end; claim picks and placement
// turns are not counted as turns), and how many game turns each seat played. It is not safe for concurrent
// use: the policies it wraps must play one game at a time. Play parallel games with one DecisionTimes per
// game and Merge them.
type DecisionTimes struct {
	byName map[string][]time.Duration
	turns  map[string][]time.Duration
	open   map[rules.PlayerID]*openTurn
	played map[rules.PlayerID]int
}

// openTurn is the game turn a seat is playing: its number, the name of its policy and the time so far.
type openTurn struct {
	name string
	turn int
	took time.Duration
}

// Wrap returns policy, timing every decision it makes under name.
func (dt *DecisionTimes) Wrap(name string, policy Policy) Policy {
	return func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		start := time.Now()
		c := policy(s, p, r)
		took := time.Since(start)
		if dt.byName == nil {
			dt.byName = map[string][]time.Duration{}
			dt.turns = map[string][]time.Duration{}
			dt.open = map[rules.PlayerID]*openTurn{}
			dt.played = map[rules.PlayerID]int{}
		}
		dt.byName[name] = append(dt.byName[name], took)
		switch s.Phase() {
		case rules.PhaseReinforce, rules.PhaseAttack, rules.PhaseOccupy, rules.PhaseFortify:
			o := dt.open[p]
			if o == nil || o.turn != s.Turn() {
				dt.closeTurn(p)
				o = &openTurn{name: name, turn: s.Turn()}
				dt.open[p] = o
				dt.played[p]++
			}
			o.took += took
		}
		return c
	}
}

func (dt *DecisionTimes) closeTurn(p rules.PlayerID) {
	if o := dt.open[p]; o != nil {
		dt.turns[o.name] = append(dt.turns[o.name], o.took)
		delete(dt.open, p)
	}
}

// Finish closes the turns still being played (call it once a game is over, before reading TurnTimes).
func (dt *DecisionTimes) Finish() {
	for p := range dt.open {
		dt.closeTurn(p)
	}
}

// Merge adds the times recorded in other (finished) to dt.
func (dt *DecisionTimes) Merge(other *DecisionTimes) {
	other.Finish()
	if dt.byName == nil {
		dt.byName = map[string][]time.Duration{}
		dt.turns = map[string][]time.Duration{}
	}
	for name, d := range other.byName {
		dt.byName[name] = append(dt.byName[name], d...)
	}
	for name, d := range other.turns {
		dt.turns[name] = append(dt.turns[name], d...)
	}
}

// Sorted returns the decision times recorded under name, shortest first.
func (dt *DecisionTimes) Sorted(name string) []time.Duration {
	return slices.Sorted(slices.Values(dt.byName[name]))
}

// TurnTimes returns the times of the whole game turns played under name, shortest first.
func (dt *DecisionTimes) TurnTimes(name string) []time.Duration {
	return slices.Sorted(slices.Values(dt.turns[name]))
}

// TurnsPlayed returns the number of game turns seat p played (how long it survived).
func (dt *DecisionTimes) TurnsPlayed(p rules.PlayerID) int { return dt.played[p] }
