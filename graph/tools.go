//go:build tools

package graph

// gqlgen runs through `go run` (see generate.go), so nothing else imports it; this import keeps its
// module and those of its code generator in go.mod and go.sum.
import _ "github.com/99designs/gqlgen"
