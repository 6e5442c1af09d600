package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestEveryRuleHasATest fails when a rule of docs/rules.md (**R12**) is cited by no test of this package
// (R12 in a test name or comment), or when the rules are not numbered R1, R2, ... in order.
func TestEveryRuleHasATest(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var tests []byte
	for _, f := range files {
		if f == "rules_doc_test.go" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tests = append(tests, data...)
		tests = append(tests, '\n')
	}
	ids := regexp.MustCompile(`\*\*R(\d+)\*\*`).FindAllSubmatch(doc, -1)
	if len(ids) == 0 {
		t.Fatal("docs/rules.md numbers no rules")
	}
	for i, m := range ids {
		n, _ := strconv.Atoi(string(m[1]))
		if n != i+1 {
			t.Errorf("rule %d of docs/rules.md is R%d, want R%d", i+1, n, i+1)
		}
		if !regexp.MustCompile(fmt.Sprintf(`\bR%d\b`, n)).Match(tests) {
			t.Errorf("R%d has no test: cite it in the name or a comment of the test that covers it", n)
		}
	}
}
