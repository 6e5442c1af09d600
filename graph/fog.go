package graph

import (
	"context"
	"slices"

	"rout/ent"
	"rout/game"
	"rout/live"
	"rout/rules"
)

// Fog of war in the API: every field of a fog game that shows the board, the seats, the events or the
// game's counters reads it through viewOf, the one projection (rules.Project) for the request's viewer,
// or, for events, the viewer's own record (game.Service.SeenEvents). docs/api.md ("Fog of war") says what
// each field shows.

// viewerIn returns who the request's viewer is in snap's game: their seat, or rules.NoPlayer for anyone
// without one (a spectator) and for a player who left their seat to their team (handed over, R90: they
// see as a spectator, as one who resigned).
func viewerIn(ctx context.Context, snap game.Snapshot) rules.PlayerID {
	if seat, ok := viewerSeat(ctx, snap.Seats); ok && (seat >= snap.State.Players() || !snap.State.HandedOver(rules.PlayerID(seat))) {
		return rules.PlayerID(seat)
	}
	return rules.NoPlayer
}

// actingFor returns the seat the request's viewer acts for in snap's game: their own (viewerIn) when seat
// is nil or theirs, a seat handed over to them when seat names one (game.PlaysFor, R90), and
// rules.NoPlayer otherwise.
func actingFor(ctx context.Context, snap game.Snapshot, seat *int) rules.PlayerID {
	me := viewerIn(ctx, snap)
	if seat == nil || rules.PlayerID(*seat) == me {
		return me
	}
	if slices.Contains(game.PlaysFor(snap.State, snap.Seats, me), rules.PlayerID(*seat)) {
		return rules.PlayerID(*seat)
	}
	return rules.NoPlayer
}

// mayHide reports whether snap's game may hide something from a viewer: it has fog, is not over and has
// started.
func mayHide(snap game.Snapshot) bool { return snap.Fogged() && snap.State.Phase() != rules.PhaseSetup }

// viewOf returns snap's game as the request's viewer may know it; nil when they may know everything (no
// fog, the game is over, or it has not started).
func viewOf(ctx context.Context, snap game.Snapshot) *rules.View {
	if !mayHide(snap) {
		return nil
	}
	v := rules.Project(snap.State, viewerIn(ctx, snap))
	return &v
}

// visionOf returns what the request's viewer sees of each territory of snap's game (rules.Vision, viewOf's
// Sight without the rest of the projection); nil when they see everything.
func visionOf(ctx context.Context, snap game.Snapshot) []rules.Sight {
	if !mayHide(snap) {
		return nil
	}
	return rules.Vision(snap.State, viewerIn(ctx, snap))
}

// known returns n, or nil where the projection hides it (rules.Unknown).
func known(n int) *int {
	if n == rules.Unknown {
		return nil
	}
	return &n
}

// territoryAsSeen returns a territory's row as the request's viewer may know it.
func (r *Resolver) territoryAsSeen(ctx context.Context, row *ent.Territory) (game.SeenTerritory, error) {
	t := rules.SeenTerritory{Territory: rules.TerritoryID(row.Idx), Sight: rules.SightFull,
		Owner: rules.PlayerID(row.OwnerSeat), Armies: row.Armies}
	_, v, err := r.viewFor(ctx, row.GameID)
	if err != nil {
		return game.SeenTerritory{}, err
	}
	if v != nil {
		t.Sight, t.Owner, t.Armies = v.Sight[row.Idx], v.Owners[row.Idx], v.Armies[row.Idx]
	}
	return game.NewSeenTerritory(t), nil
}

// eventTerritories returns the territories an entry of a viewer's record left, as they know them (the
// record's own, as gameEvents gives them); nil for an event of the game's own record.
func eventTerritories(e *game.EventView) []*live.Territory {
	if e.Seen == nil {
		return nil
	}
	ts := live.SeenTerritories(e.Seen.Territories)
	out := make([]*live.Territory, len(ts))
	for i := range ts {
		out[i] = &ts[i]
	}
	return out
}
