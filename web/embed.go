// Package web serves Rout's browser client: the single-page app that Vite builds from web/src into
// web/dist, embedded in the binary so that `go build` needs no Node. `make web` rebuilds dist; CI checks
// that the committed build matches the sources (docs/web.md).
//
// Handler serves the files of dist with long caching for the hashed assets (the others, such as the
// service worker /sw.js, are revalidated on every use), index.html for every other path that names no
// file (the app routes in the browser), and a Content-Security-Policy that lets the page load only its
// own files and talk only to its own origin.
package web

import (
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"rout/internal/gzipcache"
)

// ContentSecurityPolicy is sent with every answer of Handler: scripts, styles, images and connections
// (the API over HTTP and its websocket, which 'self' covers as ws: or wss: of the same host) only from
// the page's own origin, no frames, no plugins, no forms posted elsewhere. Inline styles are allowed for
// the style attributes the board sets; inline scripts are not.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// AssetsDir is the folder of dist whose files carry a content hash in their names: they never change, so
// browsers may keep them for a year.
const AssetsDir = "assets/"

//go:embed all:dist
var dist embed.FS

// placeholder is served at every path when dist holds no index.html (a build from a checkout whose
// dist was removed).
const placeholder = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Rout</title>` +
	`<p>The web client was not built into this binary: run <code>make web</code> and build again. ` +
	`The GraphQL playground is at <a href="/playground">/playground</a>.</p></html>`

// Handler returns the handler of the web client, to mount at "/".
func Handler() http.Handler {
	files, _ := fs.Sub(dist, "dist") // "dist" is a valid path
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		index = []byte(placeholder)
	}
	return &handler{files: files, index: index}
}

type handler struct {
	files fs.FS
	index []byte

	gzipped gzipcache.Cache // the files' compressions, made on first use
}

// ServeHTTP implements http.Handler.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Content-Security-Policy", ContentSecurityPolicy)
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if b, err := fs.ReadFile(h.files, name); err == nil {
			if strings.HasPrefix(name, AssetsDir) {
				hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				hdr.Set("Cache-Control", "no-cache")
			}
			h.write(w, r, name, b)
			return
		}
		// A path that names a file (it has an extension, or lies under assets/) and is not there is a 404:
		// only the app's own routes fall back to the page.
		if strings.HasPrefix(name, AssetsDir) || path.Ext(name) != "" {
			http.NotFound(w, r)
			return
		}
	}
	// The page itself: never cached without asking, so a new build is seen at once.
	hdr.Set("Cache-Control", "no-cache")
	h.write(w, r, "index.html", h.index)
}

// contentTypes are the types of dist's files that Go's mime table may not know (it reads the system's
// table besides its own): the web app manifest's.
var contentTypes = map[string]string{
	".webmanifest": "application/manifest+json",
}

// contentType is the Content-Type of the file name of dist, whose content is b.
func contentType(name string, b []byte) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(b)
}

// write sends the file name, whose content is b, gzip-compressed when the client accepts it.
func (h *handler) write(w http.ResponseWriter, r *http.Request, name string, b []byte) {
	hdr := w.Header()
	hdr.Set("Content-Type", contentType(name, b))
	hdr.Set("Vary", "Accept-Encoding")
	if len(b) > 1024 && gzipcache.AcceptsGzip(r.Header.Get("Accept-Encoding")) {
		hdr.Set("Content-Encoding", "gzip")
		b = h.gzipped.Get(name, b)
	}
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(b)
}
