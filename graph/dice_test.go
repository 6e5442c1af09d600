package graph_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestGameDice: the creator and the joiner give their dice seeds through createGame and joinGame (a
// malformed one is INVALID_CONFIG and BAD_USER_INPUT); Game.dice shows the commitment and no seed while the game runs, and
// the server's and the players' seeds, which the commitment names, once it is finished.
func TestGameDice(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	seedL, seedM := strings.Repeat("1a", 32), strings.Repeat("2b", 32)
	create := `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } userErrors { code field message } } }`
	input := func(seed string) map[string]any {
		return map[string]any{"input": map[string]any{"mapKey": "classic", "diceSeed": seed, "seats": []map[string]any{
			{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}}}
	}
	var created struct {
		CreateGame struct {
			Game       struct{ ID string } `json:"game"`
			UserErrors []userError         `json:"userErrors"`
		} `json:"createGame"`
	}
	e.gql(lena, create, input("1a2b")).decode(t, &created)
	if codesOf(created.CreateGame.UserErrors) != "INVALID_CONFIG[input diceSeed]" {
		t.Errorf("createGame with a short seed: %+v, want INVALID_CONFIG", created.CreateGame.UserErrors)
	}
	e.gql(lena, create, input(seedL)).decode(t, &created)
	id := created.CreateGame.Game.ID
	join := `mutation($id: ID!, $seed: String) { joinGame(input: {gameId: $id, diceSeed: $seed}) { userErrors { code message } } }`
	if code := e.gql(mo, join, map[string]any{"id": id, "seed": "not hex"}).code(t); code != "BAD_USER_INPUT" {
		t.Errorf("joinGame with a bad seed: %s, want BAD_USER_INPUT", code)
	}
	e.mutate(mo, join, map[string]any{"id": id, "seed": seedM})

	type diceView struct {
		Scheme      string   `json:"scheme"`
		Commitment  string   `json:"commitment"`
		ServerSeed  *string  `json:"serverSeed"`
		PlayerSeeds []string `json:"playerSeeds"`
	}
	read := func(token string) diceView {
		var out struct {
			Game struct {
				Dice *diceView `json:"dice"`
			} `json:"game"`
		}
		e.gql(token, `query($id: ID!) { game(id: $id) { dice { scheme commitment serverSeed playerSeeds } } }`,
			map[string]any{"id": id}).decode(t, &out)
		if out.Game.Dice == nil {
			t.Fatal("the game has no dice")
		}
		return *out.Game.Dice
	}
	open := read(mo)
	if open.Scheme != "rout-hmac-sha256/1" || len(open.Commitment) != 64 || open.ServerSeed != nil || open.PlayerSeeds != nil {
		t.Fatalf("an open game's dice: %+v", open)
	}
	lobby := `mutation($id: ID!) { %s(input: {gameId: $id}) { userErrors { code message } } }`
	e.mutate(lena, fmt.Sprintf(lobby, "startGame"), map[string]any{"id": id})
	if running := read(""); running.Commitment != open.Commitment || running.ServerSeed != nil || running.PlayerSeeds != nil {
		t.Fatalf("a running game shows its dice as %+v", running)
	}
	noUserErrors(t, "resign", e.gameMutation(mo, "resign", map[string]any{"gameId": id}))
	done := read("")
	if done.Commitment != open.Commitment || done.ServerSeed == nil || !slices.Equal(done.PlayerSeeds, []string{seedL, seedM}) {
		t.Fatalf("the finished game's dice: %+v", done)
	}
	server, _ := hex.DecodeString(*done.ServerSeed)
	if sum := sha256.Sum256(server); hex.EncodeToString(sum[:]) != done.Commitment {
		t.Errorf("the server seed's SHA-256 is %x, not the commitment %s", sum, done.Commitment)
	}
}
