package gzipcache

import "testing"

func TestAcceptsGzipReadsQValues(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"identity", false},
		{"gzip", true},
		{"GZIP", true},
		{"x-gzip", true},
		{"gzip, deflate, br, zstd", true},
		{"br;q=1.0, gzip;q=0.8, *;q=0.1", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"gzip;Q=0", false},
		{"deflate, gzip;q=0", false},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false},
		{"gzip, *;q=0", true},
		{"br, *;q=0.5", true},
		{"gzip;q=nope", false},
		{"gzip;q=2", false},
		{"gzipped", false},
		{"deflate", false},
	} {
		if got := AcceptsGzip(c.header); got != c.want {
			t.Errorf("AcceptsGzip(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}
