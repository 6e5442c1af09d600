package graph

import (
	"compress/gzip"
	"net/http"
	"sync"

	"rout/internal/gzipcache"
)

// Compression of the API's HTTP answers (docs/api.md, "Transport"): an answer of at least
// compressMinBytes goes gzip-compressed at compressLevel to a client whose Accept-Encoding allows gzip;
// a smaller one, or one to a client that does not, goes as it is. Every answer of the endpoint says
// Vary: Accept-Encoding. Websocket upgrades are left alone: their messages are the transport's.
const (
	// compressMinBytes is the smallest body that is compressed. An answer below it, with its headers,
	// fits in one TCP segment (1,460 bytes on Ethernet) already: compressing it would save no packet and
	// only cost the time of the compressor and gzip's 18 bytes of header and trailer.
	compressMinBytes = 1024
	// compressLevel is gzip's level, chosen by TestOpeningALargeGameCompressed (server), which compares
	// the levels on the answers that open a game on the 5,000-territory map (docs/benchmarks.md): 4
	// takes 21% of the bytes in 25 ms where 1 takes 25% in 15 ms and the default 19% in 73 ms. The 10 ms
	// more than level 1 save 75 KB, which a link under about 60 Mbit/s takes longer to carry; the
	// default's 50 ms more save 30 KB, worth it only under about 5 Mbit/s.
	compressLevel = 4
)

// gzipWriters are compressors at compressLevel, kept between answers: a new one allocates about 1 MB.
var gzipWriters = sync.Pool{New: func() any {
	zw, err := gzip.NewWriterLevel(nil, compressLevel)
	if err != nil {
		panic(err) // compressLevel is a valid level
	}
	return zw
}}

// compressWriter is an http.ResponseWriter that holds an answer back until it knows whether it reaches
// compressMinBytes: then it sends it through a pooled gzip.Writer; otherwise, at finish, as it is.
type compressWriter struct {
	http.ResponseWriter
	status int
	buf    []byte       // the body so far, while it is below compressMinBytes and not yet sent
	zw     *gzip.Writer // the compressor, once the body reached compressMinBytes
	done   bool         // the body went out as it is
}

// compressed returns w and a function to call when the answer is written, which sends what is held back
// and returns the compressor to its pool. When the request does not allow gzip (or is a websocket
// upgrade) it returns w itself.
func compressed(w http.ResponseWriter, req *http.Request) (http.ResponseWriter, func()) {
	if req.Header.Get("Upgrade") != "" {
		return w, func() {}
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !gzipcache.AcceptsGzip(req.Header.Get("Accept-Encoding")) {
		return w, func() {}
	}
	cw := &compressWriter{ResponseWriter: w, status: http.StatusOK}
	return cw, cw.finish
}

// WriteHeader implements http.ResponseWriter: the status goes out with the first bytes sent.
func (w *compressWriter) WriteHeader(status int) {
	if w.zw == nil && !w.done {
		w.status = status
	}
}

// Write implements http.ResponseWriter.
func (w *compressWriter) Write(p []byte) (int, error) {
	switch {
	case w.zw != nil:
		return w.zw.Write(p)
	case w.done:
		return w.ResponseWriter.Write(p)
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) < compressMinBytes {
		return len(p), nil
	}
	hdr := w.Header()
	hdr.Set("Content-Encoding", "gzip")
	hdr.Del("Content-Length")
	w.ResponseWriter.WriteHeader(w.status)
	w.zw = gzipWriters.Get().(*gzip.Writer)
	w.zw.Reset(w.ResponseWriter)
	if _, err := w.zw.Write(w.buf); err != nil {
		return 0, err
	}
	w.buf = nil
	return len(p), nil
}

// finish sends what is held back: the end of the compressed stream, or the small body as it is. The
// compressor goes back to its pool as it is: a Reset clears its tables (640 KB at compressLevel), which
// the next answer's Reset does anyway; until then it keeps the finished answer's writer, never written
// to again.
func (w *compressWriter) finish() {
	if w.zw != nil {
		_ = w.zw.Close() // a failed write is the client's: nothing to answer it with
		gzipWriters.Put(w.zw)
		w.zw = nil
		return
	}
	if w.done {
		return
	}
	w.done = true
	w.ResponseWriter.WriteHeader(w.status)
	if len(w.buf) > 0 {
		_, _ = w.ResponseWriter.Write(w.buf)
	}
}

// Unwrap returns the writer under w, for http.ResponseController.
func (w *compressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
