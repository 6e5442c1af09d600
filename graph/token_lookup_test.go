package graph_test

import (
	"crypto/sha256"
	"reflect"
	"testing"
	"time"

	"rout/ent/token"
	"rout/graph"
)

// exportedFields returns the exported fields of the struct v points to, but its edges: the columns of an
// Ent row.
func exportedFields(v any) map[string]any {
	rv := reflect.ValueOf(v).Elem()
	out := map[string]any{}
	for i := range rv.NumField() {
		if f := rv.Type().Field(i); f.IsExported() && f.Name != "Edges" {
			out[f.Name] = rv.Field(i).Interface()
		}
	}
	return out
}

// TestTokenLookupIsEntsRows: the one-statement lookup of a bearer token and its user reads what Ent
// reads in two, every column of both.
func TestTokenLookupIsEntsRows(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	secret, _ := e.signUp("lena")
	ctx := t.Context()
	sum := sha256.Sum256([]byte(secret))
	u, err := e.ent.User.Query().Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Nullable columns set, so that their scans are checked too.
	phone := "+14155550123"
	if err := e.ent.User.UpdateOne(u).SetPhone(phone).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(time.Hour).Truncate(time.Microsecond)
	if err := e.ent.Token.Update().Where(token.Hash(sum[:])).SetExpiresAt(at).SetLastUsedAt(at).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	want, err := e.ent.Token.Query().Where(token.Hash(sum[:])).WithUser().Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := graph.TokenWithUser(ctx, e.ent, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || got.Edges.User == nil {
		t.Fatalf("TokenWithUser = %+v, want the token with its user", got)
	}
	for _, c := range []struct {
		name      string
		got, want any
	}{{"token", got, want}, {"user", got.Edges.User, want.Edges.User}} {
		if g, w := exportedFields(c.got), exportedFields(c.want); !reflect.DeepEqual(g, w) {
			t.Errorf("the %s's columns:\n%v\nbut Ent reads\n%v", c.name, g, w)
		}
	}
	if none, err := graph.TokenWithUser(ctx, e.ent, make([]byte, 32)); none != nil || err != nil {
		t.Errorf("TokenWithUser(unknown hash) = %+v, %v, want nil, nil", none, err)
	}
}
