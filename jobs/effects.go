package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/lib/pq"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"rout/account"
	"rout/game"
	"rout/internal/pgstmt"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/rules"
)

// Effects inserts, inside a command's transaction, the jobs and notices the command causes: it is the
// game service's game.Effects. It only inserts (a River client without workers), so it is built first,
// handed to game.New, and the Jobs that work the jobs are built after, with the service (New). Its
// methods are safe for concurrent use.
type Effects struct {
	client   *river.Client[*sql.Tx]
	accounts *account.Service
	now      func() time.Time
	cfg      Config
	// The statements of a turn's end, prepared (Prepare): the cancellation of one turn's timers, of
	// several turns' (cancelTimers), and the notices' (inbox.Insert).
	cancelOne, cancelMany, notices *pgstmt.Stmt
}

// The seam's guards: a signature that drifts from game.Effects fails the build.
var (
	_ game.Effects         = (*Effects)(nil)
	_ game.PreparedEffects = (*Effects)(nil)
)

// EffectsOpts are the dependencies of Effects.
type EffectsOpts struct {
	// DB is the database the game service uses; River's tables are in it (migrate.Up). Required.
	DB *sql.DB
	// Accounts finds invited users and reads names and notification preferences. Required.
	Accounts *account.Service
	// Clock is the game service's clock (game.Opts.Clock), the time notices are recorded at. Default
	// time.Now.
	Clock func() time.Time
	// Config is how jobs run (NotifyAttempts); see DefaultConfig.
	Config Config
	// Logger receives River's records; nil discards them.
	Logger *slog.Logger
}

// NewEffects returns the Effects of a game service on opts.DB: an insert-only River client. It does no
// I/O.
func NewEffects(opts EffectsOpts) (*Effects, error) {
	if opts.DB == nil {
		return nil, errors.New("jobs.NewEffects: a database is required")
	}
	if opts.Accounts == nil {
		return nil, errors.New("jobs.NewEffects: the accounts are required")
	}
	if err := opts.Config.Validate(); err != nil {
		return nil, fmt.Errorf("error configuring jobs: %w", err)
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	client, err := river.NewClient(riverdatabasesql.New(opts.DB), &river.Config{Logger: opts.Logger.With("component", "river")})
	if err != nil {
		return nil, fmt.Errorf("error creating the River client that inserts jobs: %w", err)
	}
	return newEffects(opts.DB, client, opts.Accounts, opts.Clock, opts.Config), nil
}

// newEffects returns the Effects that insert jobs through client, in db, and read the users' preferences
// from accounts.
func newEffects(db *sql.DB, client *river.Client[*sql.Tx], accounts *account.Service, now func() time.Time, cfg Config) *Effects {
	return &Effects{client: client, accounts: accounts, now: now, cfg: cfg,
		cancelOne:  pgstmt.New(db, cancelTimersSQL+`args @> $3::jsonb`),
		cancelMany: pgstmt.New(db, cancelTimersSQL+`(args->>'game_id') || ':' || (args->>'turn') = ANY($3::text[])`),
		notices:    pgstmt.New(db, inbox.InsertSQL)}
}

// Prepare prepares the statements of a turn's end, once: the game service calls it before each
// transaction it begins (game.PreparedEffects). The jobs' own transactions that run them, before it
// did, send them unprepared.
func (j *Effects) Prepare(ctx context.Context) error {
	for _, st := range []*pgstmt.Stmt{j.cancelOne, j.cancelMany, j.notices} {
		if _, err := st.Get(ctx); err != nil {
			return err
		}
	}
	return nil
}

// AfterCommand inserts, in the command's transaction, the jobs and notices the commands of changes cause
// (one change a game): for a turn that ends, the cancellation of its warning and deadline jobs still
// waiting; for a turn that starts, a CPU turn job (CPU seat) or a warning, a deadline and a your_turn
// notice (human seat); eliminated and game_over notices; for the commands of a takeover (Change.Cause
// game.CauseTakeover), the idle player's cpu_played notice; and a seat_delegated notice for each seat the
// change handed to the CPU (Change.HandedOver). A turn of a seat its player handed to a CPU
// (Change.Delegate) gets a CPU turn job, played at once, instead of the timers and the your_turn notice.
// A game's end advances its tournament (a table's game) or closes its ladder table and pairs its ladder.
// Whatever the number of changes, it is one statement for the cancellations, one for the jobs, and the
// notices' (see insertNotices). It implements game.Effects.
func (j *Effects) AfterCommand(ctx context.Context, tx *sql.Tx, changes ...game.Change) error {
	var notices []inbox.New
	announce := make(map[int]game.Announcer, len(changes)) // of each game
	var ended []gameTurn
	var jobs []river.InsertManyParams // inserted in one statement with the notices' jobs
	for _, c := range changes {
		if c.After.Phase() == rules.PhaseOver || c.After.Turn() != c.Before.Turn() {
			ended = append(ended, gameTurn{c.GameID, c.Before.Turn()})
		}
		var ns []inbox.New
		jobs, ns = changeEffects(c, jobs)
		var err error
		if jobs, err = tournamentAdvances(ctx, tx, c, jobs); err != nil {
			return err
		}
		if jobs, err = j.ladderPairs(ctx, tx, c, jobs); err != nil {
			return err
		}
		notices = append(notices, ns...)
		announce[c.GameID] = c.Announce
	}
	if err := j.cancelTimers(ctx, tx, ended); err != nil {
		return err
	}
	return j.insertNotices(ctx, tx, announce, jobs, notices...)
}

// changeEffects appends to jobs the jobs change c causes, and returns them with the notices it causes
// (see AfterCommand).
func changeEffects(c game.Change, jobs []river.InsertManyParams) ([]river.InsertManyParams, []inbox.New) {
	var notices []inbox.New
	if c.After.Phase() != rules.PhaseOver && c.After.ActivePlayers() == 1 {
		// The service stopped playing a lone survivor's commands at its bounds (docs/rules.md, R43): a CPU
		// turn plays on at once, through the service, which plays the rest.
		jobs = append(jobs, insertParams(CPUTurnArgs{GameID: c.GameID, Turn: c.After.Turn(), Seat: int(c.After.Current())}, nil))
	}
	if ts, ok := turnStarted(c); ok {
		seat := c.Seats[ts.Player]
		switch {
		case seat.CPU:
			jobs = append(jobs, insertParams(CPUTurnArgs{GameID: c.GameID, Turn: ts.Turn, Seat: seat.Seat}, nil))
		case seat.UserID != 0 && c.Delegate != "":
			// The player handed the seat to a CPU: it plays the turn at once, and nobody waits for a deadline.
			jobs = append(jobs, insertParams(CPUTurnArgs{GameID: c.GameID, Turn: ts.Turn, Seat: seat.Seat, Delegate: c.Delegate}, nil))
		case seat.UserID != 0 && c.Deadline != nil:
			jobs = append(jobs, insertParams(TurnWarningArgs{GameID: c.GameID, Turn: ts.Turn, Seat: seat.Seat}, c.WarningAt),
				insertParams(TurnDeadlineArgs{GameID: c.GameID, Turn: ts.Turn, Seat: seat.Seat, Deadline: *c.Deadline}, c.Deadline))
			// A handed-over seat's turn is its teammate's to play (docs/rules.md, R90): they are told.
			notices = append(notices, inbox.New{UserID: game.UserPlaying(c.After, c.Seats, ts.Player), GameID: c.GameID, Turn: ts.Turn, Kind: notifications.KindYourTurn,
				Data: inbox.Data{Deadline: rfc3339(*c.Deadline)}})
		}
	} else if c.Delegate != "" && c.After.Phase() != rules.PhaseOver {
		// The change left the seat to move, mid-turn, to the CPU (a seat handed over, R90): it plays the
		// rest of the turn at once.
		jobs = append(jobs, insertParams(CPUTurnArgs{GameID: c.GameID, Turn: c.After.Turn(), Seat: int(c.After.Current()), Delegate: c.Delegate}, nil))
	}
	for _, e := range c.Events {
		switch ev := e.Event.(type) {
		case rules.PlayerEliminated:
			if user := c.Seats[ev.Player].UserID; user != 0 {
				notices = append(notices, inbox.New{UserID: user, GameID: c.GameID, Turn: e.Turn, Kind: notifications.KindEliminated,
					Data: inbox.Data{By: ptr(int(ev.By))}})
			}
		case rules.GameOver:
			for _, seat := range c.Seats {
				if seat.UserID != 0 {
					notices = append(notices, inbox.New{UserID: seat.UserID, GameID: c.GameID, Turn: e.Turn, Kind: notifications.KindGameOver,
						Data: inbox.Data{Winner: ptr(int(ev.Winner))}})
				}
			}
		}
	}
	if c.Cause == game.CauseTakeover && c.Seat >= 0 {
		if seat := int(c.Seat); c.Seats[seat].UserID != 0 {
			notices = append(notices, inbox.New{UserID: c.Seats[seat].UserID, GameID: c.GameID, Turn: c.Before.Turn(),
				Kind: notifications.KindCPUPlayed, Data: inbox.Data{Seat: ptr(seat)}})
		}
	}
	for _, seat := range c.HandedOver {
		if user := c.Seats[seat].UserID; user != 0 {
			notices = append(notices, inbox.New{UserID: user, GameID: c.GameID, Turn: c.Before.Turn(),
				Kind: notifications.KindSeatDelegated, Data: inbox.Data{Seat: ptr(seat)}})
		}
	}
	return jobs, notices
}

// AfterCreate tells the users invited to a new game (the invited seats whose address is a user's). An
// address without an account gets nothing here: a notice needs a user.
func (j *Effects) AfterCreate(ctx context.Context, tx *sql.Tx, g game.NewGame) error {
	var notices []inbox.New
	for _, seat := range g.Seats {
		if seat.Status != game.SeatStatusInvited || seat.InviteEmail == "" {
			continue
		}
		user, err := j.accounts.UserByEmail(ctx, tx, seat.InviteEmail)
		if err != nil {
			return fmt.Errorf("error finding the user invited to seat %d: %w", seat.Seat, err)
		}
		if user == 0 {
			continue
		}
		notices = append(notices, inbox.New{UserID: user, GameID: g.GameID, Turn: 0, Kind: notifications.KindInvited,
			Data: inbox.Data{Inviter: ptr(g.CreatorID)}})
	}
	return j.insertNotices(ctx, tx, map[int]game.Announcer{g.GameID: g.Announce}, nil, notices...)
}

// The seam's guard: jobs tell a creator of a declined invitation.
var _ game.DeclineEffects = (*Effects)(nil)

// AfterDecline tells the creator of a game that an invitee declined their seat: a declined notice (in
// app, and on the channel the creator's preferences give it) naming the invitee and the seat's colour.
func (j *Effects) AfterDecline(ctx context.Context, tx *sql.Tx, d game.Declined) error {
	if d.CreatorID == 0 || d.CreatorID == d.UserID {
		return nil
	}
	names, err := j.accounts.Names(ctx, tx, []int{d.UserID})
	if err != nil {
		return fmt.Errorf("error reading the name of user %d, who declined a seat of game %d: %w", d.UserID, d.GameID, err)
	}
	name := names[d.UserID]
	n := inbox.New{UserID: d.CreatorID, GameID: d.GameID, Turn: 0, Kind: notifications.KindDeclined,
		Data: inbox.Data{Seat: ptr(d.Seat), Color: ptr(d.Color), Name: ptr(name)}}
	return j.insertNotices(ctx, tx, map[int]game.Announcer{d.GameID: d.Announce}, nil, n)
}

// cancelTimersSQL is the start of cancelTimers' statements, which end with the condition on the jobs'
// args ($3): $1 and $2 the kinds of the timers, $4 the time.
const cancelTimersSQL = `UPDATE river_job SET state = 'cancelled', finalized_at = $4,
		metadata = jsonb_set(metadata, '{cancel_attempted_at}', to_jsonb($4::timestamptz), true)
	WHERE kind IN ($1, $2) AND state IN ('available', 'retryable', 'scheduled') AND `

// gameTurn is a turn of a game.
type gameTurn struct{ game, turn int }

// cancelTimers cancels, in tx, the warning and deadline jobs of the turns of games that ended, unless they
// are running (a takeover ending the turn) or done: they would otherwise wait for their time, up to the
// turn limit, to find that the turn is over. It is one statement, whatever the number of turns, and it
// notifies nobody: River's JobCancelTx would NOTIFY, inside the command's transaction, for the sake of a
// running job, which these are not, and a NOTIFY holds PostgreSQL's notification queue lock from just
// before the commit until the commit is flushed, so that commands would commit one after another. The
// rows are left as JobCancelTx leaves a job that is not running: cancelled, finalized, with
// cancel_attempted_at in its metadata.
//
// One turn (a command's) is found through the GIN index on river_job (args). Its lookup of a game and a
// turn costs about a millisecond on a busy table, and one lookup for each of the 50 turns of a batch of
// takeovers (args @> ANY) ten times that each (docs/benchmarks.md): a batch instead reads the waiting
// timers once, with the turns' keys hashed.
func (j *Effects) cancelTimers(ctx context.Context, tx *sql.Tx, ended []gameTurn) error {
	if len(ended) == 0 {
		return nil
	}
	now := j.now().UTC()
	var err error
	if len(ended) == 1 {
		var stmt *sql.Stmt
		if stmt, err = j.cancelOne.In(ctx, tx); err == nil {
			_, err = stmt.ExecContext(ctx, KindTurnWarning, KindTurnDeadline,
				fmt.Sprintf(`{"game_id": %d, "turn": %d}`, ended[0].game, ended[0].turn), now)
		}
	} else {
		keys := make([]string, len(ended))
		for i, t := range ended {
			keys[i] = fmt.Sprintf("%d:%d", t.game, t.turn)
		}
		var stmt *sql.Stmt
		if stmt, err = j.cancelMany.In(ctx, tx); err == nil {
			_, err = stmt.ExecContext(ctx, KindTurnWarning, KindTurnDeadline, pq.Array(keys), now)
		}
	}
	if err != nil {
		if len(ended) == 1 {
			return fmt.Errorf("error cancelling the timers of turn %d of game %d: %w", ended[0].turn, ended[0].game, err)
		}
		return fmt.Errorf("error cancelling the timers of %d turns: %w", len(ended), err)
	}
	return nil
}

// turnStarted returns the turn a command started, if any: the game is not over, and more than one player
// is left (a lone survivor's turns are played by the service at once, and by a CPU turn past its bounds).
func turnStarted(c game.Change) (rules.TurnStarted, bool) {
	if c.After.Phase() == rules.PhaseOver || c.After.ActivePlayers() == 1 {
		return rules.TurnStarted{}, false
	}
	for i := len(c.Events) - 1; i >= 0; i-- {
		if ts, ok := c.Events[i].Event.(rules.TurnStarted); ok && ts.Turn == c.After.Turn() {
			return ts, true
		}
	}
	return rules.TurnStarted{}, false
}

// insertParams returns the insertion of a game job at time at (nil: now), with the job's own options.
func insertParams(args argsWithOpts, at *time.Time) river.InsertManyParams {
	opts := args.InsertOpts()
	if at != nil {
		opts.ScheduledAt = *at
	}
	return river.InsertManyParams{Args: args, InsertOpts: &opts}
}

func ptr[T any](v T) *T { return &v }

func rfc3339(t time.Time) *string { return ptr(t.UTC().Format(time.RFC3339)) }
