// Package pgcluster runs a private PostgreSQL cluster from the PostgreSQL binaries installed on the
// machine, so that Rout works with one command and no database setup: with no DATABASE_URL, the rout
// binary calls Start and uses the DSN it gets back.
//
// # The data folder
//
// Config.Dir is the folder the cluster lives in. Start creates it when missing and lays it out as:
//
//	<Dir>/pgcluster.lock   held (flock) by the process that runs the cluster; holds its pid
//	<Dir>/pgdata/          the PostgreSQL data directory (PG_VERSION, postmaster.pid, base/, pg_wal/ ...)
//	<Dir>/postgres.log     the server log (moved to postgres.log.1 at start when over 10 MiB)
//	<Dir>/socket/          the Unix socket folder (.s.PGSQL.5432), when its path is short enough
//
// The server listens on a Unix socket only (listen_addresses is empty), so nothing on the network can
// reach it, and local connections are trusted: whoever can enter the socket folder can connect. The
// socket folder is private to the user that runs the server (mode 0700). A Unix socket path is limited to
// about 104 bytes; when <Dir>/socket/.s.PGSQL.5432 would be longer, the socket folder is
// <os.TempDir()>/pgcluster-<hash of Dir> instead (falling back to /tmp), which Stop removes.
//
// On the first Start, initdb creates the cluster in <Dir>/pgdata.init and the folder is renamed to
// <Dir>/pgdata when initdb has finished, so an interrupted initdb never leaves a half-made cluster
// behind. The cluster has the superuser "postgres", UTF-8 encoding, the C locale and data checksums.
// Start then creates the database named by Config.Database ("rout") when it is missing.
//
// # Running as root
//
// initdb, pg_ctl and postgres refuse to run as root. When the process runs as root, Start runs them as
// Config.User ("postgres", the user Debian's postgresql package creates) and hands the data folder, its
// pgdata folder, the log file and the socket folder to that user. Every folder above the data folder
// must be enterable by that user: a data folder under /root is not. When the user does not exist,
// Start fails with ErrNoUser. As any other user, the programs run as that user.
//
// # One server per data folder
//
// The process that starts a cluster holds an exclusive lock on <Dir>/pgcluster.lock until Stop. A
// second Start on the same folder while the lock is held, in this process or another, fails with
// ErrInUse: two rout processes that want to share a database should both use DATABASE_URL. When the
// lock is free but a server of the folder is still running, the process that started it died without
// stopping it (kill -9, a crash): Start adopts that server, waits until it accepts connections, and from
// then on owns it like one it started, so Stop stops it.
//
// # Recovery after a crash
//
// When the server itself was killed, its postmaster.pid is left behind. If the process named in it is
// gone (or a zombie), or is alive but is not a PostgreSQL server of this folder (its pid was reused
// after a restart), Start removes the stale postmaster.pid and socket lock files and starts the server,
// and PostgreSQL replays its write-ahead log (crash recovery) before it accepts connections. While old
// server processes still hold the shared memory, Start retries until they are gone or
// Config.StartTimeout passes.
//
// # Binaries
//
// Start needs initdb, pg_ctl and postgres in one folder. It uses Config.BinDir when set (and only it),
// otherwise the first folder of PATH that has all three, otherwise the usual install folders
// (/usr/lib/postgresql/<highest version>/bin on Debian and Ubuntu, /usr/pgsql-<version>/bin,
// /usr/local/pgsql/bin, Homebrew's and Postgres.app's folders on macOS). When none has them, Start
// returns an error matching ErrNoBinaries that says what to install.
//
// # Durability
//
// The cluster is durable by default. Config.NoSync turns off fsync and friends for tests, where a
// cluster lives for one run: never use it for data you want to keep.
package pgcluster
