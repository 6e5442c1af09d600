package pgcluster

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeBinaries makes dir hold executable files named like the PostgreSQL programs, minus skip.
func fakeBinaries(t *testing.T, dir string, skip ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range binaryNames {
		if strings.Contains(strings.Join(skip, " "), name) {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFindBinaries(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, v := range []string{"9.6", "15", "10"} {
		fakeBinaries(t, filepath.Join(root, "lib", v, "bin"))
	}
	onPath := fakeBinaries(t, filepath.Join(root, "path"))
	partial := fakeBinaries(t, filepath.Join(root, "partial"), "postgres")
	patterns := []string{filepath.Join(root, "lib", "*", "bin")}

	tests := []struct {
		name, binDir, path, want string
	}{
		{name: "highest installed version", path: partial, want: filepath.Join(root, "lib", "15", "bin")},
		{name: "PATH first", path: partial + string(filepath.ListSeparator) + onPath, want: onPath},
		{name: "BinDir only", binDir: onPath, path: partial, want: onPath},
	}
	for _, tt := range tests {
		got, err := findBinaries(tt.binDir, tt.path, patterns)
		if err != nil || got != tt.want {
			t.Errorf("%s: findBinaries() = %q, %v, want %q", tt.name, got, err, tt.want)
		}
	}

	if _, err := findBinaries(partial, onPath, patterns); !errors.Is(err, ErrNoBinaries) {
		t.Errorf("BinDir without postgres: findBinaries() error = %v, want ErrNoBinaries", err)
	}
	if _, err := findBinaries("", "", nil); !errors.Is(err, ErrNoBinaries) {
		t.Errorf("nothing to search: findBinaries() error = %v, want ErrNoBinaries", err)
	}
}

func TestCompareVersions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want int
	}{
		{"9.6", "10", -1},
		{"15", "15.0", 0},
		{"15.2", "15.10", -1},
		{"", "9", -1},
		{"16", "14", 1},
	}
	for _, tt := range tests {
		if got := compareVersions(tt.a, tt.b); got != tt.want {
			t.Errorf("compareVersions(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
