package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

func oddsNoEnv(string) string { return "" }

func TestOdds(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"odds", "3", "2"}, oddsNoEnv, &out, &errOut); err != nil {
		t.Fatalf("rout odds 3 2: %v (stderr %q)", err, errOut.String())
	}
	if n := strings.Count(out.String(), "\n"); n != 1 || !strings.HasSuffix(out.String(), "\n") {
		t.Errorf("rout odds 3 2 printed %q, want one line", out.String())
	}
	dec := json.NewDecoder(&out)
	dec.DisallowUnknownFields()
	var got struct {
		Attackers                 *int     `json:"attackers"`
		Defenders                 *int     `json:"defenders"`
		Win                       *float64 `json:"win"`
		ExpectedAttackerSurvivors *float64 `json:"expectedAttackerSurvivors"`
		ExpectedDefenderSurvivors *float64 `json:"expectedDefenderSurvivors"`
	}
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("decoding the output: %v", err)
	}
	if got.Attackers == nil || got.Defenders == nil || got.Win == nil ||
		got.ExpectedAttackerSurvivors == nil || got.ExpectedDefenderSurvivors == nil {
		t.Fatalf("output is missing fields: %+v", got)
	}
	if *got.Attackers != 3 || *got.Defenders != 2 {
		t.Errorf("attackers, defenders = %d, %d, want 3, 2", *got.Attackers, *got.Defenders)
	}
	if math.Abs(*got.Win-0.656) > 0.0005 {
		t.Errorf("win = %v, want 0.656 to three places", *got.Win)
	}
	if a := *got.ExpectedAttackerSurvivors; a <= 0 || a > 3 {
		t.Errorf("expectedAttackerSurvivors = %v, want a value in (0, 3]", a)
	}
	if d := *got.ExpectedDefenderSurvivors; d <= 0 || d > 2 {
		t.Errorf("expectedDefenderSurvivors = %v, want a value in (0, 2]", d)
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr = %q, want nothing", errOut.String())
	}
}

func TestOddsBadArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"odds"},
		{"odds", "3"},
		{"odds", "3", "2", "1"},
		{"odds", "x", "2"},
		{"odds", "3", "2.5"},
		{"odds", "0", "2"},
		{"odds", "3", "-1"},
		{"odds", "1001", "2"},
	} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, oddsNoEnv, &out, &errOut)
		var usage usageError
		if !errors.As(err, &usage) {
			t.Errorf("rout %s: error = %v, want a usage error", strings.Join(args, " "), err)
		}
		if out.Len() != 0 {
			t.Errorf("rout %s printed %q to stdout, want nothing", strings.Join(args, " "), out.String())
		}
	}
}

func TestOddsHelp(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"odds", "-h"}, oddsNoEnv, &out, &errOut); err != nil {
		t.Fatalf("rout odds -h: %v", err)
	}
	if !strings.Contains(out.String(), "usage: rout odds A D") {
		t.Errorf("rout odds -h printed %q, want the usage", out.String())
	}
}
