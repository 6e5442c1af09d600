package adminui

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"riverqueue.com/riverui"
)

// Path is where the UI is served: mount Handler at Path and at Path+"/".
const Path = "/riverui"

// basicChallenge is the WWW-Authenticate header of a 401: browsers answer it with their login prompt.
const basicChallenge = `Basic realm="Rout admin", charset="UTF-8"`

// Opts are the dependencies and settings of Handler.
type Opts struct {
	// DB is the database River works on. Required.
	DB *sql.DB

	// Admins tells which tokens belong to admins (TokenAdmins). Required.
	Admins AdminCheck

	// AdminToken, when not empty, is the operator's secret: it opens the UI like an admin's token.
	AdminToken string

	// Logger receives River UI's records and the failures of admin checks. Nil discards them.
	Logger *slog.Logger
}

// Handler serves River UI at Path to admins. It is safe for concurrent use.
type Handler struct {
	next       http.Handler
	admins     AdminCheck
	adminToken string
	logger     *slog.Logger
}

// New returns the handler of River UI. River UI's background refresh of its job counts is left
// unstarted (see the package documentation), so the handler needs no Start and no Stop.
func New(opts Opts) (*Handler, error) {
	if opts.DB == nil || opts.Admins == nil {
		return nil, errors.New("error setting up the admin UI: Opts.DB and Opts.Admins are required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	// An insert-only client (no queues, no workers): River UI lists, retries, cancels and deletes jobs
	// through it, and the workers of any replica pick up the changes.
	client, err := river.NewClient(riverdatabasesql.New(opts.DB), &river.Config{Logger: opts.Logger})
	if err != nil {
		return nil, fmt.Errorf("error creating the River client of the admin UI: %w", err)
	}
	ui, err := riverui.NewHandler(&riverui.HandlerOpts{
		Endpoints: riverui.NewEndpoints(client, nil),
		Logger:    opts.Logger,
		Prefix:    Path,
	})
	if err != nil {
		return nil, fmt.Errorf("error setting up the River UI: %w", err)
	}
	return &Handler{
		next:       http.NewCrossOriginProtection().Handler(ui),
		admins:     opts.Admins,
		adminToken: opts.AdminToken,
		logger:     opts.Logger,
	}, nil
}

// ServeHTTP implements http.Handler: the UI for admins, 401 or 403 for everyone else.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	guard(w, r, h.admins, h.adminToken, h.logger, "the River UI", func() {
		w.Header().Set("X-Frame-Options", "DENY")
		h.next.ServeHTTP(w, r)
	})
}

// guard calls serve when the request's credentials give Admin (adminToken, else admins) and answers
// 401, 403 or 500 otherwise; what names what is guarded in the answers and records.
func guard(w http.ResponseWriter, r *http.Request, admins AdminCheck, adminToken string, logger *slog.Logger, what string, serve func()) {
	secret := credential(r)
	if secret == "" {
		unauthorized(w, "sign in with a Rout admin's token (or the operator's ROUT_ADMIN_TOKEN) as the password")
		return
	}
	access, err := accessOf(r.Context(), admins, adminToken, secret)
	switch {
	case err != nil:
		logger.ErrorContext(r.Context(), "error checking the credential of a request for "+what, "error", err)
		http.Error(w, "the credentials could not be checked", http.StatusInternalServerError)
	case access == NoAccess:
		unauthorized(w, "the token is unknown, revoked or expired")
	case access == NotAdmin:
		http.Error(w, what+" is for admins only", http.StatusForbidden)
	default:
		serve()
	}
}

// accessOf tells what secret gives: the operator's token, else whatever admins says.
func accessOf(ctx context.Context, admins AdminCheck, adminToken, secret string) (Access, error) {
	if adminToken != "" && subtle.ConstantTimeCompare([]byte(secret), []byte(adminToken)) == 1 {
		return Admin, nil
	}
	return admins(ctx, secret)
}

// credential returns the secret of the request's Authorization header: the password of Basic
// credentials or the token of Bearer ones; empty when there is none.
func credential(r *http.Request) string {
	if _, password, ok := r.BasicAuth(); ok {
		return password
	}
	scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if strings.EqualFold(scheme, "Bearer") {
		return strings.TrimSpace(token)
	}
	return ""
}

// unauthorized answers 401 with the Basic challenge and why.
func unauthorized(w http.ResponseWriter, why string) {
	w.Header().Set("WWW-Authenticate", basicChallenge)
	http.Error(w, why, http.StatusUnauthorized)
}
