-- Modify "games" table
ALTER TABLE "games" ADD COLUMN "teams" json NULL, ADD COLUMN "team_rules" json NULL;
-- Modify "players" table
ALTER TABLE "players" ADD COLUMN "team" bigint NULL;
