package game

import (
	"slices"
	"testing"
)

// TestNamedNumbersParametersByFirstAppearance: a name used twice is one number; a cast is not a name.
func TestNamedNumbersParametersByFirstAppearance(t *testing.T) {
	t.Parallel()
	s := named(`UPDATE t SET a = @b_2, c = @a::text WHERE id = @id AND b = @b_2`)
	if want := `UPDATE t SET a = $1, c = $2::text WHERE id = $3 AND b = $1`; s.text != want {
		t.Errorf("text %q, want %q", s.text, want)
	}
	args, err := s.bind([]param{{"id", 7}, {"a", "x"}, {"b_2", 2}})
	if err != nil || !slices.Equal(args, []any{2, "x", 7}) {
		t.Errorf("bind: %v, %v; want [2 x 7]", args, err)
	}
}

// TestBindRefusesAMissingOrUnknownParameter: a write whose values do not match its statement fails
// before it runs.
func TestBindRefusesAMissingOrUnknownParameter(t *testing.T) {
	t.Parallel()
	s := named(`SELECT @a, @b`)
	for _, ps := range [][]param{
		{{"a", 1}},
		{{"a", 1}, {"c", 2}},
		{{"a", 1}, {"b", 2}, {"c", 3}},
	} {
		if args, err := s.bind(ps); err == nil {
			t.Errorf("bind(%v) = %v, want an error", ps, args)
		}
	}
}
