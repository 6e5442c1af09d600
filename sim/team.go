package sim

import (
	"fmt"
	"strconv"
	"strings"

	"rout/rules"
)

// TeamShape reads the shape of a team game, the seats of each team joined by "v" ("2v2", "3v3", "2v2v2",
// "2v1"), and returns the teams, named A, B, C, ..., and the team of each seat: the seats go to the teams
// in turn (seat 0 to A, seat 1 to B, seat 2 to A, ...), a team whose seats are all given dropping out.
func TeamShape(shape string) ([]rules.Team, []int, error) {
	parts := strings.Split(shape, "v")
	if len(parts) < rules.MinTeams || len(parts) > rules.MaxTeams {
		return nil, nil, fmt.Errorf("team shape %q: want %d to %d teams, such as 2v2", shape, rules.MinTeams, rules.MaxTeams)
	}
	size := make([]int, len(parts))
	total := 0
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > rules.MaxTeamSeats {
			return nil, nil, fmt.Errorf("team shape %q: a team has 1 to %d seats", shape, rules.MaxTeamSeats)
		}
		size[i] = n
		total += n
	}
	teams := make([]rules.Team, len(parts))
	for i := range teams {
		teams[i].Name = string(rune('A' + i))
	}
	seats := make([]int, 0, total)
	for round := 0; len(seats) < total; round++ {
		for t, n := range size {
			if round < n {
				seats = append(seats, t)
			}
		}
	}
	return teams, seats, nil
}

// addTeams counts a team game's result by team: the team that won, and the team that moved first.
func (s *Stats) addTeams(res Result) {
	cfg := res.Final.Config()
	if len(cfg.Teams) == 0 {
		return
	}
	if s.TeamWins == nil {
		n := len(cfg.Teams)
		s.TeamWins, s.TeamFirstGames, s.TeamFirstWins = make([]int, n), make([]int, n), make([]int, n)
	}
	first := -1
	if order := res.Final.Order(); len(order) > 0 {
		first = cfg.TeamOf(order[0])
		s.TeamFirstGames[first]++
	}
	if res.Winner >= 0 {
		won := cfg.TeamOf(res.Winner)
		s.TeamWins[won]++
		if won == first {
			s.TeamFirstWins[won]++
		}
	}
}

// TeamStandings returns the record of each team of a series of team games, team i named names[i] and
// playing seats[i] seats: its wins with their 95% Wilson interval, split by whether one of its seats moved
// first. Games, FirstGames and LaterGames count games (not seats). It returns nil when no team game was
// added.
func (s *Stats) TeamStandings(names []string, seats []int) []Standing {
	if s.TeamWins == nil {
		return nil
	}
	out := make([]Standing, len(s.TeamWins))
	for i := range out {
		st := Standing{Name: names[i], Seats: seats[i], Games: s.Games, Wins: s.TeamWins[i], SeatGames: s.Games,
			FirstGames: s.TeamFirstGames[i], FirstWins: s.TeamFirstWins[i]}
		st.WinLow, st.WinHigh = Wilson(st.Wins, st.Games)
		st.LaterGames, st.LaterWins = st.Games-st.FirstGames, st.Wins-st.FirstWins
		out[i] = st
	}
	return out
}
