-- Modify "games" table
ALTER TABLE "games" ADD COLUMN "turn_user_id" bigint NULL;
-- Create index "game_turn_user_id" to table: "games"
CREATE INDEX "game_turn_user_id" ON "games" ("turn_user_id") WHERE ((status)::text = 'active'::text);
-- Fill it for the running games: the current seat's user, unless a CPU holds the seat. A seat handed over
-- to a teammate (R90) is known only to the engine state: such a game gets its teammate at its next command.
UPDATE "games" AS g SET "turn_user_id" = p."user_id"
FROM "players" AS p
WHERE g."status" = 'active' AND p."game_id" = g."id" AND p."seat" = g."current_seat" AND NOT p."cpu";
