package graph

import (
	"errors"
	"fmt"

	"rout/game"
	"rout/rules"
)

// Team games as the API shows them (docs/api.md, "Team games"): Game.teams, Game.teamRules,
// Game.winners and Seat.team from the game service's snapshot, and the teams of createGame's input.

// newTeams returns the teams of the game of snap, each with its seats and its open seats; none in a
// free-for-all.
func newTeams(snap game.Snapshot) []*Team {
	out := make([]*Team, len(snap.Teams))
	for i, t := range snap.Teams {
		out[i] = &Team{Index: i, Name: t.Name, Color: t.Color, Seats: []int{}}
	}
	if len(out) == 0 {
		return out
	}
	for _, st := range snap.Seats {
		t := out[st.Team]
		t.Seats = append(t.Seats, st.Seat)
		if st.Status == game.SeatStatusOpen {
			t.OpenSeats++
		}
	}
	return out
}

// newTeamRules returns the options of a team game; nil in a free-for-all.
func newTeamRules(row game.Row) *TeamRules {
	if len(row.Teams) == 0 {
		return nil
	}
	tr := row.TeamRules
	return &TeamRules{PlaceOnTeammates: tr.PlaceOnTeammates, Fortify: tr.Fortify.String(), AttackTeammates: tr.AttackTeammates,
		NoCardFromTeammates: tr.NoCardFromTeammates, Handover: tr.Handover.String()}
}

// snapshotWinners returns the winning seats of the finished game of snap, in seat order (rules.State.Winners).
func snapshotWinners(snap game.Snapshot) []int {
	ws := snap.State.Winners()
	out := make([]int, len(ws))
	for i, w := range ws {
		out[i] = int(w)
	}
	return out
}

// teamsInput sets the teams, the seats' teams and the options of createGame's input on in (whose seats
// are set, in the input's order). A seat without a team in a team game, or with one in a free-for-all, is
// INVALID_TEAMS; an unknown option value INVALID_TEAM_RULES.
func teamsInput(input CreateGameInput, in *game.CreateInput) *UserError {
	for _, t := range input.Teams {
		team := game.Team{Name: t.Name}
		if t.Color != nil {
			team.Color = *t.Color
		}
		in.Teams = append(in.Teams, team)
	}
	for i, s := range input.Seats {
		switch {
		case len(in.Teams) > 0 && s.Team == nil:
			return userError(string(game.CodeInvalidTeams), fmt.Sprintf("seat %d needs a team in a team game", i), "input", "seats")
		case len(in.Teams) == 0 && s.Team != nil:
			return userError(string(game.CodeInvalidTeams), fmt.Sprintf("seat %d has a team, but the game has no teams", i), "input", "seats")
		case s.Team != nil:
			in.Seats[i].Team = *s.Team
		}
	}
	tr := input.TeamRules
	if tr == nil {
		return nil
	}
	flag := func(b *bool) bool { return b != nil && *b }
	in.TeamRules = rules.TeamRules{PlaceOnTeammates: flag(tr.PlaceOnTeammates), AttackTeammates: flag(tr.AttackTeammates),
		NoCardFromTeammates: flag(tr.NoCardFromTeammates)}
	if tr.Fortify != nil {
		if err := in.TeamRules.Fortify.UnmarshalText([]byte(*tr.Fortify)); err != nil {
			return userError(string(game.CodeInvalidTeamRules), "fortify must be own, to_teammate or through_team", "input", "teamRules", "fortify")
		}
	}
	if tr.Handover != nil {
		if err := in.TeamRules.Handover.UnmarshalText([]byte(*tr.Handover)); err != nil {
			return userError(string(game.CodeInvalidTeamRules), "handover must be none, teammate or cpu", "input", "teamRules", "handover")
		}
	}
	return nil
}

// teamRefused returns the userError of a joinGame refused for its team (INVALID_TEAMS on input.team); nil
// for any other error.
func teamRefused(err error) *UserError {
	var ge *game.Error
	if errors.As(err, &ge) && ge.Code == game.CodeInvalidTeams {
		return userError(string(ge.Code), ge.Message, "input", "team")
	}
	return nil
}
