// Package model holds the GraphQL API's own types: the payloads and inputs gqlgen generates from the
// schema (models_gen.go) and the marshalers of custom scalars. The objects stored in the database are
// Ent's types (package rout/ent), bound to the schema in gqlgen.yml.
package model
