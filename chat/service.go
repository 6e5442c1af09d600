package chat

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/lib/pq"
)

// Channel is the PostgreSQL notification channel of new lines: its payload is "<game id>:<room>:<seq>",
// sent in the transaction that wrote the line (so, at its commit).
const Channel = "rout_chat"

// Service reads and writes the chat. It is safe for concurrent use; any number of services (replicas) may
// share one database.
type Service struct {
	db  *sql.DB
	now func() time.Time
}

// NewService returns the chat service of database db; now is the clock (nil: time.Now).
func NewService(db *sql.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	// PostgreSQL keeps microseconds: the limits compute with the times as stored.
	return &Service{db: db, now: func() time.Time { return now().Round(time.Microsecond) }}
}

// The kinds of lines.
const (
	KindMessage = "message"
	KindRemoval = "removal"
)

// Line is one line of a room as a viewer sees it.
type Line struct {
	// ID is the line's id across every room (its node id).
	ID     int
	GameID int
	Room   Room
	// Seq is the line's number in its room, from 1.
	Seq  int64
	Kind string
	// AuthorID is the message's author; 0 for a removed message and for a removal, which do not say
	// whose they were.
	AuthorID int
	// Body is the message's text; empty when removed, and for a removal.
	Body string
	// Removed tells whether the message was removed ("a message was removed").
	Removed bool
	// Target is a removal's removed message's seq; 0 for a message.
	Target    int64
	CreatedAt time.Time
}

// SendInput is a message to send.
type SendInput struct {
	Room Room
	Body string
	// ClientKey, when set, makes the send idempotent: a retry with the same key and text returns the first
	// message.
	ClientKey string
	// Players are the game's players (seated users, with their teams), of whom Written.Readers are.
	Players []Viewer
	// AfterWrite, when set, runs in the transaction that wrote a new message (not for a retry of a client
	// key), before its commit; it returns what to run after the commit. Its error undoes the send.
	AfterWrite func(ctx context.Context, tx *sql.Tx, w Written) (after func(), err error)
}

// Written is a message Send wrote, for SendInput.AfterWrite.
type Written struct {
	Line StoredLine
	// Readers are the users of SendInput.Players who read the message's room without asking (the players'
	// room, their team's room; never the spectators' room, which players read only when they ask) and
	// see the message: not its author, nobody when it is shadow-muted, nor those who switched the game's
	// chat off. Whom they block is the caller's to check.
	Readers []int
}

// StoredLine is a line as stored, before any viewer's filter: the line as every viewer who sees it sees
// it, with what decides who sees it (Viewer.Sees). A live feed reads a room's new lines once as stored lines
// and keeps, for each subscriber, those its viewer sees.
type StoredLine struct {
	Line
	// Writer is the user who wrote the line: a message's author (also once removed), a removal's remover.
	Writer int
	// Shadow tells whether the line is shadow-muted: shown only to its writer.
	Shadow bool
}

// lineColumns are the columns scanWritten reads, in its order.
const lineColumns = `id, game_id, room, seq, kind, author_id, body, target, removed_at IS NOT NULL, created_at, shadow`

// scanWritten reads one row of lineColumns as written: a removed message keeps its author and text (what
// moderators see).
func scanWritten(row interface{ Scan(...any) error }) (StoredLine, error) {
	var l StoredLine
	var room string
	var target sql.NullInt64
	if err := row.Scan(&l.ID, &l.GameID, &room, &l.Seq, &l.Kind, &l.Writer, &l.Body, &target, &l.Removed, &l.CreatedAt, &l.Shadow); err != nil {
		return StoredLine{}, err
	}
	l.Room, l.Target, l.AuthorID = Room(room), target.Int64, l.Writer
	return l, nil
}

// scanStored reads one row of lineColumns as every viewer who sees it sees it: a removed message and a
// removal say neither whose they were nor what was said.
func scanStored(row interface{ Scan(...any) error }) (StoredLine, error) {
	l, err := scanWritten(row)
	if l.Removed || l.Kind == KindRemoval {
		l.AuthorID, l.Body = 0, ""
	}
	return l, err
}

// scanLine reads one row of lineColumns, as a viewer who sees it sees it.
func scanLine(row interface{ Scan(...any) error }) (Line, error) {
	l, err := scanStored(row)
	return l.Line, err
}

// scanWrittenLine reads one row of lineColumns as written (scanWritten), as a Line.
func scanWrittenLine(row interface{ Scan(...any) error }) (Line, error) {
	l, err := scanWritten(row)
	return l.Line, err
}

// withTx runs f in a transaction, committed when f returns nil.
func (s *Service) withTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("error beginning a chat transaction: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing a chat transaction: %w", err)
	}
	return nil
}

// Send posts a message of v in a room of game g, within the limits, and returns it.
func (s *Service) Send(ctx context.Context, g Game, v Viewer, in SendInput) (Line, error) {
	body := Normalize(in.Body)
	if err := checkText(body); err != nil {
		return Line{}, err
	}
	var out Line
	var after func()
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		set, err := settings(ctx, tx, g.ID, v.UserID)
		if err != nil {
			return err
		}
		if !MayPost(g, v, in.Room, set.PlayersOnly) {
			return refuseRoom(in.Room)
		}
		if set.Off || v.ChatOff {
			return &Error{Code: CodeOff, Message: "you switched this game's chat off"}
		}
		// One send of an author at a time: the limits count what the author sent before.
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, lockAuthor, v.UserID); err != nil {
			return fmt.Errorf("error locking the chat of user %d: %w", v.UserID, err)
		}
		if in.ClientKey != "" {
			first, found, err := byKey(ctx, tx, g.ID, v.UserID, in.ClientKey)
			if err != nil || found {
				if found && (first.Body != body || first.Room != in.Room) {
					return &Error{Code: CodeKeyReused, Message: "this client key was used for another message"}
				}
				out = first
				return err
			}
		}
		timeout, shadow, err := penalties(ctx, tx, v.UserID, s.now())
		if err != nil {
			return err
		}
		if timeout != nil {
			return timedOut(timeout, s.now())
		}
		if err := s.checkLimits(ctx, tx, g.ID, v.UserID, in.Room, body); err != nil {
			return err
		}
		out, err = insertLine(ctx, tx, line{gameID: g.ID, room: in.Room, kind: KindMessage, author: v.UserID, body: body,
			key: in.ClientKey, shadow: shadow != nil}, s.now())
		if err != nil || in.AfterWrite == nil {
			return err
		}
		w := Written{Line: StoredLine{Line: out, Writer: v.UserID, Shadow: shadow != nil}}
		if w.Readers, err = readers(ctx, tx, g, w.Line, in.Players, set.PlayersOnly); err != nil {
			return err
		}
		after, err = in.AfterWrite(ctx, tx, w)
		return err
	})
	if err == nil && after != nil {
		after()
	}
	return out, err
}

// readers returns the users of players who read room l.Room of game g without asking and see line l,
// but those who switched the game's chat off (see Written.Readers).
func readers(ctx context.Context, tx *sql.Tx, g Game, l StoredLine, players []Viewer, playersOnly bool) ([]int, error) {
	if l.Shadow || l.Room == Spectators {
		return nil, nil
	}
	var candidates []int64
	for _, p := range players {
		p.Seated = true
		if p.UserID != l.Writer && MayRead(g, p, l.Room, playersOnly) && p.Sees(l) {
			candidates = append(candidates, int64(p.UserID))
		}
	}
	if len(candidates) == 0 {
		return nil, nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT u FROM unnest($2::bigint[]) AS u
		WHERE NOT EXISTS (SELECT 1 FROM chat_settings s WHERE s.game_id = $1 AND s.user_id = u AND s.off) ORDER BY u`,
		g.ID, pq.Array(candidates))
	if err != nil {
		return nil, fmt.Errorf("error reading who reads the chat of game %d: %w", g.ID, err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var u int
		if err := rows.Scan(&u); err != nil {
			return nil, fmt.Errorf("error reading who reads the chat of game %d: %w", g.ID, err)
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// The advisory lock classes of the chat (pg_advisory_xact_lock(class, id)).
const (
	lockAuthor = 7301 // an author's sends
	lockRoom   = 7302 // a game's rooms' numbering
)

// byKey returns the message user sent to game gameID under key, if any.
func byKey(ctx context.Context, tx *sql.Tx, gameID, userID int, key string) (Line, bool, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+lineColumns+` FROM chat_messages WHERE author_id = $1 AND game_id = $2 AND client_key = $3`,
		userID, gameID, key)
	l, err := scanLine(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Line{}, false, nil
	}
	if err != nil {
		return Line{}, false, fmt.Errorf("error reading the chat message of key %q: %w", key, err)
	}
	return l, true, nil
}

// checkLimits refuses a message that the flood rule, the near-duplicate rule or the daily cap forbid.
func (s *Service) checkLimits(ctx context.Context, tx *sql.Tx, gameID, userID int, room Room, body string) error {
	now := s.now()
	rows, err := tx.QueryContext(ctx, `SELECT game_id, room, body, created_at FROM chat_messages
		WHERE author_id = $1 AND kind = 'message' AND created_at > $2 ORDER BY created_at DESC, id DESC`,
		userID, now.Add(-DailyWindow))
	if err != nil {
		return fmt.Errorf("error reading the chat messages of user %d: %w", userID, err)
	}
	defer rows.Close()
	var day, flood, recent int
	var oldest, oldestFlood time.Time
	var dup bool
	for rows.Next() {
		var g int
		var r, b string
		var at time.Time
		if err := rows.Scan(&g, &r, &b, &at); err != nil {
			return fmt.Errorf("error reading the chat messages of user %d: %w", userID, err)
		}
		day++
		oldest = at
		if g != gameID || Room(r) != room {
			continue
		}
		if at.After(now.Add(-FloodWindow)) {
			flood++
			oldestFlood = at
		}
		if recent < RecentMessages {
			recent++
			dup = dup || NearDuplicate(b, body)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("error reading the chat messages of user %d: %w", userID, err)
	}
	switch {
	case day >= DailyMessages:
		wait := oldest.Add(DailyWindow).Sub(now)
		return &Error{Code: CodeDailyLimit, RetryAfter: wait,
			Message: fmt.Sprintf("at most %d messages a day: retry in %s", DailyMessages, roundUp(wait))}
	case flood >= FloodMessages:
		wait := oldestFlood.Add(FloodWindow).Sub(now)
		return &Error{Code: CodeFlood, RetryAfter: wait,
			Message: fmt.Sprintf("at most %d messages in %s: retry in %s", FloodMessages, FloodWindow, roundUp(wait))}
	case dup:
		return &Error{Code: CodeDuplicate, Message: "this says nearly what one of your last two messages said"}
	}
	return nil
}

// roundUp returns d rounded up to the second.
func roundUp(d time.Duration) time.Duration {
	return (d + time.Second - 1).Truncate(time.Second)
}

// line is a line to write.
type line struct {
	gameID int
	room   Room
	kind   string
	author int
	body   string
	key    string
	target int64
	shadow bool
}

// insertLine numbers and writes a line of a room, and announces it at the commit. A message beyond the
// room's MaxRoomLines is refused; a removal never is.
func insertLine(ctx context.Context, tx *sql.Tx, in line, now time.Time) (Line, error) {
	gameID, room, kind := in.gameID, in.room, in.kind
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, lockRoom, gameID); err != nil {
		return Line{}, fmt.Errorf("error locking the chat of game %d: %w", gameID, err)
	}
	var last int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM chat_messages WHERE game_id = $1 AND room = $2`,
		gameID, string(room)).Scan(&last); err != nil {
		return Line{}, fmt.Errorf("error numbering a chat line of game %d: %w", gameID, err)
	}
	if kind == KindMessage && last >= MaxRoomLines {
		return Line{}, &Error{Code: CodeRoomFull, Message: fmt.Sprintf("this room holds its %d lines: no more messages", MaxRoomLines)}
	}
	row := tx.QueryRowContext(ctx, `INSERT INTO chat_messages (game_id, room, seq, kind, author_id, body, client_key, target, shadow, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, nullif($7, ''), nullif($8, 0), $9, $10)
		RETURNING `+lineColumns, gameID, string(room), last+1, kind, in.author, in.body, in.key, in.target, in.shadow, now)
	l, err := scanLine(row)
	if err != nil {
		return Line{}, fmt.Errorf("error writing a chat line of game %d: %w", gameID, err)
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, fmt.Sprintf("%d:%s:%d", gameID, room, l.Seq)); err != nil {
		return Line{}, fmt.Errorf("error announcing a chat line of game %d: %w", gameID, err)
	}
	if kind == KindMessage {
		// The author sees their own message as sent.
		l.AuthorID, l.Body = in.author, in.body
	}
	return l, nil
}

// GameOf returns the game of line id; CodeNotFound when there is none.
func (s *Service) GameOf(ctx context.Context, id int) (int, error) {
	var g int
	err := s.db.QueryRowContext(ctx, `SELECT game_id FROM chat_messages WHERE id = $1`, id).Scan(&g)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, &Error{Code: CodeNotFound, Message: "no such message"}
	}
	if err != nil {
		return 0, fmt.Errorf("error reading chat line %d: %w", id, err)
	}
	return g, nil
}

// Remove removes message id of game g, which v wrote or v moderates, and returns the removal's line (the
// line of an earlier removal when it was removed already). v must be able to read its room.
func (s *Service) Remove(ctx context.Context, g Game, v Viewer, id int) (Line, error) {
	var out Line
	err := s.withTx(ctx, func(tx *sql.Tx) (err error) {
		out, _, err = s.remove(ctx, tx, g, v, id)
		return err
	})
	return out, err
}

// remove is Remove within tx; it returns the removal's line and the author of the message.
func (s *Service) remove(ctx context.Context, tx *sql.Tx, g Game, v Viewer, id int) (Line, int, error) {
	var room string
	var seq int64
	var author int
	var kind string
	var removed bool
	err := tx.QueryRowContext(ctx, `SELECT room, seq, author_id, kind, removed_at IS NOT NULL FROM chat_messages
		WHERE id = $1 AND game_id = $2 FOR UPDATE`, id, g.ID).Scan(&room, &seq, &author, &kind, &removed)
	if errors.Is(err, sql.ErrNoRows) || err == nil && (kind != KindMessage || !s.visible(ctx, g, v, Room(room))) {
		return Line{}, 0, &Error{Code: CodeNotFound, Message: "no such message"}
	}
	if err != nil {
		return Line{}, 0, fmt.Errorf("error reading chat line %d: %w", id, err)
	}
	if author != v.UserID && !v.Moderator {
		return Line{}, 0, &Error{Code: CodeNotYours, Message: "only its author or a moderator may remove a message"}
	}
	if removed {
		out, err := scanLine(tx.QueryRowContext(ctx, `SELECT `+lineColumns+` FROM chat_messages
			WHERE game_id = $1 AND room = $2 AND kind = 'removal' AND target = $3`, g.ID, room, seq))
		return out, author, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE chat_messages SET removed_at = $2 WHERE id = $1`, id, s.now()); err != nil {
		return Line{}, 0, fmt.Errorf("error removing chat line %d: %w", id, err)
	}
	out, err := insertLine(ctx, tx, line{gameID: g.ID, room: Room(room), kind: KindRemoval, author: v.UserID, target: seq}, s.now())
	if err != nil || author == v.UserID {
		return out, author, err
	}
	return out, author, audit(ctx, tx, v.UserID, ActionRemoveMessage, author, g.ID, id, 0, "", s.now())
}

// visible tells whether v may read room of g (reading the game's options; false on error).
func (s *Service) visible(ctx context.Context, g Game, v Viewer, room Room) bool {
	set, err := settings(ctx, s.db, g.ID, v.UserID)
	return err == nil && MayRead(g, v, room, set.PlayersOnly)
}

// Sees tells whether v sees line l: not when v blocks its writer (a removal excepted: it tells only which
// number was removed), nor when it is shadow-muted and v is not its writer. viewerFilter is the same rule
// in SQL (TestSeesIsViewerFilter holds them together).
func (v Viewer) Sees(l StoredLine) bool {
	return (l.Kind == KindRemoval || !slices.Contains(v.Blocked, l.Writer)) && (!l.Shadow || l.Writer == v.UserID)
}

// viewerFilter is the condition of the lines v may see (Sees), with its arguments from $n on.
func viewerFilter(v Viewer, n int) (string, []any) {
	blocked := make([]int64, len(v.Blocked))
	for i, id := range v.Blocked {
		blocked[i] = int64(id)
	}
	return fmt.Sprintf(`AND (NOT author_id = ANY($%d) OR kind = 'removal') AND (NOT shadow OR author_id = $%d)`, n, n+1),
		[]any{pq.Array(blocked), v.UserID}
}

// History returns up to first messages of room r of game g before number before (0: the newest), newest
// first, as v sees them, and whether there are older ones.
func (s *Service) History(ctx context.Context, g Game, v Viewer, r Room, before int64, first int) ([]Line, bool, error) {
	if err := s.CheckRead(ctx, g, v, r); err != nil {
		return nil, false, err
	}
	if before <= 0 {
		before = 1 << 62
	}
	cond, args := viewerFilter(v, 4)
	rows, err := s.db.QueryContext(ctx, `SELECT `+lineColumns+` FROM chat_messages
		WHERE game_id = $1 AND room = $2 AND seq < $3 AND kind = 'message' `+cond+` ORDER BY seq DESC LIMIT $6`,
		append([]any{g.ID, string(r), before}, append(args, first+1)...)...)
	if err != nil {
		return nil, false, fmt.Errorf("error reading the chat of game %d: %w", g.ID, err)
	}
	lines, err := scanLines(rows, scanLine)
	if err != nil || len(lines) <= first {
		return lines, false, err
	}
	return lines[:first], true, nil
}

// After returns up to limit lines of room r of game g after number after, oldest first, as v sees them:
// what a live subscriber gets (messages and removals).
func (s *Service) After(ctx context.Context, g Game, v Viewer, r Room, after int64, limit int) ([]Line, error) {
	if err := s.CheckRead(ctx, g, v, r); err != nil {
		return nil, err
	}
	cond, args := viewerFilter(v, 4)
	rows, err := s.db.QueryContext(ctx, `SELECT `+lineColumns+` FROM chat_messages
		WHERE game_id = $1 AND room = $2 AND seq > $3 `+cond+` ORDER BY seq LIMIT $6`,
		append([]any{g.ID, string(r), after}, append(args, limit)...)...)
	if err != nil {
		return nil, fmt.Errorf("error reading the chat of game %d: %w", g.ID, err)
	}
	return scanLines(rows, scanLine)
}

// Lines returns up to limit lines of room r of game gameID after number after, oldest first, unfiltered:
// for a live feed, which checked the viewers' access and keeps for each the lines it Sees.
func (s *Service) Lines(ctx context.Context, gameID int, r Room, after int64, limit int) ([]StoredLine, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+lineColumns+` FROM chat_messages
		WHERE game_id = $1 AND room = $2 AND seq > $3 ORDER BY seq LIMIT $4`, gameID, string(r), after, limit)
	if err != nil {
		return nil, fmt.Errorf("error reading the chat of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []StoredLine
	for rows.Next() {
		l, err := scanStored(rows)
		if err != nil {
			return nil, fmt.Errorf("error reading a chat line: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the chat of game %d: %w", gameID, err)
	}
	return out, nil
}

// GameRoom names a room of a game.
type GameRoom struct {
	GameID int
	Room   Room
}

// MaxHeads is the most rooms one call of Heads reads.
const MaxHeads = 1000

// Heads returns the number of the last line of each of rooms (at most MaxHeads) that has lines: what a
// listener that may have missed a notification compares with its own head. One index lookup a room.
func (s *Service) Heads(ctx context.Context, rooms []GameRoom) (map[GameRoom]int64, error) {
	if len(rooms) > MaxHeads {
		return nil, fmt.Errorf("chat: at most %d rooms at once, not %d", MaxHeads, len(rooms))
	}
	games, names := make([]int64, len(rooms)), make([]string, len(rooms))
	for i, r := range rooms {
		games[i], names[i] = int64(r.GameID), string(r.Room)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT k.g, k.r, m.seq FROM unnest($1::bigint[], $2::text[]) AS k(g, r)
		CROSS JOIN LATERAL (SELECT seq FROM chat_messages WHERE game_id = k.g AND room = k.r ORDER BY seq DESC LIMIT 1) m`,
		pq.Array(games), pq.Array(names))
	if err != nil {
		return nil, fmt.Errorf("error reading the heads of %d chat rooms: %w", len(rooms), err)
	}
	defer rows.Close()
	out := make(map[GameRoom]int64, len(rooms))
	for rows.Next() {
		var k GameRoom
		var room string
		var seq int64
		if err := rows.Scan(&k.GameID, &room, &seq); err != nil {
			return nil, fmt.Errorf("error reading the heads of %d chat rooms: %w", len(rooms), err)
		}
		k.Room = Room(room)
		out[k] = seq
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the heads of %d chat rooms: %w", len(rooms), err)
	}
	return out, nil
}

// scanLines reads rows of lineColumns with scan (scanLine or scanWrittenLine), and closes them.
func scanLines(rows *sql.Rows, scan func(row interface{ Scan(...any) error }) (Line, error)) ([]Line, error) {
	defer rows.Close()
	var out []Line
	for rows.Next() {
		l, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("error reading a chat line: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// CheckRead refuses (with an *Error) a room v may not read, or a game whose chat v switched off: what a
// live feed asks before it follows a room for v.
func (s *Service) CheckRead(ctx context.Context, g Game, v Viewer, r Room) error {
	set, err := settings(ctx, s.db, g.ID, v.UserID)
	if err != nil {
		return err
	}
	if !MayRead(g, v, r, set.PlayersOnly) {
		return refuseRoom(r)
	}
	if set.Off || v.ChatOff {
		return &Error{Code: CodeOff, Message: "you switched this game's chat off"}
	}
	return nil
}

// Line returns line id of game g as v sees it; CodeNotFound when v may not see it.
func (s *Service) Line(ctx context.Context, g Game, v Viewer, id int) (Line, error) {
	notFound := &Error{Code: CodeNotFound, Message: "no such message"}
	var room string
	err := s.db.QueryRowContext(ctx, `SELECT room FROM chat_messages WHERE id = $1 AND game_id = $2`, id, g.ID).Scan(&room)
	if errors.Is(err, sql.ErrNoRows) {
		return Line{}, notFound
	}
	if err != nil {
		return Line{}, fmt.Errorf("error reading chat line %d: %w", id, err)
	}
	if err := s.CheckRead(ctx, g, v, Room(room)); err != nil {
		return Line{}, notFound
	}
	cond, args := viewerFilter(v, 3)
	l, err := scanLine(s.db.QueryRowContext(ctx, `SELECT `+lineColumns+` FROM chat_messages WHERE id = $1 AND game_id = $2 `+cond,
		append([]any{id, g.ID}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return Line{}, notFound
	}
	if err != nil {
		return Line{}, fmt.Errorf("error reading chat line %d: %w", id, err)
	}
	return l, nil
}
