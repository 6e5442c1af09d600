-- Modify "events" table
ALTER TABLE "events" ADD COLUMN "cause" character varying NULL;
