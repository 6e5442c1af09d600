// Package adminui serves River UI, the web console of Rout's job queue, at Path for administrators only.
//
// River UI (riverqueue.com/riverui) lists jobs by state, kind and queue, shows their arguments, errors
// and attempts, and lets an operator retry, cancel or delete jobs and pause or resume queues. Its handler
// runs on an insert-only River client built on the same *sql.DB as the rest of Rout, through River's
// database/sql driver (riverdatabasesql): River UI reads River's tables through the client's driver, and
// its own queries need only QueryRow, which every PostgreSQL driver of River has.
//
// # Access
//
// A browser loads the UI's page, scripts and API calls without custom headers, so the UI takes HTTP
// Basic credentials (the browser asks for them once): any user name, and as the password either
//
//   - a session or API token (rout_s_..., rout_a_...) of a user whose admin flag is set, or
//   - the operator's token, Opts.AdminToken (ROUT_ADMIN_TOKEN), compared in constant time.
//
// Scripts may send the same secret as "Authorization: Bearer <token>". No credentials, or a token that is
// unknown, revoked or expired, get 401 with a Basic challenge; a live token of a user who is not an admin
// gets 403; neither gets any of the UI. Requests that change something (POST, PUT, PATCH, DELETE) must
// also come from the UI's own origin (http.CrossOriginProtection), since browsers send Basic
// credentials along with cross-site requests too.
//
// # Job counts
//
// River UI can refresh its counts of jobs by state in the background (riverui.Handler.Start), every
// ten seconds or so on every process that serves it, whether anyone looks or not. Rout leaves that
// unstarted: the counts are read when the UI asks for them, exact up to 10,000 jobs per state and
// estimated from PostgreSQL's statistics above. Replicas thus put no load on the database for the UI
// until an admin opens it.
package adminui
