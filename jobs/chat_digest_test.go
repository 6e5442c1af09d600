package jobs_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/account"
	"rout/chat"
	"rout/ent"
	"rout/graph"
	"rout/jobs"
	"rout/notifications/inbox"
)

// chatWorld is the API and one replica of workers on one test's database, mailing through a real SMTP
// server: what a chat message sent over GraphQL goes through to its digest.
type chatWorld struct {
	*env
	mail *smtpRecorder
	r    replica
	api  *httptest.Server
}

func newChatWorld(t *testing.T) *chatWorld {
	t.Helper()
	e := newEnv(t)
	w := &chatWorld{env: e, mail: startSMTP(t)}
	w.r = e.replica(testConfig(), newRouter(t, w.mail, nil))
	accounts, err := account.New(account.Opts{DB: e.db})
	if err != nil {
		t.Fatal(err)
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, e.db)))
	h, err := graph.NewHandler(graph.DefaultSettings(), graph.Deps{Ent: client, Game: w.r.svc, Accounts: accounts,
		Chat: chat.NewService(e.db, nil), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	w.api = httptest.NewServer(h)
	t.Cleanup(w.api.Close)
	return w
}

// gql runs query with vars as the user of token ("" for none), fails the test on an error or a user
// error, and returns the data.
func (w *chatWorld) gql(token, query string, vars map[string]any) map[string]any {
	w.t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		w.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, w.api.URL+graph.Path, bytes.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var res struct {
		Data   map[string]any    `json:"data"`
		Errors []json.RawMessage `json:"errors"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
		w.t.Fatalf("response %d: %v", resp.StatusCode, err)
	}
	if len(res.Errors) > 0 {
		w.t.Fatalf("%s: errors %s", query, res.Errors)
	}
	for _, v := range res.Data {
		if p, ok := v.(map[string]any); ok {
			if ues, ok := p["userErrors"].([]any); ok && len(ues) > 0 {
				w.t.Fatalf("%s: userErrors %v", query, ues)
			}
		}
	}
	return res.Data
}

// signUp signs a user up over the API (email notifications, the default digest window of an hour) and
// returns their token and id.
func (w *chatWorld) signUp(name string) (token string, id int) {
	w.t.Helper()
	data := w.gql("", `mutation($in: SignUpInput!) { signUp(input: $in) { session { token } user { id } userErrors { code } } }`,
		map[string]any{"in": map[string]any{"name": name, "email": name + "@example.com", "password": "password-" + name}})
	s := data["signUp"].(map[string]any)
	token = s["session"].(map[string]any)["token"].(string)
	id = w.count(`SELECT id FROM users WHERE email = $1`, name+"@example.com")
	return token, id
}

// say sends body to the players' room of game id as the user of token, and returns the message's seq.
func (w *chatWorld) say(token string, id int, body string) int {
	w.t.Helper()
	data := w.gql(token, `mutation($in: SendChatMessageInput!) { sendChatMessage(input: $in) { message { id seq } userErrors { code } } }`,
		map[string]any{"in": map[string]any{"gameId": graph.GlobalID("Game", id), "room": "players", "body": body}})
	return int(data["sendChatMessage"].(map[string]any)["message"].(map[string]any)["seq"].(float64))
}

// chatMail returns the chat digests (X-Rout-Kind chat) mailed to who, with their bodies.
func (w *chatWorld) chatMail(who string) (subjects, bodies []string) {
	msgs, all := w.mail.messages(who + "@example.com")
	for i, m := range msgs {
		if m.Header.Get("X-Rout-Kind") == "chat" {
			subjects, bodies = append(subjects, m.Header.Get("Subject")), append(bodies, all[i])
		}
	}
	return subjects, bodies
}

// chatDigests counts the chat digest jobs of user.
func (w *chatWorld) chatDigests(user int) int {
	return w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND args->>'kind' = 'chat' AND (args->>'user_id')::int = $2`,
		jobs.KindDigest, user)
}

// sendDigests makes every chat digest due now and waits until they ran.
func (w *chatWorld) sendDigests() {
	w.t.Helper()
	w.dueNow(`kind = $1 AND state = 'scheduled'`, jobs.KindDigest)
	w.waitJobsDone("the chat digests")
}

// TestChatDigestOverTheAPI: messages sent with sendChatMessage in two games make one chat digest job per
// reader and window, and, when the window ends, one email naming both games with their counts of unread
// messages and never their text. A reader who read the chat since, one who saw the notice live, one who
// switched the game's chat off and the author get nothing; a reader who blocks an author hears of the
// others' lines only.
func TestChatDigestOverTheAPI(t *testing.T) {
	t.Parallel()
	if now := time.Now().UTC(); now.Add(5*time.Minute).Hour() != now.Hour() {
		t.Skip("too close to the end of the hour: the messages could fall into two digest windows")
	}
	w := newChatWorld(t)
	adaTok, ada := w.signUp("ada")
	_, bob := w.signUp("bob")
	cidTok, cid := w.signUp("cid")
	danTok, dan := w.signUp("dan")
	eveTok, eve := w.signUp("eve")
	_, fay := w.signUp("fay")
	friday := w.createGame(w.r.svc, ada, human(ada), human(bob), human(cid), human(dan), human(eve), human(fay))
	sunday := w.createGame(w.r.svc, bob, human(bob), human(ada), cpu("normal"))
	if _, err := w.db.Exec(`UPDATE games SET name = 'Friday night' WHERE id = $1`, friday); err != nil {
		t.Fatal(err)
	}
	w.gql(danTok, `mutation($in: BlockUserInput!) { blockUser(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"user": graph.GlobalID("User", ada)}})
	w.gql(eveTok, `mutation($in: SetChatOffInput!) { setChatOff(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"gameId": graph.GlobalID("Game", friday), "off": true}})

	const secret = "meet me at the crossing of Kamchatka"
	w.say(adaTok, friday, secret)
	w.say(adaTok, friday, "second thought: Alaska")
	last := w.say(cidTok, friday, "no deal")
	w.say(adaTok, sunday, "good luck")
	w.say(adaTok, sunday, "you will need it")

	// One chat notice per reader and game, one digest job per reader.
	for _, c := range []struct {
		user, game, want int
	}{{bob, friday, 1}, {bob, sunday, 1}, {cid, friday, 1}, {dan, friday, 1}, {fay, friday, 1}, {eve, friday, 0}, {ada, friday, 1}, {ada, sunday, 0}} {
		if got := w.notices(c.user, c.game, -1, "chat"); got != c.want {
			t.Errorf("user %d has %d chat notices of game %d, want %d", c.user, got, c.game, c.want)
		}
	}
	for user, want := range map[int]int{bob: 1, cid: 1, dan: 1, fay: 1, eve: 0, ada: 1} {
		if got := w.chatDigests(user); got != want {
			t.Errorf("user %d has %d chat digest jobs, want %d", user, got, want)
		}
	}
	// cid reads the chat (up to their own line, the last); fay saw the notice in an open client.
	w.gql(cidTok, `mutation($in: MarkChatReadInput!) { markChatRead(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"gameId": graph.GlobalID("Game", friday), "room": "players", "seq": last}})
	var notice int64
	if err := w.db.QueryRow(`SELECT id FROM notices WHERE user_id = $1 AND kind = 'chat'`, fay).Scan(&notice); err != nil {
		t.Fatal(err)
	}
	if err := inbox.MarkSeen(w.ctx, w.db, fay, notice, time.Now()); err != nil {
		t.Fatal(err)
	}
	if subjects, _ := w.chatMail("bob"); len(subjects) != 0 {
		t.Fatalf("%d chat emails to bob before the window ended", len(subjects))
	}
	w.sendDigests()

	subjects, bodies := w.chatMail("bob")
	if len(subjects) != 1 {
		t.Fatalf("%d chat emails to bob, want one digest", len(subjects))
	}
	if subjects[0] != "5 new messages in 2 games" {
		t.Errorf("subject %q", subjects[0])
	}
	for _, want := range []string{"- 3 new messages in Friday night\r\n", "- 2 new messages in game #" + strconv.Itoa(sunday), "https://rout.example/games/"} {
		if !strings.Contains(bodies[0], want) {
			t.Errorf("bob's digest lacks %q:\n%s", want, bodies[0])
		}
	}
	if strings.Contains(bodies[0], secret) || strings.Contains(bodies[0], "Alaska") {
		t.Errorf("bob's digest carries a message's text:\n%s", bodies[0])
	}
	if _, got := w.chatMail("dan"); len(got) != 1 || !strings.Contains(got[0], "1 new message in the chat of Friday night") {
		t.Errorf("dan, who blocks ada, got %q: want one email of cid's line alone", got)
	}
	if _, got := w.chatMail("ada"); len(got) != 1 || !strings.Contains(got[0], "1 new message in the chat of Friday night") {
		t.Errorf("ada got %q: want one email of cid's line, none of her own", got)
	}
	for _, who := range []string{"cid", "eve", "fay"} {
		if subjects, _ := w.chatMail(who); len(subjects) != 0 {
			t.Errorf("%d chat emails to %s", len(subjects), who)
		}
	}
	stats := w.r.jobs.Stats()
	if got := stats.NotificationsDropped["seen_or_read"]; got != 2 {
		t.Errorf("dropped seen_or_read %d, want 2 (cid read the chat, fay saw the notice)", got)
	}
	if n := w.count(`SELECT count(*) FROM notices WHERE kind = 'chat' AND sent_at IS NULL`); n != 0 {
		t.Errorf("%d chat notices left unsettled", n)
	}

	// A new message in the next window makes a new notice and a new digest, which counts every unread
	// line.
	w.offset.Store(-int64(time.Hour))
	w.say(adaTok, sunday, "still there?")
	if got := w.notices(bob, sunday, -1, "chat"); got != 2 {
		t.Errorf("bob has %d chat notices of the second game after the digest, want 2", got)
	}
	w.sendDigests()
	if subjects, _ := w.chatMail("bob"); len(subjects) != 2 || subjects[1] != "3 new messages in game #"+strconv.Itoa(sunday) {
		t.Errorf("bob's chat digests: %q, want a second of 3 messages in game #%d", subjects, sunday)
	}
}

// TestChatTimeoutNoticeSentOnce: a moderator's timeout (timeOutChatUser) tells its user once, by email, when
// they may chat again and why.
func TestChatTimeoutNoticeSentOnce(t *testing.T) {
	t.Parallel()
	w := newChatWorld(t)
	modTok, mod := w.signUp("mod")
	bobTok, bob := w.signUp("bob")
	if _, err := w.db.Exec(`UPDATE users SET moderator = true, notify = 'none' WHERE id = $1`, mod); err != nil {
		t.Fatal(err)
	}
	id := w.createGame(w.r.svc, bob, human(bob), human(mod))
	w.say(bobTok, id, "you are all idiots")
	var msg int
	if err := w.db.QueryRow(`SELECT id FROM chat_messages WHERE author_id = $1`, bob).Scan(&msg); err != nil {
		t.Fatal(err)
	}
	w.gql(modTok, `mutation($in: TimeOutChatUserInput!) { timeOutChatUser(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"messageId": graph.GlobalID("ChatMessage", msg), "minutes": 60, "reason": "insults"}})
	w.waitFor("the timeout email", time.Minute, func() bool { return w.mail.kinds("bob@example.com")["chat_timeout"] == 1 })
	w.waitJobsDone("the notifications")
	msgs, bodies := w.mail.messages("bob@example.com")
	if len(msgs) != 1 || msgs[0].Header.Get("X-Rout-Kind") != "chat_timeout" {
		t.Fatalf("%d emails to bob, want the timeout's alone", len(msgs))
	}
	if got := msgs[0].Header.Get("Subject"); !strings.HasPrefix(got, "You cannot chat until ") {
		t.Errorf("subject %q", got)
	}
	if !strings.Contains(bodies[0], "(reason: insults)") {
		t.Errorf("the email does not say why:\n%s", bodies[0])
	}
	if n := w.notices(bob, id, -1, "chat_timeout"); n != 1 {
		t.Errorf("%d chat_timeout notices, want 1", n)
	}
	if n := w.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND args->>'kind' = 'chat_timeout'`, jobs.KindNotification); n != 1 {
		t.Errorf("%d notification jobs of the timeout, want 1", n)
	}
}
