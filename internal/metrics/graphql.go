package metrics

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// GraphQL returns a gqlgen handler extension that counts operations by type (query, mutation,
// subscription) in rout_graphql_operations_total, and the errors of their responses by type and
// extensions.code in rout_graphql_errors_total (every event of a subscription counts). Requests that
// fail before they are an operation (a parse or validation error) are counted only by the HTTP series.
// Add it with handler.Server.Use. On a nil *Metrics it counts nothing.
func (m *Metrics) GraphQL() graphql.HandlerExtension {
	return graphqlExtension{m: m}
}

// graphqlExtension is the extension of Metrics.GraphQL.
type graphqlExtension struct{ m *Metrics }

var _ graphql.OperationInterceptor = graphqlExtension{}

// ExtensionName implements graphql.HandlerExtension.
func (graphqlExtension) ExtensionName() string { return "Metrics" }

// Validate implements graphql.HandlerExtension.
func (graphqlExtension) Validate(graphql.ExecutableSchema) error { return nil }

// InterceptOperation implements graphql.OperationInterceptor.
func (e graphqlExtension) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	respond := next(ctx)
	if e.m == nil {
		return respond
	}
	typ := "unknown"
	if oc := graphql.GetOperationContext(ctx); oc != nil && oc.Operation != nil {
		typ = string(oc.Operation.Operation)
	}
	e.m.operations.WithLabelValues(typ).Inc()
	return func(ctx context.Context) *graphql.Response {
		resp := respond(ctx)
		if resp != nil {
			for _, err := range resp.Errors {
				code, _ := err.Extensions["code"].(string)
				if code == "" {
					code = "none"
				}
				e.m.graphqlErrors.WithLabelValues(typ, code).Inc()
			}
		}
		return resp
	}
}
