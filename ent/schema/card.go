package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Card is one card of a game's deck and where it is: in the draw pile, in the discard pile, or in a seat's
// hand. A player's cards are private: only that player may see which cards are in their hand.
type Card struct {
	ent.Schema
}

// Fields of the Card.
func (Card) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game the card belongs to."),
		field.Int("idx").
			NonNegative().
			Immutable().
			Comment("The card's index in the game's deck (rules.CardID)."),
		field.Enum("location").
			Values("deck", "discard", "hand").
			Default("deck").
			Comment("Where the card is."),
		field.Int("holder_seat").
			Optional().
			Nillable().
			Min(0).
			Comment("The seat holding the card; none unless location is hand."),
		field.Int("position").
			NonNegative().
			Default(0).
			Comment("The card's position in the deck (0 is drawn next), in the discard pile, or in the hand."),
	}
}

// Edges of the Card.
func (Card) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("cards").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game the card belongs to."),
	}
}

// Indexes of the Card.
func (Card) Indexes() []ent.Index {
	return []ent.Index{
		// One row per card.
		index.Fields("game_id", "idx").Unique(),
		// A seat's hand.
		index.Fields("game_id", "holder_seat"),
	}
}
