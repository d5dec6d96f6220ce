package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// diagnosticSource is the "source" of every diagnostic the server publishes.
const diagnosticSource = "assertlens"

// texts reads file contents for ranges: open documents first, then the disk, once each.
type texts struct {
	ss    *session
	cache map[string][]byte
	lines map[string]*lineIndex
}

// index returns the line index of a file's text.
func (t *texts) index(rel string) *lineIndex {
	if x, ok := t.lines[rel]; ok {
		return x
	}
	if t.lines == nil {
		t.lines = map[string]*lineIndex{}
	}
	x := newLineIndex(t.get(rel))
	t.lines[rel] = x
	return x
}

func (t *texts) get(rel string) []byte {
	if b, ok := t.cache[rel]; ok {
		return b
	}
	var b []byte
	if text, _, ok := t.ss.srv.docs.get(t.ss.uri(rel)); ok {
		b = text
	} else {
		b = t.ss.disk.read(filepath.Join(t.ss.root, filepath.FromSlash(rel)))
	}
	t.cache[rel] = b
	return b
}

// diskTexts keeps the files read for ranges between publishes, re-reading a file only when
// its size or modification time changed: a wide edit touches hundreds of test files.
type diskTexts struct {
	mu    sync.Mutex
	files map[string]diskText
}

type diskText struct {
	size int64
	mod  time.Time
	data []byte
}

// read returns the file's bytes, or nil when it is missing or too big.
func (d *diskTexts) read(path string) []byte {
	st, err := os.Stat(path)
	if err != nil || st.Size() > maxDocumentBytes {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if f, ok := d.files[path]; ok && f.size == st.Size() && f.mod.Equal(st.ModTime()) {
		return f.data
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	if d.files == nil {
		d.files = map[string]diskText{}
	}
	d.files[path] = diskText{size: st.Size(), mod: st.ModTime(), data: b}
	return b
}

// diagnostics computes the diagnostics of every file from the current result and the last
// run: Information on affected units, Error on units that failed their last run.
func (ss *session) diagnostics() map[protocol.DocumentURI][]protocol.Diagnostic {
	res, runs := ss.snapshot()
	out := map[protocol.DocumentURI][]protocol.Diagnostic{}
	tx := &texts{ss: ss, cache: map[string][]byte{}}
	if res != nil {
		changes := map[string]analysis.Change{}
		for _, c := range res.Changes {
			changes[c.ID] = c
		}
		// Units reached through the same statement share their because and via slices, so
		// their messages are made once.
		type msgKey struct {
			via, because *string
			nVia, nBec   int
			class        string
			level        slicing.Level
			reason       *string
			source       string
		}
		messages := map[msgKey]string{}
		message := func(u slicing.Unit) string {
			if len(u.Via) == 0 || len(u.Because) == 0 {
				return affectedMessage(u) + sourceNote(u, res.Coverage)
			}
			k := msgKey{&u.Via[0], &u.Because[0], len(u.Via), len(u.Because), u.Class, u.Level, u.Reason, u.Source}
			m, ok := messages[k]
			if !ok {
				m = affectedMessage(u) + sourceNote(u, res.Coverage)
				messages[k] = m
			}
			return m
		}
		// The related information of units selected by the same changes is shared too.
		type relKey struct {
			because *string
			n       int
		}
		relatedOf := map[relKey][]protocol.DiagnosticRelatedInformation{}
		related := func(u slicing.Unit) []protocol.DiagnosticRelatedInformation {
			if len(u.Because) == 0 {
				return nil
			}
			k := relKey{&u.Because[0], len(u.Because)}
			r, ok := relatedOf[k]
			if !ok {
				r = ss.related(u, changes)
				relatedOf[k] = r
			}
			return r
		}
		uris := map[string]protocol.DocumentURI{}
		for _, u := range res.Units {
			if _, ran := runs[u.ID]; ran {
				continue // its run outcome is shown instead (or nothing, when it passed)
			}
			uri, ok := uris[u.File]
			if !ok {
				uri = ss.uri(u.File)
				uris[u.File] = uri
			}
			out[uri] = append(out[uri], protocol.Diagnostic{
				Range:              unitRange(tx.index(u.File), u),
				Severity:           protocol.DiagnosticSeverityInformation,
				Source:             diagnosticSource,
				Message:            message(u),
				RelatedInformation: related(u),
				Data:               map[string]string{"unit": u.ID},
			})
		}
	}
	for _, ru := range runs {
		if ru.Status != "failed" && ru.Status != "error" {
			continue
		}
		uri := ss.uri(ru.File)
		u := slicing.Unit{ID: ru.ID, Level: ru.Level, Line: ru.Line, EndLine: ru.Line}
		out[uri] = append(out[uri], protocol.Diagnostic{
			Range:    unitRange(tx.index(ru.File), u),
			Severity: protocol.DiagnosticSeverityError,
			Source:   diagnosticSource,
			Message:  failureMessage(ru),
			Data:     map[string]string{"unit": ru.ID},
		})
	}
	for _, ds := range out {
		sort.SliceStable(ds, func(i, j int) bool {
			a, b := ds[i].Range.Start, ds[j].Range.Start
			return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
		})
	}
	return out
}

// publishDiagnostics publishes the diagnostics of files whose diagnostics changed, including
// empty lists for files that had some and have none now.
func (ss *session) publishDiagnostics(ctx context.Context, versions map[protocol.DocumentURI]int32) {
	next := ss.diagnostics()
	ss.resMu.Lock()
	var send []protocol.PublishDiagnosticsParams
	for uri, ds := range next {
		if old, ok := ss.published[uri]; ok && sameDiagnostics(old, ds) {
			continue
		}
		ss.published[uri] = ds
		send = append(send, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: ds})
	}
	for uri := range ss.published {
		if _, ok := next[uri]; !ok {
			delete(ss.published, uri)
			send = append(send, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
		}
	}
	ss.resMu.Unlock()
	publishOrder(send, versions)
	for i := range send {
		if v, ok := versions[send[i].URI]; ok && v > 0 {
			send[i].Version = uint32(v)
		}
		if err := ss.srv.out.publish(&send[i]); err != nil {
			ss.srv.log.logf("publish diagnostics: %v", err)
			return
		}
	}
}

// publishOrder sorts publications: open documents first, since they are what the user looks
// at while a wide edit's hundreds of other files follow, then by URI.
func publishOrder(send []protocol.PublishDiagnosticsParams, open map[protocol.DocumentURI]int32) {
	sort.Slice(send, func(i, j int) bool {
		_, oi := open[send[i].URI]
		_, oj := open[send[j].URI]
		if oi != oj {
			return oi
		}
		return send[i].URI < send[j].URI
	})
}

// sameDiagnostics reports whether two lists hold the same diagnostics in the same order
// (the fields this server sets), so that unchanged files are not published again.
func sameDiagnostics(a, b []protocol.Diagnostic) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Range != y.Range || x.Severity != y.Severity || x.Message != y.Message || x.Source != y.Source ||
			len(x.RelatedInformation) != len(y.RelatedInformation) || unitOf(x.Data) != unitOf(y.Data) {
			return false
		}
		for j := range x.RelatedInformation {
			if x.RelatedInformation[j] != y.RelatedInformation[j] {
				return false
			}
		}
	}
	return true
}

// unitOf returns the unit id a diagnostic's data carries.
func unitOf(data any) string {
	if m, ok := data.(map[string]string); ok {
		return m["unit"]
	}
	return ""
}

// unitRange is the range a unit's diagnostic covers: the assertion's lines, or the
// declaration line of a method or class unit (underlining a whole class helps nobody).
func unitRange(x *lineIndex, u slicing.Unit) protocol.Range {
	if u.Level == slicing.LevelAssertion {
		return x.span(u.Line, u.EndLine)
	}
	return x.span(u.Line, u.Line)
}

// related points from a unit to the edits that select it.
func (ss *session) related(u slicing.Unit, changes map[string]analysis.Change) []protocol.DiagnosticRelatedInformation {
	var out []protocol.DiagnosticRelatedInformation
	for _, id := range u.Because {
		c, ok := changes[id]
		if !ok || c.File == "" {
			continue
		}
		line := c.Line - 1
		if line < 0 {
			line = 0
		}
		msg := "edited: " + shortID(c.ID)
		if c.Detail != "" {
			msg += " (" + c.Detail + ")"
		}
		out = append(out, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: ss.uri(c.File), Range: protocol.Range{
				Start: protocol.Position{Line: uint32(line)}, End: protocol.Position{Line: uint32(line + 1)},
			}},
			Message: msg,
		})
	}
	return out
}

// affectedMessage explains a unit's selection: "affected by your edit to Complex#negate()
// (via testNegate line 14)".
func affectedMessage(u slicing.Unit) string {
	if len(u.Because) == 1 && u.Because[0] == selection.RecentlyFailedReason {
		return "failed in a recent run: selected again until it passes"
	}
	var b strings.Builder
	b.WriteString("affected by your edit")
	if len(u.Because) > 0 {
		b.WriteString(" to ")
		b.WriteString(shortID(u.Because[0]))
		if n := len(u.Because) - 1; n > 0 {
			fmt.Fprintf(&b, " and %d more", n)
		}
	}
	if via := viaText(u); via != "" {
		b.WriteString(" (via " + via + ")")
	}
	if u.Reason != nil && *u.Reason != "" && u.Level != slicing.LevelAssertion {
		fmt.Fprintf(&b, "; whole %s selected: %s", u.Level, *u.Reason)
	}
	return b.String()
}

// sourceNote says, when a coverage record took part in the selection, whether the record
// saw the unit run the change or the static graph had to answer because the record cannot
// vouch for the test (edited since, failed, never recorded, or a change the record cannot
// judge).
func sourceNote(u slicing.Unit, cov *selection.CoverageUse) string {
	if cov == nil || cov.State == "none" || len(u.Because) == 0 || u.Because[0] == selection.RecentlyFailedReason {
		return ""
	}
	switch u.Source {
	case selection.SourceCoverage:
		return " [coverage: the recorded run executed it]"
	case selection.SourceStatic:
		for _, sc := range cov.Static {
			if sc.ID == u.Because[0] {
				return " [static: the coverage record cannot judge this change: " + sc.Reason + "]"
			}
		}
		return " [static: the coverage record cannot vouch for this]"
	}
	return ""
}

// viaText renders the chain test → … → change, leaving out the edited member itself (the
// message names it already) and the test class when a step is in the unit's own class.
func viaText(u slicing.Unit) string {
	steps := viaSteps(u.Via)
	if len(steps) > 1 && contains(u.Because, steps[len(steps)-1].id) {
		steps = steps[:len(steps)-1]
	}
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = st.render(u.Class)
	}
	return strings.Join(out, " → ")
}

// viaStep is one step of a via chain: a member id and, optionally, the line of the
// statement through which the chain passes.
type viaStep struct{ id, line string }

// viaSteps parses a via chain. Steps are ids, optionally followed by " line N" or ":N";
// consecutive steps naming the same member merge ("T#m", "T#m line 11" → "T#m line 11").
func viaSteps(via []string) []viaStep {
	var steps []viaStep
	for _, v := range via {
		st := viaStep{id: v}
		if i := strings.LastIndex(v, " line "); i > 0 && isDigits(v[i+len(" line "):]) {
			st = viaStep{id: v[:i], line: v[i+len(" line "):]}
		} else if i := strings.LastIndex(v, ":"); i > 0 && isDigits(v[i+1:]) {
			st = viaStep{id: v[:i], line: v[i+1:]}
		}
		if n := len(steps); n > 0 && sameMember(steps[n-1].id, st.id) && (steps[n-1].line == "" || st.line == "") {
			if st.line != "" {
				steps[n-1].line = st.line
			}
			continue
		}
		steps = append(steps, st)
	}
	return steps
}

// sameMember reports whether two ids name the same member, one of them perhaps as a test
// id without its parameter list ("T#m" and "T#m()").
func sameMember(a, b string) bool {
	strip := func(id string) string {
		if i := strings.IndexByte(id, '('); i >= 0 {
			return id[:i]
		}
		return id
	}
	return a == b || (strings.HasSuffix(a, ")") != strings.HasSuffix(b, ")") && strip(a) == strip(b))
}

// render shortens a step; within class, methods are named alone ("testNegate line 14").
func (st viaStep) render(class string) string {
	s := shortID(st.id)
	if class != "" && strings.HasPrefix(st.id, class+"#") {
		s = st.id[len(class)+1:]
		if j := strings.IndexByte(s, '('); j >= 0 {
			s = s[:j]
		}
	}
	if st.line != "" {
		s += " line " + st.line
	}
	return s
}

// shortID drops the package from an id: "org.x.Complex#negate()" → "Complex#negate()". The
// package is the leading run of dotted segments that start with a lower-case letter; the
// last segment of the type name always stays.
func shortID(id string) string {
	typEnd := strings.IndexByte(id, '#')
	if typEnd < 0 {
		typEnd = len(id)
	}
	start := 0
	for {
		dot := strings.IndexByte(id[start:typEnd], '.')
		if dot <= 0 || id[start] < 'a' || id[start] > 'z' {
			return id[start:]
		}
		start += dot + 1
	}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// failureMessage describes a failed unit: the message plus expected/actual.
func failureMessage(ru selection.RunUnit) string {
	msg := ru.Message
	if msg == "" {
		msg = "failed"
	}
	if ru.Status == "error" {
		msg = "error: " + msg
	}
	if ru.Expected != "" || ru.Actual != "" {
		msg += fmt.Sprintf("\nexpected: %s\nactual:   %s", ru.Expected, ru.Actual)
	}
	return msg
}
