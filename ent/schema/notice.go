package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Notice is one thing a user is told about a game: their turn, time running out, a CPU played for them,
// an invitation, elimination, the end. It is the user's own stream (the viewerEvents subscription reads
// it in id order) and the ledger that keeps notifications to one per user, game, turn and kind: the
// unique index makes a second insert for the same (user, game, turn, kind) a no-op, whatever replica or
// retry tries it. Chat notices ("new messages in the game's chat") are one per user and game while
// unsettled instead, and each chat timeout is told.
type Notice struct {
	ent.Schema
}

// Mixin of the Notice.
func (Notice) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the Notice.
func (Notice) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Immutable().
			Comment("The user told."),
		field.Int("game_id").
			Immutable().
			Comment("The game it is about."),
		field.Int("turn").
			Immutable().
			Comment("The game's turn number when it happened (0 before the game starts)."),
		field.String("kind").
			NotEmpty().
			MaxLen(32).
			Immutable().
			Comment("What happened: notify.Kind's name (your_turn, turn_warning, cpu_played, seat_delegated, eliminated, game_over, invited, declined, chat, chat_timeout)."),
		field.JSON("data", json.RawMessage{}).
			SchemaType(jsonText).
			Optional().
			Immutable().
			Comment("Details for the client (a deadline, the winner's seat), a JSON object."),
		field.Time("sent_at").
			Optional().
			Nillable().
			Comment("When the notification was settled: sent (alone or in a digest), or dropped (seen live, turn over); empty while pending or when the user takes none."),
		field.Time("seen_at").
			Optional().
			Nillable().
			Comment("When a live viewerEvents subscriber first received it; such a notice gets no email or SMS unless the user chose always."),
	}
}

// Edges of the Notice.
func (Notice) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("notices").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The user told."),
		edge.From("game", Game.Type).
			Ref("notices").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game it is about."),
	}
}

// Indexes of the Notice.
func (Notice) Indexes() []ent.Index {
	return []ent.Index{
		// One notice per user, game, turn and kind, but for chat notices (below) and timeouts (each told).
		// The predicates are written the way PostgreSQL prints them back (see Game's indexes).
		index.Fields("user_id", "game_id", "turn", "kind").Unique().
			Annotations(entsql.IndexWhere("(kind)::text <> ALL (ARRAY[('chat'::character varying)::text, ('chat_timeout'::character varying)::text])")),
		// One unsettled chat notice per user and game: new messages join it until its digest settles it.
		index.Fields("user_id", "game_id").Unique().
			Annotations(entsql.IndexWhere("((kind)::text = 'chat'::text) AND (sent_at IS NULL)")),
		index.Fields("user_id", "id"),
	}
}
