// Package gzipcache keeps the gzip compression of files that never change (a binary's embedded assets),
// made once, on first use, at gzip's default level.
package gzipcache

import (
	"bytes"
	"compress/gzip"
	"sync"
)

// Cache holds the compressions by file name. The zero value is ready; it is safe for concurrent use.
type Cache struct {
	mu sync.Mutex
	m  map[string][]byte
}

// Get returns the gzip compression of the file name, whose content is b: compressed the first time it is
// asked for, then from the cache. The default level: the best took seconds on a 3.5 MB script for
// under 1% fewer bytes.
func (c *Cache) Get(name string, b []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if z, ok := c.m[name]; ok {
		return z
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b) // writes to a bytes.Buffer do not fail
	_ = zw.Close()
	if c.m == nil {
		c.m = make(map[string][]byte)
	}
	c.m[name] = buf.Bytes()
	return buf.Bytes()
}
