package graph_test

import (
	"testing"
)

// ratedDuel plays a rated duel of the pair's tokens to its end over the API: the game is made rated in
// the database (createGame's rated setting is not this file's), and loser resigns.
func (e *env) ratedDuel(a, b string) (id, winner, loser string) {
	e.t.Helper()
	started := e.startedGameWith(map[string]any{"claim": "random"}, a, b)
	if _, err := e.db.ExecContext(e.t.Context(), `UPDATE games SET rated = true`); err != nil {
		e.t.Fatal(err)
	}
	var out map[string]struct {
		UserErrors []userError `json:"userErrors"`
	}
	e.gql(b, `mutation($id: ID!) { resign(input: {gameId: $id}) { userErrors { code } } }`,
		map[string]any{"id": started.Game.ID}).decode(e.t, &out)
	if c := codesOf(out["resign"].UserErrors); c != "" {
		e.t.Fatalf("resign: %s", c)
	}
	return started.Game.ID, a, b
}

type boardEntry struct {
	Rank        int    `json:"rank"`
	UserID      string `json:"userId"`
	Name        string `json:"name"`
	Rating      int    `json:"rating"`
	Provisional bool   `json:"provisional"`
	Games       int    `json:"games"`
	Cursor      string `json:"cursor"`
}

type board struct {
	Total       int          `json:"total"`
	HasNextPage bool         `json:"hasNextPage"`
	Entries     []boardEntry `json:"entries"`
	ViewerEntry *boardEntry  `json:"viewerEntry"`
	Entry       *boardEntry  `json:"entry"`
	Season      struct {
		Number int  `json:"number"`
		Closed bool `json:"closed"`
	} `json:"season"`
}

const boardQuery = `query($mode: LeaderboardMode!, $family: String! = "", $season: Int, $first: Int! = 50, $after: String,
	$page: Int, $user: ID!) {
	leaderboard(mode: $mode, family: $family, season: $season, first: $first, after: $after, page: $page) {
		total hasNextPage season { number closed }
		entries { rank userId name rating provisional games cursor }
		viewerEntry { rank name rating games }
		entry(user: $user) { rank name }
	}
}`

// TestLeaderboardThroughTheAPI: the duel board lists the winner above the loser with their names, ranks,
// ratings and games, pages by cursor and by number, shows the viewer's own row and another's, and
// refuses bad arguments with stable reasons; a moderator's reversal moves the board back and is refused
// a second time, and refused to anyone else.
func TestLeaderboardThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, annID := e.signUp("ann")
	ben, benID := e.signUp("ben")
	game, _, _ := e.ratedDuel(ann, ben)

	read := func(token string, vars map[string]any) board {
		t.Helper()
		var out struct {
			Leaderboard board `json:"leaderboard"`
		}
		e.gql(token, boardQuery, vars).decode(t, &out)
		return out.Leaderboard
	}
	b := read(ben, map[string]any{"mode": "DUEL", "user": annID})
	if b.Total != 2 || len(b.Entries) != 2 || b.HasNextPage || b.Season.Number != 1 || b.Season.Closed {
		t.Fatalf("the duel board: %+v", b)
	}
	first, second := b.Entries[0], b.Entries[1]
	if first.Name != "ann" || first.UserID != annID || first.Rank != 1 || first.Games != 1 || !first.Provisional ||
		second.Name != "ben" || second.Rank != 2 || first.Rating <= second.Rating {
		t.Errorf("rows: %+v", b.Entries)
	}
	if b.ViewerEntry == nil || b.ViewerEntry.Rank != 2 || b.ViewerEntry.Name != "ben" || b.Entry == nil || b.Entry.Rank != 1 {
		t.Errorf("ben's own row %+v, ann's %+v", b.ViewerEntry, b.Entry)
	}
	// The classic family's board is the same; a page of one, then the next by cursor and by number.
	p1 := read("", map[string]any{"mode": "DUEL", "family": "classic", "first": 1, "user": benID})
	p2 := read("", map[string]any{"mode": "DUEL", "family": "classic", "first": 1, "after": p1.Entries[0].Cursor, "user": benID})
	p2n := read("", map[string]any{"mode": "DUEL", "family": "classic", "first": 1, "page": 2, "user": benID})
	if !p1.HasNextPage || p1.Entries[0].Name != "ann" || p1.ViewerEntry != nil || len(p2.Entries) != 1 ||
		p2.Entries[0].Name != "ben" || p2.Entries[0].Rank != 2 || p2.HasNextPage || len(p2n.Entries) != 1 || p2n.Entries[0] != p2.Entries[0] {
		t.Errorf("pages: %+v, %+v, %+v", p1, p2, p2n)
	}
	// Nobody on the free-for-all board.
	if ffa := read(ann, map[string]any{"mode": "FFA", "user": annID}); ffa.Total != 0 || ffa.ViewerEntry != nil || ffa.Entry != nil {
		t.Errorf("the ffa board: %+v", ffa)
	}

	for _, c := range []struct {
		vars         map[string]any
		code, reason string
	}{
		{map[string]any{"family": "atlantis"}, "BAD_USER_INPUT", "UNKNOWN_FAMILY"},
		{map[string]any{"first": 0}, "BAD_USER_INPUT", "BAD_PAGE"},
		{map[string]any{"first": 101}, "BAD_USER_INPUT", "BAD_PAGE"},
		{map[string]any{"page": 0}, "BAD_USER_INPUT", "BAD_PAGE"},
		{map[string]any{"page": 2, "after": p1.Entries[0].Cursor}, "BAD_USER_INPUT", "PAGE_AND_CURSOR"},
		{map[string]any{"after": "nope"}, "BAD_USER_INPUT", "BAD_CURSOR"},
		{map[string]any{"season": 9}, "NOT_FOUND", "NO_SEASON"},
		{map[string]any{"season": 0}, "NOT_FOUND", "NO_SEASON"},
	} {
		c.vars["mode"], c.vars["user"] = "DUEL", annID
		r := e.gql(ann, boardQuery, c.vars)
		if got := r.code(t); got != c.code || r.Errors[0].Extensions["reason"] != c.reason {
			t.Errorf("%v: %s %v, want %s %s", c.vars, got, r.Errors[0].Extensions["reason"], c.code, c.reason)
		}
	}

	// The reversal: moderators only, once.
	reverse := func(token string) string {
		var out map[string]struct {
			UserErrors []userError `json:"userErrors"`
		}
		e.gql(token, `mutation($in: ReverseRatingChangeInput!) { reverseRatingChange(input: $in) { userErrors { code field message } } }`,
			map[string]any{"in": map[string]any{"game": game, "reason": "win trading"}}).decode(t, &out)
		return codesOf(out["reverseRatingChange"].UserErrors)
	}
	if got := reverse(ann); got != "RATING_NOT_MODERATOR[]" {
		t.Errorf("a player reversing: %q", got)
	}
	mod, _ := e.signUp("mod")
	if _, err := e.db.ExecContext(t.Context(), `UPDATE users SET moderator = true WHERE name = 'mod'`); err != nil {
		t.Fatal(err)
	}
	if got := reverse(mod); got != "" {
		t.Fatalf("the moderator's reversal: %q", got)
	}
	if got := reverse(mod); got != "RATING_ALREADY_REVERSED[input game]" {
		t.Errorf("a second reversal: %q", got)
	}
	if n := e.count(`SELECT count(*) FROM rating_reversals r JOIN users u ON u.id = r.moderator_id
		WHERE u.name = 'mod' AND r.reason = 'win trading'`); n != 1 {
		t.Errorf("%d audit rows", n)
	}
	after := read(ann, map[string]any{"mode": "DUEL", "user": annID})
	if after.Total != 2 || after.Entries[0].Rating != after.Entries[1].Rating {
		t.Errorf("after the reversal both players are back at one rating: %+v", after.Entries)
	}
}
