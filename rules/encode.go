package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Events and commands are encoded as JSON objects with their kind in a "kind" field beside their own
// fields: {"kind":"battle_rolled","from":3,...}. This is the format of game records and of the engine's
// JSON interfaces; see docs/record-format.md.

type kinded interface{ Kind() string }

var eventDecoders = map[string]func([]byte) (Event, error){}

func init() {
	registerEvent[GameStarted]()
	registerEvent[TerritoriesDealt]()
	registerEvent[TurnStarted]()
	registerEvent[PhaseChanged]()
	registerEvent[TerritoryClaimed]()
	registerEvent[ArmiesPlaced]()
	registerEvent[CardsTraded]()
	registerEvent[BattleRolled]()
	registerEvent[TerritoryConquered]()
	registerEvent[PlayerEliminated]()
	registerEvent[TerritoryOccupied]()
	registerEvent[Fortified]()
	registerEvent[DeckReshuffled]()
	registerEvent[CardDrawn]()
	registerEvent[PlayerResigned]()
	registerEvent[SeatHandedOver]()
	registerEvent[GameOver]()
}

func registerEvent[T Event]() {
	var zero T
	eventDecoders[zero.Kind()] = func(data []byte) (Event, error) { return decodeStrict[T](data) }
}

func decodeStrict[T kinded](data []byte) (T, error) {
	var v T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, fmt.Errorf("error decoding %s: %w", v.Kind(), err)
	}
	return v, nil
}

// MarshalEvent encodes an event as a JSON object with its kind.
func MarshalEvent(e Event) ([]byte, error) { return marshalKind(e) }

// MarshalCommand encodes a command as a JSON object with its kind.
func MarshalCommand(c Command) ([]byte, error) { return marshalKind(c) }

func marshalKind(v kinded) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("error encoding %s: %w", v.Kind(), err)
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `{"kind":%q`, v.Kind())
	if len(body) > 2 {
		buf.WriteByte(',')
		buf.Write(body[1:])
	} else {
		buf.WriteByte('}')
	}
	return buf.Bytes(), nil
}

// UnmarshalEvent decodes an event written by MarshalEvent. Unknown kinds and fields are refused.
func UnmarshalEvent(data []byte) (Event, error) { return unmarshalKind(data, eventDecoders) }

func unmarshalKind[T any](data []byte, decoders map[string]func([]byte) (T, error)) (T, error) {
	var zero T
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return zero, fmt.Errorf("error decoding JSON object: %w", err)
	}
	var kind string
	if err := json.Unmarshal(fields["kind"], &kind); err != nil {
		return zero, fmt.Errorf(`missing or bad "kind"`)
	}
	decode, ok := decoders[kind]
	if !ok {
		return zero, fmt.Errorf("unknown kind %q", kind)
	}
	delete(fields, "kind")
	rest, err := json.Marshal(fields)
	if err != nil {
		return zero, fmt.Errorf("error re-encoding %s: %w", kind, err)
	}
	return decode(rest)
}
