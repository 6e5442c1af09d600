package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// RatingModes are the kinds of game a user has a rating of their own for (docs/ratings.md): a duel is a
// free-for-all of two seats.
var RatingModes = []string{"duel", "ffa", "teams"}

// Rating is a user's current skill rating in one mode and scope (package rating's Rating), written by the
// game service in the transaction that ends a rated game: the all-maps rating (family "") and the rating
// on the game's map family. No row: the user has not finished a rated game of that mode and scope, and
// has the initial rating.
type Rating struct {
	ent.Schema
}

// Mixin of the Rating.
func (Rating) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the Rating.
func (Rating) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Immutable().
			Comment("The rated user."),
		field.Enum("mode").
			Values(RatingModes...).
			Immutable().
			Comment("The kind of game: duel, ffa (a free-for-all of three seats or more) or teams."),
		field.String("family").
			Default("").
			Immutable().
			Comment("The map family the rating is of (maps.Family); empty: all maps."),
		field.Float("mu").
			Comment("The mean of the belief about the user's skill (μ)."),
		field.Float("sigma").
			Positive().
			Comment("The standard deviation of the belief (σ); the public number is μ − 3σ, scaled."),
		field.Int("games").
			NonNegative().
			Default(0).
			Comment("How many rated games of this mode and scope the user finished."),
		field.Int("season_games").
			NonNegative().
			Default(0).
			Comment("How many of them in the current season: the leaderboard lists the rows above 0."),
		field.Float("ordinal").
			Comment("μ − 3σ, what leaderboards sort by (rating.Rating.Ordinal)."),
		field.Int("public_rating").
			NonNegative().
			Comment("The public number, 1000 + 48(μ − 3σ) rounded (rating.Rating.Public): the leaderboard's bucket."),
	}
}

// Edges of the Rating.
func (Rating) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("ratings").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The rated user."),
	}
}

// Indexes of the Rating.
func (Rating) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "mode", "family").Unique(),
		// A scope's leaderboard, best first: pages, and the rows of a bucket ahead of a player.
		index.Fields("mode", "family", "public_rating", "ordinal", "user_id").
			Annotations(entsql.DescColumns("public_rating", "ordinal"), entsql.IndexWhere("season_games > 0")),
	}
}

// RatingChange is what one rated game did to one user's rating in one scope: the history of a rating,
// one row a game, user and family ("" for all maps), written with the Rating it changed.
type RatingChange struct {
	ent.Schema
}

// Mixin of the RatingChange.
func (RatingChange) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the RatingChange.
func (RatingChange) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game."),
		field.Int("user_id").
			Immutable().
			Comment("The rated user."),
		field.Enum("mode").
			Values(RatingModes...).
			Immutable().
			Comment("The rating the game changed (Rating.mode)."),
		field.String("family").
			Default("").
			Immutable().
			Comment("The rating's scope (Rating.family): empty for all maps."),
		field.Int("place").
			Positive().
			Immutable().
			Comment("The user's place among the game's rated players (their team's in a team game): 1 for the winners; equal places tied."),
		field.Float("mu_before").
			Immutable().
			Comment("μ before the game."),
		field.Float("sigma_before").
			Positive().
			Immutable().
			Comment("σ before the game."),
		field.Float("mu_after").
			Immutable().
			Comment("μ after the game."),
		field.Float("sigma_after").
			Positive().
			Immutable().
			Comment("σ after the game."),
		field.Enum("void").
			Values("pair_limit").
			Optional().
			Nillable().
			Immutable().
			Comment("Why the game did not change the rating (after = before): pair_limit, the players had met in too many rated games in 24 hours; NULL: it did."),
		field.Time("reversed_at").
			Optional().
			Nillable().
			Comment("When a moderator reversed the change (rating_reversals); NULL: it stands."),
	}
}

// Edges of the RatingChange.
func (RatingChange) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("rating_changes").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game."),
		edge.From("user", User.Type).
			Ref("rating_changes").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The rated user."),
	}
}

// Indexes of the RatingChange.
func (RatingChange) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("game_id", "user_id", "family").Unique(),
		// A user's history, newest last.
		index.Fields("user_id", "created_at"),
	}
}
