package pgcluster

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// ErrNoBinaries is the error Start returns (wrapped, with the folders it searched) when no folder holds
// the PostgreSQL server programs. Its message says what to install.
var ErrNoBinaries = errors.New("PostgreSQL server programs (initdb, pg_ctl, postgres) not found: " +
	"install PostgreSQL (apt-get install postgresql on Debian/Ubuntu, brew install postgresql on macOS), " +
	"or set DATABASE_URL to use a PostgreSQL server you run yourself")

// binaryNames are the programs a cluster needs, all in one folder.
var binaryNames = []string{"initdb", "pg_ctl", "postgres"}

// installPatterns are the folders PostgreSQL packages install their programs into, as globs whose one
// wildcard is a version. Among the matches of one pattern, the highest version comes first.
var installPatterns = []string{
	"/usr/lib/postgresql/*/bin",                          // Debian, Ubuntu
	"/usr/pgsql-*/bin",                                   // RHEL, Fedora (PGDG)
	"/usr/local/pgsql/bin",                               // built from source
	"/opt/homebrew/opt/postgresql@*/bin",                 // Homebrew, Apple silicon
	"/opt/homebrew/opt/postgresql/bin",                   // Homebrew, Apple silicon
	"/usr/local/opt/postgresql@*/bin",                    // Homebrew, Intel
	"/usr/local/opt/postgresql/bin",                      // Homebrew, Intel
	"/Applications/Postgres.app/Contents/Versions/*/bin", // Postgres.app
	"/opt/local/lib/postgresql*/bin",                     // MacPorts
}

// findBinaries returns the folder that holds every program of binaryNames: binDir when it is set (and
// then only binDir), else the first such folder of path (a PATH list), else of the install patterns.
func findBinaries(binDir, path string, patterns []string) (string, error) {
	var searched []string
	if binDir != "" {
		searched = []string{binDir}
	} else {
		for _, dir := range filepath.SplitList(path) {
			if dir != "" {
				searched = append(searched, dir)
			}
		}
		for _, pattern := range patterns {
			searched = append(searched, expandVersions(pattern)...)
		}
	}
	for _, dir := range searched {
		if hasBinaries(dir) {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return "", fmt.Errorf("error finding PostgreSQL binaries: %w", err)
			}
			return abs, nil
		}
	}
	if len(searched) == 0 {
		searched = []string{"(no folders: PATH is empty)"}
	}
	return "", fmt.Errorf("error finding PostgreSQL binaries in %s: %w", strings.Join(searched, ", "), ErrNoBinaries)
}

// hasBinaries reports whether dir holds every program of binaryNames as an executable file.
func hasBinaries(dir string) bool {
	for _, name := range binaryNames {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
			return false
		}
	}
	return true
}

// versionPart finds the version in what a pattern's wildcard matched: the first run of digits and dots.
var versionPart = regexp.MustCompile(`[0-9]+(\.[0-9]+)*`)

// expandVersions returns the folders matching pattern, highest version first.
func expandVersions(pattern string) []string {
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return nil
	}
	prefix := len(pattern) // the folders before the wildcard are the pattern's own
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		prefix = i
	}
	version := func(match string) string { return versionPart.FindString(match[min(prefix, len(match)):]) }
	slices.SortStableFunc(matches, func(a, b string) int {
		return compareVersions(version(b), version(a))
	})
	return matches
}

// compareVersions compares dotted version numbers numerically ("9.6" < "10" < "15.2"); a missing
// version sorts lowest.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(as), len(bs)) {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return 0
}
