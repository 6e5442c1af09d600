// Package envconf reads configuration from environment variables with one behaviour on a bad value: a
// variable that is not set (empty) leaves its field at the default, and a value that does not parse
// leaves it too and adds an error naming the variable, the value and what was expected. Every error is
// collected, never dropped and never replaced by a silent fallback; Err returns them all, one a line.
//
// It imports the standard library only, so that every package that reads its configuration from the
// environment (notifications included) can use it.
package envconf

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Env reads variables through a getenv function and collects the errors of their values.
type Env struct {
	getenv func(string) string
	errs   []error
}

// New returns an Env that reads variables through getenv (such as os.Getenv).
func New(getenv func(string) string) *Env { return &Env{getenv: getenv} }

// Get returns the value of key, "" when it is not set.
func (e *Env) Get(key string) string { return e.getenv(key) }

// String sets *dst to the value of key when it is set.
func (e *Env) String(key string, dst *string) {
	if s := e.getenv(key); s != "" {
		*dst = s
	}
}

// Int sets *dst to the value of key, a whole number, when it is set.
func (e *Env) Int(key string, dst *int) {
	e.Func(key, func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s)
		}
		*dst = n
		return nil
	})
}

// Int64 sets *dst to the value of key, a whole number, when it is set.
func (e *Env) Int64(key string, dst *int64) {
	e.Func(key, func(s string) error {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s)
		}
		*dst = n
		return nil
	})
}

// Duration sets *dst to the value of key, a Go duration, when it is set.
func (e *Env) Duration(key string, dst *time.Duration) {
	e.Func(key, func(s string) error {
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("%q is not a duration (such as 200ms, 10s or 1m30s)", s)
		}
		*dst = d
		return nil
	})
}

// Bool sets *dst to the value of key, true or false (or 1 or 0), when it is set.
func (e *Env) Bool(key string, dst *bool) {
	e.Func(key, func(s string) error {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is not true or false", s)
		}
		*dst = b
		return nil
	})
}

// Func calls parse with the value of key when it is set. Parse sets the field only when the value is
// good; its error, which names the value and what was expected, is collected as "KEY: error".
func (e *Env) Func(key string, parse func(string) error) {
	s := e.getenv(key)
	if s == "" {
		return
	}
	if err := parse(s); err != nil {
		e.errs = append(e.errs, fmt.Errorf("%s: %w", key, err))
	}
}

// Err returns every error collected so far, joined (one a line), or nil.
func (e *Env) Err() error { return errors.Join(e.errs...) }
