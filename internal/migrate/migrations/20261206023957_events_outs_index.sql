-- Create index "events_outs" to table: "events"
CREATE INDEX "events_outs" ON "events" ("game_id", "seq") WHERE ((kind)::text = ANY (ARRAY[('player_eliminated'::character varying)::text, ('player_resigned'::character varying)::text, ('game_over'::character varying)::text]));
