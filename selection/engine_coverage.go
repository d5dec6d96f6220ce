package selection

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

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
