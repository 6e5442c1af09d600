package notifications

import "errors"

// permanentError marks an error that retrying cannot cure.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// Permanent marks err as permanent: sending the same message again would fail the same way (a bad
// address, a message the server refuses, a request the SMS API rejects), so it must not be retried.
// Errors not marked are temporary. Permanent(nil) is nil.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err: err}
}

// IsPermanent reports whether err, or an error it wraps, was marked by Permanent. A job worker drops the
// notification on a permanent error (River: river.JobCancel) and retries it on any other.
func IsPermanent(err error) bool {
	var p *permanentError
	return errors.As(err, &p)
}
