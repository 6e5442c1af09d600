package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ChatMessage is one line of a game's chat room (package chat): a message, or the removal of one. Each
// room numbers its lines from 1 (seq), so that nobody learns from a number what other rooms said.
type ChatMessage struct {
	ent.Schema
}

// Mixin of the ChatMessage.
func (ChatMessage) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the ChatMessage.
func (ChatMessage) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game whose room the line belongs to."),
		field.String("room").
			NotEmpty().
			MaxLen(16).
			Immutable().
			Comment("The room: players, spectators, or team:N for the team of index N (chat.Room)."),
		field.Int64("seq").
			Positive().
			Immutable().
			Comment("The line's number in its room, from 1: resume after it."),
		field.Enum("kind").
			Values("message", "removal").
			Immutable().
			Comment("A message, or the removal of the message numbered target."),
		field.Int("author_id").
			Immutable().
			Comment("Who wrote the message, or who removed it."),
		field.String("body").
			MaxLen(2000).
			Immutable().
			Comment("The message's text as normalised (chat.Normalize); empty for a removal."),
		field.String("client_key").
			MaxLen(64).
			Optional().
			Nillable().
			Immutable().
			Comment("The author's idempotency key of the message: a retry with it returns the first line."),
		field.Int64("target").
			Optional().
			Nillable().
			Immutable().
			Comment("A removal: the seq of the message it removes."),
		field.Bool("shadow").
			Default(false).
			Immutable().
			Comment("Whether its author was shadow-muted when it was sent: shown to its author alone."),
		field.Time("removed_at").
			Optional().
			Nillable().
			Comment("When the message was removed; its text is then shown to nobody."),
	}
}

// Edges of the ChatMessage.
func (ChatMessage) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("chat_messages").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game whose room the line belongs to."),
		edge.From("author", User.Type).
			Ref("chat_messages").
			Field("author_id").
			Unique().
			Required().
			Immutable().
			Comment("Who wrote the message, or who removed it."),
		edge.To("reports", ChatReport.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The users' reports of the message."),
	}
}

// Indexes of the ChatMessage.
func (ChatMessage) Indexes() []ent.Index {
	return []ent.Index{
		// A room's lines by number, and one line a number.
		index.Fields("game_id", "room", "seq").Unique(),
		// An author's lines by time: the flood rule and the daily cap.
		index.Fields("author_id", "created_at"),
		// One message per idempotency key of an author in a game.
		index.Fields("author_id", "game_id", "client_key").Unique(),
	}
}
