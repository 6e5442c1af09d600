-- Modify "users" table
ALTER TABLE "users" ADD COLUMN "name_key" character varying NOT NULL DEFAULT (chr(1) || (gen_random_uuid())::text);
-- Backfill the key of existing names. For a name of printable ASCII the key (username.Key) is the name
-- in lower case; of names equal but for case, the oldest gets it. Other rows keep the placeholder, and
-- migrate.Up sets their keys with the Go rule right after the migrations.
UPDATE "users" AS u SET "name_key" = lower(u."name")
WHERE u."name" ~ '^[ -~]+$'
  AND NOT EXISTS (SELECT 1 FROM "users" AS o WHERE lower(o."name") = lower(u."name") AND o."id" < u."id");
-- Create index "users_name_key_key" to table: "users"
CREATE UNIQUE INDEX "users_name_key_key" ON "users" ("name_key");
