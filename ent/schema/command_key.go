package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// CommandKey records a command a user sent to a game with an idempotency key (result holds the command's
// fingerprint, so the key names that one command), and what the first call
// returned: a retry with the same key gets the same answer and changes nothing.
type CommandKey struct {
	ent.Schema
}

// Mixin of the CommandKey.
func (CommandKey) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the CommandKey.
func (CommandKey) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game the command was sent to."),
		field.Int("user_id").
			Immutable().
			Comment("The user who sent the command."),
		field.String("key").
			NotEmpty().
			MaxLen(128).
			Immutable().
			Comment("The client's idempotency key."),
		field.JSON("result", json.RawMessage{}).
			SchemaType(jsonText).
			Comment("What the first call returned, replayed to retries."),
	}
}

// Edges of the CommandKey.
func (CommandKey) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("command_keys").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game the command was sent to."),
		edge.From("user", User.Type).
			Ref("command_keys").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The user who sent the command."),
	}
}

// Indexes of the CommandKey.
func (CommandKey) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("game_id", "user_id", "key").Unique(),
	}
}
