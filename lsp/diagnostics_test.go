package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

func TestShortID(t *testing.T) {
	for in, want := range map[string]string{
		"org.x.Complex#negate()":       "Complex#negate()",
		"org.x.Outer.Inner#m(int,A)":   "Outer.Inner#m(int,A)",
		"Complex#negate()":             "Complex#negate()",
		"org.x.ComplexTest#testNegate": "ComplexTest#testNegate",
		"org.x.Complex":                "Complex",
		"org.x.ComplexTest#testNeg:12": "ComplexTest#testNeg:12",
	} {
		if got := shortID(in); got != want {
			t.Errorf("shortID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAffectedMessage(t *testing.T) {
	u := slicing.Unit{Class: "p.ComplexTest", Level: slicing.LevelAssertion,
		Because: []string{"p.Complex#negate()"},
		Via:     []string{"p.ComplexTest#testNegate", "p.ComplexTest#testNegate line 14", "p.Helper#flip(Complex)", "p.Complex#negate()"}}
	want := "affected by your edit to Complex#negate() (via testNegate line 14 → Helper#flip(Complex))"
	if got := affectedMessage(u); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	u.Via = []string{"p.ComplexTest#testNegate:14", "p.Complex#negate()"}
	u.Because = append(u.Because, "p.Complex#plus(Complex)")
	want = "affected by your edit to Complex#negate() and 1 more (via testNegate line 14)"
	if got := affectedMessage(u); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	reason := "loop"
	u = slicing.Unit{Class: "p.T", Level: slicing.LevelMethod, Reason: &reason, Because: []string{"p.A#f()"},
		Via: []string{"p.T#t", "p.T#t()", "p.B#g()", "p.A#f()"}}
	want = "affected by your edit to A#f() (via t → B#g()); whole method selected: loop"
	if got := affectedMessage(u); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	u.Via = nil
	want = "affected by your edit to A#f(); whole method selected: loop"
	if got := affectedMessage(u); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	u = slicing.Unit{Class: "p.T", Level: slicing.LevelMethod, Because: []string{selection.RecentlyFailedReason},
		Via: []string{"p.T#t", "failed in a recent run"}}
	want = "failed in a recent run: selected again until it passes"
	if got := affectedMessage(u); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestApplyChanges(t *testing.T) {
	text := []byte("a😀b\r\nline2\n")
	r := func(l1, c1, l2, c2 uint32) *Range { return &Range{Start: pos(l1, c1), End: pos(l2, c2)} }
	got := applyChanges(text, []contentChange{
		{Range: r(0, 1, 0, 3), Text: "X"}, // replace the emoji (2 UTF-16 units)
		{Range: r(1, 0, 1, 4), Text: "LINE"},
		{Range: r(1, 5, 1, 5), Text: "!"},
	})
	if string(got) != "aXb\r\nLINE2!\n" {
		t.Errorf("got %q", got)
	}
	if string(text) != "a😀b\r\nline2\n" {
		t.Errorf("input modified: %q", text)
	}
	if got := applyChanges(text, []contentChange{{Text: "whole"}}); string(got) != "whole" {
		t.Errorf("whole-document change: %q", got)
	}
}

// Range is protocol.Range, shortened for the table above.
type Range = protocol.Range

func TestPublishOrderPutsOpenDocumentsFirst(t *testing.T) {
	send := []protocol.PublishDiagnosticsParams{{URI: "file:///a/A.java"}, {URI: "file:///a/Z.java"}, {URI: "file:///a/M.java"}, {URI: "file:///a/B.java"}}
	publishOrder(send, map[protocol.DocumentURI]int32{"file:///a/Z.java": 3, "file:///a/M.java": 1})
	var got []string
	for _, p := range send {
		got = append(got, string(p.URI))
	}
	want := []string{"file:///a/M.java", "file:///a/Z.java", "file:///a/A.java", "file:///a/B.java"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestSourceNote(t *testing.T) {
	u := slicing.Unit{Class: "p.T", Because: []string{"p.A#f()"}, Source: selection.SourceCoverage}
	fresh := &selection.CoverageUse{State: "fresh"}
	for _, tc := range []struct {
		source string
		cov    *selection.CoverageUse
		want   string
	}{
		{selection.SourceCoverage, fresh, " [coverage: the recorded run executed it]"},
		{selection.SourceStatic, fresh, " [static: the coverage record cannot vouch for this]"},
		{selection.SourceStatic, &selection.CoverageUse{State: "stale"}, " [static: the coverage record cannot vouch for this]"},
		{selection.SourceStatic, &selection.CoverageUse{State: "fresh", Static: []selection.StaticChange{{ID: "p.A#f()", Reason: "p.A#f() ran during class initialization"}}},
			" [static: the coverage record cannot judge this change: p.A#f() ran during class initialization]"},
		{selection.SourceStatic, &selection.CoverageUse{State: "fresh", Static: []selection.StaticChange{{ID: "p.B#g()", Reason: "a static initializer"}}},
			" [static: the coverage record cannot vouch for this]"},
		{selection.SourceStatic, &selection.CoverageUse{State: "none"}, ""},
		{selection.SourceStatic, nil, ""},
	} {
		u.Source = tc.source
		if got := sourceNote(u, tc.cov); got != tc.want {
			t.Errorf("sourceNote(%s, %+v) = %q, want %q", tc.source, tc.cov, got, tc.want)
		}
	}
}

func TestLensTitleCountsStaticUnits(t *testing.T) {
	units := []slicing.Unit{
		{ID: "p.T#a:3", Test: "p.T#a", Level: slicing.LevelAssertion, Source: selection.SourceCoverage},
		{ID: "p.T#a:4", Test: "p.T#a", Level: slicing.LevelAssertion, Source: selection.SourceStatic},
	}
	d := lensData{Kind: lensTest, ID: "p.T#a"}
	for _, tc := range []struct {
		cov  *selection.CoverageUse
		want string
	}{
		{&selection.CoverageUse{State: "fresh"}, "2 of 5 assertions affected (1 static) ▸ run"},
		{&selection.CoverageUse{State: "none"}, "2 of 5 assertions affected ▸ run"},
		{nil, "2 of 5 assertions affected ▸ run"},
	} {
		if got := lensCommand(d, units, nil, 5, tc.cov).Title; got != tc.want {
			t.Errorf("title with %+v = %q, want %q", tc.cov, got, tc.want)
		}
	}
}
