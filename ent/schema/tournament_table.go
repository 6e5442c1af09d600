package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// TournamentTable is one table of a tournament's round (package tournament): its entrants in seat order,
// its game, and their places once it is over. A bye is a table of one, with no game, over at once.
type TournamentTable struct {
	ent.Schema
}

// Mixin of the TournamentTable.
func (TournamentTable) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the TournamentTable.
func (TournamentTable) Fields() []ent.Field {
	return []ent.Field{
		field.Int("tournament_id").
			Immutable().
			Comment("The tournament."),
		field.Int("round").
			Positive().
			Immutable().
			Comment("The round, from 1."),
		field.Int("table").
			NonNegative().
			Immutable().
			Comment("The table's number in its round, from 0."),
		field.JSON("entrants", []int{}).
			SchemaType(jsonText).
			Immutable().
			Comment("The users seated at the table, in seat order."),
		field.Int("game_id").
			Optional().
			Nillable().
			Comment("The table's game; none for a bye, and until the game is created."),
		field.JSON("places", []int{}).
			SchemaType(jsonText).
			Optional().
			Comment("Each entrant's place (1 for the winner), in the order of entrants; none until the table is over."),
		field.Time("finished_at").
			Optional().
			Nillable().
			Comment("When the places were recorded."),
	}
}

// Edges of the TournamentTable.
func (TournamentTable) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("tournament", Tournament.Type).
			Ref("tables").
			Field("tournament_id").
			Unique().
			Required().
			Immutable().
			Comment("The tournament."),
		edge.From("game", Game.Type).
			Ref("tournament_tables").
			Field("game_id").
			Unique().
			Comment("The table's game."),
	}
}

// Indexes of the TournamentTable.
func (TournamentTable) Indexes() []ent.Index {
	return []ent.Index{
		// A round's tables, one row a table.
		index.Fields("tournament_id", "round", "table").Unique(),
		// The table of a game (a game over finds its tournament).
		index.Fields("game_id").Unique(),
	}
}
