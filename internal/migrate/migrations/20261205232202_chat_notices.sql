-- Drop index "notice_user_id_game_id_turn_kind" from table: "notices"
DROP INDEX "notice_user_id_game_id_turn_kind";
-- Create index "notice_user_id_game_id_turn_kind" to table: "notices"
CREATE UNIQUE INDEX "notice_user_id_game_id_turn_kind" ON "notices" ("user_id", "game_id", "turn", "kind") WHERE ((kind)::text <> ALL (ARRAY[('chat'::character varying)::text, ('chat_timeout'::character varying)::text]));
-- Create index "notice_user_id_game_id" to table: "notices"
CREATE UNIQUE INDEX "notice_user_id_game_id" ON "notices" ("user_id", "game_id") WHERE (((kind)::text = 'chat'::text) AND (sent_at IS NULL));
