// Package ai holds Rout's CPU players: pure functions from a rules.State to the command a seat plays next.
// They read no database and keep no state between calls, so the same state and seed give the same command.
package ai
