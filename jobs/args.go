package jobs

import (
	"time"

	"github.com/riverqueue/river"
)

// The job kinds: stable names stored in river_job.kind, never the Go type names.
const (
	KindCPUTurn      = "rout_cpu_turn"
	KindTurnWarning  = "rout_turn_warning"
	KindTurnDeadline = "rout_turn_deadline"
	KindNotification = "rout_notification"
	KindSweep        = "rout_sweep"
)

// Kinds returns every job kind, for metrics and tests.
func Kinds() []string {
	return []string{KindCPUTurn, KindTurnWarning, KindTurnDeadline, KindNotification, KindDigest, KindSweep,
		KindTournamentAdvance, KindTournamentSweep, KindLadderPair, KindLadderSweep}
}

// The queues: the game's timers (warnings, deadlines, the sweeper) wait neither behind CPU turns, which
// may be many and slow on a large map, nor behind slow mail; CPU turns do not wait behind a burst of due
// deadlines.
const (
	QueueGame   = "rout_game"   // warnings, deadlines (takeovers), the sweeper: Config.MaxWorkers
	QueueCPU    = "rout_cpu"    // CPU turns: Config.CPUWorkers
	QueueNotify = "rout_notify" // notifications: Config.NotifyWorkers
)

// argsWithOpts are job args with their own insert options.
type argsWithOpts interface {
	river.JobArgs
	InsertOpts() river.InsertOpts
}

// gameOpts are the insert options of the game jobs: one per game and turn (the args tagged unique).
var gameOpts = river.InsertOpts{Queue: QueueGame, UniqueOpts: river.UniqueOpts{ByArgs: true}}

// CPUTurnArgs asks a CPU to play seat Seat's turn Turn of game GameID (a game turn, a claim pick or a
// placement turn). Delegate, when set, is the CPU (one of ai.Names) a player handed their seat to: it plays
// the turn with the cause game.CauseDelegate.
type CPUTurnArgs struct {
	GameID   int    `json:"game_id" river:"unique"`
	Turn     int    `json:"turn" river:"unique"`
	Seat     int    `json:"seat"`
	Delegate string `json:"delegate,omitempty"`
}

// Kind is KindCPUTurn.
func (CPUTurnArgs) Kind() string { return KindCPUTurn }

// InsertOpts makes the job unique per game and turn, in QueueCPU.
func (CPUTurnArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueCPU, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// TurnWarningArgs tells the player of seat Seat that turn Turn of game GameID is running out.
type TurnWarningArgs struct {
	GameID int `json:"game_id" river:"unique"`
	Turn   int `json:"turn" river:"unique"`
	Seat   int `json:"seat"`
}

// Kind is KindTurnWarning.
func (TurnWarningArgs) Kind() string { return KindTurnWarning }

// InsertOpts makes the job unique per game and turn, in QueueGame.
func (TurnWarningArgs) InsertOpts() river.InsertOpts { return gameOpts }

// TurnDeadlineArgs takes over seat Seat's turn Turn of game GameID when its Deadline has passed.
type TurnDeadlineArgs struct {
	GameID   int       `json:"game_id" river:"unique"`
	Turn     int       `json:"turn" river:"unique"`
	Seat     int       `json:"seat"`
	Deadline time.Time `json:"deadline"`
}

// Kind is KindTurnDeadline.
func (TurnDeadlineArgs) Kind() string { return KindTurnDeadline }

// InsertOpts makes the job unique per game and turn, in QueueGame.
func (TurnDeadlineArgs) InsertOpts() river.InsertOpts { return gameOpts }

// NotificationArgs sends the email or SMS of notice NoticeID. NoticeKind and UserID are there for
// operators reading the job list; the worker reads the notice itself.
type NotificationArgs struct {
	NoticeID   int64  `json:"notice_id" river:"unique"`
	NoticeKind string `json:"kind"`
	UserID     int    `json:"user_id"`
}

// Kind is KindNotification.
func (NotificationArgs) Kind() string { return KindNotification }

// InsertOpts makes the job unique per notice, in QueueNotify. The attempts come from Config.
func (NotificationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SweepArgs runs the sweeper once.
type SweepArgs struct{}

// Kind is KindSweep.
func (SweepArgs) Kind() string { return KindSweep }

// InsertOpts puts the sweeper in QueueGame with one attempt: the next period runs it again.
func (SweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGame, MaxAttempts: 1}
}
