package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Territory is one territory of a game's board: who owns it and how many armies stand on it. The map
// (through the game) says what the territory is; idx is its index on the map.
type Territory struct {
	ent.Schema
}

// Fields of the Territory.
func (Territory) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game the territory belongs to."),
		field.Int("idx").
			NonNegative().
			Immutable().
			Comment("The territory's index on the map (rules.TerritoryID)."),
		field.Int("owner_seat").
			Min(-2).
			Default(-2).
			Comment("The owning seat; -1 neutral (a resigned player's), -2 unclaimed."),
		field.Int("armies").
			NonNegative().
			Default(0).
			Comment("The number of armies on the territory."),
	}
}

// Edges of the Territory.
func (Territory) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("territories").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game the territory belongs to."),
	}
}

// Indexes of the Territory.
func (Territory) Indexes() []ent.Index {
	return []ent.Index{
		// One row per territory, and a game's territories in map order.
		index.Fields("game_id", "idx").Unique(),
	}
}
