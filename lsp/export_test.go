package lsp

import (
	"context"
	"io"
	"sync"
	"time"
)

// ServeForTest runs the server with test knobs: how long requests wait for the first index,
// and whether file watchers start.
func ServeForTest(ctx context.Context, in io.Reader, out io.Writer, logw io.Writer, f EngineFactory, readyWait time.Duration, watch bool) error {
	return ServeWithTimers(ctx, in, out, logw, f, readyWait, watch, nil)
}

// ServeWithTimers is ServeForTest with the edit debounce on timers the test fires (nil:
// real time).
func ServeWithTimers(ctx context.Context, in io.Reader, out io.Writer, logw io.Writer, f EngineFactory, readyWait time.Duration, watch bool, timers *FakeTimers) error {
	cfg := serverConfig{readyWait: readyWait, noWatch: !watch}
	if timers != nil {
		cfg.afterFunc = timers.afterFunc
	}
	return serve(ctx, in, out, logw, f, cfg)
}

// FakeTimers is a clock for the edit debounce that only moves when the test says so.
type FakeTimers struct {
	mu     sync.Mutex
	timers []*fakeTimer
	arms   int
}

type fakeTimer struct {
	c     *FakeTimers
	f     func()
	armed bool
}

func (c *FakeTimers) afterFunc(_ time.Duration, f func()) debounceTimer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, f: f, armed: true}
	c.timers = append(c.timers, t)
	c.arms++
	return t
}

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := t.armed
	t.armed = false
	return was
}

func (t *fakeTimer) Reset(time.Duration) bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := t.armed
	t.armed = true
	t.c.arms++
	return was
}

// Arms counts how often a debounce timer was started or restarted.
func (c *FakeTimers) Arms() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.arms
}

// Fire runs every armed timer once (as if its delay passed) and returns how many ran.
func (c *FakeTimers) Fire() int {
	c.mu.Lock()
	var due []func()
	for _, t := range c.timers {
		if t.armed {
			t.armed = false
			due = append(due, t.f)
		}
	}
	c.mu.Unlock()
	for _, f := range due {
		f()
	}
	return len(due)
}
