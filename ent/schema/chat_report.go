package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ChatReport is a user's report of a chat message to the moderators (package chat): the report queue.
type ChatReport struct {
	ent.Schema
}

// Mixin of the ChatReport.
func (ChatReport) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the ChatReport.
func (ChatReport) Fields() []ent.Field {
	return []ent.Field{
		field.Int("message_id").
			Immutable().
			Comment("The reported message."),
		field.Int("reporter_id").
			Immutable().
			Comment("Who reported it."),
		field.String("reason").
			MaxLen(2000).
			Immutable().
			Comment("Why, in the reporter's words (normalised like a message; may be empty)."),
		field.Enum("status").
			Values("open", "resolved", "dismissed").
			Default("open").
			Comment("Open until a moderator resolves it (acted on the message or its author) or dismisses it."),
		field.Int("moderator_id").
			Optional().
			Nillable().
			Comment("The moderator who closed it."),
		field.Time("closed_at").
			Optional().
			Nillable().
			Comment("When a moderator closed it."),
	}
}

// Edges of the ChatReport.
func (ChatReport) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("message", ChatMessage.Type).
			Ref("reports").
			Field("message_id").
			Unique().
			Required().
			Immutable().
			Comment("The reported message."),
		edge.From("reporter", User.Type).
			Ref("chat_reports").
			Field("reporter_id").
			Unique().
			Required().
			Immutable().
			Comment("Who reported it."),
	}
}

// Indexes of the ChatReport.
func (ChatReport) Indexes() []ent.Index {
	return []ent.Index{
		// One report of a message per user.
		index.Fields("message_id", "reporter_id").Unique(),
		// The queue: open reports, oldest first.
		index.Fields("status", "id"),
	}
}

// ChatPenalty is a moderator's sanction of a user's chat (package chat): a timeout, during which they
// cannot send, or a shadow mute, during which their lines are shown to themselves alone.
type ChatPenalty struct {
	ent.Schema
}

// Mixin of the ChatPenalty.
func (ChatPenalty) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the ChatPenalty.
func (ChatPenalty) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").
			Immutable().
			Comment("The sanctioned user."),
		field.Enum("kind").
			Values("timeout", "shadow").
			Immutable().
			Comment("timeout: no sending until `until`; shadow: the user's lines shown to themselves alone until lifted."),
		field.Time("until").
			Optional().
			Nillable().
			Comment("When a timeout ends; null for a shadow mute, which lasts until lifted."),
		field.String("reason").
			MaxLen(2000).
			Immutable().
			Comment("The moderator's reason, told to the user for a timeout."),
		field.Int("moderator_id").
			Immutable().
			Comment("The moderator who imposed it."),
		field.Time("lifted_at").
			Optional().
			Nillable().
			Comment("When a moderator lifted it before its end."),
	}
}

// Edges of the ChatPenalty.
func (ChatPenalty) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).
			Ref("chat_penalties").
			Field("user_id").
			Unique().
			Required().
			Immutable().
			Comment("The sanctioned user."),
	}
}

// Indexes of the ChatPenalty.
func (ChatPenalty) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "kind"),
	}
}

// ModerationAction is one entry of the moderators' audit log (package chat): every removal by a
// moderator, report closed, timeout and shadow mute imposed or lifted. Never changed or deleted with what
// it is about.
type ModerationAction struct {
	ent.Schema
}

// Mixin of the ModerationAction.
func (ModerationAction) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the ModerationAction.
func (ModerationAction) Fields() []ent.Field {
	return []ent.Field{
		field.Int("moderator_id").
			Immutable().
			Comment("Who acted (a user id; kept when the user is deleted)."),
		field.String("action").
			NotEmpty().
			MaxLen(32).
			Immutable().
			Comment("What was done: remove_message, timeout, shadow_mute, lift_timeout, lift_shadow_mute, resolve_report, dismiss_report (chat.Action)."),
		field.Int("target_user_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The user acted upon, if any."),
		field.Int("game_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The game of the message acted upon, if any."),
		field.Int("message_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The message acted upon, if any."),
		field.Int("report_id").
			Optional().
			Nillable().
			Immutable().
			Comment("The report closed, if any."),
		field.String("reason").
			MaxLen(2000).
			Immutable().
			Comment("The moderator's reason."),
	}
}

// Indexes of the ModerationAction.
func (ModerationAction) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("target_user_id"),
	}
}
