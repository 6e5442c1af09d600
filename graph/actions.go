package graph

import (
	"context"
	"errors"
	"io"
	"strconv"
)

// Actions is the value of Game.viewerActions, [Action!]!, which writes itself as that list in one loop
// (objectList) instead of gqlgen's goroutine and field resolutions per action: a tenth of the server's
// CPU for a command whose answer lists the next actions (docs/benchmarks.md, "The API").
// TestActionsAreWrittenAsGqlgenWritesObjects checks its output against the selections.
type Actions []*Action

// errActionsInput is the error of Actions used as an input: they are an output type only.
var errActionsInput = errors.New("Action lists are output only")

// actionFields are the fields of Action.
var actionFields = map[string]bool{"kind": true, "from": true, "to": true, "cards": true, "min": true, "max": true,
	"worth": true, "bonusTerritories": true, "bonusArmies": true, "defendDice": true}

// MarshalGQLContext writes the actions as the list the selection of the viewerActions field asks for.
func (a Actions) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	list := objectList{typeName: "Action", fields: actionFields, value: a.value}
	return list.write(ctx, w, func(yield func(int) bool) {
		for i := range a {
			if !yield(i) {
				return
			}
		}
	})
}

// value appends the value of field name of action i, as gqlgen writes it.
func (a Actions) value(buf []byte, i int, name string) []byte {
	act := a[i]
	switch name {
	case "kind":
		return appendString(buf, act.Kind)
	case "from":
		return appendOptionalString(buf, act.From)
	case "to":
		return appendOptionalString(buf, act.To)
	case "cards":
		if act.Cards == nil {
			return append(buf, "null"...)
		}
		buf = append(buf, '[')
		for j, c := range act.Cards {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(c), 10)
		}
		return append(buf, ']')
	case "min":
		return strconv.AppendInt(buf, int64(act.Min), 10)
	case "worth":
		return appendOptionalInt(buf, act.Worth)
	case "bonusTerritories":
		if act.BonusTerritories == nil {
			return append(buf, "null"...)
		}
		buf = append(buf, '[')
		for j, k := range act.BonusTerritories {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = appendString(buf, k)
		}
		return append(buf, ']')
	case "bonusArmies":
		return appendOptionalInt(buf, act.BonusArmies)
	case "defendDice":
		return appendOptionalInt(buf, act.DefendDice)
	default: // max
		return strconv.AppendInt(buf, int64(act.Max), 10)
	}
}

// appendOptionalInt appends n as gqlgen writes a nullable Int.
func appendOptionalInt(buf []byte, n *int) []byte {
	if n == nil {
		return append(buf, "null"...)
	}
	return strconv.AppendInt(buf, int64(*n), 10)
}

// appendOptionalString appends s as gqlgen writes a nullable String.
func appendOptionalString(buf []byte, s *string) []byte {
	if s == nil {
		return append(buf, "null"...)
	}
	return appendString(buf, *s)
}

// UnmarshalGQLContext refuses: actions are never an input.
func (a *Actions) UnmarshalGQLContext(context.Context, any) error { return errActionsInput }
