// Package graph is Rout's GraphQL API: the schema (schema/*.graphqls, one file per area), its resolvers
// (one *.resolvers.go file per schema file), and the HTTP layer around gqlgen's executor.
//
// # Layout
//
//   - gqlgen.yml configures the code generator; `go generate ./graph/...` (or `make generate`) writes
//     generated.go (the executable schema), models_gen.go (payloads and inputs) and the resolver
//     stubs, all in this package, so that a request crosses one package of the API. Ent's types
//     (ent.User, ent.Token, ent.GameMap, their connections) are the models of the schema's stored
//     objects off the command's path.
//   - game_model.go: the games area's own models, Game and Seat (and GameConnection), built from what the
//     game service answers (a command's game.Result, a game.Snapshot; the games list maps its Ent rows
//     into them), so that a command's payload, game(id), node and games all build the same value and a
//     command never reaches Ent: it crosses graph, game, rules and jobs (TestAttackCrossesFourPackages).
//   - resolver.go: Resolver holds every dependency (Deps: the Ent client, the game service, the live
//     hub, the logger, the clock) and the Settings; nothing else in the package holds state.
//   - handler.go: NewHandler, the http.Handler to mount at Path; transport.go: GraphQL over HTTP (POST
//     and GET); errors.go: the one error presenter and the top-level error codes; auth.go: bearer
//     tokens and the @auth directive; node.go: opaque global ids and the Node type resolver;
//     limits.go: the depth and alias limits and the validation rules; ratelimit.go: token buckets.
//   - game.go: the games area's helpers: who may see a game, the viewer's seat, and submit, the one
//     path of every turn command: resolve (territory keys on the board game.Service.Board keeps),
//     submit (game.Service.TurnSubmit, one transaction), answer (from its Result, reading nothing).
//     Events are shown to a viewer by game.ViewEvent, the one projection of an event. The board whole
//     or since a sequence number (board(sinceSeq)), and the viewer's actions whole, per territory
//     (viewerActions(from)), of one kind (viewerActions(kind), the trades read from the hand alone) or
//     summed up by kind (viewerActionSummary), so that no answer outgrows its board.
//   - snapshot.go: the game snapshots of one request, which every field that needs a game's engine
//     state (board, viewerActions, seats, cards) shares, kept from a command's answer when there is one.
//   - live.go: the subscriptions (gameEvents, viewerEvents) over the live hub (Deps.Live), and the
//     RESUME_REQUIRED message of a subscriber that fell behind; ws_auth.go: the websocket transport's
//     connection_init authentication (graph/wstransport is registered in NewHandler).
//   - playground: GraphiQL, embedded, to be served at "/playground" (the web client, package web, has "/").
//
// # Conventions for new areas
//
// A new area (games, maps, ...) adds schema/<area>.graphqls, extending Query and Mutation. Every type
// with an id implements Node: give it an id field resolver (gqlgen.yml: resolver: true) that returns
// GlobalID, and a case in Resolver.node. Lists that grow are connections (Ent's Paginate) whose first
// and last go through pageArgs, with a complexity function in Resolver.executableSchema. Mutations take
// one input and return a payload with userErrors: expected failures (validation, a rules.Error, see
// rulesUserErrors) go there; top-level errors are for auth, limits and bugs, and carry a Code. Fields
// that need a user carry @auth and read the user with signedIn.
//
// See docs/api.md for the API as its users see it.
package graph
