// Command diff writes Rout's next versioned migration: the difference between the Ent schema
// (rout/ent/schema) and what the existing migrations build. It is a development tool, run from the
// repository root:
//
//	go run ./internal/migrate/cmd/diff NAME   # or: make migration NAME=...
//	go run ./internal/migrate/cmd/diff -hash  # after editing a migration by hand: rewrite atlas.sum
//
// It creates a scratch database on the local PostgreSQL server (ROUT_DEV_DATABASE_URL, or the -db flag,
// names a database on that server to connect to first), replays the migrations folder on it, compares the
// result with the Ent schema and writes internal/migrate/migrations/<UTC timestamp>_NAME.sql together with an
// updated atlas.sum. The scratch database is dropped afterwards. When schema and migrations agree it writes
// nothing.
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"regexp"

	atlasmigrate "ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql/schema"
	"github.com/lib/pq"

	entmigrate "rout/ent/migrate"
)

// defaultDB is the local development server's maintenance database.
const defaultDB = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "diff:", err)
		os.Exit(1)
	}
}

var migrationName = regexp.MustCompile(`^[a-z0-9_]+$`)

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	flags := flag.NewFlagSet("diff", flag.ContinueOnError)
	dbURL := flags.String("db", "", "URL of a database on the development server (default $ROUT_DEV_DATABASE_URL or "+defaultDB+")")
	dirPath := flags.String("dir", "internal/migrate/migrations", "the migrations folder")
	hash := flags.Bool("hash", false, "only rewrite atlas.sum from the files in the folder")
	flags.Usage = func() {
		fmt.Fprintln(flags.Output(), "usage: go run ./internal/migrate/cmd/diff [flags] NAME | -hash")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return err
	}
	dir, err := atlasmigrate.NewLocalDir(*dirPath)
	if err != nil {
		return fmt.Errorf("error opening the migrations folder %s: %w", *dirPath, err)
	}
	if *hash {
		if flags.NArg() != 0 {
			return errors.New("-hash takes no migration name")
		}
		sum, err := dir.Checksum()
		if err != nil {
			return fmt.Errorf("error computing the checksum of %s: %w", *dirPath, err)
		}
		if err := atlasmigrate.WriteSumFile(dir, sum); err != nil {
			return fmt.Errorf("error writing %s/atlas.sum: %w", *dirPath, err)
		}
		fmt.Fprintf(stdout, "rewrote %s/atlas.sum\n", *dirPath)
		return nil
	}
	if flags.NArg() != 1 || !migrationName.MatchString(flags.Arg(0)) {
		flags.Usage()
		return errors.New("want one migration NAME of lower-case letters, digits and '_'")
	}
	name := flags.Arg(0)

	admin := *dbURL
	if admin == "" {
		admin = getenv("ROUT_DEV_DATABASE_URL")
	}
	if admin == "" {
		admin = defaultDB
	}
	scratch, drop, err := createScratch(ctx, admin)
	if err != nil {
		return err
	}
	defer func() {
		if err := drop(); err != nil {
			fmt.Fprintln(os.Stderr, "diff:", err)
		}
	}()

	before, err := dir.Files()
	if err != nil {
		return fmt.Errorf("error listing the migrations in %s: %w", *dirPath, err)
	}
	err = entmigrate.NamedDiff(ctx, scratch, name,
		schema.WithDir(dir),
		schema.WithMigrationMode(schema.ModeReplay),
		schema.WithDialect(dialect.Postgres),
		schema.WithFormatter(atlasmigrate.DefaultFormatter),
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
		schema.WithErrNoPlan(true),
	)
	if errors.Is(err, atlasmigrate.ErrNoPlan) {
		fmt.Fprintln(stdout, "the migrations already build the Ent schema: nothing to write")
		return nil
	}
	if err != nil {
		return fmt.Errorf("error diffing the Ent schema against the migrations: %w", err)
	}
	after, err := dir.Files()
	if err != nil {
		return fmt.Errorf("error listing the migrations in %s: %w", *dirPath, err)
	}
	for _, f := range after[len(before):] {
		fmt.Fprintf(stdout, "wrote %s/%s: read it, then commit it with the schema change\n", *dirPath, f.Name())
	}
	return nil
}

// createScratch creates an empty database on the server that admin points at, and returns its URL and a
// function that drops it.
func createScratch(ctx context.Context, admin string) (string, func() error, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, fmt.Errorf("error parsing the database URL: %w", err)
	}
	db, err := sql.Open("postgres", admin)
	if err != nil {
		return "", nil, fmt.Errorf("error connecting to %s: %w", u.Redacted(), err)
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("error drawing a name for the scratch database: %w", err)
	}
	name := "rout_diff_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("error creating the scratch database on %s: %w", u.Redacted(), err)
	}
	drop := func() error {
		defer db.Close()
		if _, err := db.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(name)+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("error dropping the scratch database %s: %w", name, err)
		}
		return nil
	}
	u.Path = "/" + name
	return u.String(), drop, nil
}
