package graph_test

import (
	"database/sql"
	"log"
	"log/slog"
	"net/http"
	"os"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/account"
	"rout/chat"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/graph/playground"
)

// Mounting the API and its playground on a server's mux, with the configuration read from the
// environment.
func ExampleNewHandler() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	cfg, err := graph.SettingsFromEnv(os.Getenv)
	if err != nil {
		log.Fatal(err)
	}
	accounts, err := account.New(account.Opts{DB: db, SessionTTL: cfg.SessionTTL})
	if err != nil {
		log.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: db, Accounts: accounts})
	if err != nil {
		log.Fatal(err)
	}
	api, err := graph.NewHandler(cfg, graph.Deps{
		Ent:      ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db))),
		Game:     svc,
		Chat:     chat.NewService(db, nil),
		Accounts: accounts,
		Logger:   slog.Default(),
	})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(graph.Path, api)
	mux.Handle("GET "+playground.Path, playground.Handler(graph.Path))
	mux.Handle("GET "+playground.AssetsPath, playground.Handler(graph.Path))
	log.Fatal(http.ListenAndServe("127.0.0.1:8080", mux))
}
