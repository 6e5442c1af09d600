package adminui_test

import (
	"database/sql"
	"log"
	"log/slog"
	"net/http"
	"os"

	"rout/account"
	"rout/internal/adminui"
)

// Mounting River UI for admins on a server's mux.
func ExampleNew() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	accounts, err := account.New(account.Opts{DB: db})
	if err != nil {
		log.Fatal(err)
	}
	ui, err := adminui.New(adminui.Opts{
		DB:         db,
		Admins:     adminui.TokenAdmins(accounts.LiveToken),
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
