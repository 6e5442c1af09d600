package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Player is one seat of a game: held by a user, by a CPU, or still open. Its counters mirror the engine's
// rules.Player so that lists of games and players need no engine state.
type Player struct {
	ent.Schema
}

// Fields of the Player.
func (Player) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game the seat belongs to."),
		field.Int("seat").
			NonNegative().
			Immutable().
			Comment("The seat number (rules.PlayerID), unique in the game."),
		field.Int("user_id").
			Optional().
			Nillable().
			Comment("The user holding the seat; none for a CPU or an open seat."),
		field.Bool("cpu").
			Default(false).
			Comment("Whether a CPU plays the seat."),
		field.Enum("difficulty").
			Values("easy", "normal", "hard", "cautious").
			Optional().
			Nillable().
			Comment("The CPU's playing style; none for human seats."),
		field.String("color").
			NotEmpty().
			MaxLen(32).
			Comment("The seat's color, unique in the game."),
		field.Int("team").
			Optional().
			Nillable().
			Min(0).
			Immutable().
			Comment("The seat's team in a team game (its index in games.teams); none in a free-for-all."),
		field.Int("turn_order").
			Min(-1).
			Default(-1).
			Comment("The seat's position in the turn order; -1 before the game starts."),
		field.Enum("status").
			Values("open", "invited", "active", "eliminated", "resigned").
			Default("open").
			Comment("open: anyone may join; invited: kept for invite_email; active: playing; eliminated; resigned."),
		field.String("invite_email").
			Optional().
			Nillable().
			MaxLen(254).
			Comment("The lower-cased address the seat is kept for while invited."),
		field.Int("territories").
			NonNegative().
			Default(0).
			Comment("The number of territories the seat owns."),
		field.Int("armies").
			NonNegative().
			Default(0).
			Comment("The number of armies the seat has on the board."),
		field.Int("bonus").
			Default(0).
			Comment("The sum of the bonuses of the areas the seat holds whole (may be negative)."),
		field.Int("unplaced").
			NonNegative().
			Default(0).
			Comment("Starting armies not yet placed (round-robin claim)."),
		field.Int("card_count").
			NonNegative().
			Default(0).
			Comment("The number of cards in the seat's hand (public; the cards themselves are private)."),
		field.String("delegate").
			Optional().
			Nillable().
			MaxLen(32).
			Comment("The CPU difficulty its player handed the seat to (ai.Names); none while the player plays it."),
		field.Int("delegate_turns").
			Optional().
			Nillable().
			Min(0).
			Comment("The seat's turns the delegate has left to play; none for no such bound."),
		field.Time("delegate_until").
			Optional().
			Nillable().
			Comment("The delegation ends for the turns that start from this time; none for no such bound."),
		field.Bool("delegate_auto").
			Default(false).
			Comment("Whether the seat was handed to the CPU after three takeovers in a row, until its player comes back."),
		field.Int("takeovers").
			NonNegative().
			Default(0).
			Comment("The seat's turns taken over at their deadline in a row since its player last acted."),
	}
}

// Edges of the Player.
func (Player) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("players").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game the seat belongs to."),
		edge.From("user", User.Type).
			Ref("seats").
			Field("user_id").
			Unique().
			Comment("The user holding the seat; none for a CPU or an open seat."),
	}
}

// Indexes of the Player.
func (Player) Indexes() []ent.Index {
	return []ent.Index{
		// A game's seats, one row per seat.
		index.Fields("game_id", "seat").Unique(),
		// A user's games.
		index.Fields("user_id"),
	}
}
