package playground_test

import (
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"

	"rout/graph/playground"
)

func TestPlaygroundServesPageAndAssets(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(playground.Handler("/graphql"))
	defer srv.Close()

	res, err := http.Get(srv.URL + "/playground")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(page), `data-endpoint="/graphql"`) ||
		!strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("page: status %d, CSP %q:\n%s", res.StatusCode, res.Header.Get("Content-Security-Policy"), page)
	}
	if strings.Contains(string(page), "http://") || strings.Contains(string(page), "https://") {
		t.Errorf("the page loads something from another site:\n%s", page)
	}

	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(string(page), -1)
	if len(refs) != 6 {
		t.Fatalf("the page references %d assets, want 6: %v", len(refs), refs)
	}
	// The upload plugin's preview is a blob: URL of an SVG fetched with the Headers tab's headers.
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob:;") {
		t.Errorf("CSP %q does not let the upload plugin show a preview", csp)
	}
	for _, ref := range refs {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+ref[1], nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatalf("%s: not gzip: %v", ref[1], err)
		}
		b, err := io.ReadAll(zr)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 || len(b) == 0 {
			t.Errorf("%s: status %d, %d bytes, %v", ref[1], res.StatusCode, len(b), err)
		}
		want := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}[path.Ext(ref[1])]
		if got := res.Header.Get("Content-Type"); got != want {
			t.Errorf("%s: Content-Type %q, want %q", ref[1], got, want)
		}
		if strings.HasSuffix(ref[1], "/playground.js") && !strings.Contains(string(b), "uploadMap") {
			t.Errorf("%s has no upload plugin", ref[1])
		}
	}
	for _, p := range []string{"/", "/playground/LICENSE.react", "/playground/../index.html", "/other"} {
		res, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s: status %d, want 404", p, res.StatusCode)
		}
	}
}

func TestAssetsStaySmall(t *testing.T) {
	t.Parallel()
	var total int64
	err := fs.WalkDir(os.DirFS("assets"), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		total += info.Size()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > 5<<20 {
		t.Errorf("the assets take %d bytes, over 5 MiB", total)
	}
}
