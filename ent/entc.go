//go:build ignore

// Command entc generates Rout's Ent code from ./schema. It runs through `go generate ./ent` (see
// generate.go), which `make generate` calls.
package main

import (
	"log"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"
)

func main() {
	cfg := &gen.Config{
		Features: []gen.Feature{
			gen.FeatureVersionedMigration, // migrate.NamedDiff for `make migration`
			gen.FeatureLock,               // ForUpdate/ForShare: a command locks its game row
			gen.FeatureUpsert,             // OnConflict: idempotency keys, built-in maps
			gen.FeatureExecQuery,          // ExecContext/QueryContext on the client and transactions
		},
	}
	gql, err := entgql.NewExtension()
	if err != nil {
		log.Fatalf("error setting up the entgql extension: %v", err)
	}
	if err := entc.Generate("./schema", cfg, entc.Extensions(gql)); err != nil {
		log.Fatalf("error generating the Ent code: %v", err)
	}
}
