package game

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"rout/ai"
	"rout/rules"
)

// The bounds of every play of the CPU in one transaction (Opts.PlayCommands, Opts.PlayTime): a TurnPlay,
// and the commands played for a lone survivor after a command (playSurvivor). At most MaxPlayCommands
// commands, none started after PlayTime, so that the game's lock and a database connection are held
// briefly. A turn on the classic map is some tens of commands decided in a few milliseconds; the bounds
// matter on maps of thousands of territories, whose turns then take several transactions (each a run of
// the caller's job).
const (
	MaxPlayCommands = 1000
	PlayTime        = time.Second
)

// playBounds are the bounds of one play that began at began: the one owner of the check.
type playBounds struct {
	commands int
	time     time.Duration
	began    time.Time
}

// bounds returns the bounds of a play that begins now.
func (s *Service) bounds() playBounds {
	return playBounds{commands: s.playCommands, time: s.playTime, began: time.Now()}
}

// reached reports whether a play that has played n commands is at its bounds: n is the most it may play,
// or its time is up (the first command is always played).
func (p playBounds) reached(n int) bool {
	return n >= p.commands || (n > 0 && p.timeUp())
}

// timeUp reports whether the play's time is up: no command, nor another game's turn, is started after it.
func (p playBounds) timeUp() bool { return time.Since(p.began) >= p.time }

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
	in, err := resolvePlayer(in)
	if err != nil {
		return Played{}, err
	}
	var out Played
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		b, done, err := s.lockAndPlay(ctx, tx, in)
		if err != nil {
			return err
		}
		after, err := s.commit(ctx, tx, b)
		if err != nil {
			return err
		}
		out = b.played(after, in.Seat, done)
		return nil
	})
	if err != nil {
		return Played{}, err
	}
	s.cacheCommitted(out.Result)
	s.announce(out.Result)
	return out, nil
}

// lockAndPlay locks in's game, reads its state and plays in's turn on it in memory (playLocked).
func (s *Service) lockAndPlay(ctx context.Context, tx *sql.Tx, in PlayInput) (*batch, bool, error) {
	g, err := s.lockGame(ctx, tx, in.GameID)
	if err != nil {
		return nil, false, err
	}
	cur, err := s.activeState(ctx, tx, g)
	if err != nil {
		return nil, false, err
	}
	return s.playLocked(ctx, tx, g, cur, in)
}

// resolvePlayer checks in's cause and fills in its Player from its Difficulty.
func resolvePlayer(in PlayInput) (PlayInput, error) {
	switch in.Cause {
	case CauseCPU, CauseTakeover, CauseSweeper, CauseSurvivor, CauseDelegate:
	default:
		return in, errorf(CodeBadInput, "a CPU plays a turn as a CPU seat, a takeover, the sweeper, a survivor or a delegate, not as %s", in.Cause)
	}
	if in.Player == nil && in.Difficulty != "" {
		p, ok := ai.ByName(in.Difficulty)
		if !ok {
			return in, errorf(CodeBadInput, "no CPU %q", in.Difficulty)
		}
		in.Player = p
	}
	if in.Cause == CauseDelegate && in.Player == nil {
		return in, errorf(CodeBadInput, "a delegate's turn names its CPU")
	}
	return in, nil
}

// activeState returns the state of locked game g, which must be active (else CONFLICT).
func (s *Service) activeState(ctx context.Context, tx *sql.Tx, g *gameRow) (*cached, error) {
	if g.status != StatusActive {
		return nil, errorf(CodeConflict, "the game is %s", g.status)
	}
	return s.current(ctx, tx, g)
}

// playLocked checks that in's turn is still on in locked game g, whose state is cur (see PlayInput), and
// plays it in memory, as TurnPlay says, into a batch that is not written yet, reading with q what a seat
// remembers under fog (believed). done says whether the turn is over.
func (s *Service) playLocked(ctx context.Context, q querier, g *gameRow, cur *cached, in PlayInput) (b *batch, done bool, err error) {
	if in.Seat < 0 || in.Seat >= len(cur.seats) {
		return nil, false, errorf(CodeNotFound, "no seat %d", in.Seat)
	}
	if st := cur.state; st.Phase() == rules.PhaseOver || st.Turn() != in.Turn || int(st.Current()) != in.Seat {
		return nil, false, errorf(CodeConflict, "the game is at turn %d with seat %d to move, not turn %d of seat %d",
			st.Turn(), st.Current(), in.Turn, in.Seat)
	}
	if in.Cause == CauseDelegate && cur.seats[in.Seat].UserID == 0 {
		return nil, false, errorf(CodeBadInput, "seat %d is no player's: only a player's seat is handed to a CPU", in.Seat)
	}
	if in.Deadline != nil && (!g.deadline.Valid || g.deadline.Time.Sub(*in.Deadline).Abs() > deadlineSlack) {
		return nil, false, errorf(CodeConflict, "turn %d of game %d no longer ends at %s", in.Turn, g.id, in.Deadline.UTC().Format(time.RFC3339Nano))
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
	if b, err = s.begin(g, cur); err != nil {
		return nil, false, err
	}
	if done, err = s.playTurn(ctx, q, b, in, player); err != nil {
		return nil, false, err
	}
	if done && b.turnPlayed(in.Seat, in.Cause) {
		if err := s.boot(ctx, q, b, in.Seat); err != nil {
			return nil, false, err
		}
	}
	return b, done, nil
}

// played is what a committed batch of a TurnPlay did: after is the state commit returned.
func (b *batch) played(after *cached, seat int, done bool) Played {
	return Played{Result: Result{GameID: b.g.id, Version: b.version, Events: b.events, Seat: rules.PlayerID(seat),
		after: after, ann: b.ann, Game: b.g.snapshot(after)}, Commands: b.commands, Done: done}
}

// TakeOverDue takes over in's turn as TurnPlay does (in.Cause is CauseTakeover, in.Deadline its
// deadline) and, in the same transaction, the turns of up to more other games whose turn deadline has
// passed by the service's clock (the latest deadline first: see lockDue): a burst of due deadlines is
// then taken over in a few transactions instead of one for each game. The other games are locked as they
// are found, skipping those another transaction holds (their own deadline jobs take them over), and each
// is played only if its seat to move is a player's, not handed to a CPU (Seat.Delegation), and its turn
// is still on (as PlayInput checks it); the rows of each game are written in one statement, and the
// effects of all of them (the next turns' deadlines and notices, the cancellation of the timers of the
// turns taken over, so that their own deadline jobs no longer run) in one Effects.AfterCommand. No other
// game is started after Opts.PlayTime. An error of in's game (CONFLICT: it moved on) takes nothing over;
// another game whose CPU fails to play is left as it is, for its own deadline job. It returns what was
// played: in's game first, then the others.
func (s *Service) TakeOverDue(ctx context.Context, in PlayInput, more int) ([]Played, error) {
	if in.Cause != CauseTakeover || in.Deadline == nil {
		return nil, errorf(CodeBadInput, "a takeover of due games names its cause %s and its deadline", CauseTakeover)
	}
	in, err := resolvePlayer(in)
	if err != nil {
		return nil, err
	}
	var out []Played
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		bounds := s.bounds()
		b, done, err := s.lockAndPlay(ctx, tx, in)
		if err != nil {
			return err
		}
		bs, ins, dones := []*batch{b}, []PlayInput{in}, []bool{done}
		if more > 0 {
			others, err := lockDue(ctx, tx, b.now, in.GameID, more)
			if err != nil {
				return err
			}
			curs, err := s.currentAll(ctx, tx, others) // lockDue takes active games only
			if err != nil {
				return err
			}
			for k, o := range others {
				if bounds.timeUp() || ctx.Err() != nil {
					break
				}
				deadline, cur := o.deadline.Time, curs[k]
				oin := PlayInput{GameID: o.id, Seat: int(seatFromColumn(o.currentSeat)), Turn: o.turn, Deadline: &deadline,
					Cause: CauseTakeover, Player: in.Player}
				if oin.Seat < 0 || oin.Seat >= len(cur.seats) {
					continue
				}
				if seat := cur.seats[oin.Seat]; seat.UserID == 0 || seat.CPU || seat.Delegation != nil {
					continue // a CPU's turn, or a delegate's: its CPU turn job's, or the sweeper's
				}
				ob, odone, err := s.playLocked(ctx, tx, o, cur, oin)
				if err != nil {
					var ge *Error
					if !errors.As(err, &ge) {
						s.logger.WarnContext(ctx, "error taking over a due turn with another; left for its own deadline job",
							"game_id", o.id, "error", err)
					}
					continue
				}
				bs, ins, dones = append(bs, ob), append(ins, oin), append(dones, odone)
			}
		}
		after, err := s.commitAll(ctx, tx, bs)
		if err != nil {
			return err
		}
		for i, b := range bs {
			out = append(out, b.played(after[i], ins[i].Seat, dones[i]))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, p := range out {
		s.cacheCommitted(p.Result)
		s.announce(p.Result)
	}
	return out, nil
}

// playTurn adds to b the commands of in's turn, chosen by player (a lone survivor's by ai.Normal), until the
// turn is over (done) or at the bounds of one play. It plays at least one command.
func (s *Service) playTurn(ctx context.Context, q querier, b *batch, in PlayInput, player Player) (done bool, err error) {
	bounds := s.bounds()
	for {
		st := b.state
		alone := lone(st)
		if st.Phase() == rules.PhaseOver || (!alone && (st.Turn() != in.Turn || int(st.Current()) != in.Seat)) {
			return true, nil
		}
		if bounds.reached(b.commands) {
			return false, nil
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		seat, play, cause := st.Current(), player, in.Cause
		if alone {
			play, cause = ai.Normal, CauseSurvivor
		}
		// The CPU decides from what its seat sees and remembers: under fog, its believed state.
		believed, err := s.believed(ctx, q, b, seat)
		if err != nil {
			return false, err
		}
		c := play(believed, seat, seed(b.g.id, st.Turn(), b.version))
		if c == nil {
			return false, fmt.Errorf("the CPU found nothing to play for seat %d in turn %d of game %d", seat, st.Turn(), b.g.id)
		}
		if _, err := b.apply(seat, c, cause); err != nil {
			return false, fmt.Errorf("error playing %s for seat %d in turn %d of game %d: %w", c.Kind(), seat, st.Turn(), b.g.id, err)
		}
	}
}
