package web_test

import (
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"rout/web"
)

func get(t *testing.T, srv *httptest.Server, method, path string, gz bool) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatalf("%s: not gzip: %v", path, err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// The page, its hashed assets with long caching, the app's routes falling back to the page, and 404 for
// files that are not there.
func TestHandlerServesTheAppWithFallbackAndCaching(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(web.Handler())
	defer srv.Close()

	res, page := get(t, srv, http.MethodGet, "/", false)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("Content-Security-Policy") != web.ContentSecurityPolicy {
		t.Fatalf("GET /: status %d, headers %v", res.StatusCode, res.Header)
	}
	if !strings.Contains(page, `<div id="app">`) {
		t.Fatalf("GET / is not the app's page:\n%s", page)
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Errorf("the page names another site:\n%s", page)
	}
	// Inline scripts would be refused by the policy: the page has none.
	if regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]`).MatchString(page) {
		t.Errorf("the page has an inline script:\n%s", page)
	}

	refs := regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(refs) == 0 {
		t.Fatalf("the page loads no assets:\n%s", page)
	}
	for _, ref := range refs {
		res, body := get(t, srv, http.MethodGet, ref[1], true)
		if res.StatusCode != http.StatusOK || body == "" ||
			res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: status %d, %d bytes, Cache-Control %q", ref[1], res.StatusCode, len(body), res.Header.Get("Cache-Control"))
		}
		if strings.HasSuffix(ref[1], ".js") && !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("%s: Content-Type %q", ref[1], res.Header.Get("Content-Type"))
		}
	}

	for _, p := range []string{"/games/R2FtZToz", "/signin", "/settings/tokens", "/index.html"} {
		res, body := get(t, srv, http.MethodGet, p, false)
		if res.StatusCode != http.StatusOK || body != page || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: status %d, Cache-Control %q, the page: %v", p, res.StatusCode, res.Header.Get("Cache-Control"), body == page)
		}
	}
	for _, p := range []string{"/assets/nothing.js", "/assets/x", "/favicon.ico", "/../embed.go", "/embed.go"} {
		if res, _ := get(t, srv, http.MethodGet, p, false); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, res.StatusCode)
		}
	}
	if res, body := get(t, srv, http.MethodHead, "/", false); res.StatusCode != http.StatusOK || body != "" {
		t.Errorf("HEAD /: status %d, body %q", res.StatusCode, body)
	}
	for _, m := range []string{http.MethodPost, http.MethodDelete} {
		if res, _ := get(t, srv, m, "/", false); res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: status %d, Allow %q", m, res.StatusCode, res.Header.Get("Allow"))
		}
	}
}

// The service worker of web push is at the root, so that the page can register it with scope /: a
// JavaScript type (browsers refuse a worker of another), checked for updates on every registration
// (no-cache), and a classic script (no module syntax, so it registers without type: "module").
func TestHandlerServesTheServiceWorkerAtTheRoot(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(web.Handler())
	defer srv.Close()
	for _, gz := range []bool{false, true} {
		res, body := get(t, srv, http.MethodGet, "/sw.js", gz)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") ||
			res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("Content-Security-Policy") != web.ContentSecurityPolicy {
			t.Fatalf("GET /sw.js (gzip %v): status %d, headers %v", gz, res.StatusCode, res.Header)
		}
		for _, want := range []string{`"push"`, `"notificationclick"`, "showNotification", "openWindow"} {
			if !strings.Contains(strings.ReplaceAll(body, "`", `"`), want) {
				t.Errorf("/sw.js has no %s:\n%s", want, body)
			}
		}
		if regexp.MustCompile(`\b(?:import|export)\b`).MatchString(body) {
			t.Errorf("/sw.js is a module, not a classic script:\n%s", body)
		}
	}
}

// The policy allows nothing from another origin: every source is 'self', 'none', data: or blob:.
func TestContentSecurityPolicyIsSameOrigin(t *testing.T) {
	t.Parallel()
	for _, directive := range strings.Split(web.ContentSecurityPolicy, ";") {
		fields := strings.Fields(directive)
		if len(fields) < 2 {
			t.Errorf("directive %q has no source", directive)
			continue
		}
		for _, src := range fields[1:] {
			switch src {
			case "'self'", "'none'", "data:", "blob:", "'unsafe-inline'":
				if src == "'unsafe-inline'" && fields[0] != "style-src" {
					t.Errorf("%s allows 'unsafe-inline'", fields[0])
				}
			default:
				t.Errorf("%s allows %s", fields[0], src)
			}
		}
	}
}

// The embedded build is the one in web/dist, file for file.
func TestEmbeddedBuildIsDist(t *testing.T) {
	t.Parallel()
	n := 0
	err := fs.WalkDir(os.DirFS("dist"), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		return nil
	})
	if err != nil || n < 2 {
		t.Fatalf("dist holds %d files (%v): run make web", n, err)
	}
}
