// Command rout is the Rout game server and its tools, in one binary.
//
//	rout serve                                the server (see package rout/server for its configuration)
//	rout worker                               River jobs only, for worker replicas (rout serve --workers=false)
//	rout migrate                              apply the database migrations and exit
//	rout healthcheck                          exit 0 when the local server is ready (for Docker)
//	rout games verify|replay                  verify games against their events, replay a game record
//	rout maps list|export|validate|generate|import  built-in, custom and imported maps
//	rout odds A D                             exact battle odds
//	rout sim                                  random legal games through the rules engine, or CPU tournaments
//	rout push keys                            a new VAPID key pair for web push
//	rout users moderator --grant|--revoke U   grant or revoke a user's chat moderator role
//	rout bench live                           live subscriptions against a plain websocket broadcast
//	rout bench api                            the API against a plain transaction, CPU turns, deadline bursts
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	// CA roots for the TLS the server speaks as a client (SMTP with STARTTLS, the SMS provider over
	// HTTPS) where the system has none: the container image is the binary alone.
	_ "golang.org/x/crypto/x509roots/fallback"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// The first signal asks for a graceful shutdown. Restore the default handling, so that a second
		// one ends the process at once.
		<-ctx.Done()
		stop()
	}()
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		var exit exitError
		if !errors.As(err, &exit) {
			fmt.Fprintln(os.Stderr, "rout:", err)
		}
		os.Exit(exitCode(err))
	}
}

// exitError ends the program with a status code after the command has already printed what went wrong.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func exitCode(err error) int {
	var exit exitError
	if errors.As(err, &exit) {
		return int(exit)
	}
	var usage usageError
	if errors.As(err, &usage) {
		return 2
	}
	return 1
}

// usageError reports a command line that does not parse.
type usageError string

func (e usageError) Error() string { return string(e) }

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "serve the game over HTTP (embedded PostgreSQL when DATABASE_URL is unset)", runServe},
		{"worker", "work River jobs (CPU turns, deadlines, notifications) without the API, for worker replicas", runWorker},
		{"migrate", "apply the database migrations and exit", runMigrate},
		{"games", "verify games against their records (games verify [id ...]), replay a game record (games replay FILE), check its dice (games verify-dice FILE)", runGames},
		{"healthcheck", "exit 0 when the server at ROUT_ADDR is ready (GET /readyz)", runHealthcheck},
		{"maps", "list, export, validate and generate maps", runMaps},
		{"odds", "print the exact odds of A attackers conquering D defenders", runOdds},
		{"sim", "play random legal games and check invariants, or CPU tournaments (--seats)", runSim},
		{"push", "web push tools: push keys prints a new VAPID key pair", runPush},
		{"users", "user administration: users moderator --grant|--revoke NAME_OR_EMAIL", runUsers},
		{"bench", "benchmarks: bench live (live subscriptions against a plain websocket broadcast), bench api (the API against a plain transaction)", runBench},
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printUsage(stdout)
		if len(args) == 0 {
			return usageError("no command given")
		}
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], getenv, stdout, stderr)
		}
	}
	printUsage(stderr)
	return usageError(fmt.Sprintf("unknown command %q", args[0]))
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: rout <command> [arguments]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nrout <command> -h prints the command's own flags.")
}
