package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Token is a bearer credential of a user: a session (from a login) or a named API token. Only the
// SHA-256 hash of the secret is stored; the secret is shown once, when the token is created.
type Token struct {
	ent.Schema
}

// Mixin of the Token.
func (Token) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the Token.
func (Token) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Immutable().
			Comment("The user the token authenticates."),
		field.Enum("kind").
			Values("session", "api").
			Immutable().
			Comment("session: from a login; api: created by the user for a bot or tool."),
		field.String("name").
			Default("").
			MaxLen(100).
			Comment("The user's label for an API token; empty for sessions."),
		field.Bytes("hash").
			Unique().
			Immutable().
			Sensitive().
			MinLen(32).
			MaxLen(32).
			Comment("SHA-256 of the token's secret; the secret itself is never stored."),
		field.Time("last_used_at").
			Optional().
			Nillable().
			Comment("When the token last authenticated a request (updated coarsely)."),
		field.Time("expires_at").
			Optional().
			Nillable().
			Comment("When the token stops working; none for tokens that do not expire."),
		field.Time("revoked_at").
			Optional().
			Nillable().
			Comment("When the token was revoked (logout, or the user deleted it)."),
	}
}

// Edges of the Token.
func (Token) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("tokens").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The user the token authenticates."),
	}
}

// Indexes of the Token.
func (Token) Indexes() []ent.Index {
	return []ent.Index{
		// The unique hash index is how a request's token is looked up; this one lists a user's tokens.
		index.Fields("user_id", "kind"),
	}
}
