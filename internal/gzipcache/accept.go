package gzipcache

import (
	"strconv"
	"strings"
)

// AcceptsGzip reports whether a request's Accept-Encoding header (RFC 9110, section 12.5.3) lets the
// answer be gzip-compressed: it names gzip (or x-gzip), or failing that "*", with a q-value above 0.
// "gzip;q=0" refuses it, and so does "*;q=0" without gzip named; an empty header accepts identity only.
// Names and parameters are case-insensitive; a malformed q-value counts as 0.
func AcceptsGzip(header string) bool {
	gzipQ, starQ := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(p, "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0
			}
			q = f
		}
		switch name {
		case "gzip", "x-gzip":
			gzipQ = max(gzipQ, q)
		case "*":
			starQ = max(starQ, q)
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}
