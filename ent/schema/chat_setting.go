package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ChatSetting is a user's choice about one game's chat (package chat); the game's creator's row also
// holds the game's own options. No row: the defaults.
type ChatSetting struct {
	ent.Schema
}

// Mixin of the ChatSetting.
func (ChatSetting) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the ChatSetting.
func (ChatSetting) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Immutable().
			Comment("The user who chose."),
		field.Int("game_id").
			Immutable().
			Comment("The game."),
		field.Bool("off").
			Default(false).
			Comment("Whether the user switched this game's chat off: they neither see nor get told of it."),
		field.Bool("players_only").
			Default(false).
			Comment("The creator's row: whether only the game's players may chat (the spectators' room is closed)."),
	}
}

// Edges of the ChatSetting.
func (ChatSetting) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("chat_settings").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The user who chose."),
		edge.From("game", Game.Type).
			Ref("chat_settings").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game."),
	}
}

// Indexes of the ChatSetting.
func (ChatSetting) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "game_id").Unique(),
		index.Fields("game_id"),
	}
}
