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

// ownedTables are tables one package owns: no other package's own code reads or writes them, in SQL or
// through Ent.
type ownedTables struct {
	owner string
	// statements match a statement naming the tables.
	statements *regexp.Regexp
	// entities are the Ent clients of the tables, and entPackages the Ent packages of their columns and
	// predicates.
	entities, entPackages []string
	// owners are the directories whose code may touch the tables, and why.
	owners map[string]string
	// least is how many uses the scan must find in the owners: it does look.
	least int
}

// entQueries are what is called on an Ent client to read or change its table.
var entQueries = []string{"Create", "CreateBulk", "Update", "UpdateOne", "UpdateOneID", "Delete", "DeleteOne",
	"DeleteOneID", "Query", "Get", "GetX"}

// tableOwners are the owned tables, by owner.
var tableOwners = []ownedTables{
	{
		owner:       "account",
		statements:  regexp.MustCompile(`(?i)\b(from|join|into|update|table)\s+"?(users|tokens|push_subscriptions|user_blocks)"?\b`),
		entities:    []string{"User", "Token", "PushSubscription", "UserBlock"},
		entPackages: []string{"rout/ent/user", "rout/ent/token", "rout/ent/pushsubscription", "rout/ent/userblock"},
		owners: map[string]string{
			"account":          "the owner",
			"ent":              "Ent's generated code for the schema",
			"internal/migrate": "the migrations write the schema, and backfill the name keys after one",
			"dbtest":           "the tests' fixtures insert users directly, as tests do",
		},
		least: 20,
	},
	{
		owner: "game",
		statements: regexp.MustCompile(
			`(?i)\b(from|join|into|update|table)\s+"?(ratings|rating_changes|seasons|season_standings|rating_counts|rating_reversals)"?\b`),
		entities: []string{"Rating", "RatingChange", "Season", "SeasonStanding", "RatingCount", "RatingReversal"},
		entPackages: []string{"rout/ent/rating", "rout/ent/ratingchange", "rout/ent/season", "rout/ent/seasonstanding",
			"rout/ent/ratingcount", "rout/ent/ratingreversal"},
		owners: map[string]string{
			"game": "the owner: it writes and reads the ratings (others read them through the service: ModeRatings, " +
				"UserRatings) and keeps the seasons, the leaderboards' counts and the reversals",
			"ent":              "Ent's generated code for the schema",
			"internal/migrate": "the migrations write the schema, and the trigger that counts a deleted user's ratings out",
		},
		least: 10,
	},
	{
		owner:       "tournament",
		statements:  regexp.MustCompile(`(?i)\b(from|join|into|update|table)\s+"?(tournaments|tournament_entrants|tournament_tables)"?\b`),
		entities:    []string{"Tournament", "TournamentEntrant", "TournamentTable"},
		entPackages: []string{"rout/ent/tournament", "rout/ent/tournamententrant", "rout/ent/tournamenttable"},
		owners: map[string]string{
			// tournament/pairing, below it, is pure: the prefix covers it and it has nothing to find.
			"tournament":       "the owner",
			"ent":              "Ent's generated code for the schema",
			"internal/migrate": "the migrations write the schema",
		},
		least: 10,
	},
	{
		owner:       "ladder",
		statements:  regexp.MustCompile(`(?i)\b(from|join|into|update|table)\s+"?(ladders|ladder_entries|ladder_games)"?\b`),
		entities:    []string{"Ladder", "LadderEntry", "LadderGame"},
		entPackages: []string{"rout/ent/ladder", "rout/ent/ladderentry", "rout/ent/laddergame"},
		owners: map[string]string{
			"ladder":           "the owner",
			"ent":              "Ent's generated code for the schema",
			"internal/migrate": "the migrations write the schema",
		},
		least: 10,
	},
}

// TestTablesHaveOneOwner: outside each owner (ownedTables.owners), no package's own code (tests may set up
// rows as they need) names the owned tables in a statement, imports their Ent packages, or queries or
// changes them through an Ent client: users, tokens, push_subscriptions and user_blocks are package
// account's; ratings, rating_changes, seasons, season_standings, rating_counts and rating_reversals
// package game's; tournaments, tournament_entrants and tournament_tables package tournament's; ladders,
// ladder_entries and ladder_games package ladder's.
func TestTablesHaveOneOwner(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	ownersSeen := make([]int, len(tableOwners))
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
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for i, o := range tableOwners {
			owner := slices.ContainsFunc(slices.Collect(maps.Keys(o.owners)), func(dir string) bool {
				return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
			})
			found := o.uses(fset, f)
			if owner {
				ownersSeen[i] += len(found)
				continue
			}
			for _, use := range found {
				t.Errorf("%s: only package %s touches its tables", use, o.owner)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range tableOwners {
		if ownersSeen[i] < o.least {
			t.Errorf("the scan found %d uses of package %s's tables in their owners: it does not see them", ownersSeen[i], o.owner)
		}
	}
}

// uses returns where f touches o's tables: statements, imports and Ent calls.
func (o ownedTables) uses(fset *token.FileSet, f *ast.File) []string {
	var uses []string
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); slices.Contains(o.entPackages, p) {
			uses = append(uses, fset.Position(imp.Pos()).String()+": imports "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING && o.statements.MatchString(n.Value) {
				uses = append(uses, fset.Position(n.Pos()).String()+": "+o.statements.FindString(n.Value))
			}
		case *ast.SelectorExpr:
			if inner, ok := n.X.(*ast.SelectorExpr); ok && slices.Contains(o.entities, inner.Sel.Name) &&
				slices.Contains(entQueries, n.Sel.Name) {
				uses = append(uses, fset.Position(n.Pos()).String()+": "+inner.Sel.Name+"."+n.Sel.Name)
			}
		}
		return true
	})
	return uses
}
