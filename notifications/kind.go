package notifications

import "fmt"

// Kind is what a notification is about. Each kind has a stable snake_case name (String) that job
// arguments, logs and mail headers carry; the names never change, whatever the Go constants are called.
// The zero Kind is not a kind: Valid reports false for it.
type Kind uint8

// The kinds of notification.
const (
	// KindYourTurn: a turn of the recipient's has begun ("your_turn").
	KindYourTurn Kind = iota + 1
	// KindTurnWarning: the recipient's turn is running out of time ("turn_warning").
	KindTurnWarning
	// KindCPUPlayed: the recipient's time ran out and a CPU played the turn instead ("cpu_played").
	KindCPUPlayed
	// KindEliminated: the recipient lost their last territory ("eliminated").
	KindEliminated
	// KindGameOver: a game the recipient played in has ended ("game_over").
	KindGameOver
	// KindInvited: someone invited the recipient to a game ("invited").
	KindInvited
	// KindSeatDelegated: three of the recipient's turns in a row were taken over at their deadline, so a CPU
	// plays their seat until they come back ("seat_delegated").
	KindSeatDelegated
	// KindDeclined: someone the recipient invited to a game turned the invitation down ("declined").
	KindDeclined
	// KindChat: new messages in the chat of the recipient's games, told in a digest ("chat").
	KindChat
	// KindChatTimeout: a moderator timed the recipient out of chat ("chat_timeout").
	KindChatTimeout
	// KindTournamentRound: a round of a tournament the recipient entered has started, and the game of their
	// table with it ("tournament_round").
	KindTournamentRound
	// KindTournamentStanding: a round of a tournament the recipient played in is over: their place in the
	// standings, final after the last round ("tournament_standing").
	KindTournamentStanding
)

// kindNames holds the stable names of the kinds, indexed by Kind.
var kindNames = [...]string{
	KindYourTurn:    "your_turn",
	KindTurnWarning: "turn_warning",
	KindCPUPlayed:   "cpu_played",
	KindEliminated:  "eliminated",
	KindGameOver:    "game_over",
	KindInvited:     "invited",

	KindSeatDelegated: "seat_delegated",
	KindDeclined:      "declined",
	KindChat:          "chat",
	KindChatTimeout:   "chat_timeout",

	KindTournamentRound:    "tournament_round",
	KindTournamentStanding: "tournament_standing",
}

// Kinds returns every kind, in the order of their constants.
func Kinds() []Kind {
	kinds := make([]Kind, 0, len(kindNames)-1)
	for k := KindYourTurn; int(k) < len(kindNames); k++ {
		kinds = append(kinds, k)
	}
	return kinds
}

// Valid reports whether k is one of the kinds declared in this package.
func (k Kind) Valid() bool {
	return k >= KindYourTurn && int(k) < len(kindNames)
}

// String returns the stable name of k, such as "your_turn", or "kind(N)" for a value that is not a kind.
func (k Kind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("kind(%d)", uint8(k))
	}
	return kindNames[k]
}

// ParseKind returns the kind named name (as String returns it).
func ParseKind(name string) (Kind, error) {
	for _, k := range Kinds() {
		if kindNames[k] == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("%q is not a notification kind: want one of your_turn, turn_warning, cpu_played, "+
		"eliminated, game_over, invited, seat_delegated, declined, chat, chat_timeout, tournament_round, tournament_standing", name)
}

// MarshalText encodes k as its stable name, so JSON job arguments carry "your_turn", not a number.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("error encoding notification kind: %v is not a kind", k)
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText decodes a kind from its stable name.
func (k *Kind) UnmarshalText(text []byte) error {
	parsed, err := ParseKind(string(text))
	if err != nil {
		return err
	}
	*k = parsed
	return nil
}
