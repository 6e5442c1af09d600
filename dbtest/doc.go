// Package dbtest gives every test its own new PostgreSQL database, empty or migrated, dropped when the
// test ends.
// Rout's tests run against real PostgreSQL, never a mock of it.
//
// A package whose tests use a database calls Main from its TestMain:
//
//	func TestMain(m *testing.M) { dbtest.Main(m) }
//
// and each test asks for a database by URL or as an open *sql.DB:
//
//	func TestGameCreate(t *testing.T) {
//		t.Parallel()
//		db := dbtest.Migrated(t) // a new database holding Rout's and River's schema
//		...
//	}
//
// Open and URL give an empty database instead (for the tests of the migrations themselves).
//
// # The migrated template
//
// Migrated and MigratedURL copy a template database (CREATE DATABASE ... TEMPLATE), which costs about
// what an empty database costs, instead of running the migrations for every test. The template is named
// dbtest_template_<hash>, the hash taken over the embedded migrations and River's version, so a changed
// migration makes a new template and an old one is never used. The first test binary that needs it
// builds it, under an advisory lock so that test binaries running at once build it only once, under the
// name dbtest_template_<hash>_building, renamed once migrated (a killed binary never leaves a half-built
// template to copy). It is marked IS_TEMPLATE and ALLOW_CONNECTIONS false: PostgreSQL copies a database
// only while nobody is connected to it. Templates stay on a shared server for the next run; to remove
// one, ALTER DATABASE ... IS_TEMPLATE false, then DROP DATABASE.
//
// # Factories
//
// User inserts a user into a migrated database, with the fields of a UserOpts and defaults for the
// rest (a unique name, <name>@example.com). Game makes a game through the game service (the test's own,
// so that its Effects run, or a plain one), with the seats of a GameOpts (users, CPUs, invited or open;
// Users(ids...) seats each user in turn), started by its creator when GameOpts.Start is set:
//
//	alice, bob := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
//	g := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(alice, bob), Start: true})
//
// dbtest imports game for this, so only tests outside package game (package game_test) can use Game.
// OpenURL opens a pool to a database from URL or MigratedURL, for a test that needs both; Listen listens
// on a notification channel; Int reads one number (a count) from the database.
//
// # Counting what a request sends
//
// OpenCounting opens a pool whose connections record, in the SQLLog it returns, every transaction
// begun, every statement with the transaction it ran in and every round trip to PostgreSQL: the tests
// that pin a command to one transaction with nothing read around it use it (game, graph). GameTables
// matches the statements on a game's own tables.
//
// # Goroutine leaks
//
// Main fails the package, after its tests have passed, when they leave goroutines running
// (go.uber.org/goleak): every hub, River client, server and connection pool a test starts must be
// stopped by the test's cleanup. A library goroutine that rightly outlives the tests is named, with a
// comment saying why, as goleak.IgnoreTopFunction in Main's options; never a blanket ignore.
//
// # The server
//
// The first test that asks for a database chooses the server for the whole test binary:
//
//  1. TEST_DATABASE_URL, when set;
//  2. else DATABASE_URL, when set;
//  3. else the server on 127.0.0.1:5432 as user postgres (sslmode=disable), when it answers within a
//     second;
//  4. else a throwaway cluster that pgcluster starts from the local PostgreSQL programs in a temporary
//     folder (<temp>/dbtest-*), without fsync, once per test binary. Main stops it and removes its
//     folder when the tests have run.
//
// Setting DBTEST_FORCE_CLUSTER=1 skips the first three and always uses a throwaway cluster, which is how
// to test that path on a machine that has a server running.
//
// The user of a server given by URL must be allowed to create databases (CREATEDB). Each test's
// database is named dbtest_<test name>_<random>, created from template0 (so it is empty whatever
// template1 holds), and dropped WITH (FORCE) in the test's cleanup, which ends connections the test left
// open. A test binary that is killed leaves its databases on a shared server behind; their names start
// with dbtest_.
//
// A test binary that dies without returning from Main (a panic, a -timeout, a kill) leaves its
// throwaway cluster running. The next test binary that starts a throwaway cluster stops such leftovers:
// folders <temp>/dbtest-* over a minute old whose cluster no live process holds.
//
// When no server can be found or started, the test fails (it does not skip): a test that did not run
// is not a test that passed. Install PostgreSQL (apt-get install postgresql, brew install postgresql)
// or set TEST_DATABASE_URL.
package dbtest
