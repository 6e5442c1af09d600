package rating

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// The errors of Rate, wrapped with the team or player at fault.
var (
	ErrTooFewTeams   = errors.New("rating: a game needs two teams or more")
	ErrEmptyTeam     = errors.New("rating: a team has no player")
	ErrRanks         = errors.New("rating: a game needs one rank per team")
	ErrInvalidRating = errors.New("rating: a rating needs a finite mu and a finite sigma above zero")
)

// team is what Rate works out of one team of a game.
type team struct {
	index   int     // the team's index in Rate's teams
	rank    int     // the rank Rate was given
	place   int     // how many teams finished strictly ahead of it
	tied    int     // how many teams share its place, itself included
	mu      float64 // the sum of its players' μ
	sigmaSq float64 // the sum of its players' σ², each σ grown by Tau
	// shift and sumExp describe the teams that did not finish ahead of this one (its place or
	// behind): shift is their greatest μ and sumExp the sum of their exp((μ − shift) / c).
	shift, sumExp float64
}

// Rate returns every player's rating after one game. teams[i] holds the ratings of team i's players
// before the game (one player per team in a duel or a free-for-all) and ranks[i] is team i's finishing
// rank: lower is better, and teams of equal rank tied. The result has the shape of teams. Rate returns
// an error wrapping ErrTooFewTeams, ErrEmptyTeam, ErrRanks or ErrInvalidRating, and no ratings, when
// the game cannot be rated.
//
// The update is the reference's (package doc): each σ grows by Tau; a team's μ and σ² are the sums of
// its players'; c² is the sum over teams of σ² + Beta²; team i's μ moves by σᵢ²/c times the sum, over
// the teams q that did not finish behind it, of ([i = q] − pᵢ,q) / tiedq, where pᵢ,q is i's share of
// exp(μ/c) among the teams that did not finish ahead of q; its σ² shrinks likewise by pᵢ,q(1 − pᵢ,q); a
// player takes the share of the team's change that their σ² is of the team's; and no σ ends above its
// value before the game.
func Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if len(teams) < 2 {
		return nil, fmt.Errorf("%w: %d teams", ErrTooFewTeams, len(teams))
	}
	if len(ranks) != len(teams) {
		return nil, fmt.Errorf("%w: %d ranks for %d teams", ErrRanks, len(ranks), len(teams))
	}
	count := 0
	for i, players := range teams {
		if len(players) == 0 {
			return nil, fmt.Errorf("%w: team %d", ErrEmptyTeam, i)
		}
		for j, r := range players {
			if !r.valid() {
				return nil, fmt.Errorf("%w: team %d, player %d: mu %v, sigma %v", ErrInvalidRating, i, j, r.Mu, r.Sigma)
			}
		}
		count += len(players)
	}

	// The teams in finishing order, as the reference orders them (a stable sort: tied teams keep their
	// order), so that sums are added in its order.
	ts := make([]team, len(teams))
	for i, players := range teams {
		t := team{index: i, rank: ranks[i]}
		for _, r := range players {
			sigma := grown(r.Sigma)
			t.mu += r.Mu
			t.sigmaSq += sigma * sigma
		}
		ts[i] = t
	}
	slices.SortStableFunc(ts, func(a, b team) int { return cmp.Compare(a.rank, b.rank) })
	c := 0.0
	for k := range ts {
		if k > 0 && ts[k-1].rank < ts[k].rank {
			ts[k].place = k
		} else if k > 0 {
			ts[k].place = ts[k-1].place
		}
		c += ts[k].sigmaSq + Beta*Beta
	}
	c = math.Sqrt(c)
	for k := range ts {
		// The teams that did not finish ahead of ts[k] are those from its place on.
		behind := ts[ts[k].place:]
		ts[k].shift = behind[0].mu
		for _, t := range behind {
			ts[k].shift = max(ts[k].shift, t.mu)
			if t.place == ts[k].place {
				ts[k].tied++
			}
		}
		for _, t := range behind {
			ts[k].sumExp += math.Exp((t.mu - ts[k].shift) / c)
		}
	}

	out := make([][]Rating, len(teams))
	all := make([]Rating, count)
	for i, players := range teams {
		out[i], all = all[:len(players):len(players)], all[len(players):]
	}
	for i, ti := range ts {
		omega, delta := 0.0, 0.0
		for q, tq := range ts {
			if tq.place > ti.place {
				continue
			}
			// ti's share of exp(μ/c) among the teams that did not finish ahead of tq; ti is one of
			// them, so the share is within [0, 1] whatever the μ.
			p := math.Exp((ti.mu-tq.shift)/c) / tq.sumExp
			if i == q {
				omega += (1 - p) / float64(tq.tied)
			} else {
				omega -= p / float64(tq.tied)
			}
			delta += p * (1 - p) / float64(tq.tied)
		}
		gamma := math.Sqrt(ti.sigmaSq) / c
		teamOmega := omega * (ti.sigmaSq / c)
		teamDelta := delta * (ti.sigmaSq / (c * c)) * gamma
		for j, r := range teams[ti.index] {
			sigma := grown(r.Sigma)
			share := sigma * sigma / ti.sigmaSq
			out[ti.index][j] = Rating{
				Mu:    r.Mu + share*teamOmega,
				Sigma: min(sigma*math.Sqrt(max(1-share*teamDelta, Kappa)), r.Sigma),
			}
		}
	}
	return out, nil
}

// grown is σ grown by Tau before a game: √(σ² + Tau²).
func grown(sigma float64) float64 {
	return math.Sqrt(sigma*sigma + Tau*Tau)
}
