package graph_test

import (
	"strings"
	"testing"

	"rout/account"
)

const createTokenMutation = `mutation($name: String!) {
	createApiToken(input: {name: $name}) {
		apiToken { id name createdAt lastUsedAt expiresAt }
		secret
		userErrors { code field message }
	}
}`

type createTokenResult struct {
	CreateAPIToken struct {
		APIToken *struct {
			ID         string  `json:"id"`
			Name       string  `json:"name"`
			LastUsedAt *string `json:"lastUsedAt"`
			ExpiresAt  *string `json:"expiresAt"`
		} `json:"apiToken"`
		Secret     *string     `json:"secret"`
		UserErrors []userError `json:"userErrors"`
	} `json:"createApiToken"`
}

const listTokensQuery = `query($first: Int, $after: Cursor, $last: Int) {
	apiTokens(first: $first, after: $after, last: $last) {
		totalCount
		pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
		edges { cursor node { id name } }
	}
}`

type listTokensResult struct {
	APITokens struct {
		TotalCount int `json:"totalCount"`
		PageInfo   struct {
			HasNextPage bool    `json:"hasNextPage"`
			EndCursor   *string `json:"endCursor"`
		} `json:"pageInfo"`
		Edges []struct {
			Cursor string `json:"cursor"`
			Node   struct {
				ID   string `json:"id"`
				Name string `json:"name"`
			} `json:"node"`
		} `json:"edges"`
	} `json:"apiTokens"`
}

func (e *env) createToken(session, name string) createTokenResult {
	e.t.Helper()
	var out createTokenResult
	e.gql(session, createTokenMutation, map[string]any{"name": name}).decode(e.t, &out)
	return out
}

func TestAPITokens(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, userID := e.signUp("ivy")
	otherSession, _ := e.signUp("jack")

	created := e.createToken(session, "  my bot ")
	tok := created.CreateAPIToken.APIToken
	if len(created.CreateAPIToken.UserErrors) != 0 || tok == nil || tok.Name != "my bot" || tok.ExpiresAt != nil {
		t.Fatalf("createApiToken = %+v", created.CreateAPIToken)
	}
	secret := *created.CreateAPIToken.Secret
	if !strings.HasPrefix(secret, account.APITokenPrefix) || len(secret) != len(account.APITokenPrefix)+43 {
		t.Errorf("secret %q: want %s and 43 base64url characters", secret, account.APITokenPrefix)
	}

	// The token authenticates as its user.
	var v viewerResult
	e.gql(secret, viewerQuery, nil).decode(t, &v)
	if v.Viewer == nil || v.Viewer.ID != userID {
		t.Fatalf("viewer with the API token = %+v", v.Viewer)
	}

	// It is listed, and node finds it for its owner only.
	var list listTokensResult
	e.gql(session, listTokensQuery, nil).decode(t, &list)
	if list.APITokens.TotalCount != 1 || len(list.APITokens.Edges) != 1 || list.APITokens.Edges[0].Node.ID != tok.ID {
		t.Fatalf("apiTokens = %+v", list.APITokens)
	}
	nodeQuery := `query($id: ID!) { node(id: $id) { id ... on ApiToken { name } } }`
	var n struct {
		Node *struct{ ID, Name string } `json:"node"`
	}
	e.gql(session, nodeQuery, map[string]any{"id": tok.ID}).decode(t, &n)
	if n.Node == nil || n.Node.Name != "my bot" {
		t.Errorf("node of the token for its owner = %+v", n.Node)
	}
	for _, who := range []string{otherSession, ""} {
		if r := e.gql(who, nodeQuery, map[string]any{"id": tok.ID}); r.code(t) != "NOT_FOUND" {
			t.Errorf("node of another user's token: code %s, want NOT_FOUND", r.code(t))
		}
	}

	// signOut does not revoke an API token.
	var out struct {
		SignOut struct {
			Revoked    bool        `json:"revoked"`
			UserErrors []userError `json:"userErrors"`
		} `json:"signOut"`
	}
	e.gql(secret, `mutation { signOut { revoked userErrors { code field message } } }`, nil).decode(t, &out)
	if out.SignOut.Revoked || codesOf(out.SignOut.UserErrors) != "NOT_A_SESSION[]" {
		t.Errorf("signOut with an API token = %+v", out.SignOut)
	}

	// Another user cannot revoke it; its owner can, once.
	const revoke = `mutation($id: ID!) { revokeApiToken(input: {id: $id}) { apiToken { id } userErrors { code field message } } }`
	var rv struct {
		RevokeAPIToken struct {
			APIToken   *struct{ ID string } `json:"apiToken"`
			UserErrors []userError          `json:"userErrors"`
		} `json:"revokeApiToken"`
	}
	for _, c := range []struct{ session, id, want string }{
		{otherSession, tok.ID, "NOT_FOUND[input id]"},
		{session, "garbage", "NOT_FOUND[input id]"},
		{session, userID, "NOT_FOUND[input id]"},
		{session, tok.ID, ""},
		{session, tok.ID, "NOT_FOUND[input id]"},
	} {
		e.gql(c.session, revoke, map[string]any{"id": c.id}).decode(t, &rv)
		if got := codesOf(rv.RevokeAPIToken.UserErrors); got != c.want {
			t.Errorf("revokeApiToken %s: userErrors %q, want %q", c.id, got, c.want)
		}
	}
	if r := e.gql(secret, viewerQuery, nil); r.code(t) != "UNAUTHENTICATED" {
		t.Errorf("viewer with a revoked API token: code %s", r.code(t))
	}
	e.gql(session, listTokensQuery, nil).decode(t, &list)
	if list.APITokens.TotalCount != 0 {
		t.Errorf("apiTokens after revoking: %+v", list.APITokens)
	}

	// Names are checked.
	for _, name := range []string{"", "   ", strings.Repeat("n", 101)} {
		if got := codesOf(e.createToken(session, name).CreateAPIToken.UserErrors); got != "INVALID_TOKEN_NAME[input name]" {
			t.Errorf("createApiToken %q: %q", name, got)
		}
	}
}

func TestAPITokensPagination(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	session, _ := e.signUp("kim")
	for _, name := range []string{"a", "b", "c"} {
		e.createToken(session, name)
	}
	var page listTokensResult
	e.gql(session, listTokensQuery, map[string]any{"first": 2}).decode(t, &page)
	if page.APITokens.TotalCount != 3 || len(page.APITokens.Edges) != 2 || !page.APITokens.PageInfo.HasNextPage ||
		page.APITokens.Edges[0].Node.Name != "a" {
		t.Fatalf("first page = %+v", page.APITokens)
	}
	e.gql(session, listTokensQuery, map[string]any{"first": 2, "after": *page.APITokens.PageInfo.EndCursor}).decode(t, &page)
	if len(page.APITokens.Edges) != 1 || page.APITokens.Edges[0].Node.Name != "c" || page.APITokens.PageInfo.HasNextPage {
		t.Fatalf("second page = %+v", page.APITokens)
	}
	for _, vars := range []map[string]any{
		{"first": 101},
		{"first": -1},
		{"first": 1, "last": 1},
		{"after": "not a cursor"},
	} {
		if r := e.gql(session, listTokensQuery, vars); r.code(t) != "BAD_USER_INPUT" {
			t.Errorf("apiTokens %v: code %s, want BAD_USER_INPUT", vars, r.code(t))
		}
	}
}
