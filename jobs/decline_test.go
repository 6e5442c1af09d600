package jobs_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"rout/dbtest"
)

// TestDeclineTellsTheCreator: bob declines the seat owner kept for him; owner gets a declined notice
// (who, which seat) in the app and, as owner's preferences say (email here), an email that says it.
func TestDeclineTellsTheCreator(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	mail := startSMTP(t)
	r := e.replica(testConfig(), newRouter(t, mail, nil))
	owner := e.user("owner", "email")
	bob := e.user("bob", "email")
	g := dbtest.Game(t, e.db, dbtest.GameOpts{Service: r.svc, Creator: owner,
		Seats: []dbtest.SeatOpts{{User: owner}, {Invite: "bob@example.com"}}})
	if err := r.svc.GameDecline(e.ctx, g.GameID, bob); err != nil {
		t.Fatal(err)
	}
	var kind string
	var data []byte
	if err := e.db.QueryRowContext(e.ctx, `SELECT kind, data FROM notices WHERE user_id = $1 AND game_id = $2 AND kind <> 'invited'`,
		owner, g.GameID).Scan(&kind, &data); err != nil {
		t.Fatal(err)
	}
	var d struct {
		Seat  *int
		Color string
		Name  string
	}
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	var color string
	if err := e.db.QueryRowContext(e.ctx, `SELECT color FROM players WHERE game_id = $1 AND seat = 1`, g.GameID).Scan(&color); err != nil {
		t.Fatal(err)
	}
	if kind != "declined" || d.Seat == nil || *d.Seat != 1 || d.Color != color || d.Name != "bob" {
		t.Errorf("owner's notice: %s %s, want declined of seat 1 (%s) by bob", kind, data, color)
	}
	if n := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind = 'declined'`, bob); n != 0 {
		t.Errorf("bob got %d declined notices, want none", n)
	}
	e.waitFor("the declined email", time.Minute, func() bool { return mail.kinds("owner@example.com")["declined"] == 1 })
	mail.mu.Lock()
	defer mail.mu.Unlock()
	found := false
	for _, b := range mail.bodies {
		if strings.Contains(b, "bob declined the invitation to play the "+color+" seat") {
			found = true
		}
	}
	if !found {
		t.Errorf("no email says bob declined the %s seat: %q", color, mail.bodies)
	}
}
