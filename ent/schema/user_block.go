package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// UserBlock is one user's block of another: the blocked user cannot invite the blocker to a game, and
// what they say and do is hidden from the blocker (their invitations; the chat's messages and presence).
// A pair is stored once; no user blocks themself. Package account owns the table.
type UserBlock struct {
	ent.Schema
}

// Annotations of the UserBlock: no user blocks themself, whoever writes the row.
func (UserBlock) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entsql.Checks(map[string]string{"user_blocks_not_self": "blocker_id <> blocked_id"}),
	}
}

// Mixin of the UserBlock.
func (UserBlock) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the UserBlock.
func (UserBlock) Fields() []ent.Field {
	return []ent.Field{
		field.Int("blocker_id").
			Immutable().
			Comment("The user who blocks."),
		field.Int("blocked_id").
			Immutable().
			Comment("The user blocked."),
	}
}

// Edges of the UserBlock.
func (UserBlock) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("blocker", User.Type).
			Ref("blocks").
			Field("blocker_id").
			Unique().
			Required().
			Immutable().
			Comment("The user who blocks."),
		edge.From("blocked", User.Type).
			Ref("blocked_by").
			Field("blocked_id").
			Unique().
			Required().
			Immutable().
			Comment("The user blocked."),
	}
}

// Indexes of the UserBlock.
func (UserBlock) Indexes() []ent.Index {
	return []ent.Index{
		// One row a pair; a blocker's list, in order of the blocked (Blocked, Blocks).
		index.Fields("blocker_id", "blocked_id").Unique(),
		// Who blocks a user (the user's deletion, a chat hiding a blocker's view).
		index.Fields("blocked_id"),
	}
}
