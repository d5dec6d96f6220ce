package slicing

import (
	"slices"
	"strings"
	"testing"
)

// goldenView is the part of the discovery result the golden files pin down.
type goldenView struct {
	ID       string       `json:"id"`
	Reason   *string      `json:"reason"`
	Abstract bool         `json:"abstract,omitempty"`
	Suite    []string     `json:"suite,omitempty"`
	Fixtures []string     `json:"fixtures"`
	Methods  []goldenMeth `json:"methods"`
}

type goldenMeth struct {
	ID         string       `json:"id"`
	Declaring  string       `json:"declaring"`
	Reason     *string      `json:"reason"`
	Statements []string     `json:"statements"`
	Units      []goldenUnit `json:"units"`
	After      string       `json:"after,omitempty"` // the after unit's statements
}

type goldenUnit struct {
	ID         string   `json:"id"`
	Level      Level    `json:"level"`
	Line       int      `json:"line"`
	EndLine    int      `json:"endLine"`
	Statements string   `json:"statements"`
	Assertions int      `json:"assertions"`
	Reason     *string  `json:"reason"`
	Explain    []string `json:"explain,omitempty"`
	// Declares are the lines of declarations the unit writes without initializers.
	Declares string `json:"declares,omitempty"`
}

func view(classes []*TestClass) []goldenView {
	var out []goldenView
	for _, c := range classes {
		g := goldenView{ID: c.ID, Reason: c.Reason, Abstract: c.Abstract, Suite: c.Suite, Fixtures: c.Fixtures}
		for _, m := range c.Methods {
			gm := goldenMeth{ID: m.ID, Declaring: m.Declaring, Reason: m.Reason}
			for _, s := range m.Statements {
				mark := " "
				if s.Assertion {
					mark = "A"
				}
				gm.Statements = append(gm.Statements, mark+" L"+itoa(s.Line)+" defs="+join(s.Defs)+" uses="+join(s.Uses))
			}
			for _, u := range m.Units {
				var ex []string
				for _, e := range u.Explain {
					ex = append(ex, "L"+itoa(e.Line)+" "+e.Why)
				}
				var decls []string
				for _, d := range u.Declares {
					decls = append(decls, itoa(m.Statements[d].Line))
				}
				gm.Units = append(gm.Units, goldenUnit{u.ID, u.Level, u.Line, u.EndLine, lineRanges(u.Statements), u.Assertions, u.Reason, ex,
					strings.Join(decls, " ")})
			}
			if m.After != nil {
				gm.After = lineRanges(m.After.Statements)
			}
			g.Methods = append(g.Methods, gm)
		}
		out = append(out, g)
	}
	return out
}

func join(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out + "]"
}

// TestGoldenSlices checks discovery, statements, def/use sets and units of every fixture
// project against its golden.json.
func TestGoldenSlices(t *testing.T) {
	cases := []struct {
		name string
		opts Options
	}{
		{"paper", Options{}},
		{"rules", Options{}},
		{"broken", Options{}},
		{"effects", Options{}},
		{"proofs", Options{}},
		{"dispatch", Options{}},
		{"jdkimpl", Options{}},
		{"hooks", Options{}},
		{"proxies", Options{}},
		{"handlers", Options{}},
		{"loudhandlers", Options{}},
		{"loudrows", Options{}},
		{"held", Options{}},
		{"cleanup", Options{}},
		{"nested", Options{}},
		{"boxing", Options{}},
		{"rebind", Options{}},
		{"wrappers", Options{}},
		{"sets", Options{}},
		{"libs", Options{ExtraAssertions: []string{"expectSaved", "shouldBeEmpty"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, classes := discover(t, c.name, c.opts)
			golden(t, c.name, view(classes))
		})
	}
}

func lineRanges(r [][2]int) string {
	out := ""
	for i, x := range r {
		if i > 0 {
			out += " "
		}
		out += itoa(x[0])
		if x[1] != x[0] {
			out += "-" + itoa(x[1])
		}
	}
	return out
}

// TestPaperFigure2 pins the motivating example of assertion-based selection: testExp's three
// assertions on different receivers and testNegate slice exactly as the paper's Figure 2,
// although Complex#exp runs table-backed math with array writes and TestUtils has
// assertion overloads that build messages.
func TestPaperFigure2(t *testing.T) {
	_, classes := discover(t, "paper", Options{})
	want := map[string]string{
		"org.example.complex.ComplexTest#testExp:13":    "11 12 13",
		"org.example.complex.ComplexTest#testExp:14":    "14",
		"org.example.complex.ComplexTest#testExp:16":    "15 16",
		"org.example.complex.ComplexTest#testNegate:23": "21 22 23",
		"org.example.complex.ComplexTest#testNegate:24": "21 22 24",
	}
	got := map[string]string{}
	for _, c := range classes {
		for _, m := range c.Methods {
			for _, u := range m.Units {
				got[u.ID] = lineRanges(u.Statements)
			}
		}
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: statements %q, want %q", id, got[id], w)
		}
	}
}

// TestInheritedTestSlicedOverEveryOverride: a test declared in an abstract base runs in each
// subclass, sliced once. SharedContractTest's create() hands out one shared counter, so in
// twoCounters a.increment() may change b, and the slice of the assertion on b keeps it, in
// every class the test runs in (without that override the slice would leave it out).
func TestInheritedTestSlicedOverEveryOverride(t *testing.T) {
	_, classes := discover(t, "rules", Options{})
	checked := 0
	for _, c := range classes {
		for _, m := range c.Methods {
			if methodName(m.ID) != "twoCounters" || c.Abstract {
				continue
			}
			if m.Reason != nil {
				t.Errorf("%s: kept whole (%s), want slices", m.ID, *m.Reason)
				continue
			}
			for _, u := range m.Units {
				if u.ID == c.ID+"#twoCounters:27" {
					checked++
					if !slices.ContainsFunc(u.Statements, func(r [2]int) bool { return r[0] <= 25 && 25 <= r[1] }) {
						t.Errorf("%s: slice %v leaves out a.increment() (line 25)", u.ID, u.Statements)
					}
				}
			}
		}
	}
	if checked != 2 {
		t.Errorf("checked %d runs of twoCounters, want 2 (Zero and Shared)", checked)
	}
}

// TestLocalDefUse pins the lower bound every safe slicer reaches: values flow through
// local variables to their next binding; compound statements and statements not read
// neither carry them nor are reached, and the latter may bind anything.
func TestLocalDefUse(t *testing.T) {
	st := func(binds, uses string, assertion bool) Statement {
		return Statement{Binds: strings.Fields(binds), Uses: strings.Fields(uses), Assertion: assertion}
	}
	compound := Statement{Binds: []string{"x"}, Uses: []string{"x"}, Compound: true, Assertion: true, Assertions: 2}
	unread := Statement{Binds: []string{anyLocal}, Compound: true}
	cases := []struct {
		name  string
		stmts []Statement
		from  []int
		want  []int
	}{
		{"chain", []Statement{st("x", "", false), st("y", "x", false), st("", "y", true)}, []int{0}, []int{0, 1, 2}},
		{"rebound", []Statement{st("x", "", false), st("x", "x", false), st("", "x", true)}, []int{0}, []int{0}},
		{"not from later", []Statement{st("x", "", false), st("y", "", false), st("", "x", true)}, []int{1}, []int{1}},
		{"compound neither carries nor is reached", []Statement{st("x", "", false), compound, st("", "x", true)}, []int{0}, []int{0}},
		{"compound source", []Statement{compound, st("", "x", true)}, []int{0}, nil},
		{"unread statement binds anything", []Statement{st("x", "", false), unread, st("", "x", true)}, []int{0}, []int{0}},
	}
	for _, c := range cases {
		if got := LocalDefUse(c.stmts, c.from); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// TestAssignedVariableIsNotRead pins that "x = …" writes x without reading it (x += …
// and x = x + 1 read it), while the slices of the fixture's rebound test keep every binding
// that may reach them: bindings inside an if, and an object changed before its variable was
// rebound, read through another variable. A binding a later top-level one cuts off leaves
// the slice; its declaration is written bare.
func TestAssignedVariableIsNotRead(t *testing.T) {
	const fix, rel, method = "dispatch", "src/test/java/disp/StrsTest.java", "rebound"
	_, classes := discover(t, fix, Options{})
	line := func(text string) int { return lineOf(t, fix, rel, method, text) }
	var tm *TestMethod
	for _, c := range classes {
		for _, m := range c.Methods {
			if m.ID == "disp.StrsTest#rebound" {
				tm = m
			}
		}
	}
	if tm == nil {
		t.Fatal("no rebound test")
	}
	for _, st := range tm.Statements {
		switch st.Line {
		case line(`n = Parse.parse("ab")`):
			if slices.Contains(st.Uses, "n") || !slices.Contains(st.Binds, "n") {
				t.Errorf("n = …: uses %v, binds %v; want n bound, not read", st.Uses, st.Binds)
			}
		case line(`n += 1`):
			if !slices.Contains(st.Uses, "n") {
				t.Errorf("n += 1: uses %v; want n read", st.Uses)
			}
		}
	}
	for _, c := range []struct {
		assertion string
		has       []string
	}{
		{`assertEquals(3, n)`, []string{`n = Parse.parse("ab")`, `n += 1`}},
		{`assertEquals(1, m)`, []string{`int m = Parse.parse("abcd")`, `if (m > 3) {`}},
		{`assertEquals(1, ys.size())`, []string{`xs.add("a")`, `List<String> ys = xs`}},
		{`assertEquals(0, xs.size())`, []string{`xs = new ArrayList<>()`}},
	} {
		got := sliceLines(t, classes, "disp.StrsTest#rebound", line(c.assertion))
		for _, h := range c.has {
			if !slices.Contains(got, line(h)) {
				t.Errorf("the slice of %s (lines %v) misses %s", c.assertion, got, h)
			}
		}
	}
	// n = Parse.parse("ab") rebinds n at the top level: the first value reaches no
	// assertion, and the slice declares n without it.
	decl := line(`int n = Parse.parse("abc")`)
	for _, u := range tm.Units {
		if u.Line != line(`assertEquals(3, n)`) {
			continue
		}
		if slices.ContainsFunc(u.Statements, func(r [2]int) bool { return r[0] <= decl && decl <= r[1] }) {
			t.Errorf("the slice of assertEquals(3, n) runs int n = Parse.parse(\"abc\"): %v", u.Statements)
		}
		if len(u.Declares) != 1 || tm.Statements[u.Declares[0]].Line != decl || tm.Statements[u.Declares[0]].DeclarationOnly != "int n;" {
			t.Errorf("the slice of assertEquals(3, n) declares %v, want int n; alone", u.Declares)
		}
	}
}
