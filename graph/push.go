package graph

import (
	"context"
	"fmt"
	"unicode/utf8"

	"rout/ent"
	"rout/ent/pushsubscription"
	"rout/notifications/push"
)

// typePushSubscription is the type name inside the global ids of push subscriptions.
const typePushSubscription = "PushSubscription"

// Error codes of registerPushSubscription.
const (
	uePushUnavailable     = "PUSH_UNAVAILABLE"
	ueInvalidPushEndpoint = "INVALID_PUSH_ENDPOINT"
	ueInvalidPushKey      = "INVALID_PUSH_KEY"
	ueInvalidPushDevice   = "INVALID_PUSH_DEVICE"
)

// MaxPushSubscriptions is how many devices one user may register; registering one more drops the one
// that has gone longest without receiving a message (or, never having received one, since it was
// registered).
const MaxPushSubscriptions = 20

// maxPushDevice is the longest device label, in characters.
const maxPushDevice = 100

// registerPushSubscription stores the browser's subscription for the signed-in user me: a new endpoint
// is added, one already stored (for me or for another user, whose browser it was) is updated and
// becomes me's. Then me's devices beyond MaxPushSubscriptions are dropped, the stalest first.
func (r *Resolver) registerPushSubscription(ctx context.Context, me *ent.User, input RegisterPushSubscriptionInput) (*RegisterPushSubscriptionPayload, error) {
	fail := func(code, msg, field string) (*RegisterPushSubscriptionPayload, error) {
		return &RegisterPushSubscriptionPayload{UserErrors: []*UserError{userError(code, msg, "input", field)}}, nil
	}
	if r.push == nil {
		return &RegisterPushSubscriptionPayload{UserErrors: []*UserError{
			userError(uePushUnavailable, "this server does not send web push notifications (pushPublicKey is null)"),
		}}, nil
	}
	if err := push.CheckEndpoint(*r.push, input.Endpoint); err != nil {
		return fail(ueInvalidPushEndpoint, err.Error(), "endpoint")
	}
	if err := push.CheckKey(input.P256dh); err != nil {
		return fail(ueInvalidPushKey, err.Error(), "p256dh")
	}
	if err := push.CheckAuth(input.Auth); err != nil {
		return fail(ueInvalidPushKey, err.Error(), "auth")
	}
	if input.Device != nil && *input.Device == "" {
		input.Device = nil
	}
	if input.Device != nil && utf8.RuneCountInString(*input.Device) > maxPushDevice {
		return fail(ueInvalidPushDevice, fmt.Sprintf("device is a label of at most %d characters", maxPushDevice), "device")
	}
	now := r.now()
	var id int
	err := r.db.QueryRowContext(ctx, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
			device = EXCLUDED.device,
			created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.created_at ELSE EXCLUDED.created_at END,
			last_success_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.last_success_at END
		RETURNING id`, me.ID, input.Endpoint, input.P256dh, input.Auth, input.Device, now).Scan(&id)
	if err != nil {
		return nil, fmt.Errorf("error registering a push subscription of user %d: %w", me.ID, err)
	}
	if _, err := r.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
			SELECT id FROM push_subscriptions WHERE user_id = $1
			ORDER BY id = $2 DESC, COALESCE(last_success_at, created_at) DESC, id DESC LIMIT $3)`,
		me.ID, id, MaxPushSubscriptions); err != nil {
		return nil, fmt.Errorf("error dropping the stalest push subscriptions of user %d: %w", me.ID, err)
	}
	sub, err := r.ent.PushSubscription.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("error loading push subscription %d: %w", id, err)
	}
	return &RegisterPushSubscriptionPayload{Subscription: sub, UserErrors: []*UserError{}}, nil
}

// unregisterPushSubscription removes me's device with the endpoint, if there is one.
func (r *Resolver) unregisterPushSubscription(ctx context.Context, me *ent.User, input UnregisterPushSubscriptionInput) (*UnregisterPushSubscriptionPayload, error) {
	n, err := r.ent.PushSubscription.Delete().
		Where(pushsubscription.UserID(me.ID), pushsubscription.Endpoint(input.Endpoint)).
		Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("error removing a push subscription of user %d: %w", me.ID, err)
	}
	return &UnregisterPushSubscriptionPayload{Removed: n > 0, UserErrors: []*UserError{}}, nil
}

// pushSubscriptions lists u's devices, oldest first, when the caller is u; nil otherwise (an admin
// included: endpoints are the user's own).
func (r *Resolver) pushSubscriptions(ctx context.Context, u *ent.User) ([]*ent.PushSubscription, error) {
	me, ok := ViewerID(ctx)
	if !ok || me != u.ID {
		return nil, nil
	}
	subs, err := r.ent.PushSubscription.Query().
		Where(pushsubscription.UserID(u.ID)).
		Order(ent.Asc(pushsubscription.FieldCreatedAt), ent.Asc(pushsubscription.FieldID)).
		Limit(MaxPushSubscriptions * 2).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("error listing the push subscriptions of user %d: %w", u.ID, err)
	}
	return subs, nil
}

// pushSubscriptionNode returns push subscription id when it is the viewer's.
func (r *Resolver) pushSubscriptionNode(ctx context.Context, id int) (*ent.PushSubscription, error) {
	me, ok := ViewerID(ctx)
	if !ok {
		return nil, nil
	}
	sub, err := r.ent.PushSubscription.Query().Where(pushsubscription.ID(id), pushsubscription.UserID(me)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("error loading push subscription %d: %w", id, err)
	}
	return sub, nil
}
