package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// PushSubscription is one browser or device that receives a user's web push notifications: the Push API
// subscription the browser gave (its push service's endpoint and the keys that encrypt messages to it).
// An endpoint belongs to one user: registering it again, for whoever is signed in, moves it.
type PushSubscription struct {
	ent.Schema
}

// Mixin of the PushSubscription.
func (PushSubscription) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the PushSubscription.
func (PushSubscription) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Comment("The user whose notifications the device receives."),
		field.Text("endpoint").
			Unique().
			NotEmpty().
			Comment("The push service's URL (https) that messages to the device are posted to; unique."),
		field.String("p256dh").
			NotEmpty().
			MaxLen(100).
			Comment("The browser's P-256 public key (65 bytes, uncompressed), URL-safe base64 as the browser gave it."),
		field.String("auth").
			NotEmpty().
			MaxLen(40).
			Sensitive().
			Comment("The 16-byte authentication secret, URL-safe base64 as the browser gave it."),
		field.String("device").
			Optional().
			Nillable().
			MaxLen(100).
			Comment("A label the client chose for the device, such as the browser's name."),
		field.Time("last_success_at").
			Optional().
			Nillable().
			Comment("When the push service last accepted a message for the device."),
	}
}

// Edges of the PushSubscription.
func (PushSubscription) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("push_subscriptions").
			Field("user_id").
			Unique().
			Required().
			Comment("The user whose notifications the device receives."),
	}
}

// Indexes of the PushSubscription.
func (PushSubscription) Indexes() []ent.Index {
	return []ent.Index{
		// A user's devices, oldest first (the sender reads them all; registering drops the oldest).
		index.Fields("user_id", "created_at"),
	}
}
