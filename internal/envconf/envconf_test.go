package envconf_test

import (
	"strings"
	"testing"
	"time"

	"rout/internal/envconf"
)

func TestEnv(t *testing.T) {
	vars := map[string]string{"S": "x", "I": "7", "J": "8", "D": "2s", "B": "true", "F": "ok"}
	e := envconf.New(func(k string) string { return vars[k] })
	s, i, j, d, b, f := "def", 1, int64(2), time.Second, false, ""
	e.String("S", &s)
	e.Int("I", &i)
	e.Int64("J", &j)
	e.Duration("D", &d)
	e.Bool("B", &b)
	e.Func("F", func(v string) error { f = v; return nil })
	unset := 5
	e.Int("UNSET", &unset)
	if err := e.Err(); err != nil {
		t.Fatalf("Err = %v, want nil", err)
	}
	if s != "x" || i != 7 || j != 8 || d != 2*time.Second || !b || f != "ok" || unset != 5 {
		t.Errorf("got %q %d %d %v %v %q %d", s, i, j, d, b, f, unset)
	}
}

// TestEnvBadValues pins the one behaviour on a bad value: the field keeps its default and the error
// names the variable, the value and what was expected, for every bad variable.
func TestEnvBadValues(t *testing.T) {
	vars := map[string]string{"I": "seven", "J": "1e3", "D": "2", "B": "yes", "F": "nope"}
	e := envconf.New(func(k string) string { return vars[k] })
	i, j, d, b := 1, int64(2), time.Second, false
	e.Int("I", &i)
	e.Int64("J", &j)
	e.Duration("D", &d)
	e.Bool("B", &b)
	e.Func("F", func(v string) error { return &badValue{v} })
	if i != 1 || j != 2 || d != time.Second || b {
		t.Errorf("a bad value changed its field: %d %d %v %v", i, j, d, b)
	}
	err := e.Err()
	if err == nil {
		t.Fatal("Err = nil, want the errors of five bad values")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{
		`I: "seven" is not a whole number`,
		`J: "1e3" is not a whole number`,
		`D: "2" is not a duration (such as 200ms, 10s or 1m30s)`,
		`B: "yes" is not true or false`,
		`F: "nope" is not good`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("Err =\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
}

type badValue struct{ v string }

func (b *badValue) Error() string { return `"` + b.v + `" is not good` }
