package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"rout/rules"
)

const oddsUsage = `usage: rout odds A D

Prints, as one line of JSON, the exact odds of A armies attacking D defenders until one side is gone, both
sides always rolling the most dice. A does not count the army that must stay behind (the territory holds
A+1). A and D are from 1 to %d.
`

// oddsResult is the JSON line printed by rout odds.
type oddsResult struct {
	Attackers                 int     `json:"attackers"`
	Defenders                 int     `json:"defenders"`
	Win                       float64 `json:"win"`
	ExpectedAttackerSurvivors float64 `json:"expectedAttackerSurvivors"`
	ExpectedDefenderSurvivors float64 `json:"expectedDefenderSurvivors"`
}

// runOdds prints the exact odds of a battle: rout odds A D.
func runOdds(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, oddsUsage, rules.MaxOddsArmies)
		return nil
	}
	if len(args) != 2 {
		fmt.Fprintf(stderr, oddsUsage, rules.MaxOddsArmies)
		return usageError(fmt.Sprintf("odds: want 2 arguments, A attackers and D defenders, got %d", len(args)))
	}
	attackers, err := parseArmies("attackers", args[0])
	if err != nil {
		return err
	}
	defenders, err := parseArmies("defenders", args[1])
	if err != nil {
		return err
	}
	odds, err := rules.BattleOdds(attackers, defenders)
	if err != nil {
		return fmt.Errorf("error computing odds: %w", err)
	}
	return json.NewEncoder(stdout).Encode(oddsResult{
		Attackers:                 odds.Attackers,
		Defenders:                 odds.Defenders,
		Win:                       odds.Win,
		ExpectedAttackerSurvivors: odds.ExpectedAttackerSurvivors,
		ExpectedDefenderSurvivors: odds.ExpectedDefenderSurvivors,
	})
}

// parseArmies reads one army count of rout odds.
func parseArmies(what, arg string) (int, error) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 || n > rules.MaxOddsArmies {
		return 0, usageError(fmt.Sprintf("odds: %s must be a whole number from 1 to %d, got %q", what, rules.MaxOddsArmies, arg))
	}
	return n, nil
}
