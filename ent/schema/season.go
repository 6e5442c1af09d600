package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Season is one leaderboard season (docs/ratings.md, "Seasons"): from starts_at until ends_at, numbered
// from 1. The game service makes the first when a rated game first needs one, and the season job closes
// each at its end (freezes its leaderboards into SeasonStanding, resets the ratings softly) and opens the
// next. The open season's row is the lock that orders the close after the games that rate in it.
type Season struct {
	ent.Schema
}

// Fields of the Season.
func (Season) Fields() []ent.Field {
	return []ent.Field{
		field.Int("number").
			Positive().
			Immutable().
			Comment("The season's number, from 1."),
		field.Time("starts_at").
			Immutable().
			Comment("When the season starts."),
		field.Time("ends_at").
			Immutable().
			Comment("When the season ends: the season job closes it after."),
		field.Time("closed_at").
			Optional().
			Nillable().
			Comment("When the season job froze its leaderboards; NULL: open."),
	}
}

// Indexes of the Season.
func (Season) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("number").Unique(),
	}
}

// SeasonStanding is one row of a closed season's frozen leaderboard: a user's rank in a mode and map
// family ("" for all maps), with their public number and games of the season.
type SeasonStanding struct {
	ent.Schema
}

// Fields of the SeasonStanding.
func (SeasonStanding) Fields() []ent.Field {
	return []ent.Field{
		field.Int("season").
			Positive().
			Immutable().
			Comment("The season's number (Season.number)."),
		field.Enum("mode").
			Values(RatingModes...).
			Immutable().
			Comment("The leaderboard's mode (Rating.mode)."),
		field.String("family").
			Immutable().
			Comment("The leaderboard's map family; empty: all maps."),
		field.Int("rank").
			Positive().
			Immutable().
			Comment("The user's place, from 1: by μ − 3σ, then by user id."),
		field.Int("user_id").
			Immutable().
			Comment("The user."),
		field.Int("public_rating").
			NonNegative().
			Immutable().
			Comment("The public number at the season's end."),
		field.Bool("provisional").
			Immutable().
			Comment("Whether the rating was provisional (σ > 7) at the season's end."),
		field.Int("games").
			Positive().
			Immutable().
			Comment("The rated games of the mode and family the user finished in the season."),
	}
}

// Edges of the SeasonStanding.
func (SeasonStanding) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("season_standings").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The user."),
	}
}

// Indexes of the SeasonStanding.
func (SeasonStanding) Indexes() []ent.Index {
	return []ent.Index{
		// A frozen leaderboard's pages, and the exactly-once freeze.
		index.Fields("season", "mode", "family", "rank").Unique(),
		// A player's place in it.
		index.Fields("season", "mode", "family", "user_id").Unique(),
	}
}

// RatingCount is how many players of a scope's current leaderboard (mode and family, season_games > 0)
// have one public number: the buckets a place is counted from without counting the rows above it.
// Written with the ratings rows it counts, in the same transaction.
type RatingCount struct {
	ent.Schema
}

// Fields of the RatingCount.
func (RatingCount) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("mode").
			Values(RatingModes...).
			Immutable().
			Comment("The leaderboard's mode."),
		field.String("family").
			Immutable().
			Comment("The leaderboard's map family; empty: all maps."),
		field.Int("public_rating").
			NonNegative().
			Immutable().
			Comment("The public number (Rating.public_rating)."),
		field.Int("players").
			NonNegative().
			Comment("How many of the leaderboard's players have it."),
	}
}

// Indexes of the RatingCount.
func (RatingCount) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("mode", "family", "public_rating").Unique(),
	}
}

// RatingReversal is a moderator's reversal of what one rated game did to its players' ratings: the audit
// log of who, when and why. One a game: a second reversal is refused.
type RatingReversal struct {
	ent.Schema
}

// Mixin of the RatingReversal.
func (RatingReversal) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the RatingReversal.
func (RatingReversal) Fields() []ent.Field {
	return []ent.Field{
		field.Int("game_id").
			Immutable().
			Comment("The game whose rating changes were reversed."),
		field.Int("moderator_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The moderator who reversed them; NULL once their account is deleted."),
		field.String("reason").
			NotEmpty().
			MaxLen(500).
			Immutable().
			Comment("Why, as the moderator wrote it."),
	}
}

// Edges of the RatingReversal.
func (RatingReversal) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("game", Game.Type).
			Ref("rating_reversals").
			Field("game_id").
			Unique().
			Required().
			Immutable().
			Comment("The game."),
		edge.From("moderator", User.Type).
			Ref("rating_reversals").
			Field("moderator_id").
			Unique().
			Immutable().
			Comment("The moderator."),
	}
}

// Indexes of the RatingReversal.
func (RatingReversal) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("game_id").Unique(),
	}
}
