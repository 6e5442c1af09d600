// Package playground serves GraphiQL, the in-browser GraphQL IDE, from files embedded in the binary: no
// CDN is contacted. The page talks to the API at the endpoint given to Handler, and to its websocket
// (ws:// or wss:// at the same path) for subscriptions.
//
// The assets are GraphiQL 3.8.3 (its UMD build, graphiql.min.js and graphiql.min.css, fonts inlined) and
// React and ReactDOM 18.3.1 (their UMD production builds), from the npm registry (docs/api.md says how to
// update them), and Rout's own playground.js and playground.css: GraphiQL's start and its "Upload a map"
// plugin, which sends map files to the API as multipart requests.
package playground

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"rout/internal/gzipcache"
)

// Path is where the playground's page is served (and at Path + "/"); the web client has "/".
const Path = "/playground"

// AssetsPath is where the playground's scripts and styles are served; mount Handler there and at Path.
const AssetsPath = "/playground/"

// contentSecurityPolicy lets the page load only its own scripts and talk only to its own origin.
// GraphiQL sets inline styles, and its fonts are data: URLs; the upload plugin shows a map's preview,
// fetched with the Headers tab's headers, from a blob: URL.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"font-src data:; img-src 'self' data: blob:; connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; " +
	"frame-ancestors 'none'"

var (
	//go:embed assets
	assets embed.FS
	//go:embed index.html
	indexHTML string
	indexTmpl = template.Must(template.New("index").Parse(indexHTML))
)

// Handler returns the handler of the playground: the page at Path, its assets under AssetsPath, and 404
// for anything else. endpoint is the path (or URL) of the GraphQL API, such as "/graphql".
func Handler(endpoint string) http.Handler {
	var page bytes.Buffer
	if err := indexTmpl.Execute(&page, struct{ Endpoint, Assets string }{endpoint, AssetsPath}); err != nil {
		panic("playground: error rendering index.html: " + err.Error()) // the template and its data are fixed
	}
	files, _ := fs.Sub(assets, "assets")
	return &handler{page: page.Bytes(), files: files}
}

type handler struct {
	page  []byte
	files fs.FS

	gzipped gzipcache.Cache // the files' compressions, made on first use
}

// ServeHTTP implements http.Handler.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	hdr := w.Header()
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	switch {
	case r.URL.Path == Path || r.URL.Path == AssetsPath:
		hdr.Set("Content-Type", "text/html; charset=utf-8")
		hdr.Set("Content-Security-Policy", contentSecurityPolicy)
		hdr.Set("Cache-Control", "no-cache")
		_, _ = w.Write(h.page)
	case strings.HasPrefix(r.URL.Path, AssetsPath):
		h.serveAsset(w, r, strings.TrimPrefix(r.URL.Path, AssetsPath))
	default:
		http.NotFound(w, r)
	}
}

// serveAsset writes one embedded asset, gzip-compressed when the client accepts it.
func (h *handler) serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	if name == "" || strings.Contains(name, "/") || strings.HasPrefix(name, "LICENSE") {
		http.NotFound(w, r)
		return
	}
	b, err := fs.ReadFile(h.files, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	hdr := w.Header()
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	hdr.Set("Content-Type", ctype)
	// File names carry their version, except Rout's own playground.js and playground.css, which are small.
	hdr.Set("Cache-Control", "public, max-age=3600")
	hdr.Set("Vary", "Accept-Encoding")
	if gzipcache.AcceptsGzip(r.Header.Get("Accept-Encoding")) {
		hdr.Set("Content-Encoding", "gzip")
		b = h.gzipped.Get(name, b)
	}
	_, _ = w.Write(b)
}
