package graph_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// boardSelections are selections of Game.board that the API must answer as gqlgen answers any list of
// objects: every field, a few, aliases (one field twice under two names, a name reused), __typename,
// inline fragments and named fragments, fields merged from several places, and @skip/@include.
var boardSelections = []string{
	`key name owner neutral armies`,
	`armies key`,
	`k: key n: name o: owner key neutral`,
	`__typename key t: __typename`,
	`key ... on TerritoryState { owner armies } ...cell`,
	`key armies ... { armies neutral } ...cell`,
	`key name @skip(if: $yes) owner @include(if: $no) armies @include(if: $yes) neutral @skip(if: $no)`,
	`... @include(if: $yes) { key } ... @skip(if: $yes) { name } ... @skip(if: $no) { armies }`,
}

// boardElements returns the elements of a JSON list as they were written, byte for byte.
func boardElements(t *testing.T, list json.RawMessage) []string {
	t.Helper()
	var els []json.RawMessage
	if err := json.Unmarshal(list, &els); err != nil {
		t.Fatalf("%s: %v", list, err)
	}
	out := make([]string, len(els))
	for i, el := range els {
		out[i] = string(el)
	}
	return out
}

// TestBoardIsWrittenAsGqlgenWritesObjects: Game.board, which writes its list itself (docs/benchmarks.md,
// "Large maps"), answers every selection byte for byte as gqlgen's own execution answers the same
// selection on the same territories (Game.territories, whose nodes gqlgen marshals field by field), for
// owned, unowned (claim phase) and neutral (resigned) territories, whole and since a sequence number.
func TestBoardIsWrittenAsGqlgenWritesObjects(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	kim, _ := e.signUp("kim")
	tokens := map[string]string{"lena": lena, "mo": mo, "kim": kim}
	newGame := func(claim string) string { return e.startedGame(claim, lena, mo, kim).Game.ID }
	unclaimed := newGame("round_robin")
	dealt := newGame("random")
	// kim resigns at once: kim's territories turn neutral and the game goes on between lena and mo.
	noUserErrors(t, "resign", e.gameMutation(tokens["kim"], "resign", map[string]any{"gameId": dealt}))

	for _, id := range []string{unclaimed, dealt} {
		for _, sel := range boardSelections {
			// The connection's nodes are Territory objects: the same selection, its fragments on that type.
			onNode := strings.NewReplacer("on TerritoryState", "on Territory", "...cell", "...nodeCell").Replace(sel)
			vars := ""
			if strings.Contains(sel, "$") {
				vars = ", $yes: Boolean!, $no: Boolean!"
			}
			query := `query($id: ID!` + vars + `) { game(id: $id) {
				board { ` + sel + ` }
				since: board(sinceSeq: 1) { ` + sel + ` }
				territories(first: 100) { edges { node { ` + onNode + ` } } } } }`
			if strings.Contains(sel, "...cell") {
				query += ` fragment cell on TerritoryState { owner neutral } fragment nodeCell on Territory { owner neutral }`
			}
			var out struct {
				Game struct {
					Board       json.RawMessage `json:"board"`
					Since       json.RawMessage `json:"since"`
					Territories struct {
						Edges []struct {
							Node json.RawMessage `json:"node"`
						} `json:"edges"`
					} `json:"territories"`
				} `json:"game"`
			}
			args := map[string]any{"id": id}
			if vars != "" {
				args["yes"], args["no"] = true, false
			}
			r := e.gql(lena, query, args)
			if len(r.Errors) > 0 {
				t.Fatalf("%s: errors %+v", sel, r.Errors)
			}
			r.decode(t, &out)
			board := boardElements(t, out.Game.Board)
			since := boardElements(t, out.Game.Since)
			nodes := out.Game.Territories.Edges
			if len(board) != 42 || len(nodes) != 42 {
				t.Fatalf("%s: %d territories on the board and %d in the connection, want 42", sel, len(board), len(nodes))
			}
			if sel == boardSelections[0] {
				// The cases the test is for: unowned territories in the claim phase, neutral ones after
				// the resignation.
				want := map[string]string{unclaimed: `"owner":null,"neutral":false`, dealt: `"owner":null,"neutral":true`}[id]
				if !bytes.Contains(out.Game.Board, []byte(want)) {
					t.Errorf("the board of game %s has no territory with %s: %s", id, want, out.Game.Board)
				}
			}
			sinceAt := 0
			for i, el := range board {
				want := string(bytes.ReplaceAll(nodes[i].Node, []byte(`"Territory"`), []byte(`"TerritoryState"`)))
				if el != want {
					t.Errorf("%s: board[%d] = %s, gqlgen writes %s", sel, i, el, want)
				}
				if sinceAt < len(since) && since[sinceAt] == el {
					sinceAt++
				}
			}
			if (id == dealt && len(since) == 0) || sinceAt != len(since) {
				t.Errorf("%s: board(sinceSeq: 1) = %s is not %d territories of the board in map order", sel, out.Game.Since, len(since))
			}
		}
	}
	// Valid JSON as a whole, the fields in the order asked.
	r := e.gql(lena, `query($id: ID!) { game(id: $id) { board { armies key } } }`, map[string]any{"id": dealt})
	if !json.Valid(r.Data) || !bytes.HasPrefix(r.Data, []byte(`{"game":{"board":[{"armies":`)) {
		t.Errorf("board { armies key }: %s", r.Data)
	}
}
