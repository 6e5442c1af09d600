package apibench

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	_ "github.com/lib/pq" // the driver, as Rout's
)

// The plain HTTP handler: the anchor of the API's commands that has what the API has on the way to
// PostgreSQL (a process of its own, JSON over keep-alive HTTP on loopback, a pool of lib/pq connections)
// and nothing else (no GraphQL, no session, no engine). Its one endpoint, POST plainHTTPPath, runs the
// SQL of a command in one transaction on the plain transaction's tables (preparePlain): it locks the
// game's row, updates two territories, inserts an event and bumps the game's version.
const (
	plainHTTPPath  = "/command"
	plainHTTPLock  = `SELECT version FROM apibench_games WHERE id = $1 FOR UPDATE`
	plainHTTPArmy  = `UPDATE apibench_territories SET armies = armies + $3 WHERE id = $1 AND game_id = $2`
	plainHTTPBump  = `UPDATE apibench_games SET version = $2, seq = $2, updated_at = now() WHERE id = $1`
	plainHTTPConns = 66 // the pool's connections: as many as the most games at once (64), and a few
)

// plainCommand is the plain handler's request: an attack from a territory of a game to another.
type plainCommand struct {
	Game     int64 `json:"game"`
	From, To int64
}

// plainAnswer is the plain handler's answer: the game's new version and its events.
type plainAnswer struct {
	Version int64            `json:"version"`
	Events  []plainEventSeen `json:"events"`
}

// plainEventSeen is an event of a plainAnswer.
type plainEventSeen struct {
	Seq  int64  `json:"seq"`
	Kind string `json:"kind"`
}

// plainHandler serves the plain HTTP handler's endpoint on db.
type plainHandler struct{ db *sql.DB }

func (h plainHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, `{"error":"POST only"}`, http.StatusMethodNotAllowed)
		return
	}
	var c plainCommand
	if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
		http.Error(w, `{"error":"the command is not JSON"}`, http.StatusBadRequest)
		return
	}
	a, err := h.command(r.Context(), c)
	if err != nil {
		b, _ := json.Marshal(map[string]string{"error": err.Error()})
		http.Error(w, string(b), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(a)
}

// command runs c's SQL in one transaction.
func (h plainHandler) command(ctx context.Context, c plainCommand) (plainAnswer, error) {
	var a plainAnswer
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return a, fmt.Errorf("error beginning the command: %w", err)
	}
	defer tx.Rollback()
	var version int64
	if err := tx.QueryRowContext(ctx, plainHTTPLock, c.Game).Scan(&version); err != nil {
		return a, fmt.Errorf("error locking game %d: %w", c.Game, err)
	}
	for _, t := range []struct{ id, armies int64 }{{c.From, -1}, {c.To, 1}} {
		res, err := tx.ExecContext(ctx, plainHTTPArmy, t.id, c.Game, t.armies)
		if err != nil {
			return a, fmt.Errorf("error updating territory %d: %w", t.id, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return a, fmt.Errorf("game %d has no territory %d", c.Game, t.id)
		}
	}
	version++
	if _, err := tx.ExecContext(ctx, plainEvent, c.Game, version, plainPayload); err != nil {
		return a, fmt.Errorf("error inserting the event: %w", err)
	}
	if _, err := tx.ExecContext(ctx, plainHTTPBump, c.Game, version); err != nil {
		return a, fmt.Errorf("error bumping the version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return a, fmt.Errorf("error committing the command: %w", err)
	}
	a.Version, a.Events = version, []plainEventSeen{{Seq: version, Kind: "battle_rolled"}}
	return a, nil
}

// ServePlainHTTP runs the plain HTTP handler on the PostgreSQL database dsn, on a free loopback port,
// until ctx ends. It logs JSON records to logs, first one with the message "ready" and the address it
// listens on. It is `rout bench api-plain`, which the benchmark starts in a process of its own
// (Config.PlainHTTPCommand) with DATABASE_URL set.
func ServePlainHTTP(ctx context.Context, dsn string, logs io.Writer) (err error) {
	if dsn == "" {
		return errors.New("a database is required (DATABASE_URL)")
	}
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return fmt.Errorf("error opening the database: %w", err)
	}
	defer func() { err = errors.Join(err, db.Close()) }()
	db.SetMaxOpenConns(plainHTTPConns)
	db.SetMaxIdleConns(plainHTTPConns)
	if err := db.PingContext(ctx); err != nil {
		return fmt.Errorf("error reaching the database: %w", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("error listening: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle(plainHTTPPath, plainHandler{db: db})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	slog.New(slog.NewJSONHandler(logs, nil)).Info("ready", "addr", l.Addr().String())
	select {
	case err := <-served:
		return fmt.Errorf("error serving: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("error stopping: %w", err)
	}
	return nil
}

// plainHTTPClient sends commands to the plain HTTP handler, as apiClient sends them to the API.
type plainHTTPClient struct {
	url  string // the endpoint
	http *http.Client
}

func newPlainHTTPClient(baseURL string, conns int) *plainHTTPClient {
	return &plainHTTPClient{url: baseURL + plainHTTPPath, http: keepAliveClient(conns)}
}

// command posts c and returns the answer; an answer other than 200 with a version is an error.
func (c *plainHTTPClient) command(ctx context.Context, cmd plainCommand) (plainAnswer, error) {
	var a plainAnswer
	body, err := json.Marshal(cmd)
	if err != nil {
		return a, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return a, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return a, fmt.Errorf("error in a plain HTTP command: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return a, fmt.Errorf("error in a plain HTTP command: %w", err)
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &a) != nil || a.Version == 0 {
		return a, fmt.Errorf("plain HTTP command: HTTP %d: %.200s", resp.StatusCode, b)
	}
	return a, nil
}

// playPlainHTTP has each of clients clients post commands commands to the plain HTTP handler at once,
// client i on game i+1 of the plain transaction's tables (preparePlain).
func playPlainHTTP(ctx context.Context, c *plainHTTPClient, clients, commands int) (playResult, error) {
	return playClients(clients, commands, func(i, n int) error {
		game := int64(i + 1)
		_, err := c.command(ctx, plainCommand{Game: game, From: plainTerritoryID(game, n), To: plainTerritoryID(game, n+1)})
		return err
	})
}
