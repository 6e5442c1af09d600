package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"rout/rules"
)

// Team games (docs/rules.md, "Team games"): a game's teams are stored in games.teams (this file owns the
// format: a JSON array of Team), its options in games.team_rules (rules.TeamRules as JSON) and each seat's
// team in players.team. A free-for-all has none of the three.

// Team is one team of a team game as stored: its name and hue.
type Team struct {
	Name string `json:"name"`
	// Color is the team's hue as a CSS hex color (#rrggbb); its seats' colors are shades of it. Empty in a
	// CreateInput: the team's DefaultTeamColors entry.
	Color string `json:"color"`
}

// DefaultTeamColors are the hues of the teams that are given none, in team order: red, blue, green,
// orange, purple, brown.
var DefaultTeamColors = [rules.MaxTeams]string{"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"}

// The codes of a refused team setup.
const (
	CodeInvalidTeams     Code = "INVALID_TEAMS"      // the teams or the seats' teams break R83
	CodeInvalidTeamRules Code = "INVALID_TEAM_RULES" // a team option is unknown, or given without teams
)

// hexColor is the form of a team's hue.
var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// withTeams checks a new game's teams and options against the engine's configuration cfg (whose seats
// are set) and returns cfg with them, the teams' hues defaulted. A bad team setup is CodeInvalidTeams, an
// option without teams CodeInvalidTeamRules.
func withTeams(b *rules.Board, cfg rules.Config, in *CreateInput) (rules.Config, error) {
	if len(in.Teams) == 0 {
		if in.TeamRules != (rules.TeamRules{}) {
			return cfg, errorf(CodeInvalidTeamRules, "team options need teams")
		}
		for i, seat := range in.Seats {
			if seat.Team != 0 {
				return cfg, errorf(CodeInvalidTeams, "seat %d plays for team %d, but the game has no teams", i, seat.Team)
			}
		}
		return cfg, nil
	}
	if len(in.Teams) > rules.MaxTeams {
		return cfg, errorf(CodeInvalidTeams, "a team game has %d to %d teams, got %d", rules.MinTeams, rules.MaxTeams, len(in.Teams))
	}
	for i := range in.Teams {
		if in.Teams[i].Color == "" {
			in.Teams[i].Color = DefaultTeamColors[i]
		}
		if !hexColor.MatchString(in.Teams[i].Color) {
			return cfg, errorf(CodeInvalidTeams, "team %d: the color must be #rrggbb, not %q", i, in.Teams[i].Color)
		}
		cfg.Teams = append(cfg.Teams, rules.Team{Name: in.Teams[i].Name})
	}
	for i, seat := range in.Seats {
		cfg.Seats[i].Team = seat.Team
	}
	cfg.TeamRules = in.TeamRules
	if _, err := rules.New(b, cfg); err != nil {
		if re, ok := errors.AsType[*rules.Error](err); ok {
			return cfg, errorf(CodeInvalidTeams, "%s", re.Message)
		}
		return cfg, err
	}
	return cfg, nil
}

// encodeTeams returns the games.teams and games.team_rules values of a game with teams: NULL for both in
// a free-for-all.
func encodeTeams(teams []Team, tr rules.TeamRules) (teamsJSON, rulesJSON []byte, err error) {
	if len(teams) == 0 {
		return nil, nil, nil
	}
	if teamsJSON, err = json.Marshal(teams); err != nil {
		return nil, nil, fmt.Errorf("error encoding the teams: %w", err)
	}
	if rulesJSON, err = json.Marshal(tr); err != nil {
		return nil, nil, fmt.Errorf("error encoding the team options: %w", err)
	}
	return teamsJSON, rulesJSON, nil
}

// DecodeTeams reads the games.teams and games.team_rules values of a game: its teams and options, none
// for NULL (a free-for-all).
func DecodeTeams(teamsJSON, rulesJSON []byte) ([]Team, rules.TeamRules, error) {
	var teams []Team
	var tr rules.TeamRules
	if len(teamsJSON) > 0 {
		if err := json.Unmarshal(teamsJSON, &teams); err != nil {
			return nil, tr, fmt.Errorf("error decoding the teams: %w", err)
		}
	}
	if len(rulesJSON) > 0 {
		if err := json.Unmarshal(rulesJSON, &tr); err != nil {
			return nil, tr, fmt.Errorf("error decoding the team options: %w", err)
		}
	}
	return teams, tr, nil
}

// teamColumn is the value of players.team for a seat of team t: NULL in a free-for-all.
func teamColumn(teams []Team, t int) *int {
	if len(teams) == 0 {
		return nil
	}
	return &t
}
