package graph_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// actionSelections are selections of Game.viewerActions with the keys, in order, that gqlgen writes for
// each (every field, a few, aliases, a field asked twice, __typename, fragments, @skip/@include), and the
// field behind each key.
var actionSelections = []struct {
	sel    string
	keys   []string
	fields []string
}{
	{`kind from to cards min max worth bonusTerritories bonusArmies defendDice`,
		[]string{"kind", "from", "to", "cards", "min", "max", "worth", "bonusTerritories", "bonusArmies", "defendDice"},
		[]string{"kind", "from", "to", "cards", "min", "max", "worth", "bonusTerritories", "bonusArmies", "defendDice"}},
	{`d: defendDice kind`, []string{"d", "kind"}, []string{"defendDice", "kind"}},
	{`bonusArmies cards b: bonusTerritories worth`, []string{"bonusArmies", "cards", "b", "worth"}, []string{"bonusArmies", "cards", "bonusTerritories", "worth"}},
	{`max kind`, []string{"max", "kind"}, []string{"max", "kind"}},
	{`k: kind f: from kind to`, []string{"k", "f", "kind", "to"}, []string{"kind", "from", "kind", "to"}},
	{`kind from kind`, []string{"kind", "from"}, []string{"kind", "from"}},
	{`__typename kind t: __typename`, []string{"__typename", "kind", "t"}, []string{"__typename", "kind", "__typename"}},
	{`kind ... on Action { from min } ...act`, []string{"kind", "from", "min", "to", "cards"}, []string{"kind", "from", "min", "to", "cards"}},
	{`kind from @skip(if: $yes) to @include(if: $no) min @include(if: $yes) max @skip(if: $no)`, []string{"kind", "min", "max"}, []string{"kind", "min", "max"}},
}

// orderedKeys returns the keys of a JSON object in the order they were written.
func orderedKeys(t *testing.T, obj json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s is not an object", obj)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestActionsAreWrittenAsGqlgenWritesObjects: Game.viewerActions, which writes its list itself
// (actions.go), answers every selection with the keys gqlgen writes, in its order, compact, with the
// values of the same actions under the whole selection: in the claim phase (no target, no cards), the
// reinforcement phase (amounts) and the attack phase (targets), whole and from one territory.
func TestActionsAreWrittenAsGqlgenWritesObjects(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	tokens := []string{lena, mo}
	newGame := func(claim string) string { return e.startedGame(claim, lena, mo).Game.ID }
	check := func(phase, id, token string, from *string) {
		t.Helper()
		var whole []json.RawMessage
		for i, s := range actionSelections {
			args, vars := map[string]any{"id": id, "from": from}, ""
			if strings.Contains(s.sel, "$") {
				args["yes"], args["no"], vars = true, false, ", $yes: Boolean!, $no: Boolean!"
			}
			query := `query($id: ID!, $from: String` + vars + `) { game(id: $id) { viewerActions(from: $from) { ` + s.sel + ` } } }`
			if strings.Contains(s.sel, "...act") {
				query += ` fragment act on Action { to cards }`
			}
			r := e.gql(token, query, args)
			if len(r.Errors) > 0 {
				t.Fatalf("%s, %s: errors %+v", phase, s.sel, r.Errors)
			}
			var out struct {
				Game struct {
					ViewerActions []json.RawMessage `json:"viewerActions"`
				} `json:"game"`
			}
			r.decode(t, &out)
			acts := out.Game.ViewerActions
			if i == 0 {
				whole = acts
				if len(whole) == 0 {
					t.Fatalf("%s: no action", phase)
				}
			}
			if len(acts) != len(whole) {
				t.Fatalf("%s, %s: %d actions, %d with every field", phase, s.sel, len(acts), len(whole))
			}
			for k, el := range acts {
				var compact bytes.Buffer
				if err := json.Compact(&compact, el); err != nil || !bytes.Equal(compact.Bytes(), el) {
					t.Errorf("%s, %s: action %d is written %s, not compact", phase, s.sel, k, el)
				}
				if got := orderedKeys(t, el); !slices.Equal(got, s.keys) {
					t.Errorf("%s, %s: action %d has keys %v, gqlgen writes %v", phase, s.sel, k, got, s.keys)
					continue
				}
				var values, full map[string]json.RawMessage
				if err := json.Unmarshal(el, &values); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(whole[k], &full); err != nil {
					t.Fatal(err)
				}
				for j, key := range s.keys {
					want := full[s.fields[j]]
					if s.fields[j] == "__typename" {
						want = json.RawMessage(`"Action"`)
					}
					if !bytes.Equal(values[key], want) {
						t.Errorf("%s, %s: action %d's %s = %s, want %s", phase, s.sel, k, key, values[key], want)
					}
				}
			}
		}
		// The claim and attack phases hold nulls (no target, no cards) and the amounts, written as
		// gqlgen writes them.
		if phase == "claim" && !bytes.Contains(whole[0], []byte(`"to":null,"cards":null,"min":0,"max":0,"worth":null,"bonusTerritories":null,"bonusArmies":null,"defendDice":null`)) {
			t.Errorf("a claim is written %s", whole[0])
		}
	}
	viewerOf := func(id string) (string, gameView) {
		for _, tok := range tokens {
			if v := e.gameAs(tok, id); v.CurrentSeat != nil && len(v.ViewerActions) > 1 {
				return tok, v
			}
		}
		t.Fatalf("game %s: nobody has actions", id)
		return "", gameView{}
	}

	claimGame := newGame("round_robin")
	tok, _ := viewerOf(claimGame)
	check("claim", claimGame, tok, nil)

	dealt := newGame("random")
	tok, view := viewerOf(dealt)
	check("reinforce", dealt, tok, nil)
	place := view.ViewerActions[slices.IndexFunc(view.ViewerActions, func(a struct {
		Kind string `json:"kind"`
		From string `json:"from"`
		To   string `json:"to"`
		Min  int    `json:"min"`
		Max  int    `json:"max"`
	}) bool {
		return a.Kind == "place"
	})]
	noUserErrors(t, "placeArmies", e.gameMutation(tok, "placeArmies", map[string]any{"gameId": dealt, "expectedVersion": view.Version,
		"placements": []map[string]any{{"territory": place.From, "armies": place.Max}}}))
	check("attack", dealt, tok, nil)
	check("attack from one territory", dealt, tok, &place.From)
	if !strings.Contains(string(e.gql(tok, `query($id: ID!) { game(id: $id) { viewerActions { kind to } } }`, map[string]any{"id": dealt}).Data), `"kind":"attack","to":"`) {
		t.Error("no attack with its target in the attack phase")
	}
}
