package graph_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// chatPayload is the payload of sendChatMessage and deleteChatMessage.
type chatPayload struct {
	Message    *chatLine   `json:"message"`
	UserErrors []userError `json:"userErrors"`
	RetryAfter *int        `json:"retryAfter"`
}

// chatLine is a ChatMessage as the tests read it.
type chatLine struct {
	ID         string  `json:"id"`
	Room       string  `json:"room"`
	Seq        int     `json:"seq"`
	Kind       string  `json:"kind"`
	AuthorName *string `json:"authorName"`
	Body       *string `json:"body"`
	Removed    bool    `json:"removed"`
	Target     *int    `json:"target"`
}

const chatFields = `id room seq kind authorName body removed target`

// sendChat posts body in room of game id as token.
func (e *env) sendChat(token, id, room, body string) chatPayload {
	e.t.Helper()
	var out struct{ SendChatMessage chatPayload }
	e.gql(token, `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { message { `+chatFields+` }
		userErrors { code field message } retryAfter } }`,
		map[string]any{"input": map[string]any{"gameId": id, "room": room, "body": body}}).decode(e.t, &out)
	return out.SendChatMessage
}

// chatPage reads a page of room of game id as token: the bodies (a removed message as "-") and the error
// codes of the answer.
func (e *env) chatPage(token, id, room string, first int) (string, string) {
	e.t.Helper()
	res := e.gql(token, `query($id: ID!, $room: String!, $first: Int) { game(id: $id) { chat(room: $room, first: $first) {
		edges { node { `+chatFields+` } } pageInfo { hasNextPage } } } }`, map[string]any{"id": id, "room": room, "first": first})
	var out struct {
		Game *struct {
			Chat *struct {
				Edges []struct{ Node chatLine } `json:"edges"`
			} `json:"chat"`
		} `json:"game"`
	}
	if err := json.Unmarshal(res.Data, &out); err != nil {
		e.t.Fatalf("error decoding data %s: %v", res.Data, err)
	}
	var codes []string
	for _, err := range res.Errors {
		c, _ := err.Extensions["code"].(string)
		codes = append(codes, c)
	}
	var bodies []string
	if out.Game != nil && out.Game.Chat != nil {
		for _, edge := range out.Game.Chat.Edges {
			switch {
			case edge.Node.Removed:
				bodies = append(bodies, "-")
			default:
				bodies = append(bodies, *edge.Node.AuthorName+": "+*edge.Node.Body)
			}
		}
	}
	return strings.Join(bodies, " | "), strings.Join(codes, ",")
}

// nameOf returns the name of the holder of token.
func (e *env) nameOf(token string) string {
	e.t.Helper()
	var out struct{ Viewer struct{ Name string } }
	e.gql(token, `{ viewer { name } }`, nil).decode(e.t, &out)
	return out.Viewer.Name
}

// TestChatThroughTheAPI: players chat in their room, a spectator in theirs; each sees only the rooms they
// may; limits, removals and read marks answer with stable codes.
func TestChatThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, mo, id := e.startedPair()
	sue, _ := e.signUp("sue")

	if p := e.sendChat(lena, id, "players", "  good luck <b>all</b>  "); len(p.UserErrors) != 0 || p.Message.Seq != 1 || *p.Message.Body != "good luck <b>all</b>" {
		t.Fatalf("a player's message: %+v", p)
	}
	e.clock.Advance(time.Second)
	if p := e.sendChat(mo, id, "players", "you too"); len(p.UserErrors) != 0 || p.Message.Seq != 2 {
		t.Fatalf("the other player's message: %+v", p)
	}
	if p := e.sendChat(sue, id, "spectators", "go lena"); len(p.UserErrors) != 0 || p.Message.Seq != 1 {
		t.Fatalf("a spectator's message: %+v", p)
	}
	if page, codes := e.chatPage(mo, id, "players", 10); codes != "" || page != e.nameOf(mo)+": you too | "+e.nameOf(lena)+": good luck <b>all</b>" {
		t.Errorf("the players' room: %q %s", page, codes)
	}
	if _, codes := e.chatPage(sue, id, "players", 10); codes != "CHAT_ROOM" {
		t.Errorf("a spectator reading the players' room: %s, want CHAT_ROOM", codes)
	}
	if page, codes := e.chatPage(lena, id, "spectators", 10); codes != "" || page != "sue: go lena" {
		t.Errorf("a player reading the spectators' room: %q %s", page, codes)
	}
	for _, c := range []struct{ token, room, body, code string }{
		{sue, "players", "let me in", "CHAT_ROOM"},
		{lena, "spectators", "hi fans", "CHAT_ROOM"},
		{lena, "team:0", "team?", "CHAT_ROOM"},
		{lena, "nowhere", "hello", "CHAT_ROOM"},
		{lena, "players", "\u202E\n\t ", "CHAT_EMPTY"},
		{lena, "players", strings.Repeat("x", 501), "CHAT_TOO_LONG"},
		{lena, "players", "Good luck <b>ALL</b>!", "CHAT_DUPLICATE"},
	} {
		if p := e.sendChat(c.token, id, c.room, c.body); p.Message != nil || codesOf(p.UserErrors) != c.code+"[]" {
			t.Errorf("sendChatMessage(%s, %.12q): %+v, want %s", c.room, c.body, p, c.code)
		}
	}
	// The flood rule, with the time to wait.
	for i := range 4 { // and "you too"
		if p := e.sendChat(mo, id, "players", fmt.Sprintf("flood message %d", i)); len(p.UserErrors) != 0 {
			t.Fatalf("message %d: %+v", i, p.UserErrors)
		}
	}
	e.clock.Advance(time.Second)
	if p := e.sendChat(mo, id, "players", "and one more"); codesOf(p.UserErrors) != "CHAT_FLOOD[]" || p.RetryAfter == nil || *p.RetryAfter != 9 {
		t.Errorf("the sixth message within 10 s: %+v, want CHAT_FLOOD with retryAfter 9", p)
	}

	// Removals: one's own, not another's.
	first := e.gql(lena, `query($id: ID!) { game(id: $id) { chat(room: "players", first: 100) { edges { node { id seq authorName } } } } }`,
		map[string]any{"id": id})
	var page struct {
		Game struct {
			Chat struct {
				Edges []struct{ Node chatLine } `json:"edges"`
			} `json:"chat"`
		} `json:"game"`
	}
	first.decode(t, &page)
	oldest := page.Game.Chat.Edges[len(page.Game.Chat.Edges)-1].Node
	del := func(token, mid string) chatPayload {
		var out struct{ DeleteChatMessage chatPayload }
		e.gql(token, `mutation($id: ID!) { deleteChatMessage(id: $id) { message { `+chatFields+` } userErrors { code field message } retryAfter } }`,
			map[string]any{"id": mid}).decode(t, &out)
		return out.DeleteChatMessage
	}
	if p := del(mo, oldest.ID); codesOf(p.UserErrors) != "CHAT_NOT_YOURS[]" {
		t.Errorf("removing another's message: %+v", p)
	}
	if p := del(sue, oldest.ID); codesOf(p.UserErrors) != "CHAT_NOT_FOUND[]" {
		t.Errorf("a spectator removing a players' message: %+v", p)
	}
	if p := del(lena, oldest.ID); len(p.UserErrors) != 0 || p.Message.Kind != "removal" || *p.Message.Target != oldest.Seq || p.Message.AuthorName != nil {
		t.Errorf("removing one's own: %+v", p)
	}
	if page, _ := e.chatPage(mo, id, "players", 100); !strings.HasSuffix(page, " | -") {
		t.Errorf("the history after a removal: %q, want the oldest shown as removed", page)
	}

	// node finds a message for whoever may read it, and for nobody else.
	nodeOf := func(token string) string {
		res := e.gql(token, `query($id: ID!) { node(id: $id) { ... on ChatMessage { seq room } } }`, map[string]any{"id": page.Game.Chat.Edges[0].Node.ID})
		if len(res.Errors) > 0 {
			return res.code(t)
		}
		return "found"
	}
	if got := nodeOf(mo); got != "found" {
		t.Errorf("node of a message as a player: %s", got)
	}
	if got := nodeOf(sue); got != "NOT_FOUND" {
		t.Errorf("node of a players' message as a spectator: %s, want NOT_FOUND", got)
	}

	// Rooms, unread counts and read marks.
	rooms := func(token string) string {
		var out struct {
			Game struct {
				ChatRooms []struct {
					Name    string `json:"name"`
					CanPost bool   `json:"canPost"`
					Unread  int    `json:"unread"`
				} `json:"chatRooms"`
				ChatUnread int `json:"chatUnread"`
			} `json:"game"`
		}
		e.gql(token, `query($id: ID!) { game(id: $id) { chatRooms(withSpectators: true) { name canPost unread } chatUnread } }`,
			map[string]any{"id": id}).decode(t, &out)
		return fmt.Sprintf("%+v %d", out.Game.ChatRooms, out.Game.ChatUnread)
	}
	if got := rooms(lena); got != "[{Name:players CanPost:true Unread:5} {Name:spectators CanPost:false Unread:1}] 5" {
		t.Errorf("lena's rooms: %s", got)
	}
	if got := rooms(sue); got != "[{Name:spectators CanPost:true Unread:0}] 0" {
		t.Errorf("sue's rooms: %s", got)
	}
	var marked struct {
		MarkChatRead struct {
			UserErrors []userError `json:"userErrors"`
		}
	}
	e.gql(lena, `mutation($input: MarkChatReadInput!) { markChatRead(input: $input) { userErrors { code field message } } }`,
		map[string]any{"input": map[string]any{"gameId": id, "room": "players", "seq": 7}}).decode(t, &marked)
	if len(marked.MarkChatRead.UserErrors) != 0 {
		t.Fatalf("markChatRead: %+v", marked.MarkChatRead.UserErrors)
	}
	if got := rooms(lena); got != "[{Name:players CanPost:true Unread:0} {Name:spectators CanPost:false Unread:1}] 0" {
		t.Errorf("lena's rooms after reading: %s", got)
	}

	// Players only closes the spectators' room; only the creator sets it.
	setting := func(token string, on bool) string {
		var out struct {
			SetChatPlayersOnly struct {
				Settings *struct {
					PlayersOnly bool `json:"playersOnly"`
				} `json:"settings"`
				UserErrors []userError `json:"userErrors"`
			}
		}
		e.gql(token, `mutation($input: SetChatPlayersOnlyInput!) { setChatPlayersOnly(input: $input) { settings { playersOnly } userErrors { code field message } } }`,
			map[string]any{"input": map[string]any{"gameId": id, "playersOnly": on}}).decode(t, &out)
		return codesOf(out.SetChatPlayersOnly.UserErrors)
	}
	creator, other := lena, mo
	if e.nameOf(mo) == "lena" { // startedPair's lena creates the game
		creator, other = mo, lena
	}
	if got := setting(other, true); got != "CHAT_NOT_CREATOR[]" {
		t.Errorf("players only set by a player who did not create the game: %s", got)
	}
	if got := setting(creator, true); got != "" {
		t.Errorf("players only set by the creator: %s", got)
	}
	if p := e.sendChat(sue, id, "spectators", "still here?"); codesOf(p.UserErrors) != "CHAT_ROOM[]" {
		t.Errorf("a spectator posting in a players-only game: %+v", p)
	}
	if got := rooms(sue); got != "[] 0" {
		t.Errorf("sue's rooms in a players-only game: %s", got)
	}
}

// TestChatOfAPrivateGame: a stranger gets NOT_FOUND for every chat field and mutation of a private game,
// exactly as for a game that does not exist.
func TestChatOfAPrivateGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _, id := e.startedPair()
	zed, _ := e.signUp("zed")
	if _, codes := e.chatPage("", id, "spectators", 10); codes != "UNAUTHENTICATED" {
		t.Errorf("reading a chat signed out: %s, want UNAUTHENTICATED", codes)
	}
	if _, err := e.db.ExecContext(t.Context(), `UPDATE games SET invite_code = 'secret'`); err != nil {
		t.Fatal(err)
	}
	if p := e.sendChat(lena, id, "players", "private words"); len(p.UserErrors) != 0 {
		t.Fatal(p.UserErrors)
	}
	if _, codes := e.chatPage(zed, id, "spectators", 10); codes != "NOT_FOUND" {
		t.Errorf("a stranger reading a private game's chat: %s, want NOT_FOUND", codes)
	}
	res := e.gql(zed, `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { userErrors { code } } }`,
		map[string]any{"input": map[string]any{"gameId": id, "room": "spectators", "body": "hello?"}})
	if c := res.code(t); c != "NOT_FOUND" {
		t.Errorf("a stranger posting in a private game: %s, want NOT_FOUND", c)
	}
}

// TestChatHidesBlockedUsers: a blocked user's lines never reach the blocker, in the history, the unread
// counts or a node lookup; switching all chat off empties every game's chat.
func TestChatHidesBlockedUsers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a, b, id := e.startedPair()
	e.sendChat(a, id, "players", "hello")
	line := e.sendChat(b, id, "players", "you will not see this").Message
	var blocked struct {
		BlockUser struct {
			UserErrors []userError `json:"userErrors"`
		}
	}
	e.gql(a, `mutation($user: ID!) { blockUser(input: {user: $user}) { userErrors { code field message } } }`, map[string]any{"user": e.idOf(b)}).decode(t, &blocked)
	if len(blocked.BlockUser.UserErrors) != 0 {
		t.Fatal(blocked.BlockUser.UserErrors)
	}
	if page, codes := e.chatPage(a, id, "players", 10); codes != "" || page != e.nameOf(a)+": hello" {
		t.Errorf("the blocker's history: %q %s", page, codes)
	}
	var unread struct{ Game struct{ ChatUnread int } }
	e.gql(a, `query($id: ID!) { game(id: $id) { chatUnread } }`, map[string]any{"id": id}).decode(t, &unread)
	if unread.Game.ChatUnread != 0 {
		t.Errorf("the blocker's unread count: %d", unread.Game.ChatUnread)
	}
	if c := e.gql(a, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": line.ID}).code(t); c != "NOT_FOUND" {
		t.Errorf("node of a blocked user's line: %s", c)
	}
	// All chat off.
	var prefs struct {
		UpdateNotificationPreferences struct {
			UserErrors []userError `json:"userErrors"`
		}
	}
	e.gql(b, `mutation { updateNotificationPreferences(input: {chatEnabled: false}) { userErrors { code field message } } }`, nil).decode(t, &prefs)
	if _, codes := e.chatPage(b, id, "players", 10); codes != "CHAT_OFF" {
		t.Errorf("reading with all chat off: %s, want CHAT_OFF", codes)
	}
	if p := e.sendChat(b, id, "players", "anyone?"); codesOf(p.UserErrors) != "CHAT_OFF[]" {
		t.Errorf("sending with all chat off: %+v", p)
	}
}
