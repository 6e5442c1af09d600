package game

import (
	"context"
	"database/sql"
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

// TeamTurn is what a your-turn notice of a team game says besides the turn: the recipient's team, and the
// teammate who played the turn before theirs.
type TeamTurn struct {
	// Team is the name of the recipient's team; "" in a free-for-all.
	Team string
	// Teammate is the seat of the recipient's teammate who played the turn before turn; -1 when another
	// team played it, or in a free-for-all.
	Teammate int
}

// TeamTurnOf returns, for the your-turn notice of user's turn turn in game gameID, the user's team and the
// teammate who played the turn before (the seat whose command caused the last event of an earlier turn).
func (s *Service) TeamTurnOf(ctx context.Context, gameID, userID, turn int) (TeamTurn, error) {
	out := TeamTurn{Teammate: -1}
	var teamsJSON []byte
	var team, last sql.NullInt64
	var seat int64
	err := s.db.QueryRowContext(ctx, `SELECT g.teams, p.team, p.seat, (SELECT e.seat FROM events e
			WHERE e.game_id = g.id AND e.turn < $3 AND e.seat >= 0 ORDER BY e.seq DESC LIMIT 1)
		FROM games g JOIN players p ON p.game_id = g.id AND p.user_id = $2 WHERE g.id = $1`, gameID, userID, turn).Scan(&teamsJSON, &team, &seat, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("error reading the team of user %d in game %d: %w", userID, gameID, err)
	}
	teams, _, err := DecodeTeams(teamsJSON, nil)
	if err != nil || !team.Valid || int(team.Int64) >= len(teams) {
		return out, err
	}
	out.Team = teams[team.Int64].Name
	if !last.Valid || last.Int64 == seat {
		return out, nil
	}
	var lastTeam sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT team FROM players WHERE game_id = $1 AND seat = $2`, gameID, last.Int64).Scan(&lastTeam); err != nil {
		return out, fmt.Errorf("error reading the team of seat %d of game %d: %w", last.Int64, gameID, err)
	}
	if lastTeam == team {
		out.Teammate = int(last.Int64)
	}
	return out, nil
}
