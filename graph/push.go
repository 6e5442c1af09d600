package graph

import (
	"context"

	"rout/account"
	"rout/ent"
)

// typePushSubscription is the type name inside the global ids of push subscriptions.
const typePushSubscription = "PushSubscription"

// registerPushSubscription stores the browser's subscription for the signed-in user userID.
func (r *Resolver) registerPushSubscription(ctx context.Context, userID int, input RegisterPushSubscriptionInput) (*RegisterPushSubscriptionPayload, error) {
	sub, err := r.accounts.RegisterPush(ctx, userID, account.PushDevice{
		Endpoint: input.Endpoint, P256dh: input.P256dh, Auth: input.Auth, Device: input.Device,
	})
	if err != nil {
		ues, err := refusalErrors(err)
		return &RegisterPushSubscriptionPayload{UserErrors: ues}, err
	}
	return &RegisterPushSubscriptionPayload{Subscription: sub, UserErrors: []*UserError{}}, nil
}

// pushSubscriptions lists u's devices, oldest first, when the caller is u; nil otherwise (an admin
// included: endpoints are the user's own).
func (r *Resolver) pushSubscriptions(ctx context.Context, u *ent.User) ([]*ent.PushSubscription, error) {
	me, ok := ViewerID(ctx)
	if !ok || me != u.ID {
		return nil, nil
	}
	return r.accounts.PushSubscriptions(ctx, u.ID)
}
