package adminui

import (
	"log/slog"
	"net/http"
	"net/http/pprof"
)

// ProfilesPath is where Profiles serves the Go runtime's profiles: mount the handler at ProfilesPath
// (net/http/pprof names the profiles by what follows it).
const ProfilesPath = "/debug/pprof/"

// Profiles returns the handler of net/http/pprof at ProfilesPath (the index, the named profiles such
// as heap and goroutine, and cmdline, profile, symbol and trace) for admins only, with the same
// credentials as the River UI: an admin's token (admins) or the operator's adminToken when not empty,
// as Basic password or bearer token; 401 and 403 for everyone else. A nil logger discards the records.
func Profiles(admins AdminCheck, adminToken string, logger *slog.Logger) http.Handler {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	mux := http.NewServeMux()
	mux.HandleFunc(ProfilesPath, pprof.Index)
	mux.HandleFunc(ProfilesPath+"cmdline", pprof.Cmdline)
	mux.HandleFunc(ProfilesPath+"profile", pprof.Profile)
	mux.HandleFunc(ProfilesPath+"symbol", pprof.Symbol)
	mux.HandleFunc(ProfilesPath+"trace", pprof.Trace)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		guard(w, r, admins, adminToken, logger, "profiling", func() { mux.ServeHTTP(w, r) })
	})
}
