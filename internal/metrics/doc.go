// Package metrics exposes Rout's Prometheus metrics: one registry per process, served by Metrics.Handler
// at GET /metrics, fed by an HTTP middleware, by River's job table and by a small API that the jobs
// package calls.
//
// # Series
//
// Besides the Go runtime (go_*) and process (process_*) collectors:
//
//	rout_http_requests_total{route,code}                  HTTP requests served, by the route pattern that
//	                                                      matched ("none" when none did) and status code;
//	                                                      "101" for a connection taken over (websocket)
//	rout_http_request_duration_seconds{route}             time to serve a request (websockets left out)
//	rout_graphql_operations_total{type}                   GraphQL operations by type: query, mutation,
//	                                                      subscription (GraphQL, a gqlgen extension)
//	rout_graphql_errors_total{type,code}                  errors in GraphQL responses by extensions.code
//	go_sql_*{db_name="rout"}                              the *sql.DB pool: open, in use, idle connections,
//	                                                      waits for a connection and their total duration
//	rout_river_jobs{kind,state}                           jobs in River's table that are not finished
//	                                                      (available, pending, retryable, running,
//	                                                      scheduled) or were discarded, read at each scrape
//	rout_river_oldest_available_job_age_seconds{queue}    how long the oldest available job has waited
//	rout_river_scrape_errors_total                        scrapes whose River query failed
//	rout_job_duration_seconds{kind,outcome}               jobs worked on this process: completed, failed,
//	                                                      snoozed or cancelled (JobDone)
//	rout_turn_takeovers_total                             turns whose deadline passed and that the server
//	                                                      played for the absent player (Takeover)
//	rout_cpu_turns_total                                  turns played by CPU players (CPUTurn)
//	rout_notifications_sent_total{channel,kind}           notifications the provider accepted, by channel
//	                                                      (email, sms, push) and kind (your_turn, ...; a
//	                                                      digest counts as your_turn) (NotificationSent)
//	rout_notifications_dropped_total{reason}              notifications not sent, by reason: seen_live,
//	                                                      seen_or_played, seen_or_read, user_rate, channel_unavailable,
//	                                                      permanent_failure, no_push_device (NotificationDropped)
//
// The River series come from the database, so every replica reports the same numbers: aggregate them
// with max, not sum. The query counts only unfinished and discarded jobs (completed and cancelled jobs
// pile up until River's cleaner removes them, and the job counters cover them), uses the index River
// keeps on the state column, and is bounded by RiverQueryTimeout.
//
// # Feeding it from the jobs package
//
// Metrics' methods are safe for concurrent use and do nothing on a nil *Metrics, so a package can hold
// an optional *Metrics without checks:
//
//	m.JobDone(kind, time.Since(began), err) // or, for every worker at once: river.Config{Middleware: []rivertype.Middleware{m.JobMiddleware()}}
//	m.Takeover()                            // a deadline's takeover played a turn
//	m.CPUTurn()                             // a CPU player played a turn
//	m.NotificationSent("email", "your_turn") // a notification went out
//	m.NotificationDropped("user_rate")      // a notification will not go out, and why
//
// # Access
//
// The handler is open unless Opts.Token is set; then it answers only requests that carry the header
// Authorization: Bearer <token> (401 otherwise). Prometheus sends it with `authorization: {credentials:
// <token>}` in the scrape config.
package metrics
