package adminui_test

import (
	"database/sql"
	"log"
	"log/slog"
	"net/http"
	"os"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/adminui"
	"rout/ent"
)

// Mounting River UI for admins on a server's mux.
func ExampleNew() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	ui, err := adminui.New(adminui.Opts{
		DB:         db,
		Admins:     adminui.TokenAdmins(ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))),
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
