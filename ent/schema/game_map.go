package schema

import (
	"encoding/json"

	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// GameMap is one version of a map file (the Go name avoids the keyword map; the table is "maps"). A map
// is never changed once stored: a change is a new row with the same key and a higher version, so games keep
// the exact board they started on.
type GameMap struct {
	ent.Schema
}

// Annotations of the GameMap.
func (GameMap) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entsql.Table("maps"),
	}
}

// Mixin of the GameMap.
func (GameMap) Mixin() []ent.Mixin {
	return []ent.Mixin{CreateTimeMixin{}}
}

// Fields of the GameMap.
func (GameMap) Fields() []ent.Field {
	return []ent.Field{
		field.String("key").
			NotEmpty().
			MaxLen(64).
			Immutable().
			Comment(`The map's stable id from its file, such as "classic".`),
		field.Int("version").
			Positive().
			Immutable().
			Comment("The map file's version; (key, version) is unique."),
		field.String("name").
			NotEmpty().
			MaxLen(100).
			Annotations(entgql.OrderField("NAME")).
			Comment("The map's display name, from its file."),
		field.JSON("definition", json.RawMessage{}).
			SchemaType(jsonText).
			Immutable().
			Comment("The whole map file (maps package format)."),
		field.Bool("builtin").
			Default(false).
			Comment("Whether the map ships with the binary (stored at start-up) rather than uploaded."),
		field.Int("creator_id").
			Optional().
			Nillable().
			Comment("The user who uploaded the map; none for built-in maps."),
		field.String("description").
			Default("").
			MaxLen(8000).
			Comment("The map's description, from its file (for listings without reading the definition)."),
		field.Int("width").
			NonNegative().
			Default(0).
			Comment("The width of the canvas the map's geometry lies on (0 until derived)."),
		field.Int("height").
			NonNegative().
			Default(0).
			Comment("The height of the canvas the map's geometry lies on (0 until derived)."),
		field.Int("territory_count").
			NonNegative().
			Default(0).
			Annotations(entgql.OrderField("TERRITORY_COUNT")).
			Comment("The number of territories of the map."),
		field.Int("border_count").
			NonNegative().
			Default(0).
			Comment("The number of borders of the map."),
		field.Int("area_count").
			NonNegative().
			Default(0).
			Comment("The number of bonus areas of the map."),
		field.Int("size_bytes").
			NonNegative().
			Default(0).
			Comment("The size of the stored definition in bytes, counted against its creator's limit."),
		field.Enum("visibility").
			Values("public", "unlisted", "private").
			Default("public").
			Comment("public: listed to everyone; unlisted: readable by anyone who knows the key, listed to its creator only; private: its creator only."),
		field.JSON("geometry", json.RawMessage{}).
			SchemaType(jsonText).
			Optional().
			Comment("The map's derived geometry (maps.Geometry: a shape per territory, the sea crossings), stored once per version; null until derived."),
	}
}

// Edges of the GameMap.
func (GameMap) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("creator", User.Type).
			Ref("maps").
			Field("creator_id").
			Unique().
			Comment("The user who uploaded the map; none for built-in maps."),
		edge.To("games", Game.Type).
			Comment("The games played on this map version."),
	}
}

// Indexes of the GameMap.
func (GameMap) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("key", "version").Unique(),
		index.Fields("creator_id"),
	}
}
