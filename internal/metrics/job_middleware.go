package metrics

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// JobMiddleware returns a River worker middleware that records every job the client works with
// JobDone. Put it in river.Config.Middleware to time all workers at once:
//
//	river.Config{Middleware: []rivertype.Middleware{m.JobMiddleware()}, ...}
//
// On a nil *Metrics it records nothing.
func (m *Metrics) JobMiddleware() rivertype.WorkerMiddleware {
	return &jobMiddleware{m: m}
}

// jobMiddleware is the middleware of JobMiddleware.
type jobMiddleware struct {
	river.MiddlewareDefaults
	m *Metrics
}

// Work implements rivertype.WorkerMiddleware.
func (j *jobMiddleware) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	began := time.Now()
	err := doInner(ctx)
	j.m.JobDone(job.Kind, time.Since(began), err)
	return err
}
