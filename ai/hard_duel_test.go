package ai

import (
	"testing"
	"time"

	"rout/rules"
)

// TestBestPlanComparesOnTheSameDice: every candidate is scored once a round with the round's seed, the
// best total wins, the first candidate on a tie, and a round cut short by the work counts for nothing.
func TestBestPlanComparesOnTheSameDice(t *testing.T) {
	t.Parallel()
	s := duelStart(t)
	l := newLegal(s, s.Current())
	var cands []rules.Command
	for _, a := range l.places[:3] {
		cands = append(cands, a.Command)
	}
	far := time.Now().Add(time.Hour)
	tests := []struct {
		name   string
		scores [][]float64 // per round, per candidate
		work   int         // rounds' worth of work
		want   int
	}{
		{"the best total", [][]float64{{0.2, 0.5, 0.4}, {0.3, 0.1, 0.4}}, 2, 2},
		{"a tie keeps the first", [][]float64{{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}, 2, 0},
		{"the rounds completed", [][]float64{{0.2, 0.5, 0.4}, {0.9, 0, 0}}, 1, 1},
		{"no round completed", [][]float64{{0.2, 0.5, 0.4}}, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			seeds := map[int][]uint64{}
			round, k := 0, 0
			got := bestPlan(l, cands, len(tc.scores), tc.work*len(cands), 7, far, func(cand rules.Command, seed uint64, work *int) (float64, bool) {
				if *work <= 0 {
					return 0, false
				}
				*work--
				seeds[round] = append(seeds[round], seed)
				v := tc.scores[round][k]
				if k++; k == len(cands) {
					round, k = round+1, 0
				}
				return v, true
			})
			if !sameCommand(got, cands[tc.want]) {
				t.Errorf("chose %v, want candidate %d, %v", got, tc.want, cands[tc.want])
			}
			for r, ss := range seeds {
				for _, seed := range ss {
					if seed != ss[0] {
						t.Errorf("round %d scored its candidates with seeds %v; want one seed a round", r, ss)
						break
					}
				}
			}
		})
	}
}

// TestDuelRolloutPlaysOneTurn: a rollout plays the rest of the mover's turn and stops at the start of
// the opponent's, where duelValue scores it; every candidate of the first decision is scored as a chance.
func TestDuelRolloutPlaysOneTurn(t *testing.T) {
	t.Parallel()
	s := duelStart(t)
	p := s.Current()
	o, ok := duelOpponent(s, p)
	if !ok {
		t.Fatal("no duel opponent")
	}
	far := time.Now().Add(time.Hour)
	l := newLegal(s, p)
	base := decide(hardStyle, s, p, far)
	cands := duelCands(s, p, l, base, far)
	if len(cands) < 2 {
		t.Fatalf("%d candidates at the start of a duel; want several", len(cands))
	}
	for _, cand := range cands {
		work := duelWork
		end, ok := simulate(s, p, cand, 1, far, &work, func(x rules.State) bool { return x.Current() == p })
		if !ok {
			t.Fatalf("%v: the rollout ran out of work", cand)
		}
		if end.Phase() != rules.PhaseOver && (end.Current() != o || end.Phase() != rules.PhaseReinforce || end.Turn() != s.Turn()+1) {
			t.Errorf("%v: the rollout stopped at turn %d, %v phase, player %d; want the start of turn %d, player %d", cand, end.Turn(), end.Phase(), end.Current(), s.Turn()+1, o)
		}
		work = duelWork
		v, ok := duelRollout(s, p, o, cand, 1, far, &work)
		if !ok || v < 0 || v > 1 {
			t.Errorf("%v: scored %v (ok %v); want a chance", cand, v, ok)
		}
	}
}

// duelStart returns a classic duel at the start of its first turn.
func duelStart(t *testing.T) rules.State {
	t.Helper()
	s := startedGame(t, 2)
	if s.Phase() != rules.PhaseReinforce {
		t.Fatalf("a started duel is in the %v phase", s.Phase())
	}
	return s
}
