package schema_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/dbtest"
	"rout/ent"
	"rout/ent/commandkey"
	"rout/ent/event"
	"rout/ent/game"
	"rout/ent/player"
	"rout/ent/territory"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// newClient returns an Ent client on a new migrated database.
func newClient(t *testing.T) *ent.Client {
	t.Helper()
	db := dbtest.Migrated(t)
	return ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
}

// TestSchema writes and reads one game with every kind of row, checks the constraints the schema declares,
// and that deleting the game deletes its rows.
func TestSchema(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	c := newClient(t)

	alice, err := c.User.Create().SetName("alice").SetEmail("alice@example.com").SetPasswordHash("x").Save(ctx)
	if err != nil {
		t.Fatalf("creating a user: %v", err)
	}
	if alice.Notify != "email" || alice.Admin || alice.Phone != nil {
		t.Errorf("new user = %+v, want notify email, not admin, no phone", alice)
	}
	if _, err := c.User.Create().SetName("bob").SetEmail("Bob@example.com").SetPasswordHash("x").Save(ctx); !ent.IsValidationError(err) {
		t.Errorf("creating a user with an upper-case email: error = %v, want a validation error", err)
	}
	if _, err := c.User.Create().SetName("").SetEmail("e@example.com").SetPasswordHash("x").Save(ctx); !ent.IsValidationError(err) {
		t.Errorf("creating a user with an empty name: error = %v, want a validation error", err)
	}
	if _, err := c.User.Create().SetName("alice").SetEmail("other@example.com").SetPasswordHash("x").Save(ctx); !ent.IsConstraintError(err) {
		t.Errorf("creating a second alice: error = %v, want a constraint error", err)
	}

	hash := bytes.Repeat([]byte{7}, 32)
	if _, err := c.Token.Create().SetUser(alice).SetKind("api").SetName("bot").SetHash(hash).Save(ctx); err != nil {
		t.Fatalf("creating a token: %v", err)
	}
	if _, err := c.Token.Create().SetUser(alice).SetKind("session").SetHash(hash[:16]).Save(ctx); !ent.IsValidationError(err) {
		t.Errorf("creating a token with a short hash: error = %v, want a validation error", err)
	}

	def := json.RawMessage(`{"id": "tiny", "version": 1}`)
	m, err := c.GameMap.Create().SetKey("tiny").SetVersion(1).SetName("Tiny").SetDefinition(def).SetBuiltin(true).Save(ctx)
	if err != nil {
		t.Fatalf("creating a map: %v", err)
	}
	if _, err := c.GameMap.Create().SetKey("tiny").SetVersion(1).SetName("Tiny").SetDefinition(def).Save(ctx); !ent.IsConstraintError(err) {
		t.Errorf("creating a map with a taken key and version: error = %v, want a constraint error", err)
	}

	deadline := time.Now().Add(-time.Minute)
	g, err := c.Game.Create().SetMap(m).SetCreator(alice).SetStatus(game.StatusActive).SetTurnDeadline(deadline).
		SetEngine(json.RawMessage(`{"round": 1}`)).SetDice([]byte{1, 2, 3}).Save(ctx)
	if err != nil {
		t.Fatalf("creating a game: %v", err)
	}
	if g.TurnLimitSeconds != 129600 || g.TtbPercent != 6 || g.CurrentSeat != -1 || g.Phase != "setup" {
		t.Errorf("new game = %+v, want the defaults", g)
	}
	if _, err := c.Game.Create().SetMap(m).SetCreator(alice).SetTurnLimitSeconds(60).Save(ctx); !ent.IsValidationError(err) {
		t.Errorf("creating a game with a one-minute turn limit: error = %v, want a validation error", err)
	}

	if _, err := c.Player.Create().SetGame(g).SetSeat(0).SetUser(alice).SetColor("red").SetStatus(player.StatusActive).Save(ctx); err != nil {
		t.Fatalf("creating a seat: %v", err)
	}
	if _, err := c.Player.Create().SetGame(g).SetSeat(1).SetCPU(true).SetDifficulty(player.DifficultyCautious).SetColor("blue").Save(ctx); err != nil {
		t.Fatalf("creating a CPU seat: %v", err)
	}
	if _, err := c.Player.Create().SetGame(g).SetSeat(1).SetColor("green").Save(ctx); !ent.IsConstraintError(err) {
		t.Errorf("creating a taken seat: error = %v, want a constraint error", err)
	}
	for i := range 3 {
		if _, err := c.Territory.Create().SetGame(g).SetIdx(i).SetOwnerSeat(i % 2).SetArmies(1).Save(ctx); err != nil {
			t.Fatalf("creating a territory: %v", err)
		}
		if _, err := c.Card.Create().SetGame(g).SetIdx(i).SetPosition(i).Save(ctx); err != nil {
			t.Fatalf("creating a card: %v", err)
		}
	}
	payload := json.RawMessage(`{"kind":"game_started"}`)
	if _, err := c.Event.Create().SetGame(g).SetSeq(1).SetTurn(0).SetKind("game_started").SetPayload(payload).Save(ctx); err != nil {
		t.Fatalf("creating an event: %v", err)
	}
	if _, err := c.Event.Create().SetGame(g).SetSeq(1).SetTurn(0).SetKind("game_started").SetPayload(payload).Save(ctx); !ent.IsConstraintError(err) {
		t.Errorf("creating a second event 1: error = %v, want a constraint error", err)
	}
	ev, err := c.Event.Query().Where(event.GameID(g.ID), event.SeqGT(0)).Only(ctx)
	if err != nil {
		t.Fatalf("reading the events: %v", err)
	}
	if ev.Seat != -1 || string(ev.Payload) != string(payload) {
		t.Errorf("event = %+v, want seat -1 and payload %s", ev, payload)
	}

	// An idempotency key is stored once; a retry does nothing (upsert).
	for range 2 {
		err := c.CommandKey.Create().SetGame(g).SetUser(alice).SetKey("k1").SetResult(json.RawMessage(`{"ok":true}`)).
			OnConflictColumns(commandkey.FieldGameID, commandkey.FieldUserID, commandkey.FieldKey).DoNothing().Exec(ctx)
		if err != nil && !errors.Is(err, sql.ErrNoRows) { // DoNothing on a conflict returns no row
			t.Fatalf("storing an idempotency key: %v", err)
		}
	}
	if n := c.CommandKey.Query().CountX(ctx); n != 1 {
		t.Errorf("idempotency keys = %d, want 1", n)
	}

	// The game row can be locked (sql/lock), and due deadlines found.
	tx, err := c.Tx(ctx)
	if err != nil {
		t.Fatalf("Tx() error = %v", err)
	}
	due, err := tx.Game.Query().Where(game.StatusEQ(game.StatusActive), game.TurnDeadlineLTE(time.Now())).ForUpdate().IDs(ctx)
	if err != nil {
		t.Fatalf("locking due games: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatalf("Commit() error = %v", err)
	}
	if len(due) != 1 || due[0] != g.ID {
		t.Errorf("due games = %v, want [%d]", due, g.ID)
	}
	if seats := alice.QuerySeats().CountX(ctx); seats != 1 {
		t.Errorf("alice's seats = %d, want 1", seats)
	}

	if err := c.Game.DeleteOne(g).Exec(ctx); err != nil {
		t.Fatalf("deleting the game: %v", err)
	}
	left := c.Player.Query().CountX(ctx) + c.Territory.Query().Where(territory.GameID(g.ID)).CountX(ctx) +
		c.Card.Query().CountX(ctx) + c.Event.Query().CountX(ctx) + c.CommandKey.Query().CountX(ctx)
	if left != 0 {
		t.Errorf("%d rows of the deleted game are left, want 0", left)
	}
	if err := c.User.DeleteOne(alice).Exec(ctx); err != nil {
		t.Fatalf("deleting the user: %v", err)
	}
	if n := c.Token.Query().CountX(ctx); n != 0 {
		t.Errorf("%d tokens of the deleted user are left, want 0", n)
	}
}
