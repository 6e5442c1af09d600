-- Modify "games" table
ALTER TABLE "games" ADD COLUMN "name" character varying NOT NULL DEFAULT '';
