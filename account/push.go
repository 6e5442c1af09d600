package account

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"rout/ent"
	"rout/ent/pushsubscription"
	"rout/notifications/push"
)

// MaxPushSubscriptions is how many devices one user may register; registering one more drops the one
// that has gone longest without receiving a message (or, never having received one, since it was
// registered).
const MaxPushSubscriptions = 20

// maxPushDevice is the longest device label, in characters.
const maxPushDevice = 100

// PushDevice is a browser's push subscription, as the browser gives it.
type PushDevice struct {
	Endpoint, P256dh, Auth string
	// Device is a label for people ("Firefox on the laptop"); nil or empty: none.
	Device *string
}

// RegisterPush stores a browser's subscription for user userID: a new endpoint is added, one already
// stored (for this user or another, whose browser it was) is updated and becomes this user's. Then the
// user's devices beyond MaxPushSubscriptions are dropped, the stalest first. A bad endpoint, key or label
// is a Refusal, and so is any device when the server sends no web push.
func (s *Service) RegisterPush(ctx context.Context, userID int, d PushDevice) (*ent.PushSubscription, error) {
	if s.push == nil {
		return nil, refuse(CodePushUnavailable, "this server does not send web push notifications (pushPublicKey is null)", "")
	}
	if err := push.CheckEndpoint(*s.push, d.Endpoint); err != nil {
		return nil, refuse(CodeInvalidPushEndpoint, err.Error(), "endpoint")
	}
	if err := push.CheckKey(d.P256dh); err != nil {
		return nil, refuse(CodeInvalidPushKey, err.Error(), "p256dh")
	}
	if err := push.CheckAuth(d.Auth); err != nil {
		return nil, refuse(CodeInvalidPushKey, err.Error(), "auth")
	}
	if d.Device != nil && *d.Device == "" {
		d.Device = nil
	}
	if d.Device != nil && utf8.RuneCountInString(*d.Device) > maxPushDevice {
		return nil, refuse(CodeInvalidPushDevice, fmt.Sprintf("device is a label of at most %d characters", maxPushDevice), "device")
	}
	var id int
	err := s.db.QueryRowContext(ctx, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
			device = EXCLUDED.device,
			created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.created_at ELSE EXCLUDED.created_at END,
			last_success_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.last_success_at END
		RETURNING id`, userID, d.Endpoint, d.P256dh, d.Auth, d.Device, s.now()).Scan(&id)
	if err != nil {
		return nil, fmt.Errorf("error registering a push subscription of user %d: %w", userID, err)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
			SELECT id FROM push_subscriptions WHERE user_id = $1
			ORDER BY id = $2 DESC, COALESCE(last_success_at, created_at) DESC, id DESC LIMIT $3)`,
		userID, id, MaxPushSubscriptions); err != nil {
		return nil, fmt.Errorf("error dropping the stalest push subscriptions of user %d: %w", userID, err)
	}
	sub, err := s.ent.PushSubscription.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("error loading push subscription %d: %w", id, err)
	}
	return sub, nil
}

// UnregisterPush removes user userID's device with the endpoint, and reports whether there was one.
func (s *Service) UnregisterPush(ctx context.Context, userID int, endpoint string) (bool, error) {
	n, err := s.ent.PushSubscription.Delete().
		Where(pushsubscription.UserID(userID), pushsubscription.Endpoint(endpoint)).
		Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("error removing a push subscription of user %d: %w", userID, err)
	}
	return n > 0, nil
}

// PushSubscriptions lists user userID's devices, oldest first.
func (s *Service) PushSubscriptions(ctx context.Context, userID int) ([]*ent.PushSubscription, error) {
	subs, err := s.ent.PushSubscription.Query().
		Where(pushsubscription.UserID(userID)).
		Order(ent.Asc(pushsubscription.FieldCreatedAt), ent.Asc(pushsubscription.FieldID)).
		Limit(MaxPushSubscriptions * 2).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("error listing the push subscriptions of user %d: %w", userID, err)
	}
	return subs, nil
}

// PushSubscription returns push subscription id when it is user userID's, or nil.
func (s *Service) PushSubscription(ctx context.Context, userID, id int) (*ent.PushSubscription, error) {
	sub, err := s.ent.PushSubscription.Query().Where(pushsubscription.ID(id), pushsubscription.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("error loading push subscription %d: %w", id, err)
	}
	return sub, nil
}

// Devices is the store of the users' web push devices that push.Sender sends to.
func (s *Service) Devices() push.Devices { return devices{s} }

// devices implements push.Devices on the push_subscriptions table.
type devices struct{ s *Service }

func (d devices) Of(ctx context.Context, userID int) ([]push.Device, error) {
	rows, err := d.s.db.QueryContext(ctx, `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("error reading the web push devices of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []push.Device
	for rows.Next() {
		var dev push.Device
		if err := rows.Scan(&dev.ID, &dev.Endpoint, &dev.P256dh, &dev.Auth); err != nil {
			return nil, fmt.Errorf("error reading the web push devices of user %d: %w", userID, err)
		}
		out = append(out, dev)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the web push devices of user %d: %w", userID, err)
	}
	return out, nil
}

func (d devices) Delivered(ctx context.Context, id int, at time.Time) error {
	if _, err := d.s.db.ExecContext(ctx, `UPDATE push_subscriptions SET last_success_at = $2 WHERE id = $1`, id, at); err != nil {
		return fmt.Errorf("error recording a web push success on device %d: %w", id, err)
	}
	return nil
}

func (d devices) Gone(ctx context.Context, dev push.Device) error {
	// Only this row: the endpoint may have been registered again since it was read.
	if _, err := d.s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2`, dev.ID, dev.Endpoint); err != nil {
		return fmt.Errorf("error removing web push device %d: %w", dev.ID, err)
	}
	return nil
}
