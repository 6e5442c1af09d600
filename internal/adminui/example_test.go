package adminui_test

import (
	"context"
	"database/sql"
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/ent"
	"rout/graph"
	"rout/internal/adminui"
)

// Mounting River UI for admins on a server's mux.
func ExampleNew() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
	live := func(ctx context.Context, secret string) (*ent.Token, error) {
		return graph.LiveToken(ctx, client, time.Now(), secret)
	}
	ui, err := adminui.New(adminui.Opts{
		DB:         db,
		Admins:     adminui.TokenAdmins(live),
		AdminToken: os.Getenv("ROUT_ADMIN_TOKEN"),
		Logger:     slog.Default(),
	})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(adminui.Path, ui)
	mux.Handle(adminui.Path+"/", ui)
	log.Fatal(http.ListenAndServe("127.0.0.1:8080", mux))
}
