package graph_test

import (
	"fmt"
	"testing"
)

// profileView is a user's ratings and profile as the tests read them.
type profileView struct {
	Node struct {
		Ratings []struct {
			Mode        string  `json:"mode"`
			Rating      int     `json:"rating"`
			Sigma       float64 `json:"sigma"`
			Provisional bool    `json:"provisional"`
			Games       int     `json:"games"`
		} `json:"ratings"`
		Profile struct {
			IncludesPrivate bool `json:"includesPrivate"`
			RatingHistory   []struct {
				GameID *string `json:"gameId"`
				Rating int     `json:"rating"`
				Change int     `json:"change"`
			} `json:"ratingHistory"`
			Stats struct {
				Played               int  `json:"played"`
				Won                  int  `json:"won"`
				AverageLengthSeconds *int `json:"averageLengthSeconds"`
				ByMode               []struct {
					Key    string `json:"key"`
					Places []int  `json:"places"`
				} `json:"byMode"`
			} `json:"stats"`
			CurrentGames []struct {
				ID string `json:"id"`
			} `json:"currentGames"`
			FinishedGames struct {
				Edges []struct {
					Node struct {
						GameID       string `json:"gameId"`
						Place        *int   `json:"place"`
						Won          bool   `json:"won"`
						MapKey       string `json:"mapKey"`
						RatingChange *struct {
							Change int `json:"change"`
						} `json:"ratingChange"`
					} `json:"node"`
				} `json:"edges"`
				PageInfo struct {
					HasNextPage bool    `json:"hasNextPage"`
					EndCursor   *string `json:"endCursor"`
				} `json:"pageInfo"`
			} `json:"finishedGames"`
		} `json:"profile"`
	} `json:"node"`
}

const profileQuery = `query($id: ID!, $after: Cursor) { node(id: $id) { ... on User {
	ratings { mode rating sigma provisional games }
	profile { includesPrivate ratingHistory(mode: DUEL) { gameId rating change }
		stats { played won averageLengthSeconds byMode { key places } }
		currentGames { id }
		finishedGames(first: 1, after: $after) { edges { node { gameId place won mapKey ratingChange { change } } }
			pageInfo { hasNextPage endCursor } } } } } }`

// TestRatedGamesAndProfiles: createGame takes `rated` (refused without two people to rate); a finished
// rated game shows each seat's rating change; a player's ratings are public, and their profile counts
// their public games for others and every game for themselves, a private game's rating change showing
// others no game.
func TestRatedGamesAndProfiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, lenaID := e.signUp("lena")
	bob, _ := e.signUp("bob")
	zed, _ := e.signUp("zed")

	p := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "rated": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	if len(p.UserErrors) != 1 || p.UserErrors[0].Code != "RATED_NEEDS_OPPONENTS" || fmt.Sprint(p.UserErrors[0].Field) != "[input rated]" {
		t.Errorf("a rated game against a CPU: %+v", p.UserErrors)
	}

	// A rated duel, public, which lena wins, then a private one, which bob wins.
	duel := func(private bool, loser string) string {
		t.Helper()
		p := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "rated": true, "private": private,
			"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
		noUserErrors(t, "createGame", p)
		join := map[string]any{"gameId": p.Game.ID}
		if p.Game.InviteCode != nil {
			join["inviteCode"] = *p.Game.InviteCode
		}
		noUserErrors(t, "joinGame", e.gameMutation(bob, "joinGame", join))
		noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": p.Game.ID}))
		noUserErrors(t, "resign", e.gameMutation(loser, "resign", map[string]any{"gameId": p.Game.ID}))
		return p.Game.ID
	}
	public := duel(false, bob)  // lena wins
	private := duel(true, lena) // bob wins

	var g struct {
		Game struct {
			Rated         bool `json:"rated"`
			RatingChanges []struct {
				Seat         int    `json:"seat"`
				Mode         string `json:"mode"`
				Place        int    `json:"place"`
				RatingBefore int    `json:"ratingBefore"`
				RatingAfter  int    `json:"ratingAfter"`
				Change       int    `json:"change"`
				Provisional  bool   `json:"provisional"`
			} `json:"ratingChanges"`
		} `json:"game"`
	}
	e.gql(zed, `query($id: ID!) { game(id: $id) { rated ratingChanges { seat mode place ratingBefore ratingAfter change provisional } } }`,
		map[string]any{"id": public}).decode(t, &g)
	rc := g.Game.RatingChanges
	if !g.Game.Rated || len(rc) != 2 || rc[0].Seat != 0 || rc[0].Place != 1 || rc[0].Mode != "DUEL" || rc[0].RatingBefore != 1000 ||
		rc[0].Change <= 0 || rc[0].RatingAfter != 1000+rc[0].Change || !rc[0].Provisional || rc[1].Seat != 1 || rc[1].Change >= 0 {
		t.Errorf("the public duel's rating changes, as zed reads them: %+v", g.Game)
	}
	if r := e.gql(zed, `query($id: ID!) { game(id: $id) { ratingChanges { seat } } }`, map[string]any{"id": private}); r.code(t) != "NOT_FOUND" {
		t.Errorf("zed reads the private duel: %s", r.Data)
	}

	// Games under way: one public, one private.
	e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
	e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "private": true, "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})

	var others profileView
	e.gql(zed, profileQuery, map[string]any{"id": lenaID}).decode(t, &others)
	u := others.Node
	if len(u.Ratings) != 3 || u.Ratings[0].Mode != "DUEL" || u.Ratings[0].Games != 2 || u.Ratings[1].Games != 0 || u.Ratings[1].Rating != 1000 {
		t.Errorf("lena's ratings, as zed reads them: %+v", u.Ratings)
	}
	pr := u.Profile
	if pr.IncludesPrivate || len(pr.RatingHistory) != 2 || pr.RatingHistory[0].GameID == nil || *pr.RatingHistory[0].GameID != public ||
		pr.RatingHistory[1].GameID != nil || pr.RatingHistory[1].Rating != u.Ratings[0].Rating {
		t.Errorf("lena's rating history, as zed reads it: %+v", pr.RatingHistory)
	}
	if pr.Stats.Played != 1 || pr.Stats.Won != 1 || pr.Stats.AverageLengthSeconds == nil || len(pr.Stats.ByMode) != 1 ||
		fmt.Sprint(pr.Stats.ByMode[0].Places) != "[1]" || len(pr.CurrentGames) != 1 {
		t.Errorf("lena's stats and current games, as zed reads them: %+v %+v", pr.Stats, pr.CurrentGames)
	}
	if f := pr.FinishedGames; len(f.Edges) != 1 || f.Edges[0].Node.GameID != public || f.PageInfo.HasNextPage ||
		f.Edges[0].Node.RatingChange == nil || f.Edges[0].Node.RatingChange.Change != rc[0].Change || f.Edges[0].Node.MapKey != "classic" {
		t.Errorf("lena's finished games, as zed reads them: %+v", f)
	}

	var own profileView
	e.gql(lena, profileQuery, map[string]any{"id": lenaID}).decode(t, &own)
	pr = own.Node.Profile
	if !pr.IncludesPrivate || len(pr.RatingHistory) != 2 || pr.RatingHistory[1].GameID == nil || *pr.RatingHistory[1].GameID != private ||
		pr.Stats.Played != 2 || pr.Stats.Won != 1 || len(pr.CurrentGames) != 2 {
		t.Errorf("lena's own profile: %+v", pr)
	}
	f := pr.FinishedGames
	if len(f.Edges) != 1 || f.Edges[0].Node.GameID != private || f.Edges[0].Node.Won || *f.Edges[0].Node.Place != 2 || !f.PageInfo.HasNextPage {
		t.Fatalf("lena's newest finished game: %+v", f)
	}
	var next profileView
	e.gql(lena, profileQuery, map[string]any{"id": lenaID, "after": *f.PageInfo.EndCursor}).decode(t, &next)
	if f := next.Node.Profile.FinishedGames; len(f.Edges) != 1 || f.Edges[0].Node.GameID != public || f.PageInfo.HasNextPage {
		t.Errorf("lena's next finished game: %+v", f)
	}

	r := e.gql(zed, `query($id: ID!) { node(id: $id) { ... on User { profile { ratingHistory(mode: FFA, last: 1001) { rating } } } } }`,
		map[string]any{"id": lenaID})
	if r.code(t) != "BAD_USER_INPUT" {
		t.Errorf("a history of 1,001 points: %+v", r.Errors)
	}
}
