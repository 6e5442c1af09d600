package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"rout/maps"
)

// runMapsImport converts a Domination or Conquer Club map file into a Rout map file. The map goes to
// standard output or to the -o file, the notes (what did not carry over) to standard error; a file that
// cannot be imported prints its problems on standard output, like validate, and exits with status 1.
func runMapsImport(args []string, stdout, stderr io.Writer) error {
	fs := newMapsFlagSet("import", "--format domination|conquerclub [--one-way refuse|two-way|drop] [--id ID] [--name NAME] [-o OUT.json] FILE", stderr)
	format := fs.String("format", "", "format of FILE: "+strings.Join(maps.Formats(), " or ")+" (required)")
	oneWay := fs.String("one-way", maps.OneWayRefuse.String(), "one-way borders: refuse the file, make them two-way, or drop them")
	var opts maps.ImportOpts
	fs.StringVar(&opts.ID, "id", "", "map id (default: made from the map's name)")
	fs.StringVar(&opts.Name, "name", "", "map name (default: the name in the file, else the file's name)")
	out := fs.String("o", "", "write the map to this file instead of standard output")
	if done, err := parseMapsFlags(fs, args, 1); done {
		return err
	}
	if *format == "" {
		fs.Usage()
		return usageError("maps import: --format is required")
	}
	policy, ok := maps.ParseOneWay(*oneWay)
	if !ok {
		fs.Usage()
		return usageError(fmt.Sprintf("maps import: --one-way must be refuse, two-way or drop, not %q", *oneWay))
	}
	opts.OneWay = policy
	path := fs.Arg(0)
	opts.FallbackName = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	data, err := readMapFile(path)
	if err != nil {
		return err
	}
	m, notes, err := maps.ImportWith(*format, data, opts)
	var verr *maps.ValidationError
	switch {
	case errors.Is(err, maps.ErrUnknownFormat):
		fs.Usage()
		return usageError("maps import: " + err.Error())
	case errors.As(err, &verr):
		for _, p := range verr.Problems {
			fmt.Fprintln(stdout, p)
		}
		fmt.Fprintf(stderr, "%s: cannot import: %s\n", path, countOf(len(verr.Problems), "problem"))
		return exitError(1)
	case err != nil:
		return fmt.Errorf("error importing %s: %w", path, err)
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, "note:", n)
	}
	if *out == "" {
		if err := maps.Encode(stdout, m); err != nil {
			return err
		}
	} else if err := writeMapTo(*out, m); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "imported %s: %s, %s, %s; %s\n", m.ID, countOf(len(m.Territories), "territory"),
		countOf(len(m.Borders), "border"), countOf(len(m.BonusAreas), "bonus area"), countOf(len(notes), "note"))
	return nil
}

// readMapFile reads a file of at most maps.MaxFileSize bytes (plus one, so that the import can tell a
// file that is too large).
func readMapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("error opening map file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maps.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("error reading map file: %w", err)
	}
	return data, nil
}

// writeMapTo writes m as a map file at path.
func writeMapTo(path string, m *maps.Map) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("error creating %s: %w", path, err)
	}
	if err := maps.Encode(f, m); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("error writing %s: %w", path, err)
	}
	return nil
}

// countOf returns "1 territory" or "n territories".
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	switch {
	case strings.HasSuffix(noun, "y"):
		noun = strings.TrimSuffix(noun, "y") + "ies"
	default:
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}
