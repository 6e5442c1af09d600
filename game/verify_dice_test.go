package game_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// TestVerifyDiceOfHonestRecords: the records of whole games verify, whatever the claim, the cards and the
// players; each has its commitment, the seeds once finished, and the draws of its commands.
func TestVerifyDiceOfHonestRecords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, tc := range []struct {
		claim   rules.ClaimStrategy
		cards   rules.CardSystem
		players int
	}{
		{rules.ClaimRandom, rules.CardsClassic, 2},
		{rules.ClaimRoundRobin, rules.CardsFixed, 3},
	} {
		rec := finishedRecord(t, e, tc.claim, tc.cards, tc.players)
		if err := game.VerifyDice(rec); err != nil {
			t.Fatalf("%s, %s: %v", tc.claim, tc.cards, err)
		}
		d := rec.Dice
		if d == nil || d.Scheme != rules.CommittedScheme || len(d.PlayerSeeds) != tc.players {
			t.Fatalf("%s, %s: the record's dice are %+v", tc.claim, tc.cards, d)
		}
		server, _ := hex.DecodeString(d.ServerSeed)
		if sum := sha256.Sum256(server); hex.EncodeToString(sum[:]) != d.Commitment {
			t.Errorf("the commitment %s is not the SHA-256 of the server seed", d.Commitment)
		}
		if i := slices.IndexFunc(rec.Events, func(e game.RecordEvent) bool { return len(e.Draws) > 0 }); i != 0 {
			t.Errorf("the first event with draws is %d, want the start's", i)
		}
	}
}

// TestVerifyDiceRefusesAnyChangedDraw (property): in the records of random games, any single die, card
// drawn, deal, turn order or listed draw changed, or a seed changed, makes the record refused; a change
// that keeps the record legal under the rules (a die no comparison reads) is refused for its dice alone.
func TestVerifyDiceRefusesAnyChangedDraw(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for g, tc := range []struct {
		claim   rules.ClaimStrategy
		cards   rules.CardSystem
		players int
	}{
		{rules.ClaimRandom, rules.CardsClassic, 3},
		{rules.ClaimRandom, rules.CardsFixedTTB, 2},
	} {
		genuine := finishedRecord(t, e, tc.claim, tc.cards, tc.players)
		r := rand.New(rand.NewPCG(uint64(g), 33))
		byKind := map[string][]int{}
		for i, ev := range genuine.Events {
			var k struct{ Kind string }
			if err := json.Unmarshal(ev.Event, &k); err != nil {
				t.Fatal(err)
			}
			byKind[k.Kind] = append(byKind[k.Kind], i)
		}
		pick := func(kind string) int {
			if len(byKind[kind]) == 0 {
				t.Fatalf("game %d has no %s", g, kind)
			}
			return byKind[kind][r.IntN(len(byKind[kind]))]
		}
		forgeries := map[string]func(rec *game.Record){
			"a die": func(rec *game.Record) {
				i := pick("battle_rolled")
				b := unmarshal(t, rec.Events[i].Event).(rules.BattleRolled)
				dice := &b.AttackDice
				if r.IntN(2) == 0 {
					dice = &b.DefendDice
				}
				*dice = slices.Clone(*dice)
				j := r.IntN(len(*dice))
				(*dice)[j] = 1 + ((*dice)[j]+r.IntN(5))%6 // another face
				rec.Events[i].Event = marshal(t, b)
			},
			"a card drawn": func(rec *game.Record) {
				i := pick("card_drawn")
				c := unmarshal(t, rec.Events[i].Event).(rules.CardDrawn)
				c.Card = (c.Card + 1 + rules.CardID(r.IntN(5))) % 44
				rec.Events[i].Event = marshal(t, c)
			},
			"the deal": func(rec *game.Record) {
				i := pick("territories_dealt")
				d := unmarshal(t, rec.Events[i].Event).(rules.TerritoriesDealt)
				d.Owners = slices.Clone(d.Owners)
				a := r.IntN(len(d.Owners))
				b := (a + 1 + r.IntN(len(d.Owners)-1)) % len(d.Owners)
				for d.Owners[a] == d.Owners[b] {
					b = (b + 1) % len(d.Owners)
				}
				d.Owners[a], d.Owners[b] = d.Owners[b], d.Owners[a]
				rec.Events[i].Event = marshal(t, d)
			},
			"the turn order": func(rec *game.Record) {
				s := unmarshal(t, rec.Events[0].Event).(rules.GameStarted)
				s.Order = slices.Clone(s.Order)
				s.Order[0], s.Order[1] = s.Order[1], s.Order[0]
				rec.Events[0].Event = marshal(t, s)
			},
			"a listed draw": func(rec *game.Record) {
				i := pick("battle_rolled")
				draws := slices.Clone(rec.Events[i].Draws)
				j := r.IntN(len(draws))
				draws[j][1] = (draws[j][1] + 1 + r.IntN(5)) % 6
				rec.Events[i].Draws = draws
			},
			"a player's seed": func(rec *game.Record) {
				rec.Dice.PlayerSeeds[0] = strings.Repeat("ab", 32)
			},
			"the server seed": func(rec *game.Record) {
				rec.Dice.ServerSeed = strings.Repeat("cd", 32)
			},
		}
		for round := range 6 {
			for name, forge := range forgeries {
				rec := genuine
				rec.Events = slices.Clone(genuine.Events)
				d := *genuine.Dice
				d.PlayerSeeds = slices.Clone(d.PlayerSeeds)
				rec.Dice = &d
				forge(&rec)
				err := game.VerifyDice(rec)
				var re *game.RecordError
				if !errors.As(err, &re) {
					t.Fatalf("game %d, round %d, %s changed: VerifyDice = %v, want a refusal", g, round, name, err)
				}
			}
		}
		// A die no comparison reads: the rules accept the record, its dice do not.
		i := slices.IndexFunc(byKind["battle_rolled"], func(i int) bool {
			b := unmarshal(t, genuine.Events[i].Event).(rules.BattleRolled)
			return len(b.AttackDice) > len(b.DefendDice) && b.AttackDice[len(b.AttackDice)-1] > 1
		})
		if i < 0 {
			continue
		}
		i = byKind["battle_rolled"][i]
		rec := genuine
		rec.Events = slices.Clone(genuine.Events)
		b := unmarshal(t, rec.Events[i].Event).(rules.BattleRolled)
		b.AttackDice = slices.Clone(b.AttackDice)
		b.AttackDice[len(b.AttackDice)-1]--
		rec.Events[i].Event = marshal(t, b)
		if _, err := game.Replay(rec); err != nil {
			t.Fatalf("game %d: the rules refuse an uncompared die changed: %v", g, err)
		}
		err := game.VerifyDice(rec)
		var re *game.RecordError
		if !errors.As(err, &re) || re.Code != game.RecordBadDice || re.Seq != int64(i+1) {
			t.Errorf("game %d: an uncompared die of event %d changed: VerifyDice = %v, want RECORD_DICE at it", g, i+1, err)
		}
	}
}

func unmarshal(t *testing.T, data []byte) rules.Event {
	t.Helper()
	e, err := rules.UnmarshalEvent(data)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestDiceSeedsOfPlayers: the creator's and the joiners' seeds go into the game's dice, a seat left gives
// its seed up, a bad seed is BAD_USER_INPUT; the commitment is public from the creation and the seeds are shown
// when the game is finished, not before.
func TestDiceSeedsOfPlayers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	seedA, seedB := strings.Repeat("0a", 32), strings.Repeat("0b", 32)
	in := game.CreateInput{CreatorID: alice, MapKey: "classic", DiceSeed: seedA,
		Seats: []game.SeatSpec{{Kind: game.SeatUser, UserID: alice, Color: "red"}, {Kind: game.SeatOpen, Color: "blue"}}}
	bad := in
	bad.DiceSeed = "0a0b"
	if _, err := e.svc.GameCreate(e.ctx, bad); code(err) != "BAD_USER_INPUT" {
		t.Errorf("a short seed at the creation: %v, want BAD_USER_INPUT", err)
	}
	created, err := e.svc.GameCreate(e.ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	id := created.GameID
	if _, err := e.svc.GameJoin(e.ctx, id, bob, "", game.AnyTeam, strings.Repeat("zz", 32)); code(err) != "BAD_USER_INPUT" {
		t.Errorf("a seed that is not hex: %v, want BAD_USER_INPUT", err)
	}
	if _, err := e.svc.GameJoin(e.ctx, id, bob, "", game.AnyTeam, seedB); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.GameLeave(e.ctx, id, bob); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.GameJoin(e.ctx, id, carol, "", game.AnyTeam, ""); err != nil { // without a seed
		t.Fatal(err)
	}
	open, err := e.svc.GameDice(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if open == nil || len(open.Commitment) != 64 || open.Revealed() || open.PlayerSeeds != nil {
		t.Fatalf("an open game's dice: %+v, want the commitment alone", open)
	}
	if _, err := e.svc.GameStart(e.ctx, id, alice); err != nil {
		t.Fatal(err)
	}
	rec, err := e.svc.GameRecord(e.ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Dice == nil || rec.Dice.Commitment != open.Commitment || rec.Dice.ServerSeed != "" || rec.Dice.PlayerSeeds != nil ||
		slices.ContainsFunc(rec.Events, func(e game.RecordEvent) bool { return e.Draws != nil }) {
		t.Fatalf("a running game's record shows its dice as %+v, or draws", rec.Dice)
	}
	playOut(t, e, id, map[rules.PlayerID]int{0: alice, 1: carol})
	done, err := e.svc.GameDice(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if done.Commitment != open.Commitment || !slices.Equal(done.PlayerSeeds, []string{seedA, ""}) {
		t.Errorf("the finished game's dice: %+v, want the commitment %s, alice's seed and none of bob's", done, open.Commitment)
	}
	if rec, err = e.svc.GameRecord(e.ctx, id, -1); err != nil {
		t.Fatal(err)
	}
	if err := game.VerifyDice(rec); err != nil {
		t.Fatal(err)
	}
}

// TestChaChaGamesPlayOn: a game created before committed dice (its dice column a ChaCha8 state) plays on
// and replays as before; it shows no commitment, and VerifyDice says its record has none.
func TestChaChaGamesPlayOn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.user("alice"), e.user("bob")
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(alice, bob)}).GameID
	state, err := rules.NewDice([32]byte{1}).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.ExecContext(e.ctx, `UPDATE games SET dice = $2 WHERE id = $1`, id, state); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.GameJoin(e.ctx, id, e.user("carol"), "", game.AnyTeam, strings.Repeat("0c", 32)); code(err) != "CONFLICT" {
		t.Fatalf("joining a full game: %v", err)
	}
	if _, err := e.svc.GameStart(e.ctx, id, alice); err != nil {
		t.Fatal(err)
	}
	playOut(t, e, id, map[rules.PlayerID]int{0: alice, 1: bob})
	d, err := e.svc.GameDice(e.ctx, id)
	if err != nil || d != nil {
		t.Fatalf("GameDice of a ChaCha8 game = %+v, %v; want none", d, err)
	}
	rec, err := e.svc.GameRecord(e.ctx, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Replay(rec); err != nil {
		t.Fatal(err)
	}
	// The same dice give the same game: the record's start is the ChaCha8 dice's.
	want, _, err := rules.Apply(mustStart(t, rec), rules.NoPlayer, rules.StartGame{}, rules.NewDice([32]byte{1}))
	if err != nil {
		t.Fatal(err)
	}
	if got := unmarshal(t, rec.Events[0].Event).(rules.GameStarted); fmt.Sprint(got.Order) != fmt.Sprint(want.Order()) {
		t.Errorf("the game started in order %v, the ChaCha8 dice give %v", got.Order, want.Order())
	}
	var re *game.RecordError
	if err := game.VerifyDice(rec); !errors.As(err, &re) || re.Code != game.RecordBadDice {
		t.Errorf("VerifyDice of a ChaCha8 game's record = %v, want RECORD_DICE", err)
	}
}

// mustStart returns the state of rec's game before its start.
func mustStart(t *testing.T, rec game.Record) rules.State {
	t.Helper()
	rec.Events, rec.Status, rec.Winner, rec.Winners, rec.Dice = nil, game.StatusOpen, nil, nil, nil
	st, err := game.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestVerifyDiceOfTheWebFixture: the recorded game the web client's verifier is tested on
// (web/src/dice/testdata) verifies here too, so that both agree on it.
func TestVerifyDiceOfTheWebFixture(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("..", "web", "src", "dice", "testdata", "committed.record.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := game.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.VerifyDice(rec); err != nil {
		t.Fatal(err)
	}
}
