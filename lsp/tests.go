package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/slicing"
)

// Custom protocol for editors with a native test UI (VS Code's Testing API) and a status
// line. Both are documented in editors/README.md.
const (
	// methodTests is a request: the tests of one file as classes → methods → units, with
	// which units the pending edits affect and the last run's outcome of each.
	methodTests = "assertlens/tests"
	// methodStatus is a notification to clients that asked for it (experimental capability
	// assertlens.status): the counts the lenses show, sent whenever they may have changed.
	methodStatus = "assertlens/status"
)

// testsParams are the params of assertlens/tests.
type testsParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
}

// testsResult is the answer of assertlens/tests.
type testsResult struct {
	URI     protocol.DocumentURI `json:"uri"`
	Classes []testClassItem      `json:"classes"`
}

type testClassItem struct {
	ID    string         `json:"id"`
	Label string         `json:"label"`
	Range protocol.Range `json:"range"`
	Tests []testItem     `json:"tests"`
	// Units are class-level units (the class runs as a whole: parameterized, inherited, …).
	Units []unitItem `json:"units,omitempty"`
}

type testItem struct {
	ID    string         `json:"id"`
	Label string         `json:"label"`
	Range protocol.Range `json:"range"`
	Units []unitItem     `json:"units"`
}

// unitItem is one runnable unit: an assertion slice, or a whole method or class.
type unitItem struct {
	ID         string         `json:"id"`
	Label      string         `json:"label"`
	Level      slicing.Level  `json:"level"`
	Range      protocol.Range `json:"range"`
	Assertions int            `json:"assertions"`
	Affected   bool           `json:"affected"`
	Because    []string       `json:"because,omitempty"`
	// Status, Message, Expected and Actual are the last run's outcome, when there is one.
	Status   string `json:"status,omitempty"`
	Message  string `json:"message,omitempty"`
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual,omitempty"`
}

// tests answers assertlens/tests. Without an engine that lists every unit of a file, only
// the affected units are known and listed.
func (s *server) tests(ctx context.Context, raw json.RawMessage) (any, error) {
	var p testsParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	out := testsResult{URI: p.TextDocument.URI, Classes: []testClassItem{}}
	ss, rel, err := s.locateURI(p.TextDocument.URI)
	if err != nil || ss == nil {
		return out, nil
	}
	ss.waitReady(ctx)
	res, runs := ss.snapshot()
	affected := map[string]slicing.Unit{}
	var units []slicing.Unit
	if res != nil {
		for _, u := range res.Units {
			if u.File == rel {
				affected[u.ID] = u
			}
		}
	}
	if lister, ok := ss.engine().(TestUnitLister); ok {
		units = lister.TestUnits(rel)
	} else {
		for _, u := range affected {
			units = append(units, u)
		}
	}
	tx := &texts{ss: ss, cache: map[string][]byte{}}
	idx, decl := tx.index(rel), ss.declarations(rel)
	classes := map[string]*testClassItem{}
	methods := map[string]*testItem{}
	seen := map[string]bool{}
	sort.SliceStable(units, func(i, j int) bool { return units[i].Line < units[j].Line })
	for _, u := range units {
		if u.File != rel || seen[u.ID] {
			continue
		}
		seen[u.ID] = true
		c := classes[u.Class]
		if c == nil {
			line := decl.line(u.Class, u.Line)
			c = &testClassItem{ID: u.Class, Label: simpleName(u.Class), Range: idx.span(line, line), Tests: []testItem{}}
			classes[u.Class] = c
		}
		item := unitItem{ID: u.ID, Label: unitLabel(u), Level: u.Level, Range: unitRange(idx, u), Assertions: assertionCount(u)}
		if a, ok := affected[u.ID]; ok {
			item.Affected, item.Because = true, a.Because
		}
		if ru, ok := runs[u.ID]; ok {
			item.Status, item.Message, item.Expected, item.Actual = ru.Status, ru.Message, ru.Expected, ru.Actual
		}
		if u.Level == slicing.LevelClass {
			c.Units = append(c.Units, item)
			continue
		}
		m := methods[u.Test]
		if m == nil {
			line := decl.line(u.Test, u.Line)
			m = &testItem{ID: u.Test, Label: methodName(u.Test), Range: idx.span(line, line)}
			methods[u.Test] = m
		}
		m.Units = append(m.Units, item)
	}
	for _, id := range sortedKeys(map2lines(methods)) {
		m := methods[id]
		c := classes[classOfTest(id)]
		if c == nil {
			continue
		}
		c.Tests = append(c.Tests, *m)
	}
	for _, c := range classes {
		sort.SliceStable(c.Tests, func(i, j int) bool { return c.Tests[i].Range.Start.Line < c.Tests[j].Range.Start.Line })
		out.Classes = append(out.Classes, *c)
	}
	sort.Slice(out.Classes, func(i, j int) bool { return out.Classes[i].Range.Start.Line < out.Classes[j].Range.Start.Line })
	return out, nil
}

func map2lines(m map[string]*testItem) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = int(v.Range.Start.Line)
	}
	return out
}

// unitLabel names a unit in a test tree: "line 14" for an assertion slice, the level
// otherwise.
func unitLabel(u slicing.Unit) string {
	switch {
	case u.Level == slicing.LevelAssertion && u.Reason != nil && *u.Reason != "":
		return "line " + itoa(u.Line) + " (" + *u.Reason + ")"
	case u.Level == slicing.LevelAssertion:
		return "line " + itoa(u.Line)
	case u.Reason != nil && *u.Reason != "":
		return "whole " + string(u.Level) + " (" + *u.Reason + ")"
	}
	return "whole " + string(u.Level)
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func simpleName(classID string) string {
	for i := len(classID) - 1; i >= 0; i-- {
		if classID[i] == '.' {
			return classID[i+1:]
		}
	}
	return classID
}

func methodName(testID string) string {
	for i := len(testID) - 1; i >= 0; i-- {
		if testID[i] == '#' {
			return testID[i+1:]
		}
	}
	return testID
}

func classOfTest(testID string) string {
	for i := len(testID) - 1; i >= 0; i-- {
		if testID[i] == '#' {
			return testID[:i]
		}
	}
	return testID
}

// statusParams are the params of assertlens/status: what the lenses count, over every
// workspace folder.
type statusParams struct {
	// Assertions is how many assertions the pending edits affect (the lenses' "N of M
	// assertions affected"), in Tests test methods.
	Assertions int `json:"assertions"`
	Tests      int `json:"tests"`
	// Failed and Passed count the units whose last run failed (or errored) or passed;
	// failed units are shown as Error diagnostics.
	Failed int `json:"failed"`
	Passed int `json:"passed"`
	// Coverage is the coverage record's state: "fresh", "N tests stale" or "none".
	Coverage string `json:"coverage"`
}

// status computes the counts of assertlens/status.
func (s *server) status() statusParams {
	st := statusParams{Coverage: "none"}
	for _, ss := range s.allSessions() {
		res, runs := ss.snapshot()
		tests := map[string]bool{}
		if res != nil && res.Coverage != nil {
			st.Coverage = res.Coverage.State
			if res.Coverage.StaleTests > 0 {
				st.Coverage = fmt.Sprintf("%d tests stale", res.Coverage.StaleTests)
			}
		}
		if res != nil {
			for _, u := range res.Units {
				st.Assertions += assertionCount(u)
				tests[u.Test] = true
			}
		}
		st.Tests += len(tests)
		for _, ru := range runs {
			switch ru.Status {
			case "failed", "error":
				st.Failed++
			case "passed":
				st.Passed++
			}
		}
	}
	return st
}

// sendStatus notifies clients that asked for assertlens/status of the current counts,
// skipping repeats of what was sent last.
func (s *server) sendStatus() {
	if !s.clientCaps().status {
		return
	}
	st := s.status()
	s.mu.Lock()
	if s.lastStatus != nil && *s.lastStatus == st {
		s.mu.Unlock()
		return
	}
	s.lastStatus = &st
	s.mu.Unlock()
	if err := s.conn.Notify(s.ctx, methodStatus, st); err != nil {
		s.log.logf("%s: %v", methodStatus, err)
	}
}
