package rout_test

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// leakPackage is what TestLeakChecks reads of `go list -json`.
type leakPackage struct {
	ImportPath, Dir                    string
	GoFiles, TestGoFiles, XTestGoFiles []string
	TestImports, XTestImports          []string
}

// TestLeakChecks: every package whose tests can leave a goroutine running checks that they do not, from
// its TestMain (dbtest.Main, or goleak.VerifyTestMain for a package without a database). A package can
// leave one when its code or its tests start goroutines (a go statement, or a Go method such as
// sync.WaitGroup.Go or errgroup.Group.Go), or when its tests use dbtest (a connection pool, a server).
func TestLeakChecks(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,TestGoFiles,XTestGoFiles,TestImports,XTestImports", "./...").Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("go list: %v\n%s", err, exit.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	var needing []string
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p leakPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		tests := append(slices.Clone(p.TestGoFiles), p.XTestGoFiles...)
		if len(tests) == 0 {
			continue // nothing runs to leave a goroutine behind, and nothing could check
		}
		fset := token.NewFileSet()
		parse := func(name string) *ast.File {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatalf("%s: %v", p.ImportPath, err)
			}
			return f
		}
		why := ""
		if slices.Contains(p.TestImports, "rout/dbtest") || slices.Contains(p.XTestImports, "rout/dbtest") {
			why = "its tests use dbtest"
		}
		for _, name := range append(slices.Clone(p.GoFiles), tests...) {
			if why == "" && startsGoroutine(parse(name)) {
				why = name + " starts goroutines"
			}
		}
		if why == "" {
			continue
		}
		needing = append(needing, p.ImportPath)
		if !slices.ContainsFunc(tests, func(name string) bool { return checksLeaks(parse(name), p.ImportPath) }) {
			t.Errorf("%s: %s, but no TestMain calls dbtest.Main or goleak.VerifyTestMain", p.ImportPath, why)
		}
	}
	// The check must find what is known to need it, or it would pass on nothing.
	for _, known := range []string{"rout/live", "rout/notifications/email"} {
		if !slices.Contains(needing, known) {
			t.Errorf("%s is not found to start goroutines (found: %v)", known, needing)
		}
	}
}

// startsGoroutine reports whether f holds a go statement or a call of a method named Go.
func startsGoroutine(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			found = true
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Go" {
				found = true
			}
		}
		return !found
	})
	return found
}

// checksLeaks reports whether f declares a TestMain that calls dbtest.Main or goleak.VerifyTestMain (or
// Main, within package dbtest itself).
func checksLeaks(f *ast.File, importPath string) bool {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Name.Name != "TestMain" || fn.Body == nil {
			continue
		}
		found := false
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return !found
			}
			switch fun := call.Fun.(type) {
			case *ast.SelectorExpr:
				if pkg, ok := fun.X.(*ast.Ident); ok &&
					(pkg.Name == "dbtest" && fun.Sel.Name == "Main" || pkg.Name == "goleak" && fun.Sel.Name == "VerifyTestMain") {
					found = true
				}
			case *ast.Ident:
				if importPath == "rout/dbtest" && fun.Name == "Main" {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
