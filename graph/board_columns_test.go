package graph_test

import (
	"reflect"
	"testing"
)

// TestBoardColumns checks that boardColumns holds what board holds, territory by territory, with a
// neutral territory among them, and the game's seq.
func TestBoardColumns(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	bob, _ := e.signUp("bob")
	cyd, _ := e.signUp("cyd")
	created := e.gameMutation(ann, "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{
		{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}, {"kind": "OPEN", "color": "green"}}})
	noUserErrors(t, "createGame", created)
	id := created.Game.ID
	noUserErrors(t, "joinGame", e.gameMutation(bob, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "joinGame", e.gameMutation(cyd, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "startGame", e.gameMutation(ann, "startGame", map[string]any{"gameId": id}))
	type territory struct {
		Key     string `json:"key"`
		Owner   *int   `json:"owner"`
		Neutral bool   `json:"neutral"`
		Armies  int    `json:"armies"`
	}
	read := func() (board []territory, seq int, cols []territory, colSeq int) {
		var out struct {
			Game struct {
				Seq     int         `json:"seq"`
				Board   []territory `json:"board"`
				Columns struct {
					Seq     int      `json:"seq"`
					Keys    []string `json:"keys"`
					Owners  []*int   `json:"owners"`
					Armies  []int    `json:"armies"`
					Neutral []int    `json:"neutral"`
				} `json:"boardColumns"`
			} `json:"game"`
		}
		e.gql(ann, `query($id: ID!) { game(id: $id) { seq board { key owner neutral armies }
			boardColumns { seq keys owners armies neutral } } }`, map[string]any{"id": id}).decode(t, &out)
		c := out.Game.Columns
		if len(c.Keys) != len(out.Game.Board) || len(c.Owners) != len(c.Keys) || len(c.Armies) != len(c.Keys) {
			t.Fatalf("columns of %d keys, %d owners, %d armies for a board of %d", len(c.Keys), len(c.Owners), len(c.Armies), len(out.Game.Board))
		}
		cols = make([]territory, len(c.Keys))
		for i := range cols {
			cols[i] = territory{Key: c.Keys[i], Owner: c.Owners[i], Armies: c.Armies[i]}
		}
		for _, i := range c.Neutral {
			cols[i].Neutral = true
		}
		return out.Game.Board, out.Game.Seq, cols, c.Seq
	}
	board, seq, cols, colSeq := read()
	if !reflect.DeepEqual(board, cols) || seq != colSeq {
		t.Fatalf("boardColumns at %d is %+v, board at %d %+v", colSeq, cols, seq, board)
	}
	noUserErrors(t, "resign", e.gameMutation(cyd, "resign", map[string]any{"gameId": id}))
	board, seq, cols, colSeq = read()
	neutral := 0
	for _, ter := range board {
		if ter.Neutral {
			neutral++
		}
	}
	if neutral == 0 || !reflect.DeepEqual(board, cols) || seq != colSeq {
		t.Fatalf("after a resignation (%d neutral): boardColumns at %d is %+v, board at %d %+v", neutral, colSeq, cols, seq, board)
	}
}
