package game

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/lib/pq"

	"rout/rules"
)

// Turn limits.
const (
	MinTurnLimit     = time.Hour
	MaxTurnLimit     = 30 * 24 * time.Hour
	DefaultTurnLimit = 36 * time.Hour
)

// SeatKind is how a seat is filled when a game is created.
type SeatKind int

// The seat kinds.
const (
	SeatOpen    SeatKind = iota // anyone may join
	SeatUser                    // taken by UserID (usually the creator)
	SeatInvited                 // kept for the user with InviteEmail, or anyone with the invite code
	SeatCPU                     // played by the CPU at Difficulty
)

// SeatSpec is one seat of a new game.
type SeatSpec struct {
	Kind        SeatKind
	UserID      int
	InviteEmail string
	Difficulty  string // easy, normal, hard or cautious; default normal
	Color       string
	Team        int // in a team game, the seat's team: its index in CreateInput.Teams
}

// CreateInput is a new game's settings.
type CreateInput struct {
	CreatorID  int
	MapKey     string
	MapVersion int // 0: the newest version
	Seats      []SeatSpec
	TurnLimit  time.Duration // 0: DefaultTurnLimit
	Claim      rules.ClaimStrategy
	Cards      rules.CardSystem
	TTBPercent int       // 0: 6
	Fog        rules.Fog // what players see of others' territories (docs/rules.md R76)
	Private    bool      // joining needs the invite code
	Name       string    // up to MaxGameName characters; empty for none
	// Teams are a team game's teams (2 to 6, each of 1 to 4 seats: SeatSpec.Team), none for a free-for-all;
	// TeamRules its options (docs/rules.md R86 to R90).
	Teams     []Team
	TeamRules rules.TeamRules
	// Rated makes the game's end update its human players' ratings (docs/ratings.md); off by default.
	Rated bool
	// IdleResigns makes the AutoDelegateTakeovers-th takeover in a row of a player's turns resign their
	// seat, ranked by when it left (a loss), instead of handing it to the CPU: a ladder's games are created
	// so (docs/service.md, "Handing a seat to a CPU"). Off by default.
	IdleResigns bool
	// Start starts the game in the transaction that creates it, as its creator's GameStart would: every
	// seat must then be a user's or a CPU's. A tournament's tables are games created so.
	Start bool
	// DiceSeed is the dice seed the creator contributes for their seat (docs/dice.md): 64 hexadecimal
	// digits, or "" for none.
	DiceSeed string
	// Key, when set, makes the creation idempotent: a game created under the key is found and returned
	// (Created.Existing) instead of a new one, whatever its status; a key that names a game of another
	// creator, map or seats is CodeKeyReused. At most MaxCreateKey bytes.
	Key string
}

// MaxCreateKey is the most bytes of CreateInput.Key.
const MaxCreateKey = 128

// MaxGameName is the most characters of a game's name.
const MaxGameName = 60

// Created is a new game.
type Created struct {
	GameID     int
	InviteCode string // empty for a public game without invited seats
	// Existing tells that the game was created earlier under CreateInput.Key: this call created nothing.
	Existing bool
}

// GameCreate creates a game in the open status: seats as specified, the board and the deck in rows; with
// in.Start, it starts it in the same transaction. With in.Key, a game created under the key before is
// returned instead (Created.Existing), and two calls at once create one game.
func (s *Service) GameCreate(ctx context.Context, in CreateInput) (Created, error) {
	created, err := s.gameCreate(ctx, in)
	if in.Key != "" && isUniqueViolation(err, "games_create_key_key") {
		// Another call created the game under the key since this one looked: it is found now.
		return s.gameCreate(ctx, in)
	}
	return created, err
}

// gameCreate is GameCreate, once.
func (s *Service) gameCreate(ctx context.Context, in CreateInput) (Created, error) {
	if len(in.Key) > MaxCreateKey {
		return Created{}, errorf(CodeBadInput, "the creation key must be at most %d bytes", MaxCreateKey)
	}
	if in.TurnLimit == 0 {
		in.TurnLimit = DefaultTurnLimit
	}
	if in.TurnLimit < MinTurnLimit || in.TurnLimit > MaxTurnLimit || in.TurnLimit%time.Second != 0 {
		return Created{}, errorf(CodeBadInput, "the turn limit must be whole seconds from %s to %s", MinTurnLimit, MaxTurnLimit)
	}
	if in.TTBPercent == 0 {
		in.TTBPercent = rules.DefaultTTBPercent
	}
	seed, err := ParseSeed(in.DiceSeed)
	if err != nil {
		return Created{}, err
	}
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	if utf8.RuneCountInString(in.Name) > MaxGameName || strings.IndexFunc(in.Name, unicode.IsControl) >= 0 || !utf8.ValidString(in.Name) {
		return Created{}, errorf(CodeBadInput, "the name must be at most %d characters, without control characters", MaxGameName)
	}
	var created Created
	var ann announcements
	var started *Result
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		if in.Key != "" {
			found, err := createdUnder(ctx, tx, in)
			if err != nil || found.GameID != 0 {
				created = found
				return err
			}
		}
		mapID, err := s.findMap(ctx, tx, in.MapKey, in.MapVersion, in.CreatorID)
		if err != nil {
			return err
		}
		board, err := s.board(ctx, tx, mapID)
		if err != nil {
			return err
		}
		cfg := rules.Config{Claim: in.Claim, Cards: in.Cards, TTBPercent: in.TTBPercent, Fog: in.Fog}
		for i, seat := range in.Seats {
			cfg.Seats = append(cfg.Seats, rules.Seat{Color: seat.Color})
			if err := checkSeat(i, seat); err != nil {
				return err
			}
			if err := s.checkInvitation(ctx, tx, i, seat, in.CreatorID); err != nil {
				return err
			}
		}
		if _, err := rules.New(board, cfg); err != nil {
			if re, ok := errors.AsType[*rules.Error](err); ok {
				return errorf(CodeBadInput, "%s", re.Message)
			}
			return err
		}
		if _, err := withTeams(board, cfg, &in); err != nil {
			return err
		}
		if err := checkRated(in); err != nil {
			return err
		}
		teamsJSON, teamRulesJSON, err := encodeTeams(in.Teams, in.TeamRules)
		if err != nil {
			return err
		}
		var invite sql.NullString
		if in.Private || slices.ContainsFunc(in.Seats, func(s SeatSpec) bool { return s.Kind == SeatInvited }) {
			invite = sql.NullString{String: newInviteCode(), Valid: true}
		}
		seeds := make([]*rules.Seed, len(in.Seats))
		for i, seat := range in.Seats {
			if seat.Kind == SeatUser && seat.UserID == in.CreatorID {
				seeds[i] = seed
			}
		}
		diceState, err := newDiceColumn(seeds)
		if err != nil {
			return err
		}
		err = tx.QueryRowContext(ctx, `INSERT INTO games (created_at, updated_at, map_id, creator_id, turn_limit_seconds,
			claim, card_system, ttb_percent, fog, status, phase, dice, invite_code, name, teams, team_rules, rated, create_key, idle_resigns)
			VALUES (now(), now(), $1, $2, $3, $4, $5, $6, $7, 'open', 'setup', $8, $9, $10, $11, $12, $13, NULLIF($14, ''), $15) RETURNING id`,
			mapID, in.CreatorID, int64(in.TurnLimit/time.Second), in.Claim.String(), in.Cards.String(), in.TTBPercent,
			in.Fog.String(), diceState, invite, in.Name, teamsJSON, teamRulesJSON, in.Rated, in.Key, in.IdleResigns).Scan(&created.GameID)
		if err != nil {
			return fmt.Errorf("error creating a game on map %s for user %d: %w", in.MapKey, in.CreatorID, err)
		}
		created.InviteCode = invite.String
		s.mapOf.put(created.GameID, mapID)
		seats := make([]Seat, len(in.Seats))
		for i, seat := range in.Seats {
			status, user, cpu, difficulty, email := SeatStatusOpen, sql.NullInt64{}, false, sql.NullString{}, sql.NullString{}
			switch seat.Kind {
			case SeatUser:
				status, user = SeatStatusActive, sql.NullInt64{Int64: int64(seat.UserID), Valid: true}
			case SeatInvited:
				status, email = SeatStatusInvited, sql.NullString{String: strings.ToLower(seat.InviteEmail), Valid: true}
			case SeatCPU:
				status, cpu = SeatStatusActive, true
				difficulty = sql.NullString{String: cmp(seat.Difficulty, "normal"), Valid: true}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO players (game_id, seat, user_id, cpu, difficulty, color, status, invite_email, team)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, created.GameID, i, user, cpu, difficulty, seat.Color, status, email,
				teamColumn(in.Teams, seat.Team)); err != nil {
				return fmt.Errorf("error creating seat %d of game %d: %w", i, created.GameID, err)
			}
			seats[i] = Seat{Seat: i, UserID: int(user.Int64), CPU: cpu, Difficulty: difficulty.String, Color: seat.Color,
				Status: status, InviteEmail: email.String, Team: seat.Team}
		}
		if err := insertBoard(ctx, tx, created.GameID, board); err != nil {
			return err
		}
		if s.effects != nil {
			if err := s.effects.AfterCreate(ctx, tx, NewGame{GameID: created.GameID, CreatorID: in.CreatorID, Seats: seats, Announce: &ann}); err != nil {
				return fmt.Errorf("error running the effects of new game %d: %w", created.GameID, err)
			}
		}
		if !in.Start {
			return nil
		}
		g, err := s.lockGame(ctx, tx, created.GameID)
		if err != nil {
			return err
		}
		res, err := s.start(ctx, tx, g)
		started = &res
		return err
	})
	if err != nil {
		var pqErr *pq.Error
		if errors.As(err, &pqErr) && pqErr.Code == "23503" { // foreign key: no such user
			return Created{}, errorf(CodeNotFound, "no such user")
		}
		return Created{}, err
	}
	if created.Existing {
		return created, nil
	}
	s.announce(Result{ann: ann})
	s.logger.InfoContext(ctx, "game created", "game_id", created.GameID, "creator_id", in.CreatorID, "map", in.MapKey)
	if started != nil {
		s.cacheCommitted(*started)
		s.announce(*started)
		s.announceLobby(started.GameID, started.Version)
	}
	return created, nil
}

// createdUnder returns the game created under in.Key, if any (Created.GameID 0: none), refusing with
// CodeKeyReused a game of another creator, map or seats than in asks for.
func createdUnder(ctx context.Context, tx *sql.Tx, in CreateInput) (Created, error) {
	var id, creator int
	var mapKey string
	var invite sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT g.id, g.creator_id, m.key, g.invite_code FROM games g JOIN maps m ON m.id = g.map_id
		WHERE g.create_key = $1`, in.Key).Scan(&id, &creator, &mapKey, &invite)
	if errors.Is(err, sql.ErrNoRows) {
		return Created{}, nil
	}
	if err != nil {
		return Created{}, fmt.Errorf("error finding the game created under key %q: %w", in.Key, err)
	}
	seats, err := loadSeats(ctx, tx, id)
	if err != nil {
		return Created{}, err
	}
	same := creator == in.CreatorID && mapKey == in.MapKey && len(seats) == len(in.Seats)
	for i := 0; same && i < len(seats); i++ {
		same = seats[i].UserID == in.Seats[i].UserID && seats[i].CPU == (in.Seats[i].Kind == SeatCPU)
	}
	if !same {
		return Created{}, errorf(CodeKeyReused, "the creation key %q names another game", in.Key)
	}
	return Created{GameID: id, InviteCode: invite.String, Existing: true}, nil
}

// isUniqueViolation reports whether err is PostgreSQL's unique violation of the index named constraint.
func isUniqueViolation(err error, constraint string) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "23505" && pqErr.Constraint == constraint
}

func cmp(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// checkRated refuses a rated game whose end could change no rating (docs/ratings.md, "Rated games"): the
// humans are rated among themselves, so it needs seats for two people at least (the creator's, open or
// invited seats), and in a team game people on two teams at least.
func checkRated(in CreateInput) error {
	if !in.Rated {
		return nil
	}
	people, teams := 0, map[int]bool{}
	for _, s := range in.Seats {
		if s.Kind != SeatCPU {
			people++
			teams[s.Team] = true
		}
	}
	switch {
	case people < 2:
		return errorf(CodeRatedNeedsOpponents, "a rated game needs seats for two players at least: CPU seats are not rated")
	case len(in.Teams) > 0 && len(teams) < 2:
		return errorf(CodeRatedNeedsOpponents, "a rated team game needs seats for players on two teams at least: CPU seats are not rated")
	}
	return nil
}

func checkSeat(i int, seat SeatSpec) error {
	switch seat.Kind {
	case SeatOpen:
	case SeatUser:
		if seat.UserID <= 0 {
			return errorf(CodeBadInput, "seat %d: a user seat needs a user", i)
		}
	case SeatInvited:
		if !strings.Contains(seat.InviteEmail, "@") {
			return errorf(CodeBadInput, "seat %d: an invited seat needs an email address", i)
		}
	case SeatCPU:
		if !slices.Contains([]string{"", "easy", "normal", "hard", "cautious"}, seat.Difficulty) {
			return errorf(CodeBadInput, "seat %d: difficulty must be easy, normal, hard or cautious", i)
		}
	default:
		return errorf(CodeBadInput, "seat %d: unknown seat kind %d", i, seat.Kind)
	}
	return nil
}

// checkInvitation refuses (CodeInvitationRefused) seat i of a new game when it invites the address of a
// user who blocks the game's creator.
func (s *Service) checkInvitation(ctx context.Context, tx *sql.Tx, i int, seat SeatSpec, creatorID int) error {
	if seat.Kind != SeatInvited {
		return nil
	}
	invitee, err := s.accounts.UserByEmail(ctx, tx, strings.ToLower(seat.InviteEmail))
	if err != nil || invitee == 0 {
		return err
	}
	blocked, err := s.accounts.Blocks(ctx, tx, invitee, creatorID)
	if err != nil {
		return err
	}
	if blocked {
		return errorf(CodeInvitationRefused, "seat %d: the invitation cannot be sent", i)
	}
	return nil
}

func newInviteCode() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// insertBoard writes a new game's territories (unclaimed) and cards (the whole deck, in order).
func insertBoard(ctx context.Context, tx *sql.Tx, gameID int, b *rules.Board) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO territories (game_id, idx, owner_seat, armies)
		SELECT $1, i, $3, 0 FROM generate_series(0, $2 - 1) AS i`, gameID, b.Len(), int(rules.Unclaimed)); err != nil {
		return fmt.Errorf("error creating the territories of game %d: %w", gameID, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO cards (game_id, idx, location, position)
		SELECT $1, i, 'deck', i FROM generate_series(0, $2 - 1) AS i`, gameID, b.Cards()); err != nil {
		return fmt.Errorf("error creating the cards of game %d: %w", gameID, err)
	}
	return nil
}

// AnyTeam is GameJoin's team for a seat of any team (and the only one of a free-for-all).
const AnyTeam = -1

// GameJoin gives user an open seat (or the seat invited for their email) of an open game, and returns
// the seat; in a team game, with team other than AnyTeam, a seat of that team (its index in Row.Teams). A
// private game or an invited seat needs the invite code, unless the invitation names the user's email. A
// team the game does not have is CodeInvalidTeams. diceSeed is the dice seed the user contributes
// (docs/dice.md): 64 hexadecimal digits, or "" for none.
func (s *Service) GameJoin(ctx context.Context, gameID, userID int, inviteCode string, team int, diceSeed string) (int, error) {
	seat := -1
	var version int64
	seed, err := ParseSeed(diceSeed)
	if err != nil {
		return -1, err
	}
	email, err := s.emailOf(ctx, userID)
	if err != nil {
		return -1, err
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		seats, err := seatsSeenBy(ctx, tx, g, userID, email, inviteCode)
		if err != nil {
			return err
		}
		if g.status != StatusOpen {
			return errorf(CodeConflict, "the game has started")
		}
		if slices.ContainsFunc(seats, func(s Seat) bool { return s.UserID == userID }) {
			return errorf(CodeConflict, "you already have a seat in this game")
		}
		if team != AnyTeam && (team < 0 || team >= len(g.teams)) {
			return errorf(CodeInvalidTeams, "the game has no team %d", team)
		}
		onTeam := func(s Seat) bool { return team == AnyTeam || s.Team == team }
		hasCode := g.inviteCode.Valid && inviteCode == g.inviteCode.String
		for _, st := range seats {
			if st.Status == SeatStatusInvited && (strings.EqualFold(st.InviteEmail, email) || hasCode) && onTeam(st) {
				seat = st.Seat
				break
			}
		}
		if seat < 0 && (!g.inviteCode.Valid || hasCode) {
			if i := slices.IndexFunc(seats, func(s Seat) bool { return s.Status == SeatStatusOpen && onTeam(s) }); i >= 0 {
				seat = seats[i].Seat
			}
		}
		if seat < 0 {
			if g.inviteCode.Valid && !hasCode {
				return errorf(CodeForbidden, "this game needs its invite code")
			}
			if team != AnyTeam {
				return errorf(CodeConflict, "no seat of team %q is free", g.teams[team].Name)
			}
			return errorf(CodeConflict, "no seat is free")
		}
		_, err = tx.ExecContext(ctx, `UPDATE players SET user_id = $3, status = 'active' WHERE game_id = $1 AND seat = $2`,
			g.id, seat, userID)
		if err != nil {
			return fmt.Errorf("error seating user %d in game %d: %w", userID, g.id, err)
		}
		if err := setSeed(ctx, tx, g, seat, seed); err != nil {
			return err
		}
		version, err = bumpVersion(ctx, tx, g.id)
		return err
	})
	if err != nil {
		return -1, err
	}
	s.announceLobby(gameID, version)
	return seat, nil
}

// setSeed sets the dice seed of seat of the open game g, locked in tx, to seed (nil: none).
func setSeed(ctx context.Context, tx *sql.Tx, g *gameRow, seat int, seed *rules.Seed) error {
	column, err := withSeed(g.dice, seat, seed)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET dice = $2 WHERE id = $1`, g.id, column); err != nil {
		return fmt.Errorf("error setting the dice seed of seat %d of game %d: %w", seat, g.id, err)
	}
	g.dice = column
	return nil
}

// seatsSeenBy loads the seats of game g for the user userID (whose address is email, and who brings
// inviteCode, or ""), and tells a user the game is hidden from (hiddenFrom) what lockGame says of a game that
// does not exist.
func seatsSeenBy(ctx context.Context, tx *sql.Tx, g *gameRow, userID int, email, inviteCode string) ([]Seat, error) {
	seats, err := loadSeats(ctx, tx, g.id)
	if err != nil {
		return nil, err
	}
	if hiddenFrom(g, seats, userID, email, inviteCode) {
		return nil, noGame(g.id)
	}
	return seats, nil
}

// emailOf returns the email address of user userID, which invitations are matched by; a user that does
// not exist is NOT_FOUND.
func (s *Service) emailOf(ctx context.Context, userID int) (string, error) {
	emails, err := s.accounts.Emails(ctx, s.db, []int{userID})
	if err != nil {
		return "", err
	}
	email, ok := emails[userID]
	if !ok {
		return "", errorf(CodeNotFound, "no user %d", userID)
	}
	return email, nil
}

// refuseHidden refuses, as for no game (NOT_FOUND), a user from whom the private game g is hidden
// (hiddenFrom). It reads nothing for a game without an invite code, nor for its creator.
func refuseHidden(ctx context.Context, tx *sql.Tx, g *gameRow, userID int, email string) error {
	if !g.inviteCode.Valid || g.creatorID == userID {
		return nil
	}
	_, err := seatsSeenBy(ctx, tx, g, userID, email, "")
	return err
}

// bumpVersion marks a change of an open game's seats: its version and update time move on. It returns the
// new version, which the service announces on LobbyChannel after the commit.
func bumpVersion(ctx context.Context, tx *sql.Tx, gameID int) (int64, error) {
	var v int64
	if err := tx.QueryRowContext(ctx, `UPDATE games SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING version`,
		gameID).Scan(&v); err != nil {
		return 0, fmt.Errorf("error updating the version of game %d: %w", gameID, err)
	}
	return v, nil
}

// hiddenFrom tells whether game g is private to the user: it has an invite code, and the user neither
// created it, holds a seat, is invited by email, nor brings the code. Such a user is told of the game
// exactly what they are told of a game that does not exist.
func hiddenFrom(g *gameRow, seats []Seat, userID int, email, inviteCode string) bool {
	if !g.inviteCode.Valid || g.creatorID == userID || inviteCode == g.inviteCode.String {
		return false
	}
	return !slices.ContainsFunc(seats, func(s Seat) bool {
		return s.UserID == userID || (s.Status == SeatStatusInvited && strings.EqualFold(s.InviteEmail, email))
	})
}

// GameLeave gives up user's seat in a game that has not started; the seat becomes open again. A private
// game hidden from the user is NOT_FOUND, as no game is (hiddenFrom).
func (s *Service) GameLeave(ctx context.Context, gameID, userID int) error {
	var version int64
	email, err := s.emailOf(ctx, userID)
	if err != nil {
		return err
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if err := refuseHidden(ctx, tx, g, userID, email); err != nil {
			return err
		}
		if g.status != StatusOpen {
			return errorf(CodeConflict, "the game has started: resign instead")
		}
		var seat int
		err = tx.QueryRowContext(ctx, `UPDATE players SET user_id = NULL, status = 'open' WHERE game_id = $1 AND user_id = $2
			RETURNING seat`, g.id, userID).Scan(&seat)
		if errors.Is(err, sql.ErrNoRows) {
			return errorf(CodeNotFound, "you have no seat in this game")
		}
		if err != nil {
			return fmt.Errorf("error leaving game %d: %w", g.id, err)
		}
		if err := setSeed(ctx, tx, g, seat, nil); err != nil {
			return err
		}
		version, err = bumpVersion(ctx, tx, g.id)
		return err
	})
	if err != nil {
		return err
	}
	s.announceLobby(gameID, version)
	return nil
}

// GameDecline turns down the invitation of user to an open game: the seat kept for the user's email
// becomes open, for anyone the game lets in, and the creator is told (DeclineEffects). A user with no pending invitation to the game is told of it
// what they are told of a game that does not exist, unless they may see the game (CONFLICT then).
func (s *Service) GameDecline(ctx context.Context, gameID, userID int) error {
	var ann announcements
	var version int64
	email, err := s.emailOf(ctx, userID)
	if err != nil {
		return err
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		seats, err := seatsSeenBy(ctx, tx, g, userID, email, "")
		if err != nil {
			return err
		}
		i := slices.IndexFunc(seats, func(s Seat) bool { return s.Status == SeatStatusInvited && strings.EqualFold(s.InviteEmail, email) })
		if i < 0 {
			return errorf(CodeConflict, "you have no invitation to this game")
		}
		if g.status != StatusOpen {
			return errorf(CodeConflict, "the game has started")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE players SET status = 'open', invite_email = NULL WHERE game_id = $1 AND seat = $2`,
			g.id, seats[i].Seat); err != nil {
			return fmt.Errorf("error declining seat %d of game %d: %w", seats[i].Seat, g.id, err)
		}
		if eff, ok := s.effects.(DeclineEffects); ok {
			d := Declined{GameID: g.id, CreatorID: g.creatorID, Seat: seats[i].Seat, Color: seats[i].Color, UserID: userID, Announce: &ann}
			if err := eff.AfterDecline(ctx, tx, d); err != nil {
				return fmt.Errorf("error running the effects of a declined seat of game %d: %w", g.id, err)
			}
		}
		version, err = bumpVersion(ctx, tx, g.id)
		return err
	})
	if err != nil {
		return err
	}
	s.announce(Result{ann: ann})
	s.announceLobby(gameID, version)
	return nil
}

// GameRematch creates, for a player of a finished or cancelled game, a new game with the same map version,
// settings and seat colours: the player takes their own seat, the other users' seats are invited by their
// emails (so that they are told, as by GameCreate), CPU seats keep their difficulty. The seat of a user who
// blocks the player is open instead: no invitation reaches them. Someone who may not see the game is told
// of it what they are told of a game that does not exist.
func (s *Service) GameRematch(ctx context.Context, gameID, userID int) (Created, error) {
	var in CreateInput
	email, err := s.emailOf(ctx, userID)
	if err != nil {
		return Created{}, err
	}
	invited := map[int]int{} // seat index in in.Seats -> the user whose address it invites
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := loadGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		seats, err := seatsSeenBy(ctx, tx, g, userID, email, "")
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(seats, func(s Seat) bool { return s.UserID == userID }) {
			return errorf(CodeForbidden, "only a player of the game may ask for a rematch")
		}
		if !g.status.Over() {
			return errorf(CodeConflict, "the game is not over")
		}
		in = CreateInput{CreatorID: userID, Name: g.name, TurnLimit: g.turnLimit, Claim: g.claim, Cards: g.cards, TTBPercent: g.ttbPercent, Fog: g.fog,
			Teams: g.teams, TeamRules: g.teamRules, Rated: g.rated}
		if err := tx.QueryRowContext(ctx, `SELECT key, version FROM maps WHERE id = $1`, g.mapID).Scan(&in.MapKey, &in.MapVersion); err != nil {
			return fmt.Errorf("error reading the map of game %d: %w", g.id, err)
		}
		for _, st := range seats {
			spec := SeatSpec{Kind: SeatOpen, Color: st.Color, Team: st.Team}
			switch {
			case st.UserID == userID:
				spec.Kind, spec.UserID = SeatUser, userID
			case st.CPU:
				spec.Kind, spec.Difficulty = SeatCPU, st.Difficulty
			case st.UserID != 0:
				blocks, err := s.accounts.Blocks(ctx, tx, st.UserID, userID)
				if err != nil {
					return err
				}
				if !blocks {
					spec.Kind = SeatInvited
					invited[len(in.Seats)] = st.UserID
				}
			}
			in.Seats = append(in.Seats, spec)
		}
		return nil
	})
	if err != nil {
		return Created{}, err
	}
	if len(invited) > 0 {
		users := make([]int, 0, len(invited))
		for _, u := range invited {
			users = append(users, u)
		}
		emails, err := s.accounts.Emails(ctx, s.db, users)
		if err != nil {
			return Created{}, err
		}
		for i, u := range invited {
			in.Seats[i].InviteEmail = emails[u]
		}
	}
	return s.GameCreate(ctx, in)
}

// GameStart starts an open game whose seats are all taken: only its creator may. The turn order, the
// deal (random claim) and the first turn come from the engine. A private game hidden from the user is
// NOT_FOUND, as no game is (hiddenFrom).
func (s *Service) GameStart(ctx context.Context, gameID, userID int) (Result, error) {
	var res Result
	email, err := s.emailOf(ctx, userID)
	if err != nil {
		return Result{}, err
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if err := refuseHidden(ctx, tx, g, userID, email); err != nil {
			return err
		}
		if g.creatorID != userID {
			return errorf(CodeForbidden, "only the game's creator may start it")
		}
		if g.status != StatusOpen {
			return errorf(CodeConflict, "the game has started already")
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		if err := starterSeated(cur.seats, userID); err != nil {
			return err
		}
		res, err = s.startCurrent(ctx, tx, g, cur)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	s.cacheCommitted(res)
	s.announce(res)
	s.announceLobby(res.GameID, res.Version)
	return res, nil
}

// start starts the open game g, locked in tx, whose seats must all be taken (CodeConflict otherwise).
func (s *Service) start(ctx context.Context, tx *sql.Tx, g *gameRow) (Result, error) {
	cur, err := s.current(ctx, tx, g)
	if err != nil {
		return Result{}, err
	}
	return s.startCurrent(ctx, tx, g, cur)
}

// startCurrent starts the open game g, locked in tx, from its current state cur: the turn order, the
// deal (random claim) and the first turn come from the engine.
func (s *Service) startCurrent(ctx context.Context, tx *sql.Tx, g *gameRow, cur *cached) (Result, error) {
	if i := slices.IndexFunc(cur.seats, func(s Seat) bool { return s.Status != SeatStatusActive }); i >= 0 {
		return Result{}, errorf(CodeConflict, "seat %d is still %s", i, cur.seats[i].Status)
	}
	var started time.Time
	if err := tx.QueryRowContext(ctx, `UPDATE games SET started_at = now() WHERE id = $1 RETURNING started_at`, g.id).Scan(&started); err != nil {
		return Result{}, fmt.Errorf("error starting game %d: %w", g.id, err)
	}
	res, err := s.execute(ctx, tx, g, cur, rules.NoPlayer, rules.StartGame{}, CausePlayer)
	res.Game.StartedAt = &started
	return res, err
}

// starterSeated refuses the start of a game by a creator who left it: once the creator holds no seat while
// users hold the others, they would start a game they are not in, for players they left. (A game of CPU
// seats alone, which only the service can create, has no seat for its creator and starts.)
func starterSeated(seats []Seat, userID int) error {
	if slices.ContainsFunc(seats, func(s Seat) bool { return s.UserID == userID }) ||
		!slices.ContainsFunc(seats, func(s Seat) bool { return s.UserID != 0 }) {
		return nil
	}
	return errorf(CodeForbidden, "you left this game: only its creator, holding a seat, may start it")
}
