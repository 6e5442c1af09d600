package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Event is one entry of a game's record: what the engine reported for a command, with every random draw
// in it, so that the record replays the game exactly. Events are never changed once written.
type Event struct {
	ent.Schema
}

// Mixin of the Event.
func (Event) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the Event.
func (Event) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game the event belongs to."),
		field.Int64("seq").
			Positive().
			Immutable().
			Comment("The event's sequence number in the game: 1, 2, 3, ... with no gaps."),
		field.Int("turn").
			NonNegative().
			Immutable().
			Comment("The turn number when the event happened."),
		field.Int("seat").
			Min(-1).
			Default(-1).
			Immutable().
			Comment("The seat that acted; -1 for none (the game itself)."),
		field.String("kind").
			NotEmpty().
			MaxLen(64).
			Immutable().
			Comment("The event's kind, such as battle_rolled (rules.Event.Kind)."),
		field.JSON("payload", json.RawMessage{}).
			SchemaType(jsonText).
			Immutable().
			Comment("The event as rules.MarshalEvent writes it."),
		field.Enum("cause").
			Values("player", "cpu", "takeover", "sweeper", "survivor").
			Optional().
			Nillable().
			Immutable().
			Comment("Why the command that produced the event was played (game.Cause): a player's command, a CPU seat's turn, a takeover of an idle player's turn, the sweeper's repair of a CPU turn, or the CPU playing for a lone survivor. None for events written before causes were recorded."),
	}
}

// Edges of the Event.
func (Event) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("events").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game the event belongs to."),
	}
}

// Indexes of the Event.
func (Event) Indexes() []ent.Index {
	return []ent.Index{
		// One event per sequence number, and a game's events after a sequence number.
		index.Fields("game_id", "seq").Unique(),
		// The events that place a finished game's seats (game.Places): a player's profile reads them for
		// every game they finished, without the rest of the games' records.
		index.Fields("game_id", "seq").
			StorageKey("events_outs").
			Annotations(entsql.IndexWhere("((kind)::text = ANY (ARRAY[('player_eliminated'::character varying)::text, " +
				"('player_resigned'::character varying)::text, ('game_over'::character varying)::text]))")),
	}
}
