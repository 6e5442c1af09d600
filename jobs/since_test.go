package jobs_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rout/game"
	"rout/notifications"
	"rout/rules"
)

// waitForBody waits for an email to to whose text contains part, and returns the text.
func (e *env) waitForBody(rec *smtpRecorder, to, part string) string {
	e.t.Helper()
	var body string
	e.waitFor("an email with "+part, time.Minute, func() bool {
		_, bodies := rec.messages(to)
		for _, b := range bodies {
			if strings.Contains(b, part) {
				body = strings.ReplaceAll(b, "\r\n", "\n")
				return true
			}
		}
		return false
	})
	return body
}

// TestYourTurnSaysWhatHappenedSince plays a game of ada and two CPUs through River until the CPUs
// conquered territories between two turns of hers: her first your_turn email says the game began (or what
// happened since), and the one after the conquests names each CPU that conquered with its first
// territory, as the game's events have them.
func TestYourTurnSaysWhatHappenedSince(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rec := startSMTP(t)
	r := e.replica(testConfig(), newRouter(t, rec, nil))
	ada := e.user("ada", "email")
	id := e.createGame(r.svc, ada, human(ada), cpu("normal"), cpu("hard"))
	seat := e.seatOf(id, ada)
	names := map[int]string{}
	for _, s := range []int{0, 1, 2} {
		if s != seat {
			names[s] = "the " + map[bool]string{true: "normal", false: "hard"}[e.count(`SELECT count(*) FROM players
				WHERE game_id = $1 AND seat = $2 AND difficulty = 'normal'`, id, s) == 1] + " CPU"
		}
	}
	prev := -1
	for range 15 {
		turn := e.waitForOwnTurn(id, seat, prev)
		body := e.waitForBody(rec, "ada@example.com", fmt.Sprintf("(turn %d)", turn))
		if prev < 0 {
			if !strings.Contains(body, "\nThe game began.\n") && !strings.Contains(body, "\nSince the game began: ") {
				t.Errorf("ada's first your_turn email says nothing of the game's start:\n%s", body)
			}
		} else {
			first := e.firstConquests(r.svc, id, prev, turn)
			if len(first) > 0 {
				if !strings.Contains(body, "\nSince your last turn: ") {
					t.Fatalf("ada's email of turn %d has no since line:\n%s", turn, body)
				}
				for player, territory := range first {
					if want := names[player] + " took " + territory; !strings.Contains(body, want) {
						t.Errorf("ada's email of turn %d does not say %q:\n%s", turn, want, body)
					}
				}
				t.Logf("ada's email of turn %d:\n%s", turn, body)
				return
			}
		}
		e.playOwnTurn(r.svc, id, ada)
		prev = turn
	}
	t.Fatal("the CPUs conquered nothing between two turns of ada's in 15 turns")
}

// firstConquests returns the first territory each seat conquered in game id in the turns after prev
// through turn, as the game's events have them.
func (e *env) firstConquests(svc *game.Service, id, prev, turn int) map[int]string {
	e.t.Helper()
	board, err := svc.Board(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	first := map[int]string{}
	rows, err := e.db.Query(`SELECT (payload->>'player')::int, (payload->>'to')::int FROM events
		WHERE game_id = $1 AND kind = 'territory_conquered' AND turn > $2 AND turn <= $3 ORDER BY seq`, id, prev, turn)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var player, to int
		if err := rows.Scan(&player, &to); err != nil {
			e.t.Fatal(err)
		}
		if _, ok := first[player]; !ok {
			first[player] = board.Territory(rules.TerritoryID(to)).Name
		}
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return first
}

// TestYourTurnSMSSaysWhatHappenedSince plays a game of ada, who takes SMS, and two CPUs through River
// until the CPUs conquered between two turns of hers: each of her your_turn SMS stays within one segment,
// and the one after the conquests says what happened since her last turn.
func TestYourTurnSMSSaysWhatHappenedSince(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sms := startSMSAPI(t, 0)
	r := e.replica(testConfig(), newRouter(t, nil, sms))
	ada := e.user("ada", "sms")
	id := e.createGame(r.svc, ada, human(ada), cpu("normal"), cpu("hard"))
	seat := e.seatOf(id, ada)
	prev := -1
	for range 15 {
		turn := e.waitForOwnTurn(id, seat, prev)
		var text string
		e.waitFor("the SMS of turn "+strconv.Itoa(turn), time.Minute, func() bool {
			sms.mu.Lock()
			defer sms.mu.Unlock()
			for _, b := range sms.bodies {
				if strings.Contains(b, fmt.Sprintf("(turn %d)", turn)) {
					text = strings.TrimPrefix(b, "+447700900123 ")
					return true
				}
			}
			return false
		})
		if n := utf8.RuneCountInString(text); n > notifications.SMSLimit {
			t.Errorf("ada's SMS of turn %d has %d characters: %q", turn, n, text)
		}
		if prev >= 0 && len(e.firstConquests(r.svc, id, prev, turn)) > 0 {
			if !strings.Contains(text, " Since your last turn: ") {
				t.Errorf("ada's SMS of turn %d says nothing of the conquests since her last turn: %q", turn, text)
			}
			t.Logf("ada's SMS of turn %d: %q", turn, text)
			return
		}
		e.playOwnTurn(r.svc, id, ada)
		prev = turn
	}
	t.Fatal("the CPUs conquered nothing between two turns of ada's in 15 turns")
}
