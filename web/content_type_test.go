package web

import "testing"

// The manifest has its own type, whatever the system's mime table says; the others come from Go's table
// or, failing it, from the content.
func TestContentTypeOfDistFiles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, body, want string }{
		{"manifest.webmanifest", `{"name":"Rout"}`, "application/manifest+json"},
		{"sw.js", "self;", "text/javascript; charset=utf-8"},
		{"icons/icon-192.png", "\x89PNG\r\n\x1a\n", "image/png"},
		{"icons/icon.svg", "<svg/>", "image/svg+xml"},
		{"index.html", "<!doctype html>", "text/html; charset=utf-8"},
		{"LICENSE", "plain words", "text/plain; charset=utf-8"},
	} {
		if got := contentType(c.name, []byte(c.body)); got != c.want {
			t.Errorf("contentType(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
