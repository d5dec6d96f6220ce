package selection

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// SelectAsIfChanged is the current View's SelectAsIfChanged.
func (e *Engine) SelectAsIfChanged(ctx context.Context, ids []string) (*Result, error) {
	v, err := e.View()
	if err != nil {
		return nil, err
	}
	return v.SelectAsIfChanged(ctx, ids)
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
	v, err := e.View()
	if err != nil {
		return nil, err
	}
	st := v.Input()
	st.Level = slicing.LevelAssertion
	if opts.Plan == nil && v.planErr == nil {
		opts.Plan = v.plan
	}
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

// Covered is what the coverage record says about one member: the units holding a test
// statement that executed it (as a body change would select them with coverage).
type Covered struct {
	Member     string
	Assertions int      // assertions in Units
	Tests      []string // test runs ("pkg.Class#method") with such a statement
	Units      []string // unit ids
	Fresh      bool     // the record ran the current sources of the member's file
}

// CoveredBy is the current View's CoveredBy; nil before the workspace is indexed. While
// the index is loading it is the preview's, whose tests are not sliced yet: its units are
// whole methods and its assertion counts are not known (zero).
func (e *Engine) CoveredBy(memberID string) (*Covered, error) {
	v, err := e.viewOrPreview()
	if err != nil {
		return nil, nil
	}
	return v.CoveredBy(memberID), nil
}

// CoveredBy answers "which assertions does this member run under?" from the coverage
// record; nil when there is no record or the record never saw the member execute.
func (v *View) CoveredBy(memberID string) *Covered {
	rec, cur := v.in.Coverage, v.in.Cur
	if rec == nil {
		return nil
	}
	sites, why := changeSites(rec, cur, analysis.Change{ID: memberID, Change: "modified", Detail: coveredDetail(cur, memberID)})
	if why != "" || len(sites) == 0 {
		return nil
	}
	a := newAuditor(Input{Cur: cur, Tests: v.in.Tests}, rec)
	out := &Covered{Member: memberID}
	units, methods := map[string]int{}, map[string]bool{}
	for _, site := range sites {
		tc := a.classes[site.Class()]
		if tc == nil {
			continue
		}
		for _, tm := range tc.Methods {
			if site.Method() != "" && methodName(tm.ID) != site.Method() {
				continue
			}
			us := tm.Units
			if site.Method() != "" {
				us = unitsAt(tm, site.Line)
			}
			for _, u := range us {
				units[u.ID] = u.Assertions
			}
			methods[tc.ID+"#"+methodName(tm.ID)] = true
		}
	}
	for id, n := range units {
		out.Units = append(out.Units, id)
		out.Assertions += n
	}
	for id := range methods {
		out.Tests = append(out.Tests, id)
	}
	slices.Sort(out.Units)
	slices.Sort(out.Tests)
	if f := cur.FileOf(ownerType(memberID)); f != nil {
		out.Fresh = rec.HasFile(f.Path, f.ContentHash)
	}
	return out
}

// coveredDetail is the change detail under which changeSites reads a member's record.
func coveredDetail(s *analysis.Snapshot, id string) string {
	if m := findMember(s, id); m != nil && m.Kind == analysis.KindField {
		return "field initializer changed"
	}
	return "body changed"
}

// MemberAt is the current View's MemberAt (the preview's while the index is loading); ""
// before the files are parsed.
func (e *Engine) MemberAt(rel string, line int) string {
	v, err := e.viewOrPreview()
	if err != nil {
		return ""
	}
	return v.MemberAt(rel, line)
}
