package rout_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// accountTables are the tables package account owns: no other package's own code reads or writes them,
// in SQL or through Ent.
var accountTables = regexp.MustCompile(`(?i)\b(from|join|into|update|table)\s+"?(users|tokens|push_subscriptions|user_blocks)"?\b`)

// accountEntities are the Ent clients of the account tables, and accountQueries what is called on them.
var (
	accountEntities = []string{"User", "Token", "PushSubscription", "UserBlock"}
	accountQueries  = []string{"Create", "CreateBulk", "Update", "UpdateOne", "UpdateOneID", "Delete", "DeleteOne",
		"DeleteOneID", "Query", "Get", "GetX"}
	// accountEntPackages are the Ent packages of the account tables' columns and predicates.
	accountEntPackages = []string{"rout/ent/user", "rout/ent/token", "rout/ent/pushsubscription", "rout/ent/userblock"}
)

// accountTableOwners are the directories whose code may touch the account tables, and why.
var accountTableOwners = map[string]string{
	"account":          "the owner",
	"ent":              "Ent's generated code for the schema",
	"internal/migrate": "the migrations write the schema, and backfill the name keys after one",
	"dbtest":           "the tests' fixtures insert users directly, as tests do",
}

// TestAccountTablesHaveOneOwner: outside the owners (accountTableOwners), no package's own code (tests
// may set up rows as they need) names users, tokens or push_subscriptions in a statement, imports their
// Ent packages, or queries or changes them through an Ent client.
func TestAccountTablesHaveOneOwner(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	ownersSeen := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "web" || (strings.HasPrefix(name, ".") && path != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		owner := slices.ContainsFunc(slices.Collect(maps.Keys(accountTableOwners)), func(dir string) bool {
			return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
		})
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		found := accountTableUses(fset, f)
		if owner {
			ownersSeen += len(found)
			return nil
		}
		for _, use := range found {
			t.Errorf("%s: only package account touches users, tokens, push_subscriptions and user_blocks", use)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The owners' own statements and queries are seen: the scan does look.
	if ownersSeen < 20 {
		t.Errorf("the scan found %d uses of the account tables in their owners: it does not see them", ownersSeen)
	}
}

// accountTableUses returns where f touches the account tables: statements, imports and Ent calls.
func accountTableUses(fset *token.FileSet, f *ast.File) []string {
	var uses []string
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(accountEntPackages, p) {
			uses = append(uses, fset.Position(imp.Pos()).String()+": imports "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING && accountTables.MatchString(n.Value) {
				uses = append(uses, fset.Position(n.Pos()).String()+": "+accountTables.FindString(n.Value))
			}
		case *ast.SelectorExpr:
			if inner, ok := n.X.(*ast.SelectorExpr); ok && slices.Contains(accountEntities, inner.Sel.Name) &&
				slices.Contains(accountQueries, n.Sel.Name) {
				uses = append(uses, fset.Position(n.Pos()).String()+": "+inner.Sel.Name+"."+n.Sel.Name)
			}
		}
		return true
	})
	return uses
}
