package metrics_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/dbtest"
	"rout/internal/metrics"
)

// answerSchema answers every query with {"n":1} and every mutation with a FORBIDDEN error.
type answerSchema struct{ schema *ast.Schema }

func (s answerSchema) Schema() *ast.Schema { return s.schema }

func (answerSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 1, true
}

func (answerSchema) Exec(ctx context.Context) graphql.ResponseHandler {
	if graphql.GetOperationContext(ctx).Operation.Operation == ast.Mutation {
		err := gqlerror.Errorf("not allowed")
		err.Extensions = map[string]any{"code": "FORBIDDEN"}
		return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{err}})
	}
	return graphql.OneShot(&graphql.Response{Data: []byte(`{"n":1}`)})
}

func TestGraphQL(t *testing.T) {
	t.Parallel()
	m, err := metrics.New(metrics.Opts{DB: dbtest.Open(t)})
	if err != nil {
		t.Fatal(err)
	}
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: "type Query { n: Int } type Mutation { m: Int }"})
	gql := handler.New(answerSchema{schema})
	gql.AddTransport(transport.POST{})
	gql.Use(m.GraphQL())
	mux := http.NewServeMux()
	mux.Handle("/graphql", gql)
	mux.Handle("GET "+metrics.Path, m.Handler())
	srv := httptest.NewServer(m.Middleware(mux))
	t.Cleanup(srv.Close)

	for _, q := range []string{`{ n }`, `query Q { n }`, `mutation { m }`, `{ nope }`} {
		res, err := srv.Client().Post(srv.URL+"/graphql", "application/json", strings.NewReader(`{"query":"`+q+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	_, body := scrape(t, srv.URL+metrics.Path, "")
	wantLines(t, body,
		`rout_graphql_operations_total{type="query"} 2`,
		`rout_graphql_operations_total{type="mutation"} 1`,
		`rout_graphql_errors_total{code="FORBIDDEN",type="mutation"} 1`,
		`rout_http_requests_total{code="200",route="/graphql"} 3`,
	)
	if strings.Contains(body, `rout_graphql_errors_total{code="FORBIDDEN",type="query"}`) {
		t.Error("a query's response was counted with the mutation's error")
	}
}
