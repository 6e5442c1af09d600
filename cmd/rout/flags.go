package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns the flag set of the command `rout <name>`, writing to stderr. Its usage, printed on
// -h and on a bad flag or argument, is the line "usage: rout <name> <args>", then summary and the flags
// under "flags:" when summary is not empty, else the flags alone.
func newFlagSet(name, args, summary string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("rout "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, strings.TrimSpace("usage: rout "+name+" "+args))
		if summary != "" {
			fmt.Fprintln(stderr, "\n"+summary+"\n\nflags:")
		}
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs, made by newFlagSet, and checks that wantArgs arguments are left. It
// returns done when the command should stop with err: nil after -h (the usage has been printed), an
// exitError after a bad flag (the flag package has printed why and the usage), a usageError for the
// wrong number of arguments (after the usage).
func parseFlags(fs *flag.FlagSet, args []string, wantArgs int) (done bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return true, exitError(2)
	}
	name := strings.TrimPrefix(fs.Name(), "rout ")
	switch {
	case fs.NArg() == wantArgs:
		return false, nil
	case wantArgs == 0:
		fs.Usage()
		return true, usageError(fmt.Sprintf("%s: unexpected argument %q", name, fs.Arg(0)))
	default:
		fs.Usage()
		return true, usageError(fmt.Sprintf("%s: want %d arguments, got %d", name, wantArgs, fs.NArg()))
	}
}
