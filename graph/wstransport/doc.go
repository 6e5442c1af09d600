// Package wstransport serves GraphQL over websockets for gqlgen: a graphql.Transport on
// gorilla/websocket that speaks graphql-transport-ws (the graphql-ws library's protocol) exactly, and
// graphql-ws (subscriptions-transport-ws's) for old clients.
//
//	t := wstransport.New(wstransport.Opts{Authenticate: auth, AllowedOrigins: origins})
//	srv.AddTransport(t) // srv is gqlgen's *handler.Server
//	...
//	t.Shutdown(ctx)     // on shutdown: http.Server.Shutdown does not see hijacked connections
//
// A socket lives apart from its upgrade request: it keeps the request's context values but not its
// deadline, so a request timeout of the surrounding handler does not end it. Only the client, an error
// or Shutdown does.
//
// # The handshake
//
// A websocket upgrade request (Supports) must come from an allowed origin (Opts.AllowedOrigins; same
// origin by default), or it gets 403. The subprotocol is graphql-transport-ws when the client offers it,
// else graphql-ws; a client that offers neither gets the socket closed at once with 4406 (Subprotocol
// not acceptable), as the graphql-ws library's server does. After Shutdown, upgrades get 503.
//
// # graphql-transport-ws
//
// connection_init runs Opts.Authenticate on its payload (the same credentials as the HTTP API's, such
// as {"Authorization": "Bearer ..."}: the caller decides) and answers connection_ack; ping gets pong
// (with the ping's payload); subscribe runs the operation (subscription, query or mutation) and answers
// next with each execution result, then complete when the stream ends; complete from the client stops
// the operation and nothing more is sent for it. A request error (a query that does not parse or
// validate, a limit of the executor, a subscription whose resolver fails before its stream begins: any
// response with errors and no data) ends the operation with an error message carrying the errors as the
// error presenter shows them, and no complete. The socket closes with:
//
//	4400 a frame that is not a message: binary, not UTF-8, not a JSON object, an unknown type, a
//	     payload that is not an object, a subscribe or complete without an id, a subscribe without a
//	     query string
//	4401 a subscribe before connection_ack
//	4403 a connection_init that Opts.Authenticate refuses; the expiry of the connection's credential
//	     (Identity.Expires); CloseCredential; an operation that Opts.Admit refuses with a *CloseError
//	4408 no connection_init within Opts.InitTimeout
//	4409 a subscribe with the id of an operation still running (an id is free again once the server
//	     sent its complete or error, or the client its complete)
//	4429 a second connection_init
//	1013 a connection_init of a user (Identity.User) that has Opts.MaxConnsPerUser connections
//	     already ("Too many connections", RFC 6455's Try Again Later)
//	1009 a message over Opts.ReadLimit: the size is the websocket layer's business, so the transport
//	     uses RFC 6455's code and does not read the rest of the message
//	1001 Shutdown ("Going away"), or nothing heard from the client for two ping intervals ("Ping
//	     timeout")
//
// # graphql-ws
//
// connection_init answers connection_ack and ka (or connection_error, then 4403); start runs an
// operation and answers data messages and complete; stop stops it and answers complete; a start with a
// running id replaces that operation; connection_terminate closes with 1000. A request error is a data
// message with the errors, then complete. A frame that is not a valid message gets connection_error and
// the socket stays open, as that protocol says. The close codes it does not define are those above.
//
// # Limits
//
// One connection runs at most Opts.MaxOperations operations at once; one more gets a RATE_LIMITED
// error (reason TOO_MANY_OPERATIONS) for its id and the socket stays open. Of those, at most
// Opts.MaxExecuting execute at once (a subscription until its stream has begun); the others wait for
// their turn, so that one connection's costly operations cannot take every CPU from the others. Every
// operation passes Opts.Admit first (rate limits, a check of the credential): a refused one ends with
// the error for its id. A client (Opts.ClientKey) may have Opts.MaxConnsPerClient connections open at
// once: one more upgrade gets 429.
//
// Authenticate may name the connection's user, credential and the credential's expiry (WithIdentity):
// the transport caps a user's connections at Opts.MaxConnsPerUser, closes the connection with 4403 when
// the credential expires, and CloseCredential closes every connection of a credential that was revoked.
//
// A message is written by the goroutine that has it, one at a time per connection (gorilla/websocket
// allows one writer), with no queue in between. When a client reads more slowly than its operations
// produce, their writes wait: the client holds back its own streams and nobody else's (the resolvers
// behind them see their results taken more slowly and apply their own policy, such as ending the stream
// with an error that says to resume from the last event seen). A client that cannot take a message
// within Opts.WriteTimeout is too slow or gone: its connection is dropped and every operation on it
// stops. No close frame can follow a partly written message, so the client sees 1006 (abnormal
// closure), on which graphql-ws clients reconnect. No connection ever waits for another.
//
// The server pings every Opts.PingInterval once a connection is acknowledged: a ping message
// (graphql-transport-ws) or ka (graphql-ws), and a websocket ping frame, which browsers answer by
// themselves.
//
// # Goroutines and memory
//
// Do upgrades the request and returns; one goroutine reads the socket until it closes, handing each
// message to a goroutine of its own and waiting for it, so that the reader's stack, which every idle
// connection keeps, stays as small as reading needs. Every operation
// starts in a goroutine of its own, in the context Authenticate returned, and is cancelled when the
// client stops it or the socket closes; Shutdown waits until every socket and operation has stopped.
//
// A subscription resolver can hand its stream to the transport as a Feed (Attach). The transport then
// takes the values when the feed announces them, in a goroutine that lives only while there is
// something to send, so an idle subscription holds no goroutine: an idle connection costs one goroutine,
// a 1 KiB read buffer and its state (write buffers come from a pool while a message is written). And
// each value is rendered once for every operation of the same shape (the same document, operation name
// and values of the variables below the root field) that takes a value with the same key, then written
// to each of them with its own id: thousands of subscribers of one game cost one execution of the
// selection per visibility, not one each. The transport keeps the latest 1,024 renderings; an operation
// that comes later for a forgotten one renders it again.
package wstransport
