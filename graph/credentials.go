package graph

import (
	"context"
	"strconv"
	"time"

	"rout/graph/wstransport"
)

// admitSocketOperation is the websocket transport's Opts.Admit: every operation on a socket counts
// against the same rate limits as an HTTP request (the client address's and the user's), and runs only
// while the socket's token is live. An operation of a token that ended is refused with UNAUTHENTICATED
// and its socket closes with 4403.
func (r *Resolver) admitSocketOperation(ctx context.Context) error {
	v := viewerFrom(ctx)
	if v.token != nil {
		checkCtx, cancel := context.WithTimeout(ctx, r.cfg.RequestTimeout)
		live, err := r.accounts.StillLive(checkCtx, v.token)
		cancel()
		if err != nil {
			return err
		}
		if !live {
			return &wstransport.CloseError{Code: wstransport.CloseForbidden, Reason: "Forbidden",
				Err: &Error{Code: CodeUnauthenticated, Message: badToken}}
		}
	}
	if ok, wait := r.rateIP.allow(clientIP(ctx)); !ok {
		return errorf(CodeRateLimited, "too many requests: retry in %d s", retryAfterSeconds(wait))
	}
	if v.user != nil {
		if ok, wait := r.rateUser.allow(strconv.Itoa(v.user.ID)); !ok {
			return errorf(CodeRateLimited, "too many requests: retry in %d s", retryAfterSeconds(wait))
		}
	}
	return nil
}

// socketIdentity returns ctx carrying the transport's Identity of its viewer: the user, for the cap on
// connections per user, and the token, whose revocation or expiry closes the socket.
func (r *Resolver) socketIdentity(ctx context.Context) context.Context {
	v := viewerFrom(ctx)
	if v.user == nil {
		return ctx
	}
	id := wstransport.Identity{User: strconv.Itoa(v.user.ID)}
	if v.token != nil {
		id.Credential = strconv.Itoa(v.token.ID)
		if v.token.ExpiresAt != nil {
			// The transport's timers run on the wall clock; the expiry is on the API's.
			id.Expires = time.Now().Add(v.token.ExpiresAt.Sub(r.now()))
		}
	}
	return wstransport.WithIdentity(ctx, id)
}

// tokenRevoked forgets token id, which some replica revoked, and closes its sockets; id 0 (after
// announcements may have been missed) forgets every token and closes the sockets whose tokens ended. The
// account service forgets first, so that a socket closed by a revocation tells that the replica refuses
// its token.
func (h *httpHandler) tokenRevoked(id int) {
	h.r.accounts.Forget(id)
	if id != 0 {
		h.ws.CloseCredential(strconv.Itoa(id))
		return
	}
	var ids []int64
	for _, c := range h.ws.Credentials() {
		if n, err := strconv.ParseInt(c, 10, 64); err == nil {
			ids = append(ids, n)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.r.cfg.RequestTimeout)
	defer cancel()
	ended, err := h.r.accounts.Ended(ctx, ids)
	if err != nil {
		h.r.logger.Warn("websocket: error checking the open sockets' tokens", "error", err.Error())
		return
	}
	for _, id := range ended {
		h.ws.CloseCredential(strconv.Itoa(id))
	}
}
