package game

import (
	"database/sql"
	"slices"

	"rout/rules"
)

// A team game's seat handed over (docs/rules.md, R90): with the handover option `teammate` or `cpu`, a
// player who resigns leaves the seat in the game (rules.SeatHandedOver) and the service decides who plays
// it from then on. Nothing is stored for it but the engine state (rules.State.HandedOver) and the option:
// who plays a handed-over seat is worked out, here alone, from the state and the seats each time.

// HandoverCPU is the CPU (one of ai.Names) that plays a handed-over seat that no teammate plays: every
// seat handed over under the `cpu` option, and under `teammate` a seat whose team has no player left to
// play it. Its turns are played at once when they start, with the cause CauseDelegate, as a delegation's.
const HandoverCPU = "normal"

// PlayedBy returns the seat whose player plays seat p of a game in state st with seats: p itself while p's
// player has not left it; for a seat handed over under the `teammate` option, the first seat after p in
// turn order (going round) that is p's teammate, still in the game (active), not handed over itself, and
// held by a user; rules.NoPlayer when the CPU (HandoverCPU) plays it: under the `cpu` option, or when no
// teammate is left to play it. As teammates leave, the seat passes to the next one in turn order.
func PlayedBy(st rules.State, seats []Seat, p rules.PlayerID) rules.PlayerID {
	if !st.HandedOver(p) {
		return p
	}
	if st.Config().TeamRules.Handover != rules.HandoverTeammate {
		return rules.NoPlayer
	}
	order := st.Order()
	at := slices.Index(order, p)
	for i := 1; i < len(order); i++ {
		q := order[(at+i)%len(order)]
		if st.Allied(p, q) && st.Player(q).Status == rules.Active && !st.HandedOver(q) &&
			int(q) < len(seats) && seats[q].UserID != 0 && !seats[q].CPU {
			return q
		}
	}
	return rules.NoPlayer
}

// PlaysFor returns the handed-over seats that seat q's player plays (PlayedBy), in seat order; none for a
// seat not in a game, or whose player left it.
func PlaysFor(st rules.State, seats []Seat, q rules.PlayerID) []rules.PlayerID {
	if q < 0 || int(q) >= st.Players() || st.HandedOver(q) {
		return nil
	}
	var out []rules.PlayerID
	for p := range st.Players() {
		if p := rules.PlayerID(p); p != q && st.HandedOver(p) && st.Player(p).Status == rules.Active && PlayedBy(st, seats, p) == q {
			out = append(out, p)
		}
	}
	return out
}

// handedToCPU reports whether seat p of a game in state st with seats is handed over and played by the CPU
// (PlayedBy is rules.NoPlayer).
func handedToCPU(st rules.State, seats []Seat, p rules.PlayerID) bool {
	return p >= 0 && int(p) < st.Players() && st.HandedOver(p) && PlayedBy(st, seats, p) == rules.NoPlayer
}

// handedOverNow clears, for each seat that the command of events handed over, the delegation and takeovers
// its player left with it: whoever plays the seat now starts afresh.
func (b *batch) handedOverNow(events []rules.Event) {
	for _, e := range events {
		if h, ok := e.(rules.SeatHandedOver); ok && int(h.Player) < len(b.seatsNow()) {
			st := b.seatsNow()[h.Player]
			if st.Delegation != nil || st.Takeovers != 0 {
				st.Delegation, st.Takeovers = nil, 0
				b.setSeat(st)
			}
		}
	}
}

// UserPlaying returns the user who plays seat p now: the seat's own user, or for a handed-over seat the
// user of the seat that plays it (PlayedBy); 0 for a CPU. Turn notices (your turn, the deadline's warning)
// go to them.
func UserPlaying(st rules.State, seats []Seat, p rules.PlayerID) int {
	if q := PlayedBy(st, seats, p); q >= 0 && int(q) < len(seats) {
		return seats[q].UserID
	}
	return 0
}

// turnUser is the value of games.turn_user_id for a game in state st with seats: the user who plays the
// current turn (UserPlaying); null when a CPU plays it, and outside a running game.
func turnUser(st rules.State, seats []Seat) sql.NullInt64 {
	p := st.Current()
	if st.Phase() == rules.PhaseOver || p < 0 || int(p) >= st.Players() {
		return sql.NullInt64{}
	}
	if u := UserPlaying(st, seats, p); u != 0 {
		return sql.NullInt64{Int64: int64(u), Valid: true}
	}
	return sql.NullInt64{}
}
