-- Modify "maps" table
ALTER TABLE "maps" ADD COLUMN "description" character varying NOT NULL DEFAULT '', ADD COLUMN "width" bigint NOT NULL DEFAULT 0, ADD COLUMN "height" bigint NOT NULL DEFAULT 0, ADD COLUMN "territory_count" bigint NOT NULL DEFAULT 0, ADD COLUMN "border_count" bigint NOT NULL DEFAULT 0, ADD COLUMN "area_count" bigint NOT NULL DEFAULT 0, ADD COLUMN "size_bytes" bigint NOT NULL DEFAULT 0, ADD COLUMN "visibility" character varying NOT NULL DEFAULT 'public', ADD COLUMN "geometry" json NULL;
-- Create index "gamemap_creator_id" to table: "maps"
CREATE INDEX "gamemap_creator_id" ON "maps" ("creator_id");
