package selection

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// View is one immutable state of a workspace, handed out by the Engine: the current
// sources (saved files with the unsaved buffers laid over them), the baseline, the graphs
// of both, the tests, the recent failures, and the records read from the cache when the
// view was taken (coverage, the test plan of the last run). Every question about a state
// is asked of a View, by the command line and the language server alike, so both answer
// from the same object; the Engine only takes changes and hands out views.
//
// A View reads no files and never changes; it is safe for concurrent use. Views share the
// engine's Memo, which only speeds up later selections.
type View struct {
	root, cacheDir string
	in             Input
	plan           *EnginePlan // tests the last run's launcher found; nil when none ran
	planErr        error       // why the plan could not be read
	opts           Options
}

// View returns the engine's current state as a View. The coverage record and the test
// plan are read again only when their files changed since the last view.
func (e *Engine) View() (*View, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.viewLocked()
}

func (e *Engine) viewLocked() (*View, error) {
	if !e.indexed {
		return nil, errors.New("workspace is not indexed yet")
	}
	tests, err := e.testsLocked()
	if err != nil {
		return nil, err
	}
	plan, planErr := loadPlanCached(e.CacheDir)
	return &View{root: e.Root, cacheDir: e.CacheDir, opts: e.opts, plan: plan, planErr: planErr,
		in: Input{BaseName: e.baseName, Base: e.base, Cur: e.cur, BaseGraph: e.baseGraph, CurGraph: e.curGraph,
			Tests: tests, Level: e.opts.Level, RecentlyFailed: e.failed, Memo: &e.memo, Coverage: e.coverageLocked()},
	}, nil
}

// Input returns the view as selection input (without the engine's Memo): selecting on it
// gives what Select gives.
func (v *View) Input() Input {
	in := v.in
	in.Memo = nil
	return in
}

// Current is the snapshot of the current sources; Base the baseline's.
func (v *View) Current() *analysis.Snapshot { return v.in.Cur }

// Base is the snapshot of the baseline the current sources are compared with.
func (v *View) Base() *analysis.Snapshot { return v.in.Base }

// Tests are the test classes of the current sources.
func (v *View) Tests() []*slicing.TestClass { return v.in.Tests }

// Coverage is the coverage record selection uses, nil when there is none or the engine is
// static only.
func (v *View) Coverage() *coverage.Store { return v.in.Coverage }

// Text returns the current content of a workspace-relative file (an unsaved buffer when
// there is one).
func (v *View) Text(rel string) ([]byte, error) { return v.in.Cur.Read(rel) }

// Select computes the units of the current sources affected against the baseline, with
// the tests the last run found but discovery did not (see AddUndiscovered).
func (v *View) Select(ctx context.Context) (*Result, error) {
	start := time.Now()
	res := Select(v.in)
	if v.planErr != nil {
		res.Uncertain = append(res.Uncertain, v.planErr.Error())
	} else {
		AddUndiscovered(res, v.plan, v.in.Base, v.in.Cur, v.in.Tests)
	}
	res.ElapsedMs = time.Since(start).Milliseconds()
	return res, ctx.Err()
}

// SelectAsIfChanged returns what the view would select if the bodies of the given
// members had changed, without any file being edited: the entry point of the audit and of
// "what does this member reach" questions. Recent failures and the baseline play no part.
func (v *View) SelectAsIfChanged(ctx context.Context, ids []string) (*Result, error) {
	in := v.in
	res := Select(Input{BaseName: "as-if", Base: in.Cur, Cur: in.Cur, CurGraph: in.CurGraph, Tests: in.Tests,
		Level: in.Level, Changes: BodyChanges(in.Cur, ids)})
	return res, ctx.Err()
}

// Units lists every unit of the test classes declared in one file, affected or not.
func (v *View) Units(rel string) []slicing.Unit {
	var out []slicing.Unit
	for _, tc := range v.in.Tests {
		for _, tm := range tc.Methods {
			if tm.File == rel || tc.File == rel {
				out = append(out, tm.Units...)
			}
		}
	}
	return out
}

// MemberAt returns the id of the innermost member declared at line (1-based) of the file
// rel, "" when there is none.
func (v *View) MemberAt(rel string, line int) string {
	if f := v.in.Cur.Files[rel]; f != nil {
		if m := f.MemberAt(line); m != nil {
			return m.ID
		}
	}
	return ""
}

// RunPlan is what running the given units takes (every affected unit when ids is nil;
// an id may also name a whole test, "pkg.FooTest#bar"): the sources, tests and units of
// this view with the engine's class path and limits. RunUnits carries it out.
func (v *View) RunPlan(ctx context.Context, ids []string) (RunInput, error) {
	var units []slicing.Unit
	if ids == nil {
		res, err := v.Select(ctx)
		if err != nil {
			return RunInput{}, err
		}
		units = res.Units
	} else {
		want := map[string]bool{}
		for _, id := range ids {
			want[id] = true
		}
		for _, tc := range v.in.Tests {
			for _, tm := range tc.Methods {
				for _, u := range tm.Units {
					if want[u.ID] || want[u.Test] {
						units = append(units, u)
					}
				}
			}
		}
	}
	return RunInput{Root: v.root, CacheDir: v.cacheDir, Cur: v.in.Cur, Tests: v.in.Tests, Units: units,
		Classpath: v.opts.Classpath, Timeout: cmp.Or(v.opts.RunTimeout, 10*time.Minute), RecordCoverage: v.opts.RecordOnRun}, nil
}

// Declarations gives, for the file rel, the 1-based line of the name of each test class
// declared in it and of each test method declared in it, by id ("pkg.FooTest",
// "pkg.FooTest#bar"; an inherited test is listed under every class that runs it, at the
// line of the method in the file that declares it). Code lenses and test items go there.
// The lines come from the members' byte ranges and the Java lexer, not from searching the
// text.
func (v *View) Declarations(rel string) map[string]int {
	src, err := v.Text(rel)
	if err != nil {
		return nil
	}
	lines := analysis.NewLineIndex(src)
	out := map[string]int{}
	for _, tc := range v.in.Tests {
		if tc.File == rel {
			if t := v.in.Cur.Type(tc.ID); t != nil {
				out[tc.ID] = typeNameLine(src, lines, t)
			}
		}
		for _, tm := range tc.Methods {
			if tm.File != rel {
				continue
			}
			if m := findMember(v.in.Cur, tm.MemberID); m != nil {
				out[tm.ID] = memberNameLine(src, lines, m)
			} else {
				out[tm.ID] = tm.Line
			}
		}
	}
	return out
}

// memberNameLine is the line of a method's name: its declaration starts at its
// annotations, which may take lines of their own.
func memberNameLine(src []byte, lines *analysis.LineIndex, m *analysis.Member) int {
	end := m.BodyStart
	if end <= m.Start {
		end = m.End
	}
	toks := analysis.Lex(src, m.Start, end)
	for i, t := range toks {
		if t.Is(src, m.Name) && i+1 < len(toks) && toks[i+1].Is(src, "(") {
			return lines.Line(t.Start)
		}
	}
	return m.Line
}

// typeNameLine is the line of a type's name, after its annotations and modifiers.
func typeNameLine(src []byte, lines *analysis.LineIndex, t *analysis.Type) int {
	from := lines.Offset(t.Line)
	if from < 0 {
		return t.Line
	}
	to := min(len(src), lines.Offset(t.EndLine+1))
	if to < from {
		to = len(src)
	}
	toks := analysis.Lex(src, from, to)
	for i, tok := range toks {
		if (tok.Is(src, "class") || tok.Is(src, "interface") || tok.Is(src, "enum") || tok.Is(src, "record")) &&
			i+1 < len(toks) && toks[i+1].Is(src, t.Name) {
			return lines.Line(toks[i+1].Start)
		}
	}
	return t.Line
}
