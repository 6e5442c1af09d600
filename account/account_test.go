package account_test

import (
	"crypto/sha256"
	"errors"
	"reflect"
	"testing"
	"time"

	"rout/account"
	"rout/dbtest"
	"rout/ent/token"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

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
	accounts := dbtest.Accounts(t, dbtest.Migrated(t))
	ctx := t.Context()
	// Nullable columns set, so that their scans are checked too.
	phone := "+14155550123"
	u, session, err := accounts.SignUp(ctx, account.SignUp{Name: "lena", Email: "lena@example.com", Password: "password-lena", Phone: &phone})
	if err != nil {
		t.Fatal(err)
	}
	client := accounts.Ent()
	if err := client.User.UpdateOne(u).SetQuietStart(60).SetQuietEnd(420).SetNotifyKinds(map[string]string{"game_over": "none"}).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(session.Token))
	at := time.Now().Add(time.Hour).Truncate(time.Microsecond)
	if err := client.Token.Update().Where(token.Hash(sum[:])).SetExpiresAt(at).SetLastUsedAt(at).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	want, err := client.Token.Query().Where(token.Hash(sum[:])).WithUser().Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := account.TokenWithUser(ctx, client, sum[:])
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
	if none, err := account.TokenWithUser(ctx, client, make([]byte, 32)); none != nil || err != nil {
		t.Errorf("TokenWithUser(unknown hash) = %+v, %v, want nil, nil", none, err)
	}
}

// TestRefusalsNameTheirFields: a sign-up refused for several reasons names each with its code and field,
// and a taken name is refused after the rest passed.
func TestRefusalsNameTheirFields(t *testing.T) {
	t.Parallel()
	accounts := dbtest.Accounts(t, dbtest.Migrated(t))
	ctx := t.Context()
	bad := "12"
	_, _, err := accounts.SignUp(ctx, account.SignUp{Name: "a@b", Email: "nope", Password: "short", Phone: &bad})
	var r account.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("SignUp with every field wrong: %v, want a Refusal", err)
	}
	got := map[string]string{}
	for _, p := range r {
		got[p.Field] = p.Code
	}
	want := map[string]string{"name": account.CodeInvalidName, "email": account.CodeInvalidEmail,
		"password": account.CodePasswordTooShort, "phone": account.CodeInvalidPhone}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %v, want %v", got, want)
	}
	if _, _, err := accounts.SignUp(ctx, account.SignUp{Name: "Mia", Email: "mia@example.com", Password: "password-mia"}); err != nil {
		t.Fatal(err)
	}
	_, _, err = accounts.SignUp(ctx, account.SignUp{Name: "ＭＩＡ", Email: "MIA@example.com ", Password: "password-mia"})
	if !errors.As(err, &r) || len(r) != 2 || r[0].Code != account.CodeNameTaken || r[1].Code != account.CodeEmailTaken {
		t.Errorf("a look-alike name and the same address: %v, want NAME_TAKEN and EMAIL_TAKEN", err)
	}
	if _, _, err := accounts.SignIn(ctx, "ｍｉａ", "password-mia"); err != nil {
		t.Errorf("signing in with a spelling that reads the same: %v", err)
	}
	if account.LoginKey(" ＭＩＡ ") != account.LoginKey("mia") {
		t.Error("two spellings of one name count as two logins")
	}
	if _, _, err := accounts.SignIn(ctx, "mia", "password-wrong"); !errors.As(err, &r) || r[0].Code != account.CodeInvalidCredentials {
		t.Errorf("a wrong password: %v, want INVALID_CREDENTIALS", err)
	}
}

// TestNamesWithoutATransaction: Names and Emails given no transaction read through the service's own
// connection (the chat's resolver asks so).
func TestNamesWithoutATransaction(t *testing.T) {
	t.Parallel()
	accounts := dbtest.Accounts(t, dbtest.Migrated(t))
	ctx := t.Context()
	u, _, err := accounts.SignUp(ctx, account.SignUp{Name: "mira", Email: "mira@example.com", Password: "password-mira"})
	if err != nil {
		t.Fatal(err)
	}
	names, err := accounts.Names(ctx, nil, []int{u.ID, u.ID + 1000})
	if err != nil || len(names) != 1 || names[u.ID] != "mira" {
		t.Errorf("Names(nil, [%d, %d]) = %v, %v, want only mira", u.ID, u.ID+1000, names, err)
	}
	emails, err := accounts.Emails(ctx, nil, []int{u.ID})
	if err != nil || emails[u.ID] != "mira@example.com" {
		t.Errorf("Emails(nil, [%d]) = %v, %v, want mira@example.com", u.ID, emails, err)
	}
}
