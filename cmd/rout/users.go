package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"rout/account"
)

const usersUsage = `usage: rout users moderator --grant|--revoke [flags] NAME_OR_EMAIL

moderator  grants (--grant) or revokes (--revoke) the chat moderator role of the user with that name (in any
           spelling that reads the same) or email address. Moderators work the chat's report queue, delete
           messages, time users out, shadow-mute them and read the moderation log (docs/operations.md).
`

const usersModeratorSummary = `Grants (--grant) or revokes (--revoke) the chat moderator role of a user, named by their name or email
address. With no DATABASE_URL it uses the embedded PostgreSQL in --data-dir, as rout serve does; the
database must be migrated (rout migrate, or a server's start).`

// runUsers is rout users: the administration of users.
func runUsers(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usersUsage)
		return usageError("users: no subcommand given")
	}
	switch args[0] {
	case "moderator":
		return runUsersModerator(ctx, args[1:], getenv, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usersUsage)
		return nil
	default:
		fmt.Fprint(stderr, usersUsage)
		return usageError(fmt.Sprintf("users: unknown subcommand %q", args[0]))
	}
}

// runUsersModerator is rout users moderator: it grants or revokes the moderator role and prints the
// user's role as it is now. A login that names no user is an error (exit status 1).
func runUsersModerator(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var grant, revoke bool
	bind := func(fs *flag.FlagSet) {
		fs.BoolVar(&grant, "grant", false, "grant the moderator role")
		fs.BoolVar(&revoke, "revoke", false, "revoke the moderator role")
	}
	cfg, rest, help, err := loadCommand("users moderator", "--grant|--revoke [flags] NAME_OR_EMAIL", usersModeratorSummary, 1, bind,
		args, getenv, stderr, databaseSettings|logSettings)
	if err != nil || help {
		return err
	}
	if grant == revoke {
		fmt.Fprint(stderr, usersUsage)
		return usageError("users moderator: give one of --grant and --revoke")
	}
	login := rest[0]
	return withDatabase(ctx, cfg, stderr, func(db *sql.DB, logger *slog.Logger) error {
		accounts, err := account.New(account.Opts{DB: db, Logger: logger})
		if err != nil {
			return err
		}
		u, err := accounts.UserByLogin(ctx, login)
		if err != nil {
			return err
		}
		if u == nil {
			return fmt.Errorf("no user has the name or email address %q", login)
		}
		if u, err = accounts.SetModerator(ctx, u.ID, grant); err != nil {
			return err
		}
		logger.InfoContext(ctx, "moderator role set", "user_id", u.ID, "moderator", u.Moderator)
		if u.Moderator {
			fmt.Fprintf(stdout, "%s (%s) is a moderator\n", u.Name, u.Email)
		} else {
			fmt.Fprintf(stdout, "%s (%s) is not a moderator\n", u.Name, u.Email)
		}
		return nil
	})
}
