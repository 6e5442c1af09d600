package rules

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// diceVectors are the derivation vectors of docs/record-format.md ("Committed dice"): the JSON block after
// the line "<!-- dice vectors -->".
type diceVectors struct {
	ServerSeed  string   `json:"serverSeed"`
	Commitment  string   `json:"commitment"`
	PlayerSeeds []string `json:"playerSeeds"`
	Key         string   `json:"key"`
	Draws       []struct {
		I uint64 `json:"i"`
		N int    `json:"n"`
		V int    `json:"v"`
	} `json:"draws"`
}

// readDiceVectors reads the vectors from the documentation, which every implementation is tested against.
func readDiceVectors(t *testing.T) diceVectors {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "record-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := bytes.Cut(doc, []byte("<!-- dice vectors -->\n```json\n"))
	block, _, closed := bytes.Cut(after, []byte("```"))
	if !ok || !closed {
		t.Fatal(`docs/record-format.md has no JSON block after "<!-- dice vectors -->"`)
	}
	var v diceVectors
	dec := json.NewDecoder(bytes.NewReader(block))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("the dice vectors of docs/record-format.md: %v", err)
	}
	return v
}

func hexSeed(t *testing.T, text string) *Seed {
	t.Helper()
	if text == "" {
		return nil
	}
	var s Seed
	if n, err := hex.Decode(s[:], []byte(text)); err != nil || n != SeedSize {
		t.Fatalf("bad seed %q: %v", text, err)
	}
	return &s
}

// TestCommittedDiceVectors: the seeds of the documented vectors give the documented commitment, key and
// draws, on every machine, through Draw and through CommittedDice alike.
func TestCommittedDiceVectors(t *testing.T) {
	t.Parallel()
	v := readDiceVectors(t)
	server := hexSeed(t, v.ServerSeed)
	if c := server.Commitment(); hex.EncodeToString(c[:]) != v.Commitment {
		t.Errorf("commitment %x, want %s", c, v.Commitment)
	}
	players := make([]*Seed, len(v.PlayerSeeds))
	for i, s := range v.PlayerSeeds {
		players[i] = hexSeed(t, s)
	}
	key := DiceKey(*server, players)
	if hex.EncodeToString(key[:]) != v.Key {
		t.Fatalf("key %x, want %s", key, v.Key)
	}
	if len(v.Draws) < 10 {
		t.Fatalf("only %d vectors", len(v.Draws))
	}
	for _, d := range v.Draws {
		if got := Draw(key, d.I, d.N); got != d.V {
			t.Errorf("Draw(key, %d, %d) = %d, want %d", d.I, d.N, got, d.V)
		}
		if got := NewCommittedDice(key, d.I).Intn(d.N); got != d.V {
			t.Errorf("draw %d of CommittedDice with n %d = %d, want %d", d.I, d.N, got, d.V)
		}
	}
}

// TestCommittedDiceCount: every Intn is one draw, Intn(1) included, and restored dice go on where they
// were; Intn(0) draws nothing.
func TestCommittedDiceCount(t *testing.T) {
	t.Parallel()
	key := DiceKey(Seed{1}, []*Seed{{2}, nil})
	d := NewCommittedDice(key, 0)
	var got []int
	for _, n := range []int{6, 1, 42, 0, 6, 2} {
		got = append(got, d.Intn(n))
	}
	if d.Draws() != 5 {
		t.Errorf("%d draws counted, want 5 (Intn(0) draws nothing)", d.Draws())
	}
	if got[3] != 0 || got[1] != 0 {
		t.Errorf("Intn(0) = %d and Intn(1) = %d, want 0", got[3], got[1])
	}
	if restored := NewCommittedDice(key, 3).Intn(6); restored != got[4] {
		t.Errorf("dice restored at draw 3 gave %d, want %d", restored, got[4])
	}
	if Draw(key, 2, 42) != got[2] {
		t.Errorf("Draw(key, 2, 42) = %d, want %d", Draw(key, 2, 42), got[2])
	}
}

// TestDiceKeyTakesEverySeed: changing any seed, a seat's seed or its place changes the key, and a seat
// with no seed counts as 32 zero bytes.
func TestDiceKeyTakesEverySeed(t *testing.T) {
	t.Parallel()
	a, b := Seed{1}, Seed{2}
	base := DiceKey(Seed{9}, []*Seed{&a, &b})
	for name, other := range map[string][32]byte{
		"another server seed": DiceKey(Seed{8}, []*Seed{&a, &b}),
		"seats swapped":       DiceKey(Seed{9}, []*Seed{&b, &a}),
		"a seed left out":     DiceKey(Seed{9}, []*Seed{&a, nil}),
		"one seat more":       DiceKey(Seed{9}, []*Seed{&a, &b, nil}),
	} {
		if other == base {
			t.Errorf("%s gives the same key", name)
		}
	}
	if DiceKey(Seed{9}, []*Seed{&a, nil}) != DiceKey(Seed{9}, []*Seed{&a, {}}) {
		t.Error("a seat without a seed differs from a seed of zeros")
	}
}

// TestUniformRejectsTheBiasedTail: uniform takes x mod n only below the largest multiple of n that 2^64
// holds, and draws again above it, so that no value is more likely than another.
func TestUniformRejectsTheBiasedTail(t *testing.T) {
	t.Parallel()
	const n = 6
	limit := uint64(math.MaxUint64) - uint64(math.MaxUint64)%n // 2^64 - (2^64 mod 6): 2^64 mod 6 = 4
	if (limit+4)%n != 0 || limit%n != 0 {
		t.Fatalf("limit %d is not 2^64 - (2^64 mod %d)", limit, n)
	}
	for _, tc := range []struct {
		xs       []uint64
		want     uint64
		attempts int
	}{
		{[]uint64{limit - 1}, (limit - 1) % n, 1},       // the last accepted value
		{[]uint64{limit, 13}, 1, 2},                     // the first rejected one
		{[]uint64{math.MaxUint64, limit + 2, 0}, 0, 3},  // the tail, twice
		{[]uint64{math.MaxUint64 - 1, limit - 2}, 4, 2}, // limit - 2 = 2^64 - 6: 4 mod 6
	} {
		var attempts int
		got := uniform(n, func(a uint32) uint64 {
			if int(a) != attempts {
				t.Fatalf("attempt %d asked after %d", a, attempts)
			}
			attempts++
			return tc.xs[a]
		})
		if got != tc.want || attempts != tc.attempts {
			t.Errorf("uniform over %v = %d after %d attempts, want %d after %d", tc.xs, got, attempts, tc.want, tc.attempts)
		}
	}
	// A power of two rejects nothing, n = 1 neither.
	for _, n := range []uint64{1, 2, 1 << 40} {
		if got := uniform(n, func(uint32) uint64 { return math.MaxUint64 }); got != math.MaxUint64%n {
			t.Errorf("uniform(%d) over 2^64-1 = %d, want %d", n, got, uint64(math.MaxUint64)%n)
		}
	}
}

// TestReplayDrawnWithCommittedDice: the engine plays whole games on committed dice, and ReplayDrawn with
// the same dice accepts their events and returns exactly the draws they made, whatever the claim and the
// cards; other seeds do not give the game.
func TestReplayDrawnWithCommittedDice(t *testing.T) {
	t.Parallel()
	b := mustGame(t, fuzzBoardText+"players: 3").board
	for seed := range uint64(4) {
		key := DiceKey(Seed{byte(seed)}, []*Seed{{1}, nil, {3}})
		cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}}, Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed % 4)}
		log := &drawLog{d: NewCommittedDice(key, 0)}
		var events []Event
		end, err := randomGameWith(b, cfg, log, seed, 5000, func(_ State, e []Event) { events = append(events, e...) })
		if err != nil {
			t.Fatal(err)
		}
		if end.Phase() != PhaseOver {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		_, _, drawn, err := ReplayDrawn(b, cfg, events, NewCommittedDice(key, 0))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var all []Drawn
		for _, d := range drawn {
			all = append(all, d...)
		}
		if !slices.Equal(all, log.log) {
			t.Fatalf("seed %d: ReplayDrawn returned %d draws, the game made %d (or others)", seed, len(all), len(log.log))
		}
		other := DiceKey(Seed{byte(seed)}, []*Seed{{1}, nil, {4}})
		if _, _, _, err := ReplayDrawn(b, cfg, events, NewCommittedDice(other, 0)); err == nil {
			t.Errorf("seed %d: the game replays with another player's seed", seed)
		}
	}
}

// chiSquare returns the chi-square statistic of counts against equal expectations.
func chiSquare(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	want := float64(total) / float64(len(counts))
	var x float64
	for _, c := range counts {
		d := float64(c) - want
		x += d * d / want
	}
	return x
}

// TestCommittedDiceAreFair (long): 1,000,000 derived dice pass chi-square, one die at a time (5 degrees of
// freedom) and by consecutive pairs (35), at the 0.1% level; and with a bound that makes rejection
// sampling matter, the draws are uniform, when the same numbers without rejection are not. The key is
// fixed, so that the test gives the same answer on every run.
func TestCommittedDiceAreFair(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a million HMACs: the long suite")
	}
	const draws = 1_000_000
	key := DiceKey(Seed{42}, []*Seed{{1}, {2}})
	d := NewCommittedDice(key, 0)
	faces, pairs := make([]int, 6), make([]int, 36)
	prev := -1
	for i := range draws {
		f := d.Intn(6)
		faces[f]++
		if i%2 == 1 {
			pairs[prev*6+f]++
		}
		prev = f
	}
	// Critical values of chi-square at p = 0.001.
	if x := chiSquare(faces); x > 20.515 {
		t.Errorf("faces %v: chi-square %.2f > 20.515 (5 degrees of freedom, p = 0.001)", faces, x)
	}
	if x := chiSquare(pairs); x > 66.619 {
		t.Errorf("pairs of faces: chi-square %.2f > 66.619 (35 degrees of freedom, p = 0.001)", x)
	}

	// n = 3·2^61: 2^64 mod n = 2^62, so x mod n without rejection would give the lower two thirds of
	// [0, n) 3/8 of the draws each and the top third 2/8.
	const n = 3 << 61
	third := uint64(n / 3)
	fair, naive := make([]int, 3), make([]int, 3)
	mac := NewCommittedDice(key, 0)
	for i := range uint64(draws / 4) {
		fair[uint64(Draw(key, i, n))/third]++
		naive[(block(mac.mac, nil, i, 0)%n)/third]++
	}
	// Critical value at p = 0.001 for 2 degrees of freedom.
	if x := chiSquare(fair); x > 13.816 {
		t.Errorf("thirds of [0, 3·2^61) %v: chi-square %.2f > 13.816: rejection sampling leaves a bias", fair, x)
	}
	t.Logf("faces %v: chi-square %.2f (pairs %.2f); thirds of [0, 3·2^61) %v: %.2f, without rejection %v: %.0f",
		faces, chiSquare(faces), chiSquare(pairs), fair, chiSquare(fair), naive, chiSquare(naive))
	if x := chiSquare(naive); x < 1000 {
		t.Errorf("without rejection, thirds %v: chi-square %.2f: the test cannot see a modulo bias", naive, x)
	}
}
