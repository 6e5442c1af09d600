// Package server runs Rout's server process: its configuration, its one database handle, and its HTTP
// server. `rout serve` is Run; `rout migrate` uses OpenDatabase.
//
// # Start-up
//
// Run validates the Config (read once, at start, by the rout binary: see ConfigFromEnv), listens on
// Config.Addr, and opens the database: the one named by Config.DatabaseURL, or, when it is empty, a
// private PostgreSQL cluster that package rout/pgcluster starts from the local PostgreSQL programs in
// Config.DataDir (on the next start, the same cluster again). It then serves HTTP and applies the
// database migrations (package rout/migrate), and from then on it is ready.
//
// # Health
//
//	GET /healthz   200 "ok" while the process serves HTTP: a liveness check that never looks at the database
//	GET /readyz    200 {"status":"ready"} when migrations are done and the database answers a ping within
//	               ReadyTimeout; 503 {"status":"unavailable","reason":"..."} otherwise, and while shutting down
//
// # Shutdown
//
// When Run's context ends (the rout binary ends it on SIGINT or SIGTERM), the server stops accepting
// connections, /readyz answers 503 on the connections still open, and requests in flight get
// Config.ShutdownTimeout to finish before their connections are closed. The websockets, the live hub and
// River then stop, each stage within a Config.ShutdownTimeout of its own. Then the database pool closes
// and the embedded cluster, if any, stops. A second signal ends the process at once (the rout binary restores
// the default signal handling after the first); an embedded cluster left running that way is adopted by
// the next start.
//
// # Adding to the server
//
// Server.routes is the one place where HTTP routes are added (the GraphQL API, /metrics, the River UI);
// Opts holds their dependencies. Run is where long-running parts start and stop: River's client starts
// after the migrations and stops after the HTTP server has drained and before the database closes.
package server
