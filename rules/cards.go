package rules

// setKinds lists what a three-card set can count as, given the wilds: three of a symbol (indexed by
// Infantry, Cavalry, Artillery) or one of each.
type setKinds struct {
	three   [3]bool
	oneEach bool
}

// classifySet says what the three symbols can count as; ok is false when they are no set at all.
func classifySet(symbols [3]Symbol) (k setKinds, ok bool) {
	var counts [4]int
	for _, s := range symbols {
		counts[s]++
	}
	wilds := counts[Wild]
	distinct := true
	for sym := Infantry; sym <= Artillery; sym++ {
		k.three[sym] = counts[sym]+wilds == 3
		ok = ok || k.three[sym]
		if counts[sym] > 1 {
			distinct = false
		}
	}
	k.oneEach = distinct
	return k, ok || k.oneEach
}

// fixedValue is the Fixed schedule's best value for a set: 3 infantry 4, 3 cavalry 6, 3 artillery 8,
// one of each 10.
func fixedValue(k setKinds) int {
	if k.oneEach {
		return 10
	}
	best := 0
	for sym, v := range [3]int{4, 6, 8} {
		if k.three[sym] {
			best = v
		}
	}
	return best
}

// ClassicValue returns the Classic schedule's reward for the trade that follows `trades` earlier trades:
// 4, 6, 8, 10, 12, 15, then 5 more each time.
func ClassicValue(trades int) int {
	if trades < 5 {
		return 4 + 2*trades
	}
	return 15 + 5*(trades-5)
}

// tradeValue returns the armies player p receives for a set of kinds k under the game's card system.
func (s State) tradeValue(p PlayerID, k setKinds) int {
	others := 0
	for i, pl := range s.players {
		if PlayerID(i) != p && pl.Status == Active {
			others += pl.Armies
		}
	}
	switch s.cfg.Cards {
	case CardsFixed:
		return fixedValue(k)
	case CardsFixedTTB:
		return max(fixedValue(k), others*s.cfg.ttbPercent()/100)
	case CardsClassicScalingTTB:
		return min(ClassicValue(s.trades), others/s.ActivePlayers())
	default:
		return ClassicValue(s.trades)
	}
}

// TradeValue returns the armies player p would receive for trading cards now (without the +2 territory
// bonuses), or an Error when the cards are not a set from p's hand.
func (s State) TradeValue(p PlayerID, cards [3]CardID) (int, error) {
	k, err := s.checkSet(p, cards)
	if err != nil {
		return 0, err
	}
	return s.tradeValue(p, k), nil
}

// TradeBonusArmies is the armies each traded card that shows a territory the trader owns puts directly on
// that territory (R23).
const TradeBonusArmies = 2

// TradeBonus returns the territories that receive the territory bonus when player p trades cards now: the
// territory of every one of the cards that shows a territory p owns, in card order, each receiving
// TradeBonusArmies directly (not into the reserve). Every such card counts, so a set can put the bonus on
// up to three territories; a wild card shows none. The engine grants the bonus from it. It does not check
// that the cards are a set (TradeValue does) and skips card ids that are not on the board.
func (s State) TradeBonus(p PlayerID, cards [3]CardID) []TerritoryID {
	var out []TerritoryID
	for _, c := range cards {
		if c < 0 || int(c) >= s.board.Cards() {
			continue
		}
		if t := s.board.Card(c).Territory; t >= 0 && s.Owner(t) == p {
			out = append(out, t)
		}
	}
	return out
}

func (s State) checkSet(p PlayerID, cards [3]CardID) (setKinds, error) {
	var symbols [3]Symbol
	for i, c := range cards {
		if c < 0 || int(c) >= s.board.Cards() {
			return setKinds{}, errorf(CodeUnknownCard, "no card %d", c)
		}
		for j := range i {
			if cards[j] == c {
				return setKinds{}, errorf(CodeInvalidSet, "card %d is named twice", c)
			}
		}
		if !holds(s.players[p].Hand, c) {
			return setKinds{}, errorf(CodeNotHolder, "card %d is not in your hand", c)
		}
		symbols[i] = s.board.Card(c).Symbol
	}
	k, ok := classifySet(symbols)
	if !ok {
		return setKinds{}, errorf(CodeInvalidSet, "%s, %s and %s are neither three of a kind nor one of each",
			symbols[0], symbols[1], symbols[2])
	}
	return k, nil
}

func holds(hand []CardID, c CardID) bool {
	for _, h := range hand {
		if h == c {
			return true
		}
	}
	return false
}

// Sets lists every set in a hand, each as three card ids in hand order.
func Sets(b *Board, hand []CardID) [][3]CardID {
	var out [][3]CardID
	for i := 0; i < len(hand); i++ {
		for j := i + 1; j < len(hand); j++ {
			for k := j + 1; k < len(hand); k++ {
				syms := [3]Symbol{b.Card(hand[i]).Symbol, b.Card(hand[j]).Symbol, b.Card(hand[k]).Symbol}
				if _, ok := classifySet(syms); ok {
					out = append(out, [3]CardID{hand[i], hand[j], hand[k]})
				}
			}
		}
	}
	return out
}
