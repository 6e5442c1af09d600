package game

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"rout/rules"
)

// storedResult is the idempotency record of a command: the command's fingerprint and what the first call
// answered.
type storedResult struct {
	Command  string `json:"command"` // the fingerprint of the command (see fingerprint)
	Version  int64  `json:"version"`
	FirstSeq int64  `json:"firstSeq"`
	LastSeq  int64  `json:"lastSeq"`
}

// MaxIdempotencyKey is the longest idempotency key accepted.
const MaxIdempotencyKey = 200

// fingerprint is what binds an idempotency key to one command: the SHA-256 of the command's canonical
// encoding (its kind and arguments, as rules.MarshalCommand writes them).
func fingerprint(c rules.Command) (string, error) {
	data, err := rules.MarshalCommand(c)
	if err != nil {
		return "", fmt.Errorf("error encoding the command: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// replayKey looks up the idempotency key of in. found is false when the key is new. A key stored with the
// same command answers with what the first call answered (its version and events); a key stored with
// another command is refused with CodeKeyReused.
func replayKey(ctx context.Context, tx *sql.Tx, gameID int, in CommandInput) (res Result, found bool, err error) {
	var stored []byte
	err = tx.QueryRowContext(ctx, `SELECT result FROM command_keys WHERE game_id = $1 AND user_id = $2 AND key = $3`,
		gameID, in.Actor.UserID, in.IdempotencyKey).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return Result{}, false, nil
	}
	if err != nil {
		return Result{}, false, fmt.Errorf("error reading the idempotency key of user %d in game %d: %w", in.Actor.UserID, gameID, err)
	}
	var r storedResult
	if err := json.Unmarshal(stored, &r); err != nil {
		return Result{}, true, fmt.Errorf("error decoding the stored result of an idempotency key of user %d in game %d: %w", in.Actor.UserID, gameID, err)
	}
	fp, err := fingerprint(in.Command)
	if err != nil {
		return Result{}, true, err
	}
	if r.Command != fp {
		return Result{}, true, errorf(CodeKeyReused, "this idempotency key was used for another command: use a new key for each command")
	}
	events, err := readEvents(ctx, tx, gameID, r.FirstSeq-1, int(r.LastSeq-r.FirstSeq+1))
	if err != nil {
		return Result{}, true, err
	}
	return Result{GameID: gameID, Version: r.Version, Events: events, Replayed: true}, true, nil
}

// storeKey records the idempotency key of in with the command's fingerprint and what the call answered.
func storeKey(ctx context.Context, tx *sql.Tx, gameID int, in CommandInput, res Result) error {
	fp, err := fingerprint(in.Command)
	if err != nil {
		return err
	}
	stored, err := json.Marshal(storedResult{Command: fp, Version: res.Version,
		FirstSeq: res.Events[0].Seq, LastSeq: res.Events[len(res.Events)-1].Seq})
	if err != nil {
		return fmt.Errorf("error encoding the idempotency record of user %d in game %d: %w", in.Actor.UserID, gameID, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO command_keys (game_id, user_id, key, result, created_at)
		VALUES ($1, $2, $3, $4, now())`, gameID, in.Actor.UserID, in.IdempotencyKey, stored); err != nil {
		return fmt.Errorf("error storing the idempotency key of user %d in game %d: %w", in.Actor.UserID, gameID, err)
	}
	return nil
}
