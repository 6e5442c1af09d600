package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// SeenEvent is one event of a fog game as one viewer saw it (rules.ProjectEvents): each seat's view and
// the spectators' view of the game is a record of its own, numbered from 1 without gaps, so that nobody
// learns from a number how many hidden events there were. Written with the game's events, never changed.
type SeenEvent struct {
	ent.Schema
}

// Fields of the SeenEvent.
func (SeenEvent) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game the event belongs to."),
		field.Int("viewer").
			Min(-1).
			Immutable().
			Comment("The seat whose view this is; -1 for the spectators' view."),
		field.Int64("vseq").
			Positive().
			Immutable().
			Comment("The event's number in the viewer's view: 1, 2, 3, ... with no gaps."),
		field.Int64("seq").
			Positive().
			Immutable().
			Comment("The sequence number of the game's event it shows (never shown to the viewer before the end)."),
		field.Int("turn").
			NonNegative().
			Immutable().
			Comment("The turn number when the event happened."),
		field.Int("seat").
			Min(-1).
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
			Comment("The event as the viewer saw it: rules.ProjectEvents, then rules.HideCards, in rules.MarshalEvent's form."),
		field.JSON("after", json.RawMessage{}).
			SchemaType(jsonText).
			Immutable().
			Comment("What the event left as the viewer saw it (game.SeenAfter): the phase, the seat to move and the territories it touched."),
		field.String("cause").
			MaxLen(16).
			Immutable().
			Comment("Why the command that produced the event was played (game.Cause)."),
	}
}

// Edges of the SeenEvent.
func (SeenEvent) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("seen_events").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game the event belongs to."),
	}
}

// Indexes of the SeenEvent.
func (SeenEvent) Indexes() []ent.Index {
	return []ent.Index{
		// One event per number of a view, and a view's events after a number.
		index.Fields("game_id", "viewer", "vseq").Unique(),
	}
}
