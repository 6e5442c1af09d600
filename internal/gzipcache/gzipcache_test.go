package gzipcache

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

func TestGetCompressesOnceAndDecompressesToTheFile(t *testing.T) {
	var c Cache
	file := []byte(strings.Repeat("the same line again\n", 500))
	z := c.Get("a.js", file)
	if len(z) >= len(file) {
		t.Fatalf("compressed to %d bytes from %d", len(z), len(file))
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, file) {
		t.Fatalf("decompressed %d bytes (%v), want the %d of the file", len(got), err, len(file))
	}
	if again := c.Get("a.js", []byte("other content")); &again[0] != &z[0] {
		t.Error("the second Get compressed again instead of answering from the cache")
	}
	if other := c.Get("b.js", []byte("other content")); bytes.Equal(other, z) {
		t.Error("another name got the first file's compression")
	}
}
