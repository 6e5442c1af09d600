package graph_test

import (
	"testing"

	"rout/graph"
)

func TestNodeRoundTripsAUser(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, id := e.signUp("lena")
	other, _ := e.signUp("mo")

	typ, _, err := graph.ParseGlobalID(id)
	if err != nil || typ != "User" {
		t.Fatalf("viewer id %q: type %q, error %v", id, typ, err)
	}
	const q = `query($id: ID!) { node(id: $id) { __typename id ... on User { name email notify } } }`
	type result struct {
		Node *struct {
			Typename string  `json:"__typename"`
			ID       string  `json:"id"`
			Name     string  `json:"name"`
			Email    *string `json:"email"`
			Notify   *string `json:"notify"`
		} `json:"node"`
	}
	var self result
	e.gql(session, q, map[string]any{"id": id}).decode(t, &self)
	if n := self.Node; n == nil || n.Typename != "User" || n.ID != id || n.Name != "lena" || n.Email == nil ||
		*n.Email != "lena@example.com" || n.Notify == nil {
		t.Fatalf("node for the user themselves = %+v", self.Node)
	}
	// Others (and anonymous callers) see the public fields only.
	for _, who := range []string{other, ""} {
		var seen result
		e.gql(who, q, map[string]any{"id": id}).decode(t, &seen)
		if n := seen.Node; n == nil || n.Name != "lena" || n.Email != nil || n.Notify != nil {
			t.Errorf("node for another caller = %+v", seen.Node)
		}
	}

	for _, c := range []struct{ id, code string }{
		{graph.GlobalID("User", 999999), "NOT_FOUND"},
		{graph.GlobalID("Spaceship", 1), "NOT_FOUND"},
		{"!!not base64", "BAD_USER_INPUT"},
		{graph.GlobalID("User", 0)[:4], "BAD_USER_INPUT"},
	} {
		r := e.gql(session, q, map[string]any{"id": c.id})
		if r.code(t) != c.code || string(r.Data) != `{"node":null}` {
			t.Errorf("node(%q): code %s, data %s; want %s and null", c.id, r.code(t), r.Data, c.code)
		}
	}

	// nodes answers each id, with an error at the index of a missing one.
	missing := graph.GlobalID("User", 999999)
	r := e.gql(session, `query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, map[string]any{"ids": []string{id, missing}})
	if string(r.Data) != `{"nodes":[{"id":"`+id+`"},null]}` {
		t.Errorf("nodes data %s", r.Data)
	}
	if r.code(t) != "NOT_FOUND" || len(r.Errors[0].Path) != 2 || r.Errors[0].Path[1] != float64(1) {
		t.Errorf("nodes errors %+v, want NOT_FOUND at [nodes 1]", r.Errors)
	}
}

func TestGlobalIDRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		typ string
		id  int
	}{{"User", 1}, {"ApiToken", 1 << 40}, {"Game", 42}} {
		gid := graph.GlobalID(c.typ, c.id)
		typ, id, err := graph.ParseGlobalID(gid)
		if err != nil || typ != c.typ || id != c.id {
			t.Errorf("ParseGlobalID(GlobalID(%s, %d)) = %s, %d, %v", c.typ, c.id, typ, id, err)
		}
	}
	for _, bad := range []string{"", "VXNlcg", "VXNlcjo", "VXNlcjphYmM", "OjE", "VXNlcjotMQ"} {
		if _, _, err := graph.ParseGlobalID(bad); err == nil {
			t.Errorf("ParseGlobalID(%q) did not fail", bad)
		}
	}
}
