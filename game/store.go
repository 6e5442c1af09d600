package game

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/lib/pq"

	"rout/rules"
)

// gameRow is the part of the games row the service works with.
type gameRow struct {
	id         int
	mapID      int
	creatorID  int
	turnLimit  time.Duration
	claim      rules.ClaimStrategy
	cards      rules.CardSystem
	ttbPercent int
	fog        rules.Fog
	viewSeqs   []int64 // games.view_seqs: the last number of each view of a fog game (ViewSeq)
	teams      []Team  // a team game's teams; none in a free-for-all
	teamRules  rules.TeamRules
	status     Status
	version    int64
	seq        int64
	engine     []byte
	dice       []byte
	inviteCode sql.NullString
	name       string
	rated      bool // its end updates its human players' ratings (rating.go)
	// idleResigns: a player booted after AutoDelegateTakeovers takeovers resigns (CreateInput.IdleResigns)
	idleResigns bool

	// The rest of the row, for the Snapshot a command answers with.
	phase                 string
	turn, currentSeat     int
	turnUser              sql.NullInt64 // who plays the current turn (turnUser); null for a CPU and outside a running game
	winner                sql.NullInt64
	deadline, warning     sql.NullTime
	createdAt, updatedAt  time.Time
	startedAt, finishedAt sql.NullTime
}

// lockGame loads the game row and locks it until the transaction ends, with lockGameSQL prepared (the
// transaction began after prepareCommands).
func (s *Service) lockGame(ctx context.Context, tx *sql.Tx, id int) (*gameRow, error) {
	stmt, err := s.lockStmt.In(ctx, tx)
	if err != nil {
		return nil, err
	}
	return foundGame(id, stmt.QueryRowContext(ctx, id))
}

// gameColumns are the columns of games a gameRow holds, in the order scan reads them.
const gameColumns = `id, map_id, creator_id, turn_limit_seconds, claim, card_system, ttb_percent, fog,
	status, version, seq, engine, dice, invite_code, phase, turn, current_seat, turn_user_id, winner_seat, turn_deadline,
	warning_at, created_at, updated_at, started_at, finished_at, name, view_seqs, teams, team_rules, rated, idle_resigns`

// scanGame reads a row of gameColumns.
func scanGame(row interface{ Scan(dest ...any) error }) (*gameRow, error) {
	var g gameRow
	var limit int64
	var claim, cards, fog string
	var viewSeqs sql.NullString
	var teams, teamRules []byte
	if err := row.Scan(&g.id, &g.mapID, &g.creatorID, &limit, &claim, &cards, &g.ttbPercent, &fog,
		&g.status, &g.version, &g.seq, &g.engine, &g.dice, &g.inviteCode, &g.phase, &g.turn, &g.currentSeat, &g.turnUser, &g.winner,
		&g.deadline, &g.warning, &g.createdAt, &g.updatedAt, &g.startedAt, &g.finishedAt, &g.name, &viewSeqs, &teams, &teamRules, &g.rated, &g.idleResigns); err != nil {
		return nil, err
	}
	g.turnLimit = time.Duration(limit) * time.Second
	if err := g.claim.UnmarshalText([]byte(claim)); err != nil {
		return nil, fmt.Errorf("game %d: %w", g.id, err)
	}
	if err := g.cards.UnmarshalText([]byte(cards)); err != nil {
		return nil, fmt.Errorf("game %d: %w", g.id, err)
	}
	if err := g.fog.UnmarshalText([]byte(fog)); err != nil {
		return nil, fmt.Errorf("game %d: %w", g.id, err)
	}
	var err error
	if g.viewSeqs, err = scanViewSeqs(viewSeqs); err != nil {
		return nil, fmt.Errorf("game %d: %w", g.id, err)
	}
	if g.teams, g.teamRules, err = DecodeTeams(teams, teamRules); err != nil {
		return nil, fmt.Errorf("game %d: %w", g.id, err)
	}
	return &g, nil
}

// selectGame reads the row of game $1 for scanGame.
const selectGame = `SELECT ` + gameColumns + ` FROM games WHERE id = $1`

// lockGameSQL reads the row of game $1, as selectGame does, and locks it until the transaction ends.
const lockGameSQL = selectGame + " FOR UPDATE"

// loadGame loads the game row without locking it.
func loadGame(ctx context.Context, q querier, id int) (*gameRow, error) {
	return foundGame(id, q.QueryRowContext(ctx, selectGame, id))
}

// foundGame scans the row of game id that selectGame read, naming a missing game with CodeNotFound.
func foundGame(id int, row *sql.Row) (*gameRow, error) {
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noGame(id)
	}
	if err != nil {
		return nil, fmt.Errorf("error loading game %d: %w", id, err)
	}
	return g, nil
}

// lockDue loads and locks up to limit active games other than except whose turn deadline is at or before
// now, skipping the games another transaction has locked. It takes the latest deadlines first: River
// hands the deadline jobs out the earliest first, so that the games a batch takes are not those whose
// jobs other workers are about to lock (and would wait on) until the end of a burst. The partial index on
// games (turn_deadline) WHERE status = 'active' answers it.
func lockDue(ctx context.Context, tx *sql.Tx, now time.Time, except, limit int) ([]*gameRow, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+gameColumns+` FROM games
		WHERE status = 'active' AND turn_deadline <= $1 AND id <> $2
		ORDER BY turn_deadline DESC, id DESC LIMIT $3 FOR UPDATE SKIP LOCKED`, now, except, limit)
	if err != nil {
		return nil, fmt.Errorf("error locking the games whose deadline is due: %w", err)
	}
	defer rows.Close()
	var out []*gameRow
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("error reading a game whose deadline is due: %w", err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error locking the games whose deadline is due: %w", err)
	}
	return out, nil
}

// warningAt returns when the player of a turn that ends at deadline is warned: when a quarter of the turn
// limit is left.
func (g *gameRow) warningAt(deadline time.Time) time.Time { return deadline.Add(-g.turnLimit / 4) }

// config is the engine configuration of a game.
func (g *gameRow) config(seats []Seat) rules.Config {
	cfg := rules.Config{Claim: g.claim, Cards: g.cards, TTBPercent: g.ttbPercent, Fog: g.fog, Seats: make([]rules.Seat, len(seats)),
		TeamRules: g.teamRules}
	for _, t := range g.teams {
		cfg.Teams = append(cfg.Teams, rules.Team{Name: t.Name})
	}
	for i, s := range seats {
		cfg.Seats[i] = rules.Seat{Color: s.Color, Team: s.Team}
	}
	return cfg
}

// loadState reads a started game's whole state from its rows: once per game per replica, or after another
// replica changed it.
func loadState(ctx context.Context, tx *sql.Tx, g *gameRow, b *rules.Board, cfg rules.Config) (rules.State, error) {
	states, err := loadStates(ctx, tx, []stateOf{{g, b, cfg}})
	if err != nil {
		return rules.State{}, err
	}
	return states[0], nil
}

// stateOf is a started game whose state loadStates reads: its row, board and configuration.
type stateOf struct {
	g   *gameRow
	b   *rules.Board
	cfg rules.Config
}

// loadStates reads the whole state of started games from their rows, in three statements whatever their
// number (players, territories, cards), in the order of games.
func loadStates(ctx context.Context, tx *sql.Tx, games []stateOf) ([]rules.State, error) {
	snaps := make(map[int]*rules.Snapshot, len(games))
	ids := make([]int, len(games))
	var uncounted []int // the games whose engine state was stored without the round (countsFromRecord)
	for i, gs := range games {
		snap := &rules.Snapshot{
			Players: make([]rules.Player, len(gs.cfg.Seats)),
			Owners:  make([]rules.PlayerID, gs.b.Len()),
			Armies:  make([]int, gs.b.Len()),
		}
		if err := json.Unmarshal(gs.g.engine, &snap.Scalars); err != nil {
			return nil, fmt.Errorf("error decoding the engine state of game %d: %w", gs.g.id, err)
		}
		var counted struct {
			Round *int `json:"round"`
		}
		if err := json.Unmarshal(gs.g.engine, &counted); err == nil && counted.Round == nil && snap.Scalars.Phase >= rules.PhaseReinforce {
			uncounted = append(uncounted, i)
		}
		snaps[gs.g.id], ids[i] = snap, gs.g.id
	}
	which := fmt.Sprintf("game %d%s", ids[0], andOthers(ids))
	rows, err := tx.QueryContext(ctx, `SELECT game_id, seat, status, territories, armies, bonus, unplaced FROM players
		WHERE game_id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error loading the players of %s: %w", which, err)
	}
	for rows.Next() {
		var game, seat int
		var status string
		var p rules.Player
		if err := rows.Scan(&game, &seat, &status, &p.Territories, &p.Armies, &p.Bonus, &p.Unplaced); err != nil {
			rows.Close()
			return nil, fmt.Errorf("error reading a player of %s: %w", which, err)
		}
		if err := p.Status.UnmarshalText([]byte(status)); err != nil {
			rows.Close()
			return nil, fmt.Errorf("error reading the player of seat %d of game %d: %w", seat, game, err)
		}
		snap := snaps[game]
		if snap == nil || seat < 0 || seat >= len(snap.Players) {
			rows.Close()
			return nil, fmt.Errorf("game %d has a player in seat %d, which its configuration does not", game, seat)
		}
		snap.Players[seat] = p
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error loading the players of %s: %w", which, err)
	}
	rows, err = tx.QueryContext(ctx, `SELECT game_id, idx, owner_seat, armies FROM territories WHERE game_id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error loading the territories of %s: %w", which, err)
	}
	for rows.Next() {
		var game, idx, owner, armies int
		if err := rows.Scan(&game, &idx, &owner, &armies); err != nil {
			rows.Close()
			return nil, fmt.Errorf("error reading a territory of %s: %w", which, err)
		}
		snap := snaps[game]
		if snap == nil || idx < 0 || idx >= len(snap.Owners) {
			rows.Close()
			return nil, fmt.Errorf("game %d has territory %d, which its board does not", game, idx)
		}
		snap.Owners[idx], snap.Armies[idx] = rules.PlayerID(owner), armies
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error loading the territories of %s: %w", which, err)
	}
	rows, err = tx.QueryContext(ctx, `SELECT game_id, idx, location, holder_seat FROM cards WHERE game_id = ANY($1)
		ORDER BY game_id, position`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("error loading the cards of %s: %w", which, err)
	}
	defer rows.Close()
	for rows.Next() {
		var game, idx int
		var holder sql.NullInt64
		var location []byte
		if err := rows.Scan(&game, &idx, &location, &holder); err != nil {
			return nil, fmt.Errorf("error reading a card of %s: %w", which, err)
		}
		var where rules.CardLocation
		if err := where.UnmarshalText(location); err != nil {
			return nil, fmt.Errorf("error reading card %d of game %d: %w", idx, game, err)
		}
		snap, c := snaps[game], rules.CardID(idx)
		if snap == nil {
			continue
		}
		switch where {
		case rules.InDeck:
			snap.Deck = append(snap.Deck, c)
		case rules.InDiscard:
			snap.Discard = append(snap.Discard, c)
		case rules.InHand:
			p := holderFromColumn(holder)
			if p < 0 || int(p) >= len(snap.Players) {
				return nil, fmt.Errorf("card %d of game %d is in a hand but held by no seat", idx, game)
			}
			snap.Players[p].Hand = append(snap.Players[p].Hand, c)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error loading the cards of %s: %w", which, err)
	}
	rows.Close()
	for _, i := range uncounted {
		if err := countsFromRecord(ctx, tx, games[i], &snaps[games[i].g.id].Scalars); err != nil {
			return nil, err
		}
	}
	out := make([]rules.State, len(games))
	for i, gs := range games {
		st, err := rules.Restore(gs.b, gs.cfg, *snaps[gs.g.id])
		if err != nil {
			return nil, fmt.Errorf("error restoring game %d from its rows: %w", gs.g.id, err)
		}
		out[i] = st
	}
	return out, nil
}

// countsFromRecord sets the round and the armies traded this turn (rules.Scalars Round and Traded) of a
// game whose engine state was stored before the engine counted them, from its record, which it replays.
// It runs until the game's next command stores them.
func countsFromRecord(ctx context.Context, tx *sql.Tx, gs stateOf, sc *rules.Scalars) error {
	events, err := readEvents(ctx, tx, gs.g.id, 0, int(gs.g.seq)+1)
	if err != nil {
		return err
	}
	record := make([]rules.Event, len(events))
	for i, e := range events {
		record[i] = e.Event
	}
	replayed, err := rules.Replay(gs.b, gs.cfg, record)
	if err != nil {
		return fmt.Errorf("error replaying game %d for its round: %w", gs.g.id, err)
	}
	sc.Round, sc.Traded = replayed.Round(), replayed.TradedArmies()
	return nil
}

// deadlineMode is what a write does to the turn's deadline and warning (games.turn_deadline, warning_at).
type deadlineMode string

// The deadline modes.
const (
	deadlineKeep  deadlineMode = "keep"  // the turn goes on: keep them
	deadlineSet   deadlineMode = "set"   // a new turn started: set them
	deadlineClear deadlineMode = "clear" // the game is over: clear them
)

// write is everything a batch of commands changes, written in one statement: the territories and cards
// the commands touched, the players whose counts changed, the new events and the game row. The
// notification is sent after the commit (see notifier).
// One statement is one round trip; the statement's parts see the same snapshot and touch different tables.
type write struct {
	game          *gameRow
	before, after rules.State // before the first command, after the last
	events        []SeqEvent
	causes        []Cause // of each event
	territories   map[rules.TerritoryID]bool
	cards         map[rules.CardID]bool
	version, seq  int64
	deadline      *time.Time    // the last new turn's deadline; nil when no turn started
	turnUser      sql.NullInt64 // the user who plays the turn after (turnUser)
	dice          []byte
	now           time.Time
	// seen are a fog game's events as each viewer sees them, viewSeqs each view's last number after them;
	// none and nil without fog.
	seen     seenRows
	viewSeqs []int64
}

// writeSQL is the write's statement; its parameters are named in exec.
var writeSQL = named(`WITH
territory AS (
	UPDATE territories AS t SET owner_seat = v.owner, armies = v.armies
	FROM unnest(@territory_idx::bigint[], @territory_owner::bigint[], @territory_armies::bigint[]) AS v(idx, owner, armies)
	WHERE t.game_id = @game_id AND t.idx = v.idx),
card AS (
	UPDATE cards AS c SET location = v.location, position = v.position, holder_seat = v.holder
	FROM unnest(@card_idx::bigint[], @card_location::text[], @card_holder::bigint[], @card_position::bigint[])
		AS v(idx, location, holder, position)
	WHERE c.game_id = @game_id AND c.idx = v.idx),
player AS (
	UPDATE players AS p SET status = v.status, territories = v.territories, armies = v.armies, bonus = v.bonus,
		unplaced = v.unplaced, card_count = v.cards, turn_order = v.turn_order
	FROM unnest(@player_seat::bigint[], @player_status::text[], @player_territories::bigint[], @player_armies::bigint[],
		@player_bonus::bigint[], @player_unplaced::bigint[], @player_cards::bigint[], @player_turn_order::bigint[])
		AS v(seat, status, territories, armies, bonus, unplaced, cards, turn_order)
	WHERE p.game_id = @game_id AND p.seat = v.seat),
event AS (
	INSERT INTO events (game_id, created_at, seq, turn, seat, kind, payload, cause)
	SELECT @game_id, @now, v.seq, v.turn, v.seat, v.kind, v.payload::json, v.cause
	FROM unnest(@event_seq::bigint[], @event_turn::bigint[], @event_seat::bigint[], @event_kind::text[],
		@event_payload::text[], @event_cause::text[])
		AS v(seq, turn, seat, kind, payload, cause)),
seen AS (
	INSERT INTO seen_events (game_id, viewer, vseq, seq, turn, seat, kind, payload, after, cause)
	SELECT @game_id, v.viewer, v.vseq, v.seq, v.turn, v.seat, v.kind, v.payload::json, v.after::json, v.cause
	FROM unnest(@seen_viewer::bigint[], @seen_vseq::bigint[], @seen_seq::bigint[], @seen_turn::bigint[], @seen_seat::bigint[],
		@seen_kind::text[], @seen_payload::text[], @seen_after::text[], @seen_cause::text[])
		AS v(viewer, vseq, seq, turn, seat, kind, payload, after, cause)),
game AS (
	UPDATE games SET version = @version, seq = @seq, phase = @phase, turn = @turn, current_seat = @current_seat,
		turn_user_id = @turn_user, engine = @engine, dice = @dice, status = @status::text, winner_seat = @winner,
		view_seqs = @view_seqs::json,
		finished_at = CASE WHEN @status::text = 'finished' THEN @now END, updated_at = @now,
		turn_deadline = CASE @deadline_mode::text WHEN 'keep' THEN turn_deadline WHEN 'set' THEN @deadline::timestamptz END,
		warning_at = CASE @deadline_mode::text WHEN 'keep' THEN warning_at WHEN 'set' THEN @warning::timestamptz END
	WHERE id = @game_id)
SELECT 1`)

// exec runs the write with stmt, writeSQL prepared.
func (w *write) exec(ctx context.Context, stmt *sql.Stmt) error {
	g, after := w.game, w.after
	ts, cs := slices.Sorted(maps.Keys(w.territories)), slices.Sorted(maps.Keys(w.cards))
	var tIdx, tOwner, tArmies []int64
	for _, t := range ts {
		tIdx, tOwner, tArmies = append(tIdx, int64(t)), append(tOwner, int64(after.Owner(t))), append(tArmies, int64(after.Armies(t)))
	}
	var cIdx, cPosition []int64
	var cHolder []sql.NullInt64
	var cLocation []string
	for _, c := range cs {
		p := after.CardPlace(c)
		cIdx, cHolder, cPosition = append(cIdx, int64(c)), append(cHolder, holderColumn(p.Holder)), append(cPosition, int64(p.Position))
		cLocation = append(cLocation, p.Location.String())
	}
	var pSeat, pTerritories, pArmies, pBonus, pUnplaced, pCards, pOrder []int64
	var pStatus []string
	for i := range after.Players() {
		p, old := after.Player(rules.PlayerID(i)), w.before.Player(rules.PlayerID(i))
		if p.Status == old.Status && p.Territories == old.Territories && p.Armies == old.Armies && p.Bonus == old.Bonus &&
			p.Unplaced == old.Unplaced && len(p.Hand) == len(old.Hand) && w.before.Phase() != rules.PhaseSetup {
			continue
		}
		pSeat, pStatus = append(pSeat, int64(i)), append(pStatus, p.Status.String())
		pTerritories, pArmies, pBonus = append(pTerritories, int64(p.Territories)), append(pArmies, int64(p.Armies)), append(pBonus, int64(p.Bonus))
		pUnplaced, pCards = append(pUnplaced, int64(p.Unplaced)), append(pCards, int64(len(p.Hand)))
		pOrder = append(pOrder, int64(slices.Index(after.Order(), rules.PlayerID(i))))
	}
	var eSeq, eTurn, eSeat []int64
	var eKind, ePayload, eCause []string
	for i, e := range w.events {
		data, err := rules.MarshalEvent(e.Event)
		if err != nil {
			return err
		}
		eSeq, eTurn, eSeat = append(eSeq, e.Seq), append(eTurn, int64(e.Turn)), append(eSeat, int64(seatColumn(e.Seat)))
		eKind, ePayload, eCause = append(eKind, e.Event.Kind()), append(ePayload, string(data)), append(eCause, w.causes[i].String())
	}
	engine, err := json.Marshal(after.Scalars())
	if err != nil {
		return fmt.Errorf("error encoding the engine state: %w", err)
	}
	status, winner := StatusActive, sql.NullInt64{}
	if after.Phase() == rules.PhaseOver {
		status, winner = StatusFinished, sql.NullInt64{Int64: int64(after.Winner()), Valid: true}
	}
	mode, deadline, warning := deadlineKeep, sql.NullTime{}, sql.NullTime{}
	switch {
	case status == StatusFinished:
		mode = deadlineClear
	case w.deadline != nil:
		mode = deadlineSet
		deadline = sql.NullTime{Time: *w.deadline, Valid: true}
		warning = sql.NullTime{Time: g.warningAt(*w.deadline), Valid: true}
	}
	viewSeqs := sql.NullString{}
	if w.viewSeqs != nil {
		data, err := json.Marshal(w.viewSeqs)
		if err != nil {
			return err
		}
		viewSeqs = sql.NullString{String: string(data), Valid: true}
	}
	args, err := writeSQL.bind([]param{
		{"game_id", g.id}, {"now", w.now},
		{"territory_idx", pq.Array(tIdx)}, {"territory_owner", pq.Array(tOwner)}, {"territory_armies", pq.Array(tArmies)},
		{"card_idx", pq.Array(cIdx)}, {"card_location", pq.Array(cLocation)}, {"card_holder", pq.Array(cHolder)},
		{"card_position", pq.Array(cPosition)},
		{"player_seat", pq.Array(pSeat)}, {"player_status", pq.Array(pStatus)}, {"player_territories", pq.Array(pTerritories)},
		{"player_armies", pq.Array(pArmies)}, {"player_bonus", pq.Array(pBonus)}, {"player_unplaced", pq.Array(pUnplaced)},
		{"player_cards", pq.Array(pCards)}, {"player_turn_order", pq.Array(pOrder)},
		{"event_seq", pq.Array(eSeq)}, {"event_turn", pq.Array(eTurn)}, {"event_seat", pq.Array(eSeat)},
		{"event_kind", pq.Array(eKind)}, {"event_payload", pq.Array(ePayload)}, {"event_cause", pq.Array(eCause)},
		{"version", w.version}, {"seq", w.seq}, {"phase", after.Phase().String()}, {"turn", after.Turn()},
		{"current_seat", seatColumn(after.Current())}, {"turn_user", w.turnUser}, {"engine", engine}, {"dice", w.dice},
		{"status", status}, {"winner", winner},
		{"deadline_mode", mode}, {"deadline", deadline}, {"warning", warning},
		{"seen_viewer", pq.Array(w.seen.viewer)}, {"seen_vseq", pq.Array(w.seen.vseq)}, {"seen_seq", pq.Array(w.seen.seq)},
		{"seen_turn", pq.Array(w.seen.turn)}, {"seen_seat", pq.Array(w.seen.seat)}, {"seen_kind", pq.Array(w.seen.kind)},
		{"seen_payload", pq.Array(w.seen.payload)}, {"seen_after", pq.Array(w.seen.after)}, {"seen_cause", pq.Array(w.seen.cause)},
		{"view_seqs", viewSeqs},
	})
	if err != nil {
		return fmt.Errorf("error binding the write of game %d: %w", g.id, err)
	}
	_, err = stmt.ExecContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("error writing game %d: %w", g.id, err)
	}
	return nil
}
