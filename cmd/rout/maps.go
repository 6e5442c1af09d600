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
  export NAME                              print a built-in map as JSON
  validate FILE                            check a map file and print every problem
  generate --territories N [--seed S] [--area-size K] [--id ID]
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

// newMapsFlagSet returns the flag set of a subcommand; usage names its arguments after the flags.
func newMapsFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("rout maps "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, strings.TrimSpace("usage: rout maps "+name+" "+usage))
		fs.PrintDefaults()
	}
	return fs
}

// parseMapsFlags parses args and checks the number of arguments left. It returns done when the command
// should stop with err: nil after -h, an exitError after a bad flag (the flag package has printed why),
// a usageError for the wrong number of arguments.
func parseMapsFlags(fs *flag.FlagSet, args []string, wantArgs int) (done bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return true, exitError(2)
	}
	if fs.NArg() != wantArgs {
		fs.Usage()
		return true, usageError(fmt.Sprintf("%s: want %d arguments, got %d", fs.Name(), wantArgs, fs.NArg()))
	}
	return false, nil
}

func runMapsList(args []string, stdout, stderr io.Writer) error {
	fs := newMapsFlagSet("list", "", stderr)
	if done, err := parseMapsFlags(fs, args, 0); done {
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
	fs := newMapsFlagSet("export", "NAME", stderr)
	if done, err := parseMapsFlags(fs, args, 1); done {
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
	return maps.Encode(stdout, m)
}

func runMapsValidate(args []string, stdout, stderr io.Writer) error {
	fs := newMapsFlagSet("validate", "FILE", stderr)
	if done, err := parseMapsFlags(fs, args, 1); done {
		return err
	}
	path := fs.Arg(0)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("error opening map file: %w", err)
	}
	defer f.Close()
	m, err := maps.Decode(f)
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
	fs := newMapsFlagSet("generate", "--territories N [--seed S] [--area-size K] [--id ID]", stderr)
	var opts maps.GenerateOpts
	fs.IntVar(&opts.Territories, "territories", 0, fmt.Sprintf("number of territories, %d to %d (required)", maps.MinTerritories, maps.MaxTerritories))
	fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the random layout; the same seed gives the same map")
	fs.IntVar(&opts.AreaSize, "area-size", maps.DefaultAreaSize, "usual number of territories of a bonus area")
	fs.StringVar(&opts.ID, "id", "", `map id (default "generated-<territories>-<seed>")`)
	if done, err := parseMapsFlags(fs, args, 0); done {
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
	return maps.Encode(stdout, m)
}
