package graph_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rout/account"
	"rout/dbtest"
	"rout/graph"
	"rout/live"
	"rout/notifications"
	"rout/notifications/inbox"
)

// blockMutation blocks or unblocks (mutation: blockUser or unblockUser) the user $id.
const blockMutation = `mutation($id: ID!) { %s(input: {user: $id}) { user { id name } blocked userErrors { code field } } }`

// blockResult is the payload of blockMutation.
type blockResult struct {
	User       *userView   `json:"user"`
	Blocked    bool        `json:"blocked"`
	UserErrors []userError `json:"userErrors"`
}

// block runs blockUser (block true) or unblockUser on user id as token.
func (e *env) block(token, id string, block bool) blockResult {
	e.t.Helper()
	name := "unblockUser"
	if block {
		name = "blockUser"
	}
	var out map[string]blockResult
	e.gql(token, fmt.Sprintf(blockMutation, name), map[string]any{"id": id}).decode(e.t, &out)
	return out[name]
}

// blockedNames returns the names of the users the viewer token blocks, as viewer.blockedUsers lists them.
func (e *env) blockedNames(token string) []string {
	e.t.Helper()
	var out struct {
		Viewer struct {
			BlockedUsers []userView `json:"blockedUsers"`
		} `json:"viewer"`
	}
	e.gql(token, `{ viewer { blockedUsers { id name } } }`, nil).decode(e.t, &out)
	names := []string{}
	for _, u := range out.Viewer.BlockedUsers {
		names = append(names, u.Name)
	}
	return names
}

// TestBlockUser: blocking and unblocking are idempotent and show in viewer.blockedUsers, by name, to the
// blocker alone; blocking oneself or nobody is refused with its code.
func TestBlockUser(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	bob, bobID := e.signUp("bob")
	lena, lenaID := e.signUp("lena")
	_, amyID := e.signUp("amy")
	for range 2 {
		if r := e.block(bob, lenaID, true); len(r.UserErrors) > 0 || !r.Blocked || r.User == nil || r.User.Name != "lena" {
			t.Fatalf("bob blocks lena: %+v", r)
		}
	}
	e.block(bob, amyID, true)
	if got := e.blockedNames(bob); !slices.Equal(got, []string{"amy", "lena"}) {
		t.Errorf("bob's blocked users: %v, want [amy lena]", got)
	}
	if got := e.count(`SELECT count(*) FROM user_blocks`); got != 2 {
		t.Errorf("%d block rows, want 2", got)
	}
	// Nobody else sees whom bob blocks, lena included.
	var other struct {
		Node struct {
			BlockedUsers *[]userView `json:"blockedUsers"`
		} `json:"node"`
	}
	e.gql(lena, `query($id: ID!) { node(id: $id) { ... on User { blockedUsers { name } } } }`, map[string]any{"id": bobID}).decode(t, &other)
	if other.Node.BlockedUsers != nil {
		t.Errorf("lena reads bob's blocked users: %v, want null", *other.Node.BlockedUsers)
	}
	if got := e.blockedNames(lena); len(got) != 0 {
		t.Errorf("lena's blocked users: %v, want none", got)
	}
	if r := e.block(bob, bobID, true); codesOf(r.UserErrors) != account.CodeCannotBlockSelf+"[input user]" || r.Blocked {
		t.Errorf("bob blocks himself: %+v, want CANNOT_BLOCK_SELF", r)
	}
	for _, id := range []string{graph.GlobalID("User", 999999), "not an id"} {
		if r := e.block(bob, id, true); codesOf(r.UserErrors) != "NOT_FOUND[input user]" {
			t.Errorf("bob blocks %q: %+v, want NOT_FOUND", id, r)
		}
	}
	for range 2 {
		if r := e.block(bob, lenaID, false); len(r.UserErrors) > 0 || r.Blocked || r.User == nil || r.User.Name != "lena" {
			t.Fatalf("bob unblocks lena: %+v", r)
		}
	}
	if got := e.blockedNames(bob); !slices.Equal(got, []string{"amy"}) {
		t.Errorf("bob's blocked users after unblocking lena: %v, want [amy]", got)
	}
	if c := e.gql("", fmt.Sprintf(blockMutation, "blockUser"), map[string]any{"id": lenaID}).code(t); c != "UNAUTHENTICATED" {
		t.Errorf("anonymous block: %s, want UNAUTHENTICATED", c)
	}
}

// TestBlockLimit: a user blocks at most account.BlockLimit users; at the limit a new block is BLOCK_LIMIT,
// blocking someone blocked already still succeeds, and unblocking makes room.
func TestBlockLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	bob, _ := e.signUp("bob")
	_, lenaID := e.signUp("lena")
	_, err := e.db.Exec(`INSERT INTO users (created_at, updated_at, name, name_key, email, password_hash)
		SELECT now(), now(), 'many' || i, 'many' || i, 'many' || i || '@example.com', 'x' FROM generate_series(1, $1) AS i`, account.BlockLimit)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.db.Exec(`INSERT INTO user_blocks (created_at, blocker_id, blocked_id)
		SELECT now(), b.id, u.id FROM users b, users u WHERE b.name = 'bob' AND u.name LIKE 'many%'`)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(e.blockedNames(bob)); got != account.BlockLimit {
		t.Fatalf("bob blocks %d users, want %d", got, account.BlockLimit)
	}
	if r := e.block(bob, lenaID, true); codesOf(r.UserErrors) != account.CodeBlockLimit+"[input user]" || r.Blocked {
		t.Errorf("bob's block past the limit: %+v, want BLOCK_LIMIT", r)
	}
	var many int
	if err := e.db.QueryRow(`SELECT id FROM users WHERE name = 'many7'`).Scan(&many); err != nil {
		t.Fatal(err)
	}
	manyID := graph.GlobalID("User", many)
	if r := e.block(bob, manyID, true); len(r.UserErrors) > 0 || !r.Blocked {
		t.Errorf("bob blocks many7 again at the limit: %+v, want done", r)
	}
	e.block(bob, manyID, false)
	if r := e.block(bob, lenaID, true); len(r.UserErrors) > 0 || !r.Blocked {
		t.Errorf("bob blocks lena after unblocking one: %+v", r)
	}
}

// TestInvitationsRespectBlocks: a user cannot invite someone who blocks them (INVITATION_REFUSED, no game
// made), and an invitation sent before the block leaves the blocker's list of invitations while the
// block lasts.
func TestInvitationsRespectBlocks(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, lenaID := e.signUp("lena")
	bob, _ := e.signUp("bob")
	before := invitedGame(e, lena, "bob", false)
	invitations := func() []string {
		t.Helper()
		var l invitationList
		e.gql(bob, invitationsQuery, nil).decode(t, &l)
		ids := []string{}
		for _, g := range l.Games.Edges {
			ids = append(ids, g.Node.ID)
		}
		return ids
	}
	if got := invitations(); !slices.Equal(got, []string{before}) {
		t.Fatalf("bob's invitations: %v, want [%s]", got, before)
	}
	e.block(bob, lenaID, true)
	if got := invitations(); len(got) != 0 {
		t.Errorf("bob's invitations while he blocks lena: %v, want none", got)
	}
	games := e.count(`SELECT count(*) FROM games`)
	for _, email := range []string{"bob@example.com", "BOB@example.com"} {
		p := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{
			{"kind": "HUMAN", "color": "red"}, {"kind": "INVITED", "color": "blue", "email": email}}})
		if codesOf(p.UserErrors) != "INVITATION_REFUSED[input seats]" || p.Game != nil {
			t.Errorf("lena invites %s, who blocks her: %+v, want INVITATION_REFUSED", email, p)
		}
		if len(p.UserErrors) == 1 && strings.Contains(strings.ToLower(p.UserErrors[0].Message), "block") {
			t.Errorf("the refusal says more than needed: %q", p.UserErrors[0].Message)
		}
	}
	if got := e.count(`SELECT count(*) FROM games`); got != games {
		t.Errorf("%d games after the refused invitations, want %d", got, games)
	}
	// Others are invited as before, and bob is again once he lifts the block.
	e.signUp("amy")
	invitedGame(e, lena, "amy", false)
	e.block(bob, lenaID, false)
	if got := invitations(); !slices.Equal(got, []string{before}) {
		t.Errorf("bob's invitations after he unblocks lena: %v, want [%s]", got, before)
	}
	invitedGame(e, lena, "bob", true)
}

// TestInvitedNoticesOfBlockedHidden: the viewerEvents subscription skips the invitations of users the
// viewer blocks, and delivers the notices around them.
func TestInvitedNoticesOfBlockedHidden(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	g := newLiveGame(t, r, "eve", "fay")
	eve, fay := g.users[0], g.users[1]
	if err := r.accounts.Block(t.Context(), eve, fay); err != nil {
		t.Fatal(err)
	}
	turn := 0 // a notice is one per user, game, turn and kind
	record := func(kind notifications.Kind, inviter int) int64 {
		turn++
		n := inbox.New{UserID: eve, GameID: g.gameID, Turn: turn, Kind: kind}
		if inviter != 0 {
			n.Data.Inviter = &inviter
		}
		return dbtest.Notice(t, r.db, n)
	}
	first := record(notifications.KindYourTurn, 0)
	record(notifications.KindInvited, fay)
	c := dialWS(t, r, map[string]any{"Authorization": "Bearer " + g.tokens[0]})
	c.subscribe("me", `subscription { viewerEvents { seq kind gameId game { id } turn data } }`, nil)
	next := func(want int64, kind string) json.RawMessage {
		t.Helper()
		v, payload := c.viewerEvent(t)
		if v.Seq != want || v.Kind != kind {
			t.Fatalf("got %s, want notice %d %s", payload, want, kind)
		}
		return v.Data
	}
	next(first, "your_turn")
	record(notifications.KindInvited, fay) // live, after the replay
	// An invitation from a user eve does not block reaches her.
	gus := int(dbtest.User(t, r.db, dbtest.UserOpts{Name: "gus"}))
	if data := next(record(notifications.KindInvited, gus), "invited"); !strings.Contains(string(data), graph.GlobalID("User", gus)) {
		t.Errorf("gus's invitation: data %s, want gus as inviter", data)
	}
	next(record(notifications.KindGameOver, 0), "game_over")
}

// TestSetModeratorAdminOnly: only an admin grants and revokes the moderator role (FORBIDDEN for others);
// everyone reads whether a user is a moderator.
func TestSetModeratorAdminOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ada, _ := e.signUp("ada")
	lena, lenaID := e.signUp("lena")
	if _, err := e.db.Exec(`UPDATE users SET admin = true WHERE name = 'ada'`); err != nil {
		t.Fatal(err)
	}
	const set = `mutation($id: ID!, $m: Boolean!) { setModerator(input: {user: $id, moderator: $m}) {
		user { name moderator } userErrors { code field } } }`
	type payload struct {
		SetModerator struct {
			User *struct {
				Name      string `json:"name"`
				Moderator bool   `json:"moderator"`
			} `json:"user"`
			UserErrors []userError `json:"userErrors"`
		} `json:"setModerator"`
	}
	moderator := func(token string) bool {
		t.Helper()
		var out struct {
			Node struct{ Moderator bool } `json:"node"`
		}
		e.gql(token, `query($id: ID!) { node(id: $id) { ... on User { moderator } } }`, map[string]any{"id": lenaID}).decode(t, &out)
		return out.Node.Moderator
	}
	if c := e.gql(lena, set, map[string]any{"id": lenaID, "m": true}).code(t); c != "FORBIDDEN" {
		t.Errorf("lena makes herself a moderator: %s, want FORBIDDEN", c)
	}
	if c := e.gql("", set, map[string]any{"id": lenaID, "m": true}).code(t); c != "UNAUTHENTICATED" {
		t.Errorf("anonymous setModerator: %s, want UNAUTHENTICATED", c)
	}
	if moderator(lena) {
		t.Fatal("lena is a moderator after refused grants")
	}
	var out payload
	e.gql(ada, set, map[string]any{"id": lenaID, "m": true}).decode(t, &out)
	if u := out.SetModerator.User; len(out.SetModerator.UserErrors) > 0 || u == nil || u.Name != "lena" || !u.Moderator {
		t.Fatalf("ada grants lena the role: %+v", out.SetModerator)
	}
	var viewer struct {
		Viewer struct{ Moderator bool } `json:"viewer"`
	}
	e.gql(lena, `{ viewer { moderator } }`, nil).decode(t, &viewer)
	if !viewer.Viewer.Moderator || !moderator(ada) {
		t.Errorf("after the grant: lena's viewer.moderator %v, ada reads %v; want both true", viewer.Viewer.Moderator, moderator(ada))
	}
	if ok, err := e.accounts.Moderator(t.Context(), e.db, int(mustUserID(t, e, "lena"))); err != nil || !ok {
		t.Errorf("account.Moderator(lena) = %v, %v; want true", ok, err)
	}
	if c := e.gql(lena, set, map[string]any{"id": lenaID, "m": false}).code(t); c != "FORBIDDEN" {
		t.Errorf("a moderator revokes her own role: %s, want FORBIDDEN", c)
	}
	e.gql(ada, set, map[string]any{"id": lenaID, "m": false}).decode(t, &out)
	if u := out.SetModerator.User; u == nil || u.Moderator || moderator(ada) {
		t.Errorf("ada revokes lena's role: %+v", out.SetModerator)
	}
	e.gql(ada, set, map[string]any{"id": graph.GlobalID("User", 999999), "m": true}).decode(t, &out)
	if codesOf(out.SetModerator.UserErrors) != "NOT_FOUND[input user]" {
		t.Errorf("ada grants the role to nobody: %+v, want NOT_FOUND", out.SetModerator)
	}
}

// mustUserID returns the database id of the user named name.
func mustUserID(t *testing.T, e *env, name string) int64 {
	t.Helper()
	var id int64
	if err := e.db.QueryRow(`SELECT id FROM users WHERE name = $1`, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestChatEnabledPreference: chatEnabled is true for a new user, updateNotificationPreferences switches it
// off and on, and only the user reads it.
func TestChatEnabledPreference(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, lenaID := e.signUp("lena")
	bob, _ := e.signUp("bob")
	read := func(token string) *bool {
		t.Helper()
		var out struct {
			Node struct {
				ChatEnabled *bool `json:"chatEnabled"`
			} `json:"node"`
		}
		e.gql(token, `query($id: ID!) { node(id: $id) { ... on User { chatEnabled } } }`, map[string]any{"id": lenaID}).decode(t, &out)
		return out.Node.ChatEnabled
	}
	if v := read(lena); v == nil || !*v {
		t.Fatalf("a new user's chatEnabled: %v, want true", v)
	}
	const update = `mutation($on: Boolean!) { updateNotificationPreferences(input: {chatEnabled: $on}) {
		user { chatEnabled } userErrors { code } } }`
	for _, on := range []bool{false, true, false} {
		var out struct {
			UpdateNotificationPreferences struct {
				User struct {
					ChatEnabled *bool `json:"chatEnabled"`
				} `json:"user"`
				UserErrors []userError `json:"userErrors"`
			} `json:"updateNotificationPreferences"`
		}
		e.gql(lena, update, map[string]any{"on": on}).decode(t, &out)
		if got := out.UpdateNotificationPreferences.User.ChatEnabled; got == nil || *got != on {
			t.Fatalf("chatEnabled set to %v: payload %v", on, got)
		}
		if v := read(lena); v == nil || *v != on {
			t.Errorf("chatEnabled read after setting %v: %v", on, v)
		}
	}
	if v := read(bob); v != nil {
		t.Errorf("bob reads lena's chatEnabled: %v, want null", *v)
	}
	// The caller's row, as the API authenticates it from the token, carries the preference.
	tok, _, err := e.accounts.Authenticate(t.Context(), lena)
	if err != nil {
		t.Fatal(err)
	}
	if tok == nil || tok.Edges.User == nil || tok.Edges.User.ChatEnabled {
		t.Errorf("lena's authenticated token: %+v, want her row with chat off", tok)
	}
}
