package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Turn limits of a game, in seconds.
const (
	// MinTurnLimitSeconds is the shortest turn limit: one hour.
	MinTurnLimitSeconds = 3600
	// MaxTurnLimitSeconds is the longest turn limit: thirty days.
	MaxTurnLimitSeconds = 30 * 24 * 3600
	// DefaultTurnLimitSeconds is the turn limit of a game that names none: a day and a half.
	DefaultTurnLimitSeconds = 36 * 3600
	// MaxGameNameLen is the most bytes of a game's name: 60 characters of up to 4 bytes each.
	MaxGameNameLen = 240
	// MaxCreateKeyLen is the most bytes of a game's creation key.
	MaxCreateKeyLen = 128
)

// Game is one game: its settings, where it stands (status, phase, turn, current seat, deadline) and the
// engine state that is not spread over the players, territories and cards rows.
//
// The game row is the lock of a game: every command locks it (SELECT ... FOR UPDATE), bumps version and
// advances seq by the number of events it appends.
type Game struct {
	ent.Schema
}

// Mixin of the Game.
func (Game) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the Game.
func (Game) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").
			MaxLen(MaxGameNameLen).
			Default("").
			Comment("The name its creator gave the game; empty for none."),
		field.Int("map_id").
			Immutable().
			Comment("The map version the game is played on."),
		field.Int("creator_id").
			Immutable().
			Comment("The user who created the game."),
		field.Int64("turn_limit_seconds").
			Range(MinTurnLimitSeconds, MaxTurnLimitSeconds).
			Default(DefaultTurnLimitSeconds).
			Comment("How long a player has for a turn before it is taken over (1 hour to 30 days)."),
		field.Enum("claim").
			Values("random", "round_robin").
			Default("random").
			Comment("How territories are handed out at the start (rules.ClaimStrategy)."),
		field.Enum("card_system").
			Values("classic", "fixed", "fixed_ttb", "classic_scaling_ttb").
			Default("classic").
			Comment("The reward schedule for trading in cards (rules.CardSystem)."),
		field.Int("ttb_percent").
			Range(4, 10).
			Default(6).
			Comment("The percentage of the opponents' armies a set is worth under fixed_ttb."),
		field.Enum("fog").
			Values("none", "light", "normal", "heavy", "complete").
			Default("none").
			Comment("What players see of others' territories (rules.Fog; docs/rules.md R76)."),
		field.JSON("teams", json.RawMessage{}).
			SchemaType(jsonText).
			Optional().
			Comment("A team game's teams in order, each with its name and hue (the game service owns the format); none in a free-for-all."),
		field.JSON("team_rules", json.RawMessage{}).
			SchemaType(jsonText).
			Optional().
			Comment("A team game's options (rules.TeamRules; docs/rules.md R86 to R90); none in a free-for-all."),
		field.JSON("view_seqs", []int64{}).
			SchemaType(jsonText).
			Optional().
			Comment("In a fog game, the number of the last event of each view (seen_events): the seats' in seat order, then the spectators'; none before the start and without fog."),
		field.Bool("rated").
			Default(false).
			Comment("Whether the game's end updates its human players' ratings (docs/ratings.md)."),
		field.Bool("idle_resigns").
			Default(false).
			Immutable().
			Comment("Whether a player whose turns were taken over three times in a row resigns (ranked by when they left) instead of having a CPU play on for them: a ladder's games (game.CreateInput.IdleResigns)."),
		field.Enum("status").
			Values("open", "active", "finished", "cancelled").
			Default("open").
			Comment("open: waiting for players; active: being played; finished: won; cancelled: abandoned before or during play."),
		field.String("phase").
			Default("setup").
			MaxLen(20).
			Comment("The engine's phase name (rules.Phase): setup, claim, placement, reinforce, attack, occupy, fortify, over."),
		field.Int("turn").
			NonNegative().
			Default(0).
			Comment("The turn number; 0 before the first turn."),
		field.Int("current_seat").
			Min(-1).
			Default(-1).
			Comment("The seat whose turn it is; -1 for none."),
		field.Int("turn_user_id").
			Optional().
			Nillable().
			Comment("The user who plays the current turn (game.UserPlaying): the current seat's, or for a seat handed over to a teammate (R90) the teammate's; none for a CPU's turn and outside a running game."),
		field.Time("turn_deadline").
			Optional().
			Nillable().
			Comment("When the current turn is taken over; none when no turn runs."),
		field.Time("warning_at").
			Optional().
			Nillable().
			Comment("When the current player is warned that the deadline is near; none for no warning."),
		field.Int64("seq").
			NonNegative().
			Default(0).
			Comment("The sequence number of the game's last event; 0 before any event."),
		field.Int64("version").
			NonNegative().
			Default(0).
			Comment("Bumped on every change of the game; clients send the version they saw with a command."),
		field.JSON("engine", json.RawMessage{}).
			SchemaType(jsonText).
			Optional().
			Comment("The engine's scalar state (the game service owns the format); none before the start."),
		field.Bytes("dice").
			Optional().
			Comment("The state of the game's dice generator; none before the start."),
		field.String("invite_code").
			Optional().
			Nillable().
			Unique().
			MaxLen(64).
			Comment("The secret code of an invite link; none when the game takes no link invites."),
		field.Int("winner_seat").
			Optional().
			Nillable().
			Min(0).
			Comment("The winning seat of a finished game."),
		field.Time("started_at").
			Optional().
			Nillable().
			Comment("When the game started."),
		field.Time("finished_at").
			Optional().
			Nillable().
			Comment("When the game finished or was cancelled."),
		field.String("create_key").
			Optional().
			Nillable().
			Unique().
			MaxLen(MaxCreateKeyLen).
			Immutable().
			Comment("The key the game was created under (game.CreateInput.Key): a creation retried with it finds this game; none for a game created without one."),
	}
}

// Edges of the Game.
func (Game) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("map", GameMap.Type).
			Ref("games").
			Field("map_id").
			Unique().
			Required().
			Immutable().
			Comment("The map version the game is played on."),
		edge.From("creator", User.Type).
			Ref("created_games").
			Field("creator_id").
			Unique().
			Required().
			Immutable().
			Comment("The user who created the game."),
		edge.To("players", Player.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The seats of the game."),
		edge.To("territories", Territory.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The territories of the game's board."),
		edge.To("cards", Card.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The cards of the game."),
		edge.To("events", Event.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The game's record, in sequence order."),
		edge.To("seen_events", SeenEvent.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("A fog game's events as each viewer saw them."),
		edge.To("command_keys", CommandKey.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("Idempotency keys of commands sent to the game."),
		edge.To("notices", Notice.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("What the game's users were told about it."),
		edge.To("chat_messages", ChatMessage.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The lines of the game's chat rooms."),
		edge.To("chat_reads", ChatRead.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("How far each user read the game's chat rooms."),
		edge.To("chat_settings", ChatSetting.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The users' choices about the game's chat, and its own options."),
		edge.To("rating_changes", RatingChange.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("What the game did to its players' ratings (a rated game's)."),
		edge.To("rating_reversals", RatingReversal.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("A moderator's reversal of the game's rating changes."),
		edge.To("watchers", GameWatcher.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("Who follows the game live now (package presence)."),
		edge.To("tournament_tables", TournamentTable.Type).
			Comment("The tournament table the game is played for, if any."),
		edge.To("ladder_games", LadderGame.Type).
			Comment("The ladder pairing the game is played for, if any."),
	}
}

// Indexes of the Game.
func (Game) Indexes() []ent.Index {
	return []ent.Index{
		// Lobby and sweeper queries by status.
		index.Fields("status"),
		// Games whose deadline is due: only running games have one that matters. The predicate is written
		// the way PostgreSQL prints it back (pg_get_expr), so that comparing the schema with a database
		// finds no change.
		index.Fields("turn_deadline").
			Annotations(entsql.IndexWhere("(status)::text = 'active'::text")),
		// The running games waiting on a user (the filter yourTurn).
		index.Fields("turn_user_id").
			Annotations(entsql.IndexWhere("(status)::text = 'active'::text")),
		// A user's created games.
		index.Fields("creator_id"),
	}
}
