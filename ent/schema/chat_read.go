package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ChatRead is how far a user has read a room of a game's chat (package chat): the unread counts and the
// chat digest start after it.
type ChatRead struct {
	ent.Schema
}

// Fields of the ChatRead.
func (ChatRead) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Immutable().
			Comment("The reader."),
		field.Int("game_id").
			Immutable().
			Comment("The game whose room was read."),
		field.String("room").
			NotEmpty().
			MaxLen(16).
			Immutable().
			Comment("The room (chat.Room)."),
		field.Int64("seq").
			NonNegative().
			Comment("The number of the last line read."),
	}
}

// Edges of the ChatRead.
func (ChatRead) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("chat_reads").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The reader."),
		edge.From("game", Game.Type).
			Ref("chat_reads").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game whose room was read."),
	}
}

// Indexes of the ChatRead.
func (ChatRead) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "game_id", "room").Unique(),
		index.Fields("game_id"),
	}
}
