// Package migrate brings a PostgreSQL database up to the schema this binary expects: Rout's own versioned
// migrations, embedded from the migrations folder, then River's.
//
// # Running
//
// Up is safe to call from every replica at start-up. It holds a session-level advisory lock
// (pg_advisory_lock with LockKey) on a dedicated connection while it works, so replicas that start together
// migrate one after the other; the later ones find nothing left to do. Each of Rout's migrations runs in its
// own transaction together with the row that records it in the rout_schema_migrations table, so a failed
// migration leaves no trace and is retried by the next Up. River's migrations then run through rivermigrate,
// also one transaction per version.
//
// The *sql.DB given to Up must allow at least two open connections: one holds the lock while River's
// migrator uses another.
//
// # Adding a migration
//
// Migrations are generated from the Ent schema (rout/ent/schema), never written against a live database:
//
//  1. change the schema and run `make generate`;
//  2. run `make migration NAME=add_game_title` (which runs `go run ./internal/migrate/cmd/diff add_game_title`): it
//     replays the existing migrations on a scratch database of the local PostgreSQL server, compares the
//     result with the Ent schema and writes the difference as the next file, named
//     <UTC timestamp>_<name>.sql, updating the atlas.sum integrity file;
//  3. read the new file, and commit it with the schema change.
//
// A migration that must also move data (a backfill, say) may be edited by hand after it is generated, or
// written from scratch under the same naming; run `go run ./internal/migrate/cmd/diff -hash` afterwards to update
// atlas.sum. Never edit a migration that has been released: add a new one.
//
// The tests fail when the Ent schema and the migrations disagree, when atlas.sum does not match the files,
// or when an index the queries rely on is missing.
package migrate
