// Package ent holds Rout's Ent schema (./schema) and the code generated from it. Do not edit the generated
// files: change the schema, run `make generate`, then add a migration with `make migration NAME=...`.
package ent

//go:generate go run entc.go
