package account

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"

	"rout/ent"
	"rout/notifications"
)

// Querier runs the statements of a read: a *sql.DB, or the *sql.Tx of the caller's transaction. It is
// an alias of an unnamed interface, so that packages that must not import this one (game) can declare
// the same type and call these reads in their transactions.
type Querier = interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ErrNoUser is the error of a read of a user that does not exist.
var ErrNoUser = errors.New("no such user")

// User returns user id's row as the database has it now, or nil when there is none.
func (s *Service) User(ctx context.Context, id int) (*ent.User, error) {
	u, err := s.ent.User.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("error loading user %d: %w", id, err)
	}
	return u, nil
}

// Names returns the names of the users ids that exist, by id; q may be the caller's transaction (nil: the
// service's database).
func (s *Service) Names(ctx context.Context, q Querier, ids []int) (map[int]string, error) {
	if q == nil {
		q = s.db
	}
	return column(ctx, q, "name", ids)
}

// Emails returns the email addresses of the users ids that exist, by id; q may be the caller's
// transaction.
func (s *Service) Emails(ctx context.Context, q Querier, ids []int) (map[int]string, error) {
	return column(ctx, q, "email", ids)
}

// column reads one text column of the users ids.
func column(ctx context.Context, q Querier, col string, ids []int) (map[int]string, error) {
	out := make(map[int]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT id, `+col+` FROM users WHERE id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error reading the %ss of users %v: %w", col, ids, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int
		var v string
		if err := rows.Scan(&id, &v); err != nil {
			return nil, fmt.Errorf("error reading the %ss of users %v: %w", col, ids, err)
		}
		out[id] = v
	}
	return out, rows.Err()
}

// UserByEmail returns the id of the user whose address is email (as stored: trimmed and lower-case),
// or 0 when there is none; q may be the caller's transaction.
func (s *Service) UserByEmail(ctx context.Context, q Querier, email string) (int, error) {
	var id int
	err := q.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("error finding the user of an email address: %w", err)
	}
	return id, nil
}

// Recipient returns where user id receives messages, with the preferences that choose how; ErrNoUser
// when there is no such user.
func (s *Service) Recipient(ctx context.Context, id int) (notifications.Recipient, notifications.Preferences, error) {
	var r prefsRow
	var phone sql.NullString
	to := notifications.Recipient{UserID: id}
	err := s.db.QueryRowContext(ctx, `SELECT email, phone, name, `+prefsColumns+` FROM users WHERE id = $1`, id).
		Scan(append([]any{&to.Email, &phone, &to.Name}, r.dest()...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return notifications.Recipient{}, notifications.Preferences{}, fmt.Errorf("user %d: %w", id, ErrNoUser)
	}
	if err != nil {
		return notifications.Recipient{}, notifications.Preferences{}, fmt.Errorf("error reading the addresses of user %d: %w", id, err)
	}
	to.Phone = phone.String
	return to, r.prefs(), nil
}

// Preferences returns the notification preferences of the users ids that exist, by id; q may be the
// caller's transaction.
func (s *Service) Preferences(ctx context.Context, q Querier, ids []int) (map[int]notifications.Preferences, error) {
	out := make(map[int]notifications.Preferences, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT id, `+prefsColumns+` FROM users WHERE id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error reading the notification preferences of users %v: %w", ids, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int
		var r prefsRow
		if err := rows.Scan(append([]any{&id}, r.dest()...)...); err != nil {
			return nil, fmt.Errorf("error reading the notification preferences of users %v: %w", ids, err)
		}
		out[id] = r.prefs()
	}
	return out, rows.Err()
}

// prefsColumns are the users table's columns of the notification preferences, in prefsRow's order.
const prefsColumns = `notify, COALESCE(notify_kinds::text, ''), digest_hours, time_zone, quiet_start, quiet_end, notify_always`

// prefsRow holds the columns of prefsColumns as scanned.
type prefsRow struct {
	channel, kinds, zone string
	digest               int
	start, end           sql.NullInt64
	always               bool
}

func (r *prefsRow) dest() []any {
	return []any{&r.channel, &r.kinds, &r.digest, &r.zone, &r.start, &r.end, &r.always}
}

// prefs decodes the row. A stored value it cannot read (an unknown channel or zone) falls back to the
// default: preferences never stop a notice.
func (r *prefsRow) prefs() notifications.Preferences {
	p := notifications.Preferences{DigestHours: r.digest, Always: r.always, Location: time.UTC}
	p.Default, _ = notifications.ParseChannel(r.channel)
	if r.kinds != "" {
		var m map[string]string
		if json.Unmarshal([]byte(r.kinds), &m) == nil {
			for k, c := range m {
				kind, err1 := notifications.ParseKind(k)
				ch, err2 := notifications.ParseChannel(c)
				if err1 == nil && err2 == nil {
					if p.Kinds == nil {
						p.Kinds = map[notifications.Kind]notifications.Channel{}
					}
					p.Kinds[kind] = ch
				}
			}
		}
	}
	if loc, err := notifications.LoadTimeZone(r.zone); err == nil {
		p.Location = loc
	}
	if r.start.Valid && r.end.Valid {
		q := notifications.QuietHours{Start: int(r.start.Int64), End: int(r.end.Int64)}
		if q.Validate() == nil {
			p.Quiet = &q
		}
	}
	return p
}
