package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// Lens kinds, kept in CodeLens.Data so codeLens/resolve can recompute the title.
const (
	lensChange = "change" // on a changed production member
	lensTest   = "test"   // on a test method with affected units
	lensClass  = "class"  // on a test class with affected units
	// lensRun is on every other test method (and on a class run whole) of a test file:
	// "▸ run · 12 assertions", so a test file always shows what can be run.
	lensRun = "run"
)

// lensData is the Data of every code lens.
type lensData struct {
	URI  protocol.DocumentURI `json:"uri"`
	Kind string               `json:"kind"`
	ID   string               `json:"id"` // change id, test id or class id
}

// codeLens answers textDocument/codeLens with unresolved lenses (range and data only).
func (s *server) codeLens(ctx context.Context, raw json.RawMessage) (any, error) {
	var p protocol.CodeLensParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	lenses := []protocol.CodeLens{}
	ss, rel, err := s.locateURI(p.TextDocument.URI)
	if err != nil || ss == nil {
		if err != nil {
			s.log.logf("codeLens: %v", err)
		}
		return lenses, nil
	}
	ss.waitAnswerable(ctx) // answer with what is known when the index takes longer
	res, _ := ss.snapshot()
	if res == nil {
		res = &selection.Result{} // nothing selected yet: plain run lenses only
	}
	decl := ss.declarations(rel)
	mk := func(line int, kind, id string) {
		if line < 1 {
			line = 1
		}
		l := uint32(line - 1)
		lenses = append(lenses, protocol.CodeLens{
			Range: protocol.Range{Start: protocol.Position{Line: l}, End: protocol.Position{Line: l}},
			Data:  lensData{URI: p.TextDocument.URI, Kind: kind, ID: id},
		})
	}
	for _, c := range res.Changes {
		if c.File == rel && c.Rerun && c.Change != "deleted" {
			mk(c.Line, lensChange, c.ID)
		}
	}
	tests := map[string]int{}   // test id → first unit line
	classes := map[string]int{} // class id → first unit line
	for _, u := range res.Units {
		if u.File != rel {
			continue
		}
		if u.Level != slicing.LevelClass {
			if l, ok := tests[u.Test]; !ok || u.Line < l {
				tests[u.Test] = u.Line
			}
		}
		if l, ok := classes[u.Class]; !ok || u.Line < l {
			classes[u.Class] = u.Line
		}
	}
	for _, id := range sortedKeys(classes) {
		mk(decl.line(id, classes[id]), lensClass, id)
	}
	for _, id := range sortedKeys(tests) {
		mk(decl.line(id, tests[id]), lensTest, id)
	}
	// Every test method without affected units gets a plain run lens; a class whose units
	// are class-level (run whole) gets one on the class.
	if lister, ok := ss.engine().(TestUnitLister); ok {
		plain := map[string]int{}
		wholeClasses := map[string]int{}
		for _, u := range lister.TestUnits(rel) {
			if u.File != rel {
				continue
			}
			if u.Level == slicing.LevelClass {
				if _, ok := classes[u.Class]; !ok {
					if l, ok := wholeClasses[u.Class]; !ok || u.Line < l {
						wholeClasses[u.Class] = u.Line
					}
				}
				continue
			}
			if _, ok := tests[u.Test]; ok {
				continue
			}
			if l, ok := plain[u.Test]; !ok || u.Line < l {
				plain[u.Test] = u.Line
			}
		}
		for _, id := range sortedKeys(wholeClasses) {
			mk(decl.line(id, wholeClasses[id]), lensRun, id)
		}
		for _, id := range sortedKeys(plain) {
			mk(decl.line(id, plain[id]), lensRun, id)
		}
	}
	return lenses, nil
}

// resolveCodeLens answers codeLens/resolve from the current result.
func (s *server) resolveCodeLens(_ context.Context, raw json.RawMessage) (any, error) {
	var lens struct {
		Range protocol.Range `json:"range"`
		Data  lensData       `json:"data"`
	}
	if err := json.Unmarshal(raw, &lens); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
	}
	out := protocol.CodeLens{Range: lens.Range, Data: lens.Data}
	ss, _, err := s.locateURI(lens.Data.URI)
	if err != nil || ss == nil {
		out.Command = &protocol.Command{Title: "assertlens: not in a workspace folder"}
		return out, nil
	}
	res, runs := ss.snapshot()
	if lens.Data.Kind == lensRun {
		if !ss.isReady() {
			// Listed from the declarations alone: no slices, no counts yet.
			out.Command = &protocol.Command{Title: "▸ run · indexing…", Command: cmdRunUnits,
				Arguments: []any{lens.Data.ID}}
			return out, nil
		}
		out.Command = runLensCommand(ss.unitsOfFile(lens.Data.URI, lens.Data.ID), runs)
		return out, nil
	}
	var units []slicing.Unit
	if res != nil {
		for _, u := range res.Units {
			if lensMatches(lens.Data, u) {
				units = append(units, u)
			}
		}
	}
	var cov *selection.CoverageUse
	if res != nil {
		cov = res.Coverage
	}
	out.Command = lensCommand(lens.Data, units, runs, ss.totalAssertions(lens.Data), cov)
	return out, nil
}

func lensMatches(d lensData, u slicing.Unit) bool {
	switch d.Kind {
	case lensChange:
		return contains(u.Because, d.ID)
	case lensTest:
		return u.Test == d.ID
	case lensClass:
		return u.Class == d.ID
	}
	return false
}

// unitsOfFile lists every unit of the test (or whole-run class) id declared in a file.
func (ss *session) unitsOfFile(uri protocol.DocumentURI, id string) []slicing.Unit {
	lister, ok := ss.engine().(TestUnitLister)
	if !ok {
		return nil
	}
	_, rel, err := ss.srv.locateURI(uri)
	if err != nil {
		return nil
	}
	var out []slicing.Unit
	seen := map[string]bool{}
	for _, u := range lister.TestUnits(rel) {
		if u.File == rel && (u.Test == id || u.Level == slicing.LevelClass && u.Class == id) && !seen[u.ID] {
			seen[u.ID] = true
			out = append(out, u)
		}
	}
	return out
}

// runLensCommand is the plain lens of a test nothing affects: "▸ run · 12 assertions",
// with the last run's outcome when it is still known.
func runLensCommand(units []slicing.Unit, runs map[string]selection.RunUnit) *protocol.Command {
	if len(units) == 0 {
		return &protocol.Command{Title: "▸ run"}
	}
	assertions, passed, failed := 0, 0, 0
	ids := make([]any, 0, len(units))
	for _, u := range units {
		assertions += assertionCount(u)
		ids = append(ids, u.ID)
		switch runs[u.ID].Status {
		case "passed":
			passed++
		case "failed", "error":
			failed++
		}
	}
	title := "▸ run · " + plural(assertions, "assertion")
	if failed > 0 {
		title += fmt.Sprintf(" · ✗ %d failed", failed)
	}
	if passed > 0 {
		title += fmt.Sprintf(" · ✓ %d passed", passed)
	}
	return &protocol.Command{Title: title, Command: cmdRunUnits, Arguments: ids}
}

// totalAssertions returns the number of assertions of a test or class when the engine can
// list every unit, else -1.
func (ss *session) totalAssertions(d lensData) int {
	lister, ok := ss.engine().(TestUnitLister)
	if !ok || d.Kind == lensChange {
		return -1
	}
	_, rel, err := ss.srv.locateURI(d.URI)
	if err != nil {
		return -1
	}
	n := 0
	for _, u := range lister.TestUnits(rel) {
		if lensMatches(d, u) {
			n += assertionCount(u)
		}
	}
	return n
}

// assertionCount is how many assertions a unit stands for.
func assertionCount(u slicing.Unit) int {
	if u.Level == slicing.LevelAssertion || u.Assertions < 1 {
		return 1
	}
	return u.Assertions
}

// lensCommand builds the title and command of a lens over the given units.
// When a coverage record took part, the title counts the units the static graph had to
// select because the record could not vouch for them.
func lensCommand(d lensData, units []slicing.Unit, runs map[string]selection.RunUnit, total int, cov *selection.CoverageUse) *protocol.Command {
	if len(units) == 0 {
		if d.Kind == lensChange {
			return &protocol.Command{Title: "affects no assertions"}
		}
		return &protocol.Command{Title: "no assertions affected"}
	}
	assertions := 0
	tests := map[string]bool{}
	ids := make([]any, 0, len(units))
	passed, failed, static := 0, 0, 0
	for _, u := range units {
		assertions += assertionCount(u)
		if u.Source == selection.SourceStatic {
			static++
		}
		tests[u.Test] = true
		ids = append(ids, u.ID)
		switch runs[u.ID].Status {
		case "passed":
			passed++
		case "failed", "error":
			failed++
		}
	}
	var title string
	switch {
	case d.Kind == lensChange:
		title = fmt.Sprintf("affects %s in %s", plural(assertions, "assertion"), plural(len(tests), "test"))
	case d.Kind == lensTest && total >= assertions:
		title = fmt.Sprintf("%d of %d assertions affected", assertions, total)
	case d.Kind == lensClass && total >= assertions:
		title = fmt.Sprintf("%d of %d assertions affected in %s", assertions, total, plural(len(tests), "test"))
	case d.Kind == lensClass:
		title = fmt.Sprintf("%s affected in %s", plural(assertions, "assertion"), plural(len(tests), "test"))
	default:
		title = fmt.Sprintf("%s affected", plural(assertions, "assertion"))
	}
	if cov != nil && cov.State != "none" && static > 0 {
		title += fmt.Sprintf(" (%d static)", static)
	}
	var status []string
	if failed > 0 {
		status = append(status, fmt.Sprintf("✗ %d failed", failed))
	}
	if passed > 0 {
		status = append(status, fmt.Sprintf("✓ %d passed", passed))
	}
	if len(status) > 0 {
		title += " · " + strings.Join(status, " ")
	}
	return &protocol.Command{Title: title + " ▸ run", Command: cmdRunUnits, Arguments: ids}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// declLines are the declaration lines of one file's tests and test classes, by id.
type declLines map[string]int

// line returns the declaration line of id, else fallback.
func (d declLines) line(id string, fallback int) int {
	if l := d[id]; l > 0 {
		return l
	}
	return fallback
}

// declarations asks the engine where the tests of file rel are declared (nil when it
// cannot say).
func (ss *session) declarations(rel string) declLines {
	if dl, ok := ss.engine().(DeclarationLister); ok {
		return dl.Declarations(rel)
	}
	return nil
}

// refreshLenses asks the client to re-request code lenses. protocol v0.12.0 declares
// workspace/codeLens/refresh on the wrong interface, so it is sent as a raw call. Calls
// are coalesced: at most one is in flight, and one more follows if results changed meanwhile.
func (s *server) refreshLenses() {
	if !s.clientCaps().codeLensRefresh {
		return
	}
	s.mu.Lock()
	if s.refreshing {
		s.refreshAgain = true
		s.mu.Unlock()
		return
	}
	s.refreshing = true
	s.mu.Unlock()
	s.goSafe("codeLens refresh", func() {
		for {
			ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
			if _, err := s.conn.Call(ctx, protocol.MethodCodeLensRefresh, nil, nil); err != nil && s.ctx.Err() == nil {
				s.log.logf("workspace/codeLens/refresh: %v", err)
			}
			cancel()
			s.mu.Lock()
			if !s.refreshAgain || s.ctx.Err() != nil {
				s.refreshing = false
				s.mu.Unlock()
				return
			}
			s.refreshAgain = false
			s.mu.Unlock()
		}
	})
}
