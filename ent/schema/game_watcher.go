package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// GameWatcher is one live follower of a game (package presence): an open gameEvents subscription on some
// replica, kept alive by that replica's heartbeat (expires_at) and deleted when the subscription ends.
// Rows past their expiry are ignored and swept.
type GameWatcher struct {
	ent.Schema
}

// Fields of the GameWatcher.
func (GameWatcher) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game followed."),
		field.Int("user_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The signed-in follower; NULL for an anonymous one."),
		field.Int("seat").
			Optional().
			Nillable().
			Immutable().
			Comment("The follower's seat in the game when they subscribed; NULL for a spectator."),
		field.Bool("hidden").
			Default(false).
			Comment("The follower hides their presence (users.hide_presence): never shown as present or named."),
		field.Time("expires_at").
			Comment("When the row stops counting unless its replica's heartbeat moves it on."),
	}
}

// Edges of the GameWatcher.
func (GameWatcher) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("watchers").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game followed."),
		edge.From("user", User.Type).
			Ref("watching").
			Field("user_id").
			Unique().
			Immutable().
			Comment("The signed-in follower."),
	}
}

// Indexes of the GameWatcher.
func (GameWatcher) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("game_id"),
		index.Fields("expires_at"),
		index.Fields("user_id"),
	}
}
