package server

import (
	"fmt"
	"html"
	"log/slog"
	"net/http"

	"rout/account"
	"rout/notifications"
)

// unsubscribeHandler serves notifications.UnsubscribePath: one-click unsubscribe (RFC 8058) without signing
// in. POST with a valid token turns the token's kind off for its user (notify_kinds[kind] = "none");
// it is idempotent. GET shows a page with a button that POSTs, as a GET must change nothing (mail
// scanners open links). A token that is not valid gets 400.
type unsubscribeHandler struct {
	accounts *account.Service
	unsub    notifications.Unsubscribe
	logger   *slog.Logger
}

func (h *unsubscribeHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	userID, kind, err := h.unsub.Parse(token)
	w.Header().Set("Cache-Control", "no-store")
	if err != nil {
		http.Error(w, "This unsubscribe link is not valid.", http.StatusBadRequest)
		return
	}
	if r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><meta charset="utf-8"><title>Unsubscribe</title>
<form method="post" action="%s?token=%s"><p>Stop the %s emails of Rout?</p><button>Unsubscribe</button></form>`,
			notifications.UnsubscribePath, html.EscapeString(token), html.EscapeString(kind.String()))
		return
	}
	if err := h.accounts.Unsubscribe(r.Context(), userID, kind); err != nil {
		h.logger.ErrorContext(r.Context(), "error unsubscribing", "user_id", userID, "kind", kind.String(), "error", err)
		http.Error(w, "Something went wrong; try again later.", http.StatusInternalServerError)
		return
	}
	h.logger.InfoContext(r.Context(), "unsubscribed by link", "user_id", userID, "kind", kind.String())
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "You will get no more %s messages. Change this in your settings.\n", kind)
}
