package pgcluster_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	_ "github.com/lib/pq"

	"rout/internal/pgcluster"
)

// Start a private cluster in a data folder, use its database, and stop it.
func ExampleStart() {
	ctx := context.Background()
	cluster, err := pgcluster.Start(ctx, pgcluster.Config{Dir: "/var/lib/rout"})
	if err != nil {
		log.Fatal(err) // errors.Is(err, pgcluster.ErrNoBinaries): install PostgreSQL or set DATABASE_URL
	}
	defer func() {
		if err := cluster.Stop(context.Background()); err != nil {
			log.Print(err)
		}
	}()

	db, err := sql.Open("postgres", cluster.DSN())
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	var version string
	if err := db.QueryRowContext(ctx, "SHOW server_version").Scan(&version); err != nil {
		log.Fatal(err)
	}
	fmt.Println("PostgreSQL", version)
}
