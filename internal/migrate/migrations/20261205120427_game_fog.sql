-- Modify "games" table
ALTER TABLE "games" ADD COLUMN "fog" character varying NOT NULL DEFAULT 'none';
