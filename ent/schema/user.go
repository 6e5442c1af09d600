package schema

import (
	"context"
	"errors"
	"strings"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"rout/account/username"
)

// User is a person with an account: a player, a map author, an integrator with API tokens.
type User struct {
	ent.Schema
}

// Mixin of the User.
func (User) Mixin() []ent.Mixin {
	return []ent.Mixin{TimeMixin{}}
}

// Fields of the User.
func (User) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").
			Unique().
			MinLen(1).
			MaxLen(40).
			Comment("Display name shown to other players, unique, in the form username.Enforce stores."),
		field.String("name_key").
			NotEmpty().
			Unique().
			Annotations(entsql.DefaultExpr(nameKeyPlaceholder)).
			Comment("The name's key (username.Key): case-mapped, confusables folded; unique, so that no two names read alike. Set by a hook whenever the name is."),
		field.String("email").
			Unique().
			NotEmpty().
			MaxLen(254).
			Validate(validateEmail).
			Comment("Login and notification address, stored lower-cased, unique."),
		field.String("password_hash").
			Sensitive().
			Comment("Password hash in the format the auth code writes (algorithm and parameters included)."),
		field.String("phone").
			Optional().
			Nillable().
			MaxLen(32).
			Comment("Phone number for SMS notifications, in E.164 form."),
		field.Enum("notify").
			Values("email", "sms", "push", "none").
			Default("email").
			Comment("The default channel of the user's notifications: kinds not in notify_kinds take it."),
		field.JSON("notify_kinds", map[string]string{}).
			SchemaType(jsonText).
			Optional().
			Comment("Per notice kind (notify.Kind's name), the channel that overrides notify: email, sms, push or none. A kind not in it takes notify."),
		field.Int("digest_hours").
			Default(1).
			Min(0).
			Max(24).
			Comment("How your_turn notices are batched: 0 sends each at once, N merges them into one digest at most every N hours."),
		field.String("time_zone").
			Default("UTC").
			MaxLen(64).
			Comment("The user's IANA time zone (time.LoadLocation accepts it), for quiet hours and the deadlines messages show."),
		field.Int("quiet_start").
			Optional().
			Nillable().
			Min(0).
			Max(1439).
			Comment("Start of the quiet hours, in minutes after midnight in time_zone; null for none. Set with quiet_end."),
		field.Int("quiet_end").
			Optional().
			Nillable().
			Min(0).
			Max(1439).
			Comment("End of the quiet hours, in minutes after midnight in time_zone (before quiet_start: the quiet hours span midnight)."),
		field.Bool("notify_always").
			Default(false).
			Comment("Whether email and SMS go out even for a notice the user already saw live."),
		field.Bool("admin").
			Default(false).
			Comment("Whether the user may administer the server (River UI, built-in maps, any game)."),
		field.Bool("moderator").
			Default(false).
			Comment("Whether the user moderates the chat (reports, deletions, timeouts, shadow-mutes, the audit log); granted by an admin."),
		field.Bool("chat_enabled").
			Default(true).
			Comment("Whether the user sees game chat at all; false switches it off in every game."),
		field.Bool("hide_presence").
			Default(false).
			Comment("Whether the user hides that they are watching a game: not shown as present to anyone."),
	}
}

// Edges of the User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("tokens", Token.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("Session and API tokens; deleted with the user."),
		edge.To("seats", Player.Type).
			Comment("The seats the user holds in games."),
		edge.To("created_games", Game.Type).
			Comment("The games the user created."),
		edge.To("maps", GameMap.Type).
			Comment("The maps the user uploaded."),
		edge.To("command_keys", CommandKey.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("Idempotency keys of the user's game commands; deleted with the user."),
		edge.To("notices", Notice.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("What the user was told about their games; deleted with the user."),
		edge.To("push_subscriptions", PushSubscription.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The devices that receive the user's web push notifications; deleted with the user."),
		edge.To("chat_messages", ChatMessage.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's chat lines; deleted with the user."),
		edge.To("chat_reads", ChatRead.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("How far the user read each game's chat rooms; deleted with the user."),
		edge.To("chat_settings", ChatSetting.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's choices about games' chats; deleted with the user."),
		edge.To("watching", GameWatcher.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The games the user follows live now (package presence); deleted with the user."),
		edge.To("chat_reports", ChatReport.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The chat messages the user reported; deleted with the user."),
		edge.To("chat_penalties", ChatPenalty.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The moderators' sanctions of the user's chat; deleted with the user."),
		edge.To("blocks", UserBlock.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's blocks of others; deleted with the user."),
		edge.To("blocked_by", UserBlock.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("Others' blocks of the user; deleted with the user."),
		edge.To("ratings", Rating.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's ratings, one a mode; deleted with the user."),
		edge.To("rating_changes", RatingChange.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("What each rated game did to the user's rating; deleted with the user."),
		edge.To("season_standings", SeasonStanding.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's places on closed seasons' leaderboards; deleted with the user."),
		edge.To("rating_reversals", RatingReversal.Type).
			Annotations(entsql.OnDelete(entsql.SetNull)).
			Comment("The rated games the user reversed as a moderator; they stay, without a moderator, when the user is deleted."),
		edge.To("tournaments", Tournament.Type).
			Comment("The tournaments the user created; they stay, without a creator, when the user is deleted."),
		edge.To("tournament_entries", TournamentEntrant.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's entries in tournaments; deleted with the user."),
		edge.To("ladder_entries", LadderEntry.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)).
			Comment("The user's places in ladders; deleted with the user."),
	}
}

// validateEmail checks that an address has an @ and is lower-cased: the service lower-cases addresses
// before storing them so that uniqueness does not depend on case.
func validateEmail(s string) error {
	if !strings.Contains(s, "@") {
		return errors.New("email address has no @")
	}
	if s != strings.ToLower(s) {
		return errors.New("email address must be lower-cased")
	}
	return nil
}

// nameKeyPlaceholder is the SQL default of name_key for a row written without one (only by hand, as
// Ent's hook sets the key): a unique value no key can equal, as keys hold no control characters. The
// migration that added the column leaves it on rows whose key it could not work out; migrate.Up then
// sets those keys.
const nameKeyPlaceholder = "(chr(1) || (gen_random_uuid())::text)"

// Hooks of the User: the name key follows the name.
func (User) Hooks() []ent.Hook {
	return []ent.Hook{setNameKey}
}

// nameMutation is the part of the generated UserMutation the hook needs.
type nameMutation interface {
	Name() (string, bool)
	NameKey() (string, bool)
	SetNameKey(string)
}

// setNameKey sets name_key from the name on every create or update that sets the name and not the key.
func setNameKey(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		if nm, ok := m.(nameMutation); ok {
			if name, set := nm.Name(); set {
				if _, keySet := nm.NameKey(); !keySet {
					// A name the rule refuses gets no key: the builder's checks then refuse the row
					// (an invalid name, or a missing name_key) with a validation error.
					if key, err := username.Key(name); err == nil {
						nm.SetNameKey(key)
					}
				}
			}
		}
		return next.Mutate(ctx, m)
	})
}
