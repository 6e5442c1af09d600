-- Modify "notices" table
ALTER TABLE "notices" ADD COLUMN "seen_at" timestamptz NULL;
-- Modify "users" table
ALTER TABLE "users" ADD COLUMN "notify_kinds" json NULL, ADD COLUMN "digest_hours" bigint NOT NULL DEFAULT 1, ADD COLUMN "time_zone" character varying NOT NULL DEFAULT 'UTC', ADD COLUMN "quiet_start" bigint NULL, ADD COLUMN "quiet_end" bigint NULL, ADD COLUMN "notify_always" boolean NOT NULL DEFAULT false;
