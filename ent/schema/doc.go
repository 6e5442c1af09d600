// Package schema holds Rout's Ent schema: one file per entity, and the mixins they share.
//
// The generated code lives in the parent package (rout/ent); regenerate it with `make generate` after
// changing a schema, then add a versioned migration with `make migration NAME=...` (see rout/migrate).
//
// Conventions:
//   - ids are ints (bigint serial columns);
//   - a foreign key is also a field (game_id, user_id, ...) so code can read it without a join;
//   - a game's own rows (players, territories, cards, events, command keys) are deleted with the game;
//   - "seat" numbers are the engine's rules.PlayerID values: 0 and up for seats, -1 for none or neutral,
//     -2 for an unclaimed territory. The schema does not import rules; the game service converts.
package schema
