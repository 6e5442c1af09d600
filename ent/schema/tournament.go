package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Tournament is a tournament (package tournament): its settings and where it stands. Package tournament
// writes it, its entrants and its tables with its own SQL; the row is the lock of the tournament.
type Tournament struct {
	ent.Schema
}

// Mixin of the Tournament.
func (Tournament) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the Tournament.
func (Tournament) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").
			MaxLen(MaxGameNameLen).
			Comment("The name its creator gave the tournament."),
		field.Int("creator_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The user who created the tournament; none once that user is deleted."),
		field.Enum("format").
			Values("swiss", "elimination", "round_robin").
			Immutable().
			Comment("How rounds are seated (tournament.Format; docs/tournaments.md)."),
		field.Int("seats").
			Range(2, 6).
			Immutable().
			Comment("The most seats of a table."),
		field.JSON("maps", []string{}).
			SchemaType(jsonText).
			Immutable().
			Comment("The map pool: the keys of the maps the tables are played on, each table's chosen from its number."),
		field.Int64("turn_limit_seconds").
			Range(MinTurnLimitSeconds, MaxTurnLimitSeconds).
			Immutable().
			Comment("The turn limit of the tables' games."),
		field.Bool("rated").
			Default(false).
			Immutable().
			Comment("Whether the tables' games are rated."),
		field.Int("entry_limit").
			NonNegative().
			Default(0).
			Immutable().
			Comment("The most entrants; 0 for no limit (then starts_at is set)."),
		field.Time("starts_at").
			Optional().
			Nillable().
			Immutable().
			Comment("When the tournament starts; none: when entry_limit entrants have entered."),
		field.Int("rounds").
			NonNegative().
			Default(0).
			Comment("The number of rounds: set at creation for Swiss (0: pairing.SwissRounds at the start), at the start for a round robin; 0 for single elimination."),
		field.Int("round").
			NonNegative().
			Default(0).
			Comment("The round being played; 0 before the start."),
		field.Enum("status").
			Values("open", "running", "finished", "cancelled").
			Default("open").
			Comment("open: taking entries; running: rounds are played; finished: the last round is over; cancelled: fewer than two entrants at the start."),
		field.Time("started_at").
			Optional().
			Nillable().
			Comment("When the tournament started."),
		field.Time("finished_at").
			Optional().
			Nillable().
			Comment("When the tournament finished or was cancelled."),
	}
}

// Edges of the Tournament.
func (Tournament) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("creator", User.Type).
			Ref("tournaments").
			Field("creator_id").
			Unique().
			Immutable().
			Comment("The user who created the tournament."),
		edge.To("entrants", TournamentEntrant.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The users who entered."),
		edge.To("tables", TournamentTable.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The tables of every round."),
	}
}

// Indexes of the Tournament.
func (Tournament) Indexes() []ent.Index {
	return []ent.Index{
		// The tournaments to start or advance (tournament.Service.Due), and listings by status.
		index.Fields("status", "starts_at"),
	}
}
