package notify

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestImportsStandardLibraryOnly keeps the package on the standard library: the SMTP server library is
// for the tests alone.
func TestImportsStandardLibraryOnly(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json", "rout/notify").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkg struct{ Imports, Deps []string }
	if err := json.Unmarshal(out, &pkg); err != nil {
		t.Fatal(err)
	}
	std, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	isStd := make(map[string]bool)
	for _, p := range strings.Fields(string(std)) {
		isStd[p] = true
	}
	for _, dep := range pkg.Deps {
		if !isStd[dep] {
			t.Errorf("package notify depends on %s, which is not in the standard library", dep)
		}
	}
	if len(pkg.Imports) == 0 {
		t.Fatal("go list reported no imports at all: the check would pass vacuously")
	}
}
