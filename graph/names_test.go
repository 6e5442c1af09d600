package graph_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"rout/graph"
)

// signUpAs sends signUp with name and returns the codes of its userErrors and the name stored.
func (e *env) signUpAs(name, email string) (codes, stored string) {
	e.t.Helper()
	var out signUpResult
	e.gql("", signUpMutation, map[string]any{"input": map[string]any{
		"name": name, "email": email, "password": "password-long",
	}}).decode(e.t, &out)
	if out.SignUp.User != nil {
		stored = out.SignUp.User.Name
	}
	return codesOf(out.SignUp.UserErrors), stored
}

// TestNamesPeopleCanTrust: names with invisible or direction-changing characters, or mixing scripts,
// are invalid; a name that reads like an existing one (case, fullwidth forms, Cyrillic or Greek
// look-alikes, decomposed accents) is taken; ordinary names still work, and a name signs in by any
// spelling that reads the same.
func TestNamesPeopleCanTrust(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.RateSignIn = graph.RateLimit{} })
	e.signUp("val27421")
	for i, c := range []struct {
		what, name, want string
	}{
		{"a zero-width space", "val27421\u200b", "INVALID_NAME[input name]"},
		{"a zero-width joiner", "val\u200d27421", "INVALID_NAME[input name]"},
		{"a zero-width no-break space", "\ufeffval27421", "INVALID_NAME[input name]"},
		{"a right-to-left override", "val\u202e12472", "INVALID_NAME[input name]"},
		{"a left-to-right embedding", "\u202aval27421", "INVALID_NAME[input name]"},
		{"a Cyrillic а among Latin letters", "v\u0430l27421", "INVALID_NAME[input name]"},
		{"a Greek ο among Latin letters", "b\u03bfb", "INVALID_NAME[input name]"},
		{"an emoji", "val😀", "INVALID_NAME[input name]"},
		{"two spaces", "val  27421", "INVALID_NAME[input name]"},
		{"an ideographic space", "val\u300027421", "INVALID_NAME[input name]"},
		{"upper case", "VAL27421", "NAME_TAKEN[input name]"},
		{"mixed case", "Val27421", "NAME_TAKEN[input name]"},
		{"fullwidth", "ｖａｌ２７４２１", "NAME_TAKEN[input name]"},
		{"fullwidth capitals", "ＶＡＬ27421", "NAME_TAKEN[input name]"},
	} {
		if got, _ := e.signUpAs(c.name, fmt.Sprintf("n%d@example.com", i)); got != c.want {
			t.Errorf("signUp %s (%q): %q, want %q", c.what, c.name, got, c.want)
		}
	}

	// Names wholly in another script that read like a Latin one are taken, in either order.
	e.signUp("pop")
	if got, _ := e.signUpAs("рор", "cyr1@example.com"); got != "NAME_TAKEN[input name]" { // Cyrillic р о р
		t.Errorf("signUp Cyrillic рор after pop: %q, want NAME_TAKEN", got)
	}
	if got, stored := e.signUpAs("ΗΑΤ", "greek@example.com"); got != "" || stored != "ΗΑΤ" { // Greek capitals
		t.Fatalf("signUp Greek ΗΑΤ: %q, stored %q", got, stored)
	}
	if got, _ := e.signUpAs("hat", "latin@example.com"); got != "NAME_TAKEN[input name]" {
		t.Errorf("signUp hat after Greek ΗΑΤ: %q, want NAME_TAKEN", got)
	}
	e.signUp("café")
	if got, _ := e.signUpAs("cafe\u0301", "nfd@example.com"); got != "NAME_TAKEN[input name]" {
		t.Errorf("signUp a decomposed café: %q, want NAME_TAKEN", got)
	}

	// Ordinary names work, in many scripts, with single spaces between words; fullwidth forms are
	// stored as ordinary ones.
	for i, c := range []struct{ name, stored string }{
		{"Ann Lee", "Ann Lee"}, {"Zoë", "Zoë"}, {"Иван", "Иван"}, {"Νίκος", "Νίκος"}, {"山田", "山田"},
		{"o'brien-2", "o'brien-2"}, {"ｍｉｋｉ", "miki"},
	} {
		if got, stored := e.signUpAs(c.name, fmt.Sprintf("ok%d@example.com", i)); got != "" || stored != c.stored {
			t.Errorf("signUp %q: %q, stored %q; want no userErrors and %q", c.name, got, stored, c.stored)
		}
	}
	if n := e.count(`SELECT count(*) FROM users WHERE name LIKE '%' || chr(8203) || '%' OR name_key LIKE chr(1) || '%'`); n != 0 {
		t.Errorf("%d users with a zero-width space or without a key", n)
	}

	// Signing in by name compares keys: every spelling that reads the same signs in to the account.
	for _, login := range []string{"val27421", "VAL27421", "ｖａｌ27421", " val27421 "} {
		in := e.signIn(login, "password-val27421")
		if in.SignIn.User == nil || in.SignIn.User.Name != "val27421" {
			t.Errorf("signIn %q: %+v, want val27421", login, in.SignIn)
		}
	}
	if in := e.signIn("hat", "password-long"); in.SignIn.User == nil || in.SignIn.User.Name != "ΗΑΤ" {
		t.Errorf("signIn hat: %+v, want the account ΗΑΤ", in.SignIn)
	}
	for _, login := range []string{"val27421\u200b", "v\u0430l27421x"} {
		if in := e.signIn(login, "password-val27421"); codesOf(in.SignIn.UserErrors) != "INVALID_CREDENTIALS[]" {
			t.Errorf("signIn %q: %+v, want INVALID_CREDENTIALS", login, in.SignIn)
		}
	}
	noInternalErrors(t, e)
}

// TestConfusableSignUpsRace: of sign-ups of names that read alike sent at once, one wins; the unique
// key refuses the others as NAME_TAKEN, never as an internal error.
func TestConfusableSignUpsRace(t *testing.T) {
	t.Parallel()
	// Five passwords hashed at once can outlast the default request timeout on a loaded machine under the
	// race detector; the race of the names is what this test is about.
	e := newEnv(t, func(c *graph.Settings) { c.RateSignIn, c.RequestTimeout = graph.RateLimit{}, time.Minute })
	names := []string{"mira", "MIRA", "Mira", "ｍｉｒａ", "mirA"}
	var wg sync.WaitGroup
	results := make([]string, len(names))
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out signUpResult
			r := e.gql("", signUpMutation, map[string]any{"input": map[string]any{
				"name": name, "email": fmt.Sprintf("race%d@example.com", i), "password": "password-long",
			}})
			if len(r.Errors) > 0 {
				results[i] = fmt.Sprint(r.Errors)
				return
			}
			_ = json.Unmarshal(r.Data, &out)
			results[i] = codesOf(out.SignUp.UserErrors)
		}()
	}
	wg.Wait()
	won := 0
	for i, r := range results {
		switch r {
		case "":
			won++
		case "NAME_TAKEN[input name]":
		default:
			t.Errorf("signUp %q: %s", names[i], r)
		}
	}
	if won != 1 || e.count(`SELECT count(*) FROM users`) != 1 {
		t.Errorf("%d sign-ups won (%v), want 1", won, strings.Join(results, "; "))
	}
	noInternalErrors(t, e)
}
