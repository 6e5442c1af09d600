package rules

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected output of the golden scenarios in testdata/scenarios")

// TestScenarios plays every golden scenario of testdata/scenarios (the notation is in the README there):
// each command's events or error must match the lines that follow it, and every check line must hold.
// With -update the expected lines are rewritten from what the engine does.
func TestScenarios(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios found")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			out, problems := runScenario(string(data))
			if *update {
				if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				for _, p := range problems {
					if !strings.Contains(p, "expected") {
						t.Error(p) // only mismatches are fixed by rewriting
					}
				}
				return
			}
			for _, p := range problems {
				t.Errorf("%s:%s", file, p)
			}
		})
	}
}

// runScenario plays a scenario and returns it with its expected lines rewritten from the engine's output,
// and the problems found, each prefixed with its line number.
func runScenario(text string) (string, []string) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var out []string
	var problems []string
	fail := func(i int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%d: %s", i+1, fmt.Sprintf(format, args...)))
	}
	body := len(lines)
	for i, line := range lines {
		if strings.HasPrefix(line, ">") || strings.HasPrefix(line, "?") {
			body = i
			break
		}
	}
	out = append(out, lines[:body]...)
	s, err := parseGame(strings.Join(lines[:body], "\n"))
	if err != nil {
		fail(0, "error building the game: %v", err)
		return text, problems
	}
	for i := body; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
			out = append(out, line)
		case strings.HasPrefix(line, ">"):
			got, next, err := runScenarioCommand(s, strings.TrimSpace(line[1:]))
			if err != nil {
				fail(i, "%s", err)
			}
			s = next
			var want []string
			for i+1 < len(lines) && (strings.HasPrefix(lines[i+1], "=") || strings.HasPrefix(lines[i+1], "!")) {
				i++
				want = append(want, lines[i])
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				fail(i, "%s: expected\n%s\ngot\n%s", line, w, g)
			}
			out = append(out, line)
			out = append(out, got...)
		case strings.HasPrefix(line, "?"):
			key, want := splitCheck(strings.TrimSpace(line[1:]))
			got, err := inspect(s, key)
			if err != nil {
				fail(i, "%s", err)
				out = append(out, line)
				continue
			}
			if got != want {
				fail(i, "? %s: expected %q, got %q", key, want, got)
			}
			out = append(out, strings.TrimRight("? "+key+" "+got, " "))
		default:
			fail(i, "unexpected line %q", line)
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n") + "\n", problems
}

// splitCheck splits a check line into its key ("pos", "hand 1", ...) and its expected value.
func splitCheck(text string) (key, value string) {
	f := strings.Fields(text)
	n := 1
	if len(f) > 1 && (f[0] == "hand" || f[0] == "legal" || f[0] == "reinforcements") {
		n = 2
	}
	n = min(n, len(f))
	return strings.Join(f[:n], " "), strings.Join(f[n:], " ")
}

// runScenarioCommand applies one command line and returns its output lines: "= event" for each event, or
// "! CODE" for a refusal.
func runScenarioCommand(s State, line string) ([]string, State, error) {
	p, c, dice, err := parseCommand(s.board, line)
	if err != nil {
		return nil, s, err
	}
	d := NewFixedDice(dice...)
	next, events, err := Apply(s, p, c, d)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return nil, s, fmt.Errorf("%s: error %w is not a *Error", line, err)
		}
		if n := d.Remaining(); n > 0 {
			return []string{"! " + string(e.Code)}, s, fmt.Errorf("%s: refused with %d dice scripted", line, n)
		}
		return []string{"! " + string(e.Code)}, s, nil
	}
	out := make([]string, len(events))
	for i, e := range events {
		data, err := MarshalEvent(e)
		if err != nil {
			return nil, s, err
		}
		out[i] = "= " + string(data)
	}
	if err := checkApplied(s, next, events, d); err != nil {
		return out, next, fmt.Errorf("%s: %w", line, err)
	}
	return out, next, nil
}
