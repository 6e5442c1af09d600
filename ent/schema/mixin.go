package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/dialect"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"
)

// CreateTimeMixin adds created_at, set once when the row is created.
type CreateTimeMixin struct {
	mixin.Schema
}

// Fields of the CreateTimeMixin.
func (CreateTimeMixin) Fields() []ent.Field {
	return []ent.Field{
		field.Time("created_at").
			Default(time.Now).
			Immutable().
			Comment("When the row was created."),
	}
}

// TimeMixin adds created_at and updated_at, the latter set again on every update.
type TimeMixin struct {
	mixin.Schema
}

// Fields of the TimeMixin.
func (TimeMixin) Fields() []ent.Field {
	return append(CreateTimeMixin{}.Fields(),
		field.Time("updated_at").
			Default(time.Now).
			UpdateDefault(time.Now).
			Comment("When the row was last updated."),
	)
}

// jsonText stores a JSON field as PostgreSQL json rather than jsonb: the text is kept as written (key
// order included), and Rout never queries inside these documents.
var jsonText = map[string]string{dialect.Postgres: "json"}
