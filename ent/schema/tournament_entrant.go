package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// TournamentEntrant is a user's entry in a tournament (package tournament).
type TournamentEntrant struct {
	ent.Schema
}

// Mixin of the TournamentEntrant.
func (TournamentEntrant) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the TournamentEntrant.
func (TournamentEntrant) Fields() []ent.Field {
	return []ent.Field{
		field.Int("tournament_id").
			Immutable().
			Comment("The tournament."),
		field.Int("user_id").
			Immutable().
			Comment("The entrant."),
		field.Float("seed").
			Default(0).
			Comment("What orders entrants before any result, the higher first (the rating at entry)."),
		field.Time("left_at").
			Optional().
			Nillable().
			Comment("When the user left the tournament, before its start; none while entered (created_at is when they entered)."),
	}
}

// Edges of the TournamentEntrant.
func (TournamentEntrant) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("tournament", Tournament.Type).
			Ref("entrants").
			Field("tournament_id").
			Unique().
			Required().
			Immutable().
			Comment("The tournament."),
		edge.From("user", User.Type).
			Ref("tournament_entries").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The entrant."),
	}
}

// Indexes of the TournamentEntrant.
func (TournamentEntrant) Indexes() []ent.Index {
	return []ent.Index{
		// A user enters a tournament once.
		index.Fields("tournament_id", "user_id").Unique(),
		// A user's tournaments.
		index.Fields("user_id"),
	}
}
