package selection

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// SelectAsIfChanged returns what the current state would select if the bodies of the given
// members had changed, without any file being edited: the entry point of the audit and of
// "what does this member reach" questions. Recent failures and the baseline play no part.
func (e *Engine) SelectAsIfChanged(ctx context.Context, ids []string) (*Result, error) {
	st, err := e.State()
	if err != nil {
		return nil, err
	}
	res := Select(Input{BaseName: "as-if", Base: st.Cur, Cur: st.Cur, CurGraph: st.CurGraph, Tests: st.Tests,
		Level: st.Level, Changes: BodyChanges(st.Cur, ids)})
	return res, ctx.Err()
}

// CoveragePath is where the engine keeps its coverage record.
func (e *Engine) CoveragePath() string { return filepath.Join(e.CacheDir, coverage.FileName) }

// Coverage returns the stored coverage record; coverage.ErrNoRecord when none was made.
func (e *Engine) Coverage() (*coverage.Store, error) {
	return coverage.Load(e.CoveragePath())
}

// Audit compares, for the covered production members, the selection for a body change
// with what the coverage record saw execute (see Audit).
func (e *Engine) Audit(ctx context.Context, opts AuditOptions) (*AuditResult, error) {
	rec, err := e.Coverage()
	if err != nil {
		if errors.Is(err, coverage.ErrNoRecord) {
			return nil, err
		}
		return nil, fmt.Errorf("load coverage: %w", err)
	}
	st, err := e.State()
	if err != nil {
		return nil, err
	}
	st.Level = slicing.LevelAssertion
	return Audit(ctx, st, rec, opts)
}

// coverageCache holds the coverage record the engine last loaded and the file's identity
// then, so a record written by another process (`assertlens coverage`) is picked up.
type coverageCache struct {
	rec     *coverage.Store
	modTime time.Time
	size    int64
	err     error
}

// coverageLocked returns the coverage record to select with, nil when there is none or
// the engine is static only. A damaged record is reported once and ignored.
func (e *Engine) coverageLocked() *coverage.Store {
	if e.opts.NoCoverage {
		return nil
	}
	st, err := os.Stat(e.CoveragePath())
	if err != nil {
		e.cov = coverageCache{}
		return nil
	}
	if e.cov.modTime.Equal(st.ModTime()) && e.cov.size == st.Size() {
		return e.cov.rec
	}
	rec, err := coverage.Load(e.CoveragePath())
	e.cov = coverageCache{rec: rec, modTime: st.ModTime(), size: st.Size(), err: err}
	if err != nil {
		e.log().Warn("coverage record ignored", "err", err)
		return nil
	}
	return rec
}
