-- Modify "players" table
ALTER TABLE "players" ADD COLUMN "delegate" character varying NULL, ADD COLUMN "delegate_turns" bigint NULL, ADD COLUMN "delegate_until" timestamptz NULL, ADD COLUMN "delegate_auto" boolean NOT NULL DEFAULT false, ADD COLUMN "takeovers" bigint NOT NULL DEFAULT 0;
