package game

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"time"

	"rout/ai"
	"rout/rules"
)

// The bounds of one TurnPlay (Opts.PlayCommands, Opts.PlayTime): at most MaxPlayCommands commands, none
// started after PlayTime, so that the game's lock and a database connection are held briefly. A turn on
// the classic map is some tens of commands decided in a few milliseconds; the bounds matter on maps of
// thousands of territories, whose turns then take several transactions (each a run of the caller's job).
const (
	MaxPlayCommands = 1000
	PlayTime        = time.Second
)

// Player chooses a seat's next command, as the ai package's players do: nil when the seat has nothing to
// do. It must be a pure function of its arguments, so that a turn replays the same on any replica.
type Player func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command

// PlayInput asks the service to play a seat's turn with a CPU (Service.TurnPlay).
type PlayInput struct {
	GameID int
	// Seat and Turn are the seat and turn to play (a job's): a game at another turn, or with another seat to
	// move, is refused with CONFLICT, and so is a game that is not active.
	Seat, Turn int
	// Deadline, when set, is the turn's deadline the caller was scheduled for (a takeover): a game whose
	// turn deadline is another (the turn was given more time, or has none) is refused with CONFLICT.
	Deadline *time.Time
	// Cause is why the turn is played: CauseCPU (a CPU seat's turn), CauseTakeover (the turn of a player
	// whose deadline passed), CauseSweeper (a CPU seat's turn whose job was lost) or CauseSurvivor.
	Cause Cause
	// Player chooses the commands; nil for Difficulty, else the seat's own CPU (its difficulty) on a CPU
	// seat, and ai.Cautious on a player's seat. A lone survivor's commands are always ai.Normal's, with
	// CauseSurvivor (see playSurvivor).
	Player Player
	// Difficulty, when Player is nil, names the CPU (one of ai.Names): the delegate of a seat its player
	// handed to a CPU (CauseDelegate, which needs it).
	Difficulty string
}

// Played is what TurnPlay did.
type Played struct {
	// Result holds every command's events, in order, and the version after the last; Seat is the seat
	// played.
	Result
	// Commands is how many commands were played.
	Commands int
	// Done is true when the turn is over: another seat's turn has begun, or the game is over. False: the
	// play stopped at its bounds (Opts.PlayCommands, Opts.PlayTime) and the turn goes on in another call.
	Done bool
}

// deadlineSlack is how far a turn's stored deadline may be from the one a takeover was scheduled for: the
// database keeps microseconds.
const deadlineSlack = time.Millisecond

// TurnPlay plays a seat's turn with a CPU in one transaction: it locks the game once, checks that the
// turn is still the caller's (see PlayInput), then has the CPU choose the seat's commands one by one, each
// decided by rules.Apply on the state the one before it left and recorded as an ordinary command event
// with its cause, until the turn is over (another seat's turn, or the game's end; a seat left alone plays
// on as the lone survivor, docs/rules.md, R43) or the play reaches its bounds (Opts.PlayCommands,
// Opts.PlayTime). Everything is written in one statement and Effects hear it once (one Change); the
// events get consecutive sequence numbers, and live viewers read them after the commit, in order. Each
// choice is seeded by the game, the turn and the version, so the same position gets the same command on
// any replica and after any retry. A command the rules refuse (a CPU's bug) rolls back the whole play:
// nothing is written.
func (s *Service) TurnPlay(ctx context.Context, in PlayInput) (Played, error) {
	switch in.Cause {
	case CauseCPU, CauseTakeover, CauseSweeper, CauseSurvivor, CauseDelegate:
	default:
		return Played{}, errorf(CodeBadInput, "a CPU plays a turn as a CPU seat, a takeover, the sweeper, a survivor or a delegate, not as %s", in.Cause)
	}
	if in.Player == nil && in.Difficulty != "" {
		p, ok := ai.ByName(in.Difficulty)
		if !ok {
			return Played{}, errorf(CodeBadInput, "no CPU %q", in.Difficulty)
		}
		in.Player = p
	}
	if in.Cause == CauseDelegate && in.Player == nil {
		return Played{}, errorf(CodeBadInput, "a delegate's turn names its CPU")
	}
	var out Played
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, in.GameID)
		if err != nil {
			return err
		}
		if g.status != StatusActive {
			return errorf(CodeConflict, "the game is %s", g.status)
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		if in.Seat < 0 || in.Seat >= len(cur.seats) {
			return errorf(CodeNotFound, "no seat %d", in.Seat)
		}
		if st := cur.state; st.Phase() == rules.PhaseOver || st.Turn() != in.Turn || int(st.Current()) != in.Seat {
			return errorf(CodeConflict, "the game is at turn %d with seat %d to move, not turn %d of seat %d",
				st.Turn(), st.Current(), in.Turn, in.Seat)
		}
		if in.Cause == CauseDelegate && cur.seats[in.Seat].UserID == 0 {
			return errorf(CodeBadInput, "seat %d is no player's: only a player's seat is handed to a CPU", in.Seat)
		}
		if in.Deadline != nil && (!g.deadline.Valid || g.deadline.Time.Sub(*in.Deadline).Abs() > deadlineSlack) {
			return errorf(CodeConflict, "turn %d of game %d no longer ends at %s", in.Turn, g.id, in.Deadline.UTC().Format(time.RFC3339Nano))
		}
		player := in.Player
		if player == nil {
			player = ai.Cautious
			if seat := cur.seats[in.Seat]; seat.CPU {
				if p, ok := ai.ByName(seat.Difficulty); ok {
					player = p
				}
			}
		}
		b, err := s.begin(g, cur)
		if err != nil {
			return err
		}
		done, err := s.playTurn(ctx, b, in, player)
		if err != nil {
			return err
		}
		if done {
			b.turnPlayed(in.Seat, in.Cause)
		}
		after, err := s.commit(ctx, tx, b)
		if err != nil {
			return err
		}
		out = Played{Result: Result{GameID: g.id, Version: b.version, Events: b.events, Seat: rules.PlayerID(in.Seat),
			after: after, ann: b.ann, Game: g.snapshot(after)}, Commands: b.commands, Done: done}
		return nil
	})
	if err != nil {
		return Played{}, err
	}
	s.cacheCommitted(out.Result)
	s.announce(out.Result)
	return out, nil
}

// playTurn adds to b the commands of in's turn, chosen by player (a lone survivor's by ai.Normal), until the
// turn is over (done) or at the bounds of one play. It plays at least one command.
func (s *Service) playTurn(ctx context.Context, b *batch, in PlayInput, player Player) (done bool, err error) {
	began := time.Now()
	for {
		st := b.state
		alone := lone(st)
		if st.Phase() == rules.PhaseOver || (!alone && (st.Turn() != in.Turn || int(st.Current()) != in.Seat)) {
			return true, nil
		}
		if b.commands >= s.playCommands || (b.commands > 0 && time.Since(began) >= s.playTime) {
			return false, nil
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		seat, play, cause := st.Current(), player, in.Cause
		if alone {
			play, cause = ai.Normal, CauseSurvivor
		}
		c := play(st, seat, seed(b.g.id, st.Turn(), b.version))
		if c == nil {
			return false, fmt.Errorf("the CPU found nothing to play for seat %d in turn %d of game %d", seat, st.Turn(), b.g.id)
		}
		if _, err := b.apply(seat, c, cause); err != nil {
			return false, fmt.Errorf("error playing %s for seat %d in turn %d of game %d: %w", c.Kind(), seat, st.Turn(), b.g.id, err)
		}
	}
}
