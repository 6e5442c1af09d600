package live

import (
	"strconv"
)

// OnRevoked adds f to the functions told the id of every token revoked on account.RevocationChannel (a
// session signed out, an API token revoked), by any replica. Each call of f runs in a goroutine of its own. After the LISTEN connection reconnects
// (notifications may have been missed meanwhile), f is called with id 0: check every token in use again.
func (h *Hub) OnRevoked(f func(tokenID int)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.revoked = append(h.revoked, f)
}

// tellRevoked calls the OnRevoked functions with id.
func (h *Hub) tellRevoked(id int) {
	h.mu.Lock()
	fs := h.revoked
	h.mu.Unlock()
	for _, f := range fs {
		go f(id)
	}
}

// revokedPayload reads a account.RevocationChannel payload: a token id.
func revokedPayload(payload string) (int, bool) {
	id, err := strconv.Atoi(payload)
	return id, err == nil && id > 0
}
