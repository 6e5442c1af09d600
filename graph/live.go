package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/game"
	"rout/graph/wstransport"
	"rout/live"
	"rout/notifications"
)

// CodeResumeRequired is the extensions.code of the last message of a subscription whose subscriber fell
// too far behind: extensions.lastSeq is the last number it was sent; subscribe again after it.
const CodeResumeRequired Code = "RESUME_REQUIRED"

// hub returns the live hub, or an internal error when the API runs without one.
func (r *Resolver) hub() (*live.Hub, error) {
	if r.live == nil {
		return nil, errors.New("graph: subscriptions need Deps.Live")
	}
	return r.live, nil
}

// startNumber checks a subscription's `after` argument: null is 0.
func startNumber(after *int) (int64, error) {
	if after == nil {
		return 0, nil
	}
	if *after < 0 {
		return 0, errorf(CodeBadUserInput, "after must not be negative, not %d", *after)
	}
	return int64(*after), nil
}

// seenGame returns the id and snapshot of the game gameID names when the viewer may see it (maySee, as
// Query.game); NOT_FOUND otherwise, as for a game that is not there. The live subscriptions of a game
// start with it.
func (r *Resolver) seenGame(ctx context.Context, gameID string) (int, game.Snapshot, error) {
	id, err := parseIDOf(gameID, typeGame)
	if err != nil {
		return 0, game.Snapshot{}, err
	}
	snap, err := r.snapshotOf(ctx, id)
	if err != nil {
		return 0, game.Snapshot{}, joinError(err, gameID)
	}
	if !maySee(ctx, snap) {
		return 0, game.Snapshot{}, gameNotFound(gameID)
	}
	return id, snap, nil
}

// gameEvents opens the gameEvents subscription of the viewer: the game must be one they may see, and
// they see it as their seat (or as a spectator).
func (r *Resolver) gameEvents(ctx context.Context, gameID string, after *int) (<-chan graphql.Event[*live.Event], error) {
	hub, err := r.hub()
	if err != nil {
		return nil, err
	}
	from, err := startNumber(after)
	if err != nil {
		return nil, err
	}
	id, snap, err := r.seenGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	seat := viewerIn(ctx, snap)
	if last := snap.SeqFor(seat); from > last {
		return nil, errorf(CodeBadUserInput, "after is %d, but the game's last event is %d", from, last)
	}
	var sub *live.Subscription[*live.Event]
	if snap.Fogged() { // the viewer's own record (docs/live.md, "Fog of war")
		sub, err = hub.ViewEvents(ctx, id, seat, from)
	} else {
		sub, err = hub.GameEvents(ctx, id, seat, from)
	}
	if err != nil {
		return nil, err
	}
	if err := r.watch(ctx, hub, snap); err != nil {
		sub.Close()
		return nil, err
	}
	return stream(ctx, r, sub, itself[*live.Event]), nil
}

// viewerEvents opens the viewerEvents subscription of the signed-in viewer.
func (r *Resolver) viewerEvents(ctx context.Context, after *int) (<-chan graphql.Event[*live.Notice], error) {
	hub, err := r.hub()
	if err != nil {
		return nil, err
	}
	from, err := startNumber(after)
	if err != nil {
		return nil, err
	}
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	sub, err := hub.Notices(ctx, me.ID, from)
	if err != nil {
		return nil, err
	}
	f := newFeed(ctx, r, sub, itself[*live.Notice])
	f.hide = func(ctx context.Context, n *live.Notice) (bool, error) { return r.invitedByBlocked(ctx, me.ID, n) }
	return f.start(), nil
}

// invitedByBlocked tells whether n is a notice of an invitation to user userID from a user they block,
// which is hidden from them.
func (r *Resolver) invitedByBlocked(ctx context.Context, userID int, n *live.Notice) (bool, error) {
	if n.Kind != notifications.KindInvited.String() || len(n.Data) == 0 {
		return false, nil
	}
	var d struct {
		Inviter *int `json:"inviter"`
	}
	if err := json.Unmarshal(n.Data, &d); err != nil {
		return false, fmt.Errorf("error decoding the data of notice %d: %w", n.ID, err)
	}
	if d.Inviter == nil {
		return false, nil
	}
	return r.accounts.Blocks(ctx, nil, userID, *d.Inviter)
}

// liveValue is a value of a live subscription that the API streams.
type liveValue interface {
	*live.Event | *live.Notice | *live.ChatLine | *live.Watchers
}

// itself is the API's value of a subscription's value that the API shows as it is.
func itself[T any](v T) (T, error) { return v, nil }

// stream returns the channel of a subscription's values for gqlgen, each turned into the API's by value.
// The websocket transport takes them through a feed (wstransport.Attach); for any other transport a
// goroutine forwards them. A subscriber that fell behind gets a last message with a RESUME_REQUIRED error;
// a database failure is logged and ends the stream with an INTERNAL_SERVER_ERROR message; a stopped hub
// just completes it.
func stream[S liveValue, T any](ctx context.Context, r *Resolver, sub *live.Subscription[S], value func(S) (T, error)) <-chan graphql.Event[T] {
	return newFeed(ctx, r, sub, value).start()
}

// newFeed returns the feed of a subscription, to start.
func newFeed[S liveValue, T any](ctx context.Context, r *Resolver, sub *live.Subscription[S], value func(S) (T, error)) *feed[S, T] {
	return &feed[S, T]{ctx: ctx, r: r, sub: sub, value: value, out: make(chan graphql.Event[T], 1)}
}

// start hands the feed to the websocket transport, or starts its goroutine, and returns its channel.
func (f *feed[S, T]) start() <-chan graphql.Event[T] {
	if !wstransport.Attach(f.ctx, f) {
		go f.forward()
	}
	return f.out
}

// feed is a subscription's stream for gqlgen, as a wstransport.Feed: each value's key is the hub's value
// itself, which the hub shares among the subscribers of one visibility and nobody else (live.Event's
// fields do not depend on the viewer; a chat line is the same for every viewer who sees it). A value is
// turned into the API's (value) only when rendered: over the websocket, once per value and shape.
type feed[S liveValue, T any] struct {
	ctx   context.Context // the resolver's
	r     *Resolver
	sub   *live.Subscription[S]
	value func(S) (T, error)
	out   chan graphql.Event[T] // what gqlgen renders; holds the one released value

	taken    S                // the value Take took last, not yet turned into the API's
	takenErr graphql.Event[T] // the stream's last message (an error), when last
	last     bool             // the stream's last message was taken
	// hide, when set, tells the values the viewer does not get, which the feed skips.
	hide func(ctx context.Context, v S) (bool, error)
	// alone renders each value for its operation alone (a nil key): its API value depends on the viewer.
	alone bool
}

// hidden tells whether the feed skips v (hide).
func (f *feed[S, T]) hidden(ctx context.Context, v S) (bool, error) {
	if f.hide == nil {
		return false, nil
	}
	return f.hide(ctx, v)
}

var _ wstransport.Feed = (*feed[*live.Event, *live.Event])(nil)

func (f *feed[S, T]) Notify(ready func()) { f.sub.OnReady(ready) }

func (f *feed[S, T]) Take(ctx context.Context) (any, wstransport.Status) {
	if f.last {
		return nil, wstransport.Ended
	}
	v, ok, err := f.sub.TryNext(ctx)
	for err == nil && ok {
		var skip bool
		if skip, err = f.hidden(ctx, v); err != nil || !skip {
			break
		}
		v, ok, err = f.sub.TryNext(ctx)
	}
	if err == nil && !ok {
		return nil, wstransport.Waiting
	}
	if err == nil {
		f.taken = v
		if f.alone {
			return nil, wstransport.Ready
		}
		return v, wstransport.Ready
	}
	ev, more := f.failed(err)
	if !more {
		return nil, wstransport.Ended
	}
	f.takenErr, f.last = ev, true
	return nil, wstransport.Ready
}

func (f *feed[S, T]) Release() {
	select {
	case <-f.out: // a value the executor did not take (its operation ended meanwhile)
	default:
	}
	if f.last {
		f.out <- f.takenErr
		return
	}
	ev, err := f.event(f.taken)
	if err != nil { // the API's value could not be read: this error message ends the stream
		f.last = true
	}
	f.out <- ev
}

func (f *feed[S, T]) Close() { f.sub.Close() }

// forward sends the subscription's values on the channel until the stream ends.
func (f *feed[S, T]) forward() {
	defer close(f.out)
	defer f.sub.Close()
	for {
		v, err := f.sub.Next(f.ctx)
		var ev graphql.Event[T]
		more := true
		if err == nil {
			var skip bool
			if skip, err = f.hidden(f.ctx, v); err == nil && skip {
				continue
			}
		}
		if err == nil {
			ev, err = f.event(v)
		} else {
			ev, more = f.failed(err)
		}
		if !more {
			return
		}
		select {
		case f.out <- ev:
		case <-f.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// event returns the message of value v; when it cannot be turned into the API's, the error message that
// ends the stream, and the error.
func (f *feed[S, T]) event(v S) (graphql.Event[T], error) {
	value, err := f.value(v)
	if err != nil {
		ev, _ := f.failed(err)
		return ev, err
	}
	// A nil Context makes gqlgen use the message's own: the errors of the fields go there.
	return graphql.Event[T]{Value: value}, nil
}

// failed returns the error message that ends the stream for the error the subscription returned. more is
// false when the stream ends without a message.
func (f *feed[S, T]) failed(err error) (ev graphql.Event[T], more bool) {
	var resume *live.ResumeError
	switch {
	case errors.As(err, &resume):
		ev.Context = withMessageError(f.ctx, &gqlerror.Error{
			Message:    resume.Error(),
			Extensions: map[string]any{"code": string(CodeResumeRequired), "lastSeq": resume.LastSeq},
		})
	case errors.Is(err, live.ErrStopped) || f.ctx.Err() != nil:
		return ev, false
	default:
		f.r.logger.ErrorContext(f.ctx, "subscription failed", "error", err, "request_id", requestID(f.ctx))
		ev.Context = withMessageError(f.ctx, &gqlerror.Error{
			Message:    internalMessage,
			Extensions: map[string]any{"code": string(CodeInternal), "requestId": requestID(f.ctx)},
		})
	}
	return ev, true
}

// withMessageError returns a context for one subscription message that carries err as the message's
// error.
func withMessageError(ctx context.Context, err *gqlerror.Error) context.Context {
	ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, graphql.DefaultRecover)
	graphql.AddError(ctx, err)
	return ctx
}

// noticeGame returns the game of a notice if the viewer may still see it.
func (r *Resolver) noticeGame(ctx context.Context, n *live.Notice) (*Game, error) {
	g, err := r.gameByID(ctx, n.GameID, GlobalID(typeGame, n.GameID))
	var own *Error
	if errors.As(err, &own) && own.Code == CodeNotFound {
		return nil, nil
	}
	return g, err
}

// noticeIDs are the fields of a notice's data that hold a database id, with the type of their global id.
var noticeIDs = map[string]string{"inviter": typeUser, "tournament": typeTournament}

// noticeData is the data of a notice as the API shows it: the stored object, with the database ids of an
// invitation's `inviter` and a tournament notice's `tournament` turned into global ids (ids of the
// database never reach a client).
func noticeData(n *live.Notice) (map[string]any, error) {
	if len(n.Data) == 0 {
		return nil, nil
	}
	var m map[string]any
	d := json.NewDecoder(bytes.NewReader(n.Data))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		return nil, fmt.Errorf("error decoding the data of notice %d: %w", n.ID, err)
	}
	for field, typ := range noticeIDs {
		v, ok := m[field].(json.Number)
		if !ok {
			continue
		}
		id, err := strconv.Atoi(v.String())
		if err != nil {
			return nil, fmt.Errorf("notice %d: %s %q is not an id", n.ID, field, v)
		}
		m[field] = GlobalID(typ, id)
	}
	return m, nil
}
