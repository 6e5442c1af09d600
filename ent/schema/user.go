package schema

import (
	"errors"
	"strings"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
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
			Comment("Display name shown to other players, unique."),
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
			Values("email", "sms", "none").
			Default("email").
			Comment("How the user is told that it is their turn."),
		field.Bool("admin").
			Default(false).
			Comment("Whether the user may administer the server (River UI, built-in maps, any game)."),
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
