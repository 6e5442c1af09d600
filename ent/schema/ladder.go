package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Ladder is a ladder (package ladder): a standing queue of players paired by rating into rated games of
// one form. Package ladder writes it, its entries and its games with its own SQL; the row is the lock of
// the ladder's pairing.
type Ladder struct {
	ent.Schema
}

// Mixin of the Ladder.
func (Ladder) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the Ladder.
func (Ladder) Fields() []ent.Field {
	return []ent.Field{
		field.String("key").
			Unique().
			MaxLen(64).
			Immutable().
			Comment("The ladder's stable name (ladder.Definition.Key), by which its definition is kept up to date."),
		field.String("name").
			MaxLen(MaxGameNameLen).
			Comment("The name players see."),
		field.Int("seats").
			Range(2, 6).
			Comment("The seats of each game: 2 for duels (the duel rating), more for a free-for-all (the ffa rating)."),
		field.JSON("maps", []string{}).
			SchemaType(jsonText).
			Comment("The map pool: the keys of the maps the games are played on."),
		field.Int64("turn_limit_seconds").
			Range(MinTurnLimitSeconds, MaxTurnLimitSeconds).
			Comment("The turn limit of the games."),
	}
}

// Edges of the Ladder.
func (Ladder) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("entries", LadderEntry.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The players who joined."),
		edge.To("games", LadderGame.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The games the ladder paired."),
	}
}

// LadderEntry is a player's place in a ladder (package ladder): they are queued while fewer than
// max_games of their games of the ladder are being played.
type LadderEntry struct {
	ent.Schema
}

// Mixin of the LadderEntry.
func (LadderEntry) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the LadderEntry.
func (LadderEntry) Fields() []ent.Field {
	return []ent.Field{
		field.Int("ladder_id").
			Immutable().
			Comment("The ladder."),
		field.Int("user_id").
			Immutable().
			Comment("The player (created_at is when they joined)."),
		field.Int("max_games").
			Range(1, 10).
			Comment("The most games of the ladder the player plays at once."),
		field.Int("open_games").
			NonNegative().
			Default(0).
			Comment("How many of the player's games of the ladder are being played (or wait to be created): the player is queued while it is below max_games."),
		field.Time("queued_since").
			Comment("Since when the player waits for a game: their gap of ratings widens with the wait."),
	}
}

// Edges of the LadderEntry.
func (LadderEntry) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("ladder", Ladder.Type).
			Ref("entries").
			Field("ladder_id").
			Unique().
			Required().
			Immutable().
			Comment("The ladder."),
		edge.From("user", User.Type).
			Ref("ladder_entries").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The player."),
	}
}

// Indexes of the LadderEntry.
func (LadderEntry) Indexes() []ent.Index {
	return []ent.Index{
		// A player joins a ladder once.
		index.Fields("ladder_id", "user_id").Unique(),
		// A player's ladders.
		index.Fields("user_id"),
	}
}

// LadderGame is a game a ladder paired (package ladder): its players, seated first and its game created
// after, under a key of the row, so that a pairing retried never creates a game twice.
type LadderGame struct {
	ent.Schema
}

// Mixin of the LadderGame.
func (LadderGame) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the LadderGame.
func (LadderGame) Fields() []ent.Field {
	return []ent.Field{
		field.Int("ladder_id").
			Immutable().
			Comment("The ladder."),
		field.JSON("users", []int{}).
			SchemaType(jsonText).
			Immutable().
			Comment("The players, in seat order."),
		field.String("map").
			MaxLen(64).
			Immutable().
			Comment("The key of the game's map, from the ladder's pool."),
		field.Int("game_id").
			Optional().
			Nillable().
			Comment("The game; none until it is created."),
		field.Time("finished_at").
			Optional().
			Nillable().
			Comment("When the game ended; none while it is played (or waits to be created)."),
	}
}

// Edges of the LadderGame.
func (LadderGame) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("ladder", Ladder.Type).
			Ref("games").
			Field("ladder_id").
			Unique().
			Required().
			Immutable().
			Comment("The ladder."),
		edge.From("game", Game.Type).
			Ref("ladder_games").
			Field("game_id").
			Unique().
			Comment("The game."),
	}
}

// Indexes of the LadderGame.
func (LadderGame) Indexes() []ent.Index {
	return []ent.Index{
		// The games being played and the recent ones, of a ladder (its pairing).
		index.Fields("ladder_id", "finished_at"),
		// The ladder game of a game (a game's end finds it).
		index.Fields("game_id").Unique(),
	}
}
