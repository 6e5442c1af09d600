//go:build tools

package ent

// entc.go is excluded from builds (go:build ignore), so nothing else imports the code generator; these
// imports keep its modules in go.mod and go.sum when `go mod tidy` runs, which considers every build tag
// but ignore.
import (
	_ "entgo.io/contrib/entgql"
	_ "entgo.io/ent/entc"
	_ "entgo.io/ent/entc/gen"
)
