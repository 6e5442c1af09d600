package apibench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"

	"rout/rules"
)

// apiClient sends GraphQL operations to one server over keep-alive HTTP.
type apiClient struct {
	url  string // the /graphql endpoint
	http *http.Client
}

func newAPIClient(baseURL string, conns int) *apiClient {
	return &apiClient{url: baseURL + "/graphql", http: keepAliveClient(conns)}
}

// keepAliveClient is the HTTP client of the benchmark's clients: it keeps up to conns connections (and
// a few) open between requests.
func keepAliveClient(conns int) *http.Client {
	t := &http.Transport{MaxIdleConns: conns + 8, MaxIdleConnsPerHost: conns + 8, IdleConnTimeout: time.Minute}
	return &http.Client{Transport: t, Timeout: time.Minute}
}

// do posts query with vars as the holder of token (none when empty) and decodes the data into out. An
// error of the response is an error.
func (c *apiClient) do(ctx context.Context, token, query string, vars map[string]any, out any) error {
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var r struct {
		Data   json.RawMessage
		Errors []struct{ Message string }
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("HTTP %d: %.200s", resp.StatusCode, b)
	}
	if len(r.Errors) > 0 || resp.StatusCode != http.StatusOK {
		return fmt.Errorf("HTTP %d: %+v", resp.StatusCode, r.Errors)
	}
	return json.Unmarshal(r.Data, out)
}

// player is a signed-up user.
type player struct {
	name, token string
}

// email is the player's address.
func (p player) email() string { return p.name + "@bench.invalid" }

// signUp signs a user up through the API.
func (c *apiClient) signUp(ctx context.Context, name string) (player, error) {
	var out struct {
		SignUp struct {
			Session    *struct{ Token string }
			UserErrors []userError
		}
	}
	err := c.do(ctx, "", `mutation($input: SignUpInput!) { signUp(input: $input) { session { token } userErrors { code message } } }`,
		map[string]any{"input": map[string]string{"name": name, "email": player{name: name}.email(), "password": "bench-password-" + name}}, &out)
	if err == nil && out.SignUp.Session == nil {
		err = fmt.Errorf("%+v", out.SignUp.UserErrors)
	}
	if err != nil {
		return player{}, fmt.Errorf("error signing %s up: %w", name, err)
	}
	return player{name: name, token: out.SignUp.Session.Token}, nil
}

type userError struct{ Code, Message string }

// action is one of a game's viewerActions.
type action struct {
	Kind     string
	From, To *string
	Cards    []int
	Min, Max int
}

// gameView is what the benchmark reads of a game after each command: whose turn it is and what the
// viewer may do.
type gameView struct {
	ID            string
	Status        string
	CurrentSeat   *int
	ViewerActions []action
}

// viewFields is the selection of a gameView.
const viewFields = `id status currentSeat viewerActions { kind from to cards min max }`

// payloadFields is the selection of every command's payload: the new version, the events, the game
// as the actor sees it now, and the refusals.
const payloadFields = `{ version events { seq kind } game { ` + viewFields + ` } userErrors { code message } }`

type payload struct {
	Version    *int
	Events     []struct{ Seq int }
	Game       *gameView
	UserErrors []userError
}

// mutate runs the mutation field with input (of GraphQL type inputType) and returns its payload.
func (c *apiClient) mutate(ctx context.Context, token, field, inputType string, input map[string]any) (payload, error) {
	var out map[string]payload
	err := c.do(ctx, token, `mutation($input: `+inputType+`!) { `+field+`(input: $input) `+payloadFields+` }`,
		map[string]any{"input": input}, &out)
	if err != nil {
		return payload{}, fmt.Errorf("error in %s: %w", field, err)
	}
	return out[field], nil
}

// lobby runs a lobby mutation (createGame, joinGame, startGame) and returns its game.
func (c *apiClient) lobby(ctx context.Context, token, field, inputType string, input map[string]any) (*gameView, error) {
	p, err := c.mutate(ctx, token, field, inputType, input)
	if err != nil {
		return nil, err
	}
	if len(p.UserErrors) > 0 || p.Game == nil {
		return nil, fmt.Errorf("error in %s: %+v", field, p.UserErrors)
	}
	return p.Game, nil
}

// newGame creates a game on mapKey with fog and seats (the creator's HUMAN first), lets joiners take the
// OPEN seats in order and starts it.
func (c *apiClient) newGame(ctx context.Context, mapKey string, fog rules.Fog, creator player, seats []map[string]any, joiners ...player) (*gameView, error) {
	input := map[string]any{"mapKey": mapKey, "seats": seats}
	if fog != rules.FogNone {
		input["fog"] = fog.String()
	}
	g, err := c.lobby(ctx, creator.token, "createGame", "CreateGameInput", input)
	if err != nil {
		return nil, err
	}
	for _, j := range joiners {
		if _, err := c.lobby(ctx, j.token, "joinGame", "JoinGameInput", map[string]any{"gameId": g.ID}); err != nil {
			return nil, err
		}
	}
	return c.lobby(ctx, creator.token, "startGame", "GameInput", map[string]any{"gameId": g.ID})
}

// view reads the game as the holder of token sees it.
func (c *apiClient) view(ctx context.Context, token, id string) (*gameView, error) {
	var out struct{ Game *gameView }
	if err := c.do(ctx, token, `query($id: ID!) { game(id: $id) { `+viewFields+` } }`, map[string]any{"id": id}, &out); err != nil {
		return nil, fmt.Errorf("error reading game %s: %w", id, err)
	}
	if out.Game == nil {
		return nil, fmt.Errorf("error reading game %s: not found", id)
	}
	return out.Game, nil
}

// maxAttacksPerTurn is how many attacks a benchmark player makes in a turn before it ends its attack.
const maxAttacksPerTurn = 4

// chooser picks a benchmark player's next legal command from the game's viewerActions: a trade when
// one is offered, a random claim, all the reserve on a random territory, up to maxAttacksPerTurn
// attacks with the most dice, every army that may move into a conquest, then the end of the turn. It
// never resigns.
type chooser struct {
	rng     *rand.Rand
	attacks int // attacks in the current turn
}

// next returns the mutation (its field and input type) and input of the next command in game id, or
// false when the actions offer none.
func (ch *chooser) next(id string, actions []action) (field, inputType string, input map[string]any, ok bool) {
	byKind := map[string][]action{}
	for _, a := range actions {
		byKind[a.Kind] = append(byKind[a.Kind], a)
	}
	pick := func(kind string) action {
		as := byKind[kind]
		return as[ch.rng.IntN(len(as))]
	}
	input = map[string]any{"gameId": id}
	switch {
	case len(byKind["trade"]) > 0:
		input["cards"] = pick("trade").Cards
		return "tradeCards", "TradeCardsInput", input, true
	case len(byKind["claim"]) > 0:
		input["territory"] = *pick("claim").From
		return "claimTerritory", "ClaimTerritoryInput", input, true
	case len(byKind["place"]) > 0:
		a := pick("place")
		input["placements"] = []map[string]any{{"territory": *a.From, "armies": a.Max}}
		ch.attacks = 0
		return "placeArmies", "PlaceArmiesInput", input, true
	case len(byKind["occupy"]) > 0:
		input["armies"] = pick("occupy").Max
		return "occupy", "OccupyInput", input, true
	case len(byKind["attack"]) > 0 && ch.attacks < maxAttacksPerTurn:
		a := pick("attack")
		ch.attacks++
		input["from"], input["to"], input["dice"] = *a.From, *a.To, a.Max
		return "attack", "AttackInput", input, true
	case len(byKind["end_attack"]) > 0:
		return "endAttack", "TurnInput", input, true
	case len(byKind["end_turn"]) > 0:
		ch.attacks = 0
		return "endTurn", "TurnInput", input, true
	}
	return "", "", nil, false
}

// canAct tells whether actions hold a command other than resign.
func canAct(actions []action) bool {
	return slices.ContainsFunc(actions, func(a action) bool { return a.Kind != "resign" })
}

// command sends one command and returns its payload; a refusal is an error.
func (c *apiClient) command(ctx context.Context, token, field, inputType string, input map[string]any) (*gameView, error) {
	p, err := c.mutate(ctx, token, field, inputType, input)
	if err != nil {
		return nil, err
	}
	if len(p.UserErrors) > 0 || p.Game == nil {
		return nil, fmt.Errorf("%s refused: %+v (input %v)", field, p.UserErrors, input)
	}
	return p.Game, nil
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }
