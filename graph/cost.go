package graph

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
)

// recordEventsPerPoint is how many events of a record cost one point of complexity: a Game.record costs
// 1 + its events / recordEventsPerPoint, known only once the game is read.
const recordEventsPerPoint = 10

// costKey is the context key of an operation's costBudget.
type costKey struct{}

// costBudget is what is left of an operation's complexity limit after its static complexity: the fields
// whose cost is known only when they run (Game.record, by the size of the game) spend it.
type costBudget struct{ left atomic.Int64 }

// runtimeCost is a gqlgen handler extension that gives every response its costBudget (a subscription
// one per value it sends). It is added after gqlgen's complexity limit, whose measure it reads.
type runtimeCost struct{ limit int }

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = runtimeCost{}

// ExtensionName implements graphql.HandlerExtension.
func (runtimeCost) ExtensionName() string { return "RoutRuntimeCost" }

// Validate implements graphql.HandlerExtension.
func (runtimeCost) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptResponse implements graphql.ResponseInterceptor.
func (c runtimeCost) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	b := &costBudget{}
	b.left.Store(int64(c.limit))
	// Errors dispatched before an operation was made (a body that is not JSON, a refused websocket
	// operation) have no operation context.
	if !graphql.HasOperationContext(ctx) {
		return next(ctx)
	}
	if s := extension.GetComplexityStats(ctx); s != nil {
		b.left.Store(int64(s.ComplexityLimit - s.Complexity))
	}
	return next(context.WithValue(ctx, costKey{}, b))
}

// spendRecord spends the cost of reading a record of events events (beyond the 1 the static complexity
// counted) from the operation's budget, or refuses with the complexity limit's error when the budget has
// not that much left. Outside a GraphQL operation (the record's HTTP route) it spends nothing.
func spendRecord(ctx context.Context, events int64) error {
	b, _ := ctx.Value(costKey{}).(*costBudget)
	cost := events / recordEventsPerPoint
	if b == nil || cost == 0 {
		return nil
	}
	if b.left.Add(-cost) < 0 {
		return &Error{Code: CodeBadUserInput, Reason: "COMPLEXITY_LIMIT_EXCEEDED", Message: fmt.Sprintf(
			"this record of %d events costs %d, more than what is left of the operation's complexity limit: "+
				"read fewer records at once (a record costs 1 for every %d events), or GET /games/{id}/record.json",
			events, 1+cost, recordEventsPerPoint)}
	}
	return nil
}
