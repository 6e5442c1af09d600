package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"rout/maps"
)

const mapsUsage = `usage: rout maps <subcommand> [arguments]

subcommands:
  list                                     list the built-in maps
  export [--shapes] NAME                   print a built-in map as JSON
  validate FILE                            check a map file and print every problem
  generate --territories N [--seed S] [--area-size K] [--id ID] [--shapes]
                                           print a generated map as JSON
  import --format domination|conquerclub [--one-way refuse|two-way|drop] [-o OUT.json] FILE
                                           convert another game's map file into a Rout map

rout maps <subcommand> -h prints the subcommand's own flags.
`

// runMaps lists, exports, validates, generates and imports maps.
func runMaps(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, mapsUsage)
		return usageError("maps: no subcommand given")
	}
	switch args[0] {
	case "list":
		return runMapsList(args[1:], stdout, stderr)
	case "export":
		return runMapsExport(args[1:], stdout, stderr)
	case "validate":
		return runMapsValidate(args[1:], stdout, stderr)
	case "generate":
		return runMapsGenerate(args[1:], stdout, stderr)
	case "import":
		return runMapsImport(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, mapsUsage)
		return nil
	default:
		fmt.Fprint(stderr, mapsUsage)
		return usageError(fmt.Sprintf("maps: unknown subcommand %q", args[0]))
	}
}

func runMapsList(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("maps list", "", "", stderr)
	if done, err := parseFlags(fs, args, 0); done {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tTERRITORIES\tBONUS AREAS")
	for _, m := range maps.Builtins() {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\n", m.ID, m.Name, len(m.Territories), len(m.BonusAreas))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("error writing map list: %w", err)
	}
	return nil
}

func runMapsExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("maps export", "[--shapes] NAME", "", stderr)
	shapes := shapesFlag(fs)
	if done, err := parseFlags(fs, args, 1); done {
		return err
	}
	name := fs.Arg(0)
	m, ok := maps.Builtin(name)
	if !ok {
		var ids []string
		for _, b := range maps.Builtins() {
			ids = append(ids, b.ID)
		}
		return fmt.Errorf("unknown map %q; the built-in maps are: %s", name, strings.Join(ids, ", "))
	}
	return encodeMap(stdout, m, *shapes)
}

func runMapsValidate(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("maps validate", "FILE", "", stderr)
	if done, err := parseFlags(fs, args, 1); done {
		return err
	}
	path := fs.Arg(0)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("error opening map file: %w", err)
	}
	defer f.Close()
	m, err := maps.Decode(f)
	if err == nil {
		err = m.CheckPlayable() // what an upload refuses beyond the format
	}
	var verr *maps.ValidationError
	switch {
	case errors.As(err, &verr):
		for _, p := range verr.Problems {
			fmt.Fprintln(stdout, p)
		}
		noun := "problems"
		if len(verr.Problems) == 1 {
			noun = "problem"
		}
		fmt.Fprintf(stderr, "%s: invalid map: %d %s\n", path, len(verr.Problems), noun)
		return exitError(1)
	case err != nil:
		return fmt.Errorf("error validating %s: %w", path, err)
	}
	fmt.Fprintf(stdout, "ok: %s (%d territories)\n", m.ID, len(m.Territories))
	return nil
}

func runMapsGenerate(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("maps generate", "--territories N [--seed S] [--area-size K] [--id ID] [--shapes]", "", stderr)
	shapes := shapesFlag(fs)
	var opts maps.GenerateOpts
	fs.IntVar(&opts.Territories, "territories", 0, fmt.Sprintf("number of territories, %d to %d (required)", maps.MinTerritories, maps.MaxTerritories))
	fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the random layout; the same seed gives the same map")
	fs.IntVar(&opts.AreaSize, "area-size", maps.DefaultAreaSize, "usual number of territories of a bonus area")
	fs.StringVar(&opts.ID, "id", "", `map id (default "generated-<territories>-<seed>")`)
	if done, err := parseFlags(fs, args, 0); done {
		return err
	}
	if opts.Territories == 0 {
		fs.Usage()
		return usageError("maps generate: --territories is required")
	}
	m, err := maps.Generate(opts)
	if err != nil {
		return usageError("maps generate: " + err.Error())
	}
	return encodeMap(stdout, m, *shapes)
}

// shapesFlag adds --shapes: write the map with its geometry, as the API gives it to clients.
func shapesFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("shapes", false, "write every territory's shape, the sea crossings and the canvas, as the API gives them")
}

// encodeMap writes m as JSON; with its geometry (maps.WithGeometry) when shapes is set.
func encodeMap(w io.Writer, m *maps.Map, shapes bool) error {
	if shapes {
		var err error
		if m, err = maps.WithGeometry(m); err != nil {
			return fmt.Errorf("error deriving the map's geometry: %w", err)
		}
	}
	return maps.Encode(w, m)
}
