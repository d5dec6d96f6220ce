package selection

import (
	"regexp"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/javagen"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// testedClass is the suffix javagen adds to the class a test tests ("C0005T12Test").
var testedClass = regexp.MustCompile(`T\d+Test$`)

// BenchmarkHybridSelect measures a keystroke's selection with a coverage record on the
// generated project, where every test passed and each ran the constructor of the class it
// tests and the hub method: a body edit of the hub method, and a field added to the hub class (the field rule
// scans the project for code that may enumerate fields, once per file version with a
// memo). Compare with BenchmarkSelectAfterOneMethodEdit: the record's share should stay a
// few milliseconds.
func BenchmarkHybridSelect(b *testing.B) {
	base, baseGraph, tests := indexedProject(b, benchProject(b))
	// Every test runs the constructor of the class it tests, and the hub method.
	hubClass := strings.TrimSuffix(strings.TrimPrefix(javagen.ClassPath(5), "src/main/java/"), ".java")
	hub := coverage.JVMMember{Class: strings.ReplaceAll(hubClass, "/", "."), Method: "m0", Desc: "(I)I"}
	var run coverage.Run
	member := map[string]int{}
	for _, tc := range tests {
		for _, tm := range tc.Methods {
			run.Tests = append(run.Tests, coverage.TestOutcome{Test: tc.ID + "#" + methodName(tm.ID), Status: "passed"})
			target := testedClass.ReplaceAllString(tc.ID, "") // javagen names a test after the class it tests
			for _, jm := range []coverage.JVMMember{{Class: target, Method: "<init>", Desc: "()V"}, hub} {
				k := jm.Class + "#" + jm.Method
				i, ok := member[k]
				if !ok {
					i = len(run.Members)
					member[k] = i
					run.Members = append(run.Members, jm)
				}
				run.Hits = append(run.Hits, coverage.JVMHit{Member: i, TestClass: tc.ID, TestMethod: methodName(tm.ID), Line: tm.Line + 1})
			}
		}
	}
	rec := coverage.Build(base, run)
	memo := &Memo{}
	memo.Warm(baseGraph, base, tests)
	rel := javagen.ClassPath(5)
	src, err := base.Read(rel)
	if err != nil {
		b.Fatal(err)
	}
	i := strings.Index(string(src), "    public int m0(int x) {")
	if i < 0 {
		b.Fatal("no m0 in the hub class")
	}
	for _, c := range []struct {
		name   string
		edited []byte
	}{
		{"hub-body", editMethod(b, base, rel, 0)},
		{"hub-field-added", []byte(string(src[:i]) + "    private final Object lock = new Object();\n\n" + string(src[i:]))},
	} {
		b.Run(c.name, func(b *testing.B) {
			f := analysis.ParseSource(rel, c.edited)
			var units int
			var static []StaticChange
			for b.Loop() {
				memo.forgetLast()
				cur := base.WithParsedFile(f, c.edited)
				g := baseGraph.Update(cur, []string{rel})
				res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g,
					Tests: tests, Level: slicing.LevelAssertion, Memo: memo, Coverage: rec})
				units, static = len(res.Units), res.Coverage.Static
			}
			if len(static) > 0 {
				b.Fatalf("the record could not judge %v", static)
			}
			b.ReportMetric(float64(units), "units")
		})
	}
}
