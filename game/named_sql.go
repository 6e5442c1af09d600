package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// namedSQL is a statement written with named parameters (@game_id) for a driver that numbers them
// ($1): lib/pq takes no sql.Named. The text has each name replaced by its number, in the order of
// the names' first appearance; bind lists a command's values in that order.
type namedSQL struct {
	text  string
	names []string // names[i] is $(i+1)
}

// param is the value of one named parameter.
type param struct {
	name  string
	value any
}

// named rewrites text, whose parameters are written @name (lower-case letters, digits and underscores),
// to a numbered statement. A PostgreSQL cast (::text) is not a parameter.
func named(text string) namedSQL {
	var b strings.Builder
	var names []string
	for i := 0; i < len(text); i++ {
		if text[i] != '@' {
			b.WriteByte(text[i])
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		name := text[i+1 : j]
		n := slices.Index(names, name)
		if n < 0 {
			names, n = append(names, name), len(names)
		}
		b.WriteString("$" + strconv.Itoa(n+1))
		i = j - 1
	}
	return namedSQL{text: b.String(), names: names}
}

// bind returns the values of ps in the order of the statement's numbers, or an error naming a parameter
// that the statement has and ps has not, or that ps has and the statement has not.
func (s namedSQL) bind(ps []param) ([]any, error) {
	if len(ps) != len(s.names) {
		return nil, fmt.Errorf("the statement has %d parameters, not %d", len(s.names), len(ps))
	}
	args := make([]any, len(s.names))
	for i, name := range s.names {
		k := slices.IndexFunc(ps, func(p param) bool { return p.name == name })
		if k < 0 {
			return nil, fmt.Errorf("no value for the statement's parameter @%s", name)
		}
		args[i] = ps[k].value
	}
	return args, nil
}
