// Package inbox owns the notices table: what a user is told about a game (their turn, time running out,
// a CPU played for them, an invitation, their elimination, the end of the game). It holds the notice's
// types, its insert (with the per-user advisory lock that keeps a user's notices committing in id order),
// its reads, the claim of a digest's notices (ClaimDigest, Unclaim), and the PostgreSQL channel on
// which a new notice is announced. Package jobs inserts notices and claims digests,
// package live reads them for subscribers, and package graph shows them. It also owns the send limits of
// notifications that every replica shares (tables notification_sends and notification_rate: TakeUserSend,
// ReserveSend, PruneSends).
package inbox

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"rout/notifications"
)

// Channel is the PostgreSQL channel on which a new notice is announced, as "<user id>:<notice id>", after
// the transaction that inserted it committed (see Insert). Listeners read the notices themselves from the
// database, every one after their head: an announcement may name only the user's highest new id, and a
// lost one is found by the listener's check of its users' heads (Heads).
const Channel = "rout_notices"

// Notice is a notice as stored (a row of the notices table).
type Notice struct {
	// ID is the notice's id: increasing in the user's stream, not contiguous. Resume after it.
	ID int64
	// GameID is the game it is about.
	GameID int
	// Turn is the game's turn when it happened.
	Turn int
	// Kind is what happened: your_turn, turn_warning, cpu_played, seat_delegated, eliminated, game_over,
	// invited, declined, chat (new messages in the game's chat), chat_timeout, tournament_round or
	// tournament_standing (the game is the recipient's table's).
	Kind string
	// Data holds details (a deadline, the winner's seat): a JSON object, or nil.
	Data json.RawMessage
	// CreatedAt is when the notice was written.
	CreatedAt time.Time
}

// New is a notice to insert.
type New struct {
	UserID, GameID, Turn int
	Kind                 notifications.Kind
	Data                 Data
}

// Data is the JSON object stored with a notice for clients (notices.data).
type Data struct {
	Deadline *string `json:"deadline,omitempty"` // your_turn, turn_warning: RFC 3339
	Seat     *int    `json:"seat,omitempty"`     // cpu_played, seat_delegated: the seat the CPU played for
	By       *int    `json:"by,omitempty"`       // eliminated: the seat that took the last territory
	Winner   *int    `json:"winner,omitempty"`   // game_over: the winning seat
	Inviter  *int    `json:"inviter,omitempty"`  // invited: the user who invited (a database id; the API shows a global id)
	// declined: Seat is the seat that was kept, Color its colour and Name the invitee who declined.
	Color *string `json:"color,omitempty"`
	Name  *string `json:"name,omitempty"`
	// chat_timeout: when the timeout ends (RFC 3339) and the moderator's reason.
	Until  *string `json:"until,omitempty"`
	Reason *string `json:"reason,omitempty"`
	// tournament_round, tournament_standing: the tournament (a database id; the API shows a global id),
	// its name and the round that started or ended; tournament_round: bye, true when the recipient has a
	// bye in the round (the notice's game is then another table's); tournament_standing: the rank after
	// the round, of how many entrants, the points, and whether the round was the last.
	Tournament     *int     `json:"tournament,omitempty"`
	TournamentName *string  `json:"tournamentName,omitempty"`
	Round          *int     `json:"round,omitempty"`
	Rank           *int     `json:"rank,omitempty"`
	Entrants       *int     `json:"entrants,omitempty"`
	Points         *float64 `json:"points,omitempty"`
	Final          *bool    `json:"final,omitempty"`
	Bye            *bool    `json:"bye,omitempty"`
}

// Inserted is a notice Insert recorded: its id and what it is.
type Inserted struct {
	ID  int64
	New New
}

// lockSpace is the first key of the transaction-level advisory lock, pg_advisory_xact_lock(space, user
// id), that a transaction takes on a user before it inserts the user's notices ("no" in ASCII: the
// migrations' lock key, 0x726f75745f6d6967, has another first half).
const lockSpace = 0x6e6f

// InsertSQL is Insert's statement, which its caller prepares (for the transaction, or once for the pool
// and then for the transaction: tx.StmtContext): $1 the time, $2 the notices as JSON rows, $3 the users to lock as a
// JSON array, $4 lockSpace. The locks come first (the uncorrelated subquery that counts them runs once,
// before the insert's first row; PostgreSQL evaluates a volatile function of a select list after its ORDER
// BY sort, so they are taken in the order of the ids), then the notices, whose ids are drawn after.
const InsertSQL = `WITH locked AS MATERIALIZED (
		SELECT pg_advisory_xact_lock($4, u) FROM json_array_elements_text($3::json) AS e,
			LATERAL (SELECT e.value::int AS u) AS l ORDER BY u),
	n AS (
		INSERT INTO notices (created_at, user_id, game_id, turn, kind, data)
		SELECT $1, v.user_id, v.game_id, v.turn, v.kind, v.data
		FROM json_to_recordset($2::json) AS v(i int, user_id bigint, game_id bigint, turn bigint, kind text, data json)
		WHERE (SELECT count(*) FROM locked) >= 0
		ORDER BY v.i
		ON CONFLICT DO NOTHING RETURNING id, user_id, game_id, turn, kind)
	SELECT id, user_id, game_id, turn, kind FROM n ORDER BY id`

// Insert records ns with stmt, InsertSQL prepared for a transaction tx, at time now; the caller announces
// each new one on Channel ("<user id>:<notice id>", or the user's highest new id) after tx commits, never
// inside it: a NOTIFY in a transaction holds
// PostgreSQL's notification queue lock, database-wide, from just before its commit until the commit is
// flushed, so that the transactions that notify would commit one after another. It first locks, in
// the order of their ids, every user the notices are for, until tx ends: a user's notices then commit in
// the order of their ids, so that a live subscriber that has seen one id never misses a smaller one
// committed later. A notice the user was told already is skipped: one of the same user, game, turn and
// kind (a chat_timeout excepted: each timeout is told), or, for chat, a chat notice of the user and game
// still unsettled (its digest will count the new messages too). It returns the notices it recorded, in
// the order of ns.
//
// The locks serialize the transactions that tell one user something from the lock to their commit, so
// Insert keeps that stretch short: it is one statement, whatever the number of notices (it takes every
// lock, then inserts every notice), and the callers insert notices last in their transactions.
func Insert(ctx context.Context, stmt *sql.Stmt, now time.Time, ns ...New) ([]Inserted, error) {
	if len(ns) == 0 {
		return nil, nil
	}
	users := make([]int, 0, len(ns))
	for _, n := range ns {
		users = append(users, n.UserID)
	}
	slices.Sort(users)
	users = slices.Compact(users)
	usersJSON, err := json.Marshal(users)
	if err != nil {
		return nil, fmt.Errorf("error encoding the users of notices: %w", err)
	}
	type key struct {
		user, game, turn int
		kind             string
	}
	type row struct {
		I      int             `json:"i"`
		UserID int             `json:"user_id"`
		GameID int             `json:"game_id"`
		Turn   int             `json:"turn"`
		Kind   string          `json:"kind"`
		Data   json.RawMessage `json:"data"`
	}
	var rowsIn []row
	seen := make(map[key]bool, len(ns))
	for _, n := range ns {
		k := key{n.UserID, n.GameID, n.Turn, n.Kind.String()}
		if seen[k] {
			continue
		}
		seen[k] = true
		data, err := json.Marshal(n.Data)
		if err != nil {
			return nil, fmt.Errorf("error encoding a notice: %w", err)
		}
		rowsIn = append(rowsIn, row{I: len(rowsIn), UserID: n.UserID, GameID: n.GameID, Turn: n.Turn, Kind: k.kind, Data: data})
	}
	in, err := json.Marshal(rowsIn)
	if err != nil {
		return nil, fmt.Errorf("error encoding notices: %w", err)
	}
	rows, err := stmt.QueryContext(ctx, now, string(in), string(usersJSON), lockSpace)
	if err != nil {
		return nil, fmt.Errorf("error recording %d notices: %w", len(rowsIn), err)
	}
	defer rows.Close()
	recorded := make(map[key]Inserted, len(rowsIn))
	for rows.Next() {
		var k key
		var in Inserted
		if err := rows.Scan(&in.ID, &k.user, &k.game, &k.turn, &k.kind); err != nil {
			return nil, fmt.Errorf("error reading a recorded notice: %w", err)
		}
		recorded[k] = in
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error recording %d notices: %w", len(rowsIn), err)
	}
	var out []Inserted
	for _, n := range ns {
		k := key{n.UserID, n.GameID, n.Turn, n.Kind.String()}
		in, ok := recorded[k]
		if !ok {
			continue // told already
		}
		delete(recorded, k)
		in.New = n
		out = append(out, in)
	}
	return out, nil
}

// Read returns up to limit notices of user userID after id after, in id order.
func Read(ctx context.Context, db *sql.DB, userID int, after int64, limit int) ([]*Notice, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, game_id, turn, kind, data, created_at FROM notices
		WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`, userID, after, limit)
	if err != nil {
		return nil, fmt.Errorf("error reading the notices of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []*Notice
	for rows.Next() {
		var n Notice
		var data []byte
		if err := rows.Scan(&n.ID, &n.GameID, &n.Turn, &n.Kind, &data, &n.CreatedAt); err != nil {
			return nil, fmt.Errorf("error reading a notice of user %d: %w", userID, err)
		}
		if len(data) > 0 {
			n.Data = data
		}
		out = append(out, &n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the notices of user %d: %w", userID, err)
	}
	return out, nil
}

// MaxHeads is the most users one call of Heads reads.
const MaxHeads = 1000

// Heads returns the id of the last notice of each of users ids that has one (at most MaxHeads ids): what
// a listener that may have missed an announcement compares with its own head.
func Heads(ctx context.Context, db *sql.DB, ids []int) (map[int]int64, error) {
	if len(ids) > MaxHeads {
		return nil, fmt.Errorf("at most %d users at once, not %d", MaxHeads, len(ids))
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, fmt.Errorf("error encoding users: %w", err)
	}
	rows, err := db.QueryContext(ctx, `SELECT u.id, (SELECT max(n.id) FROM notices n WHERE n.user_id = u.id)
		FROM (SELECT e.value::bigint AS id FROM json_array_elements_text($1::json) AS e) AS u`, string(list))
	if err != nil {
		return nil, fmt.Errorf("error reading the notice heads of %d users: %w", len(ids), err)
	}
	defer rows.Close()
	heads := make(map[int]int64, len(ids))
	for rows.Next() {
		var id int
		var head sql.NullInt64
		if err := rows.Scan(&id, &head); err != nil {
			return nil, fmt.Errorf("error reading a notice head: %w", err)
		}
		if head.Valid {
			heads[id] = head.Int64
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the notice heads of %d users: %w", len(ids), err)
	}
	return heads, nil
}

// Last returns the id of user userID's last notice, 0 when none.
func Last(ctx context.Context, db *sql.DB, userID int) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT COALESCE(max(id), 0) FROM notices WHERE user_id = $1`, userID).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("error reading the last notice of user %d: %w", userID, err)
	}
	return id, nil
}

// Delivery is a notice as its sending reads it: whose, what, and whether it was sent or seen already.
type Delivery struct {
	UserID, GameID, Turn int
	Kind                 string
	Data                 []byte // the JSON object, "{}" when none
	Sent                 bool
	Seen                 bool // a live subscriber received it
}

// ErrNotFound is returned by ForDelivery for a notice that is no longer there (its user or game was
// deleted).
var ErrNotFound = errors.New("notice not found")

// ForDelivery reads notice id for sending it.
func ForDelivery(ctx context.Context, db *sql.DB, id int64) (Delivery, error) {
	var d Delivery
	var sent, seen sql.NullTime
	err := db.QueryRowContext(ctx, `SELECT user_id, game_id, turn, kind, COALESCE(data::text, '{}'), sent_at, seen_at
		FROM notices WHERE id = $1`, id).Scan(&d.UserID, &d.GameID, &d.Turn, &d.Kind, &d.Data, &sent, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return Delivery{}, ErrNotFound
	}
	if err != nil {
		return Delivery{}, fmt.Errorf("error reading notice %d: %w", id, err)
	}
	d.Sent, d.Seen = sent.Valid, seen.Valid
	return d, nil
}

// MarkSent records that notice id was sent at time at.
func MarkSent(ctx context.Context, db *sql.DB, id int64, at time.Time) error {
	if _, err := db.ExecContext(ctx, `UPDATE notices SET sent_at = $2 WHERE id = $1`, id, at); err != nil {
		return fmt.Errorf("error marking notice %d sent: %w", id, err)
	}
	return nil
}

// MarkSeen records that a live subscriber received notice id of user userID at time at, unless one had
// already. It is one indexed UPDATE that touches the row only the first time.
func MarkSeen(ctx context.Context, db *sql.DB, userID int, id int64, at time.Time) error {
	if _, err := db.ExecContext(ctx, `UPDATE notices SET seen_at = $3 WHERE id = $2 AND user_id = $1 AND seen_at IS NULL`,
		userID, id, at); err != nil {
		return fmt.Errorf("error marking notice %d seen: %w", id, err)
	}
	return nil
}

// LockUser takes, in tx, the advisory lock Insert takes on user userID: it waits for every transaction
// inserting the user's notices to end, and holds off new ones until tx ends.
func LockUser(ctx context.Context, tx *sql.Tx, userID int) error {
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, lockSpace, userID); err != nil {
		return fmt.Errorf("error locking the notices of user %d: %w", userID, err)
	}
	return nil
}
