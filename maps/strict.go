package maps

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// checkStrictJSON refuses what encoding/json accepts without a word but a map file must not hold:
// bytes that are not UTF-8 and \u escapes of a lone UTF-16 surrogate (the decoder would replace both
// with U+FFFD), and an object with the same key twice (the decoder would keep the last value). It returns nil for a file it cannot tokenize:
// the decoder then reports the syntax error.
func checkStrictJSON(data []byte) error {
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return problemError("", CodeInvalidUTF8, fmt.Sprintf("the map file is not UTF-8: invalid byte 0x%02x at %s", data[off], position(data, int64(off))))
	}
	if off := loneSurrogate(data); off >= 0 {
		return problemError("", CodeInvalidUTF8, fmt.Sprintf("the map file escapes half of a UTF-16 surrogate pair, which is no character, at %s", position(data, int64(off))))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v := &validator{}
	if err := walkJSON(dec, "", v); err != nil {
		return nil
	}
	return v.err()
}

// walkJSON reads one JSON value from dec, whose path is path, and adds a DUPLICATE_KEY problem for each
// key an object repeats.
func walkJSON(dec *json.Decoder, path string, v *validator) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			key, ok := tok.(string)
			if !ok {
				return io.ErrUnexpectedEOF
			}
			child := key
			if path != "" {
				child = path + "." + key
			}
			if seen[key] {
				v.add(child, CodeDuplicateKey, "the key %s appears twice in this object", strconv.Quote(key))
			}
			seen[key] = true
			if err := walkJSON(dec, child, v); err != nil {
				return err
			}
		}
		_, err = dec.Token() // '}'
		return err
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if err := walkJSON(dec, fmt.Sprintf("%s[%d]", path, i), v); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ']'
		return err
	}
	return nil
}

// loneSurrogate returns the offset of the first \u escape in data of a UTF-16 surrogate that is not
// half of a pair, or -1. Backslashes occur in JSON only inside strings, so a plain scan finds them.
func loneSurrogate(data []byte) int {
	hex := func(i int) (rune, bool) {
		if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(data[i+2:i+6]), 16, 16)
		return rune(n), err == nil
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		r, ok := hex(i)
		if !ok {
			i++ // another escape: skip the escaped byte
			continue
		}
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if low, ok := hex(i + 6); ok && low >= 0xDC00 && low < 0xE000 {
				i += 11
				continue
			}
			return i
		case r >= 0xDC00 && r < 0xE000:
			return i
		}
		i += 5
	}
	return -1
}
