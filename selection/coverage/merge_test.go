package coverage

import (
	"slices"
	"testing"
)

func TestMergeReplacesTheTestsThatRan(t *testing.T) {
	snap := widgetSnapshot(t)
	members := []JVMMember{
		{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"},
		{Class: "p.Widget", Method: "<clinit>", Desc: "()V"},
		{Class: "p.Widget", Method: "<init>", Desc: "()V"},
	}
	into := Build(snap, Run{Members: members,
		Hits: []JVMHit{
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7},
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: "b", Line: 9},
			{Member: 1, TestClass: "p.WidgetTest", Line: 0},
		},
		Tests: []TestOutcome{{Test: "p.WidgetTest#a", Status: "failed"}, {Test: "p.WidgetTest#b", Status: "passed"}}})
	run := Build(snap, Run{Members: members,
		Hits:      []JVMHit{{Member: 2, TestClass: "p.WidgetTest", TestMethod: "a", Line: 8}},
		ClassInit: []int{2},
		Tests:     []TestOutcome{{Test: "p.WidgetTest#a", Status: "passed"}}})
	run.Files = map[string]uint64{"src/main/java/p/Widget.java": 42} // other sources than into's
	into.Summary.FirstFailures = []string{"p.WidgetTest#a: boom"}

	got := Merge(into, run)
	if want := []Site{{Test: "p.WidgetTest#b", Line: 9}}; !slices.Equal(got.Hits("p.Widget#put(String)"), want) {
		t.Errorf("put hits = %v, want %v (a's old statement dropped, b's kept)", got.Hits("p.Widget#put(String)"), want)
	}
	if want := []Site{{Test: "p.WidgetTest#a", Line: 8}}; !slices.Equal(got.Hits("p.Widget#<init>()"), want) {
		t.Errorf("<init> hits = %v, want %v", got.Hits("p.Widget#<init>()"), want)
	}
	if want := []Site{{Test: "p.WidgetTest"}}; !slices.Equal(got.Hits("p.Widget#<clinit>"), want) {
		t.Errorf("class setup hits = %v, want %v", got.Hits("p.Widget#<clinit>"), want)
	}
	if m := got.Member("p.Widget#<init>()"); m == nil || !m.ClassInit {
		t.Errorf("<init> lost its class-initialization mark: %+v", m)
	}
	wantTests := []TestOutcome{{Test: "p.WidgetTest#a", Status: "passed", Version: 1}, {Test: "p.WidgetTest#b", Status: "passed", Version: 0}}
	if !slices.Equal(got.Tests, wantTests) {
		t.Errorf("tests = %+v, want %+v", got.Tests, wantTests)
	}
	if len(got.Versions) != 1 || got.FilesOf(1)["src/main/java/p/Widget.java"] != 42 || !got.HasFile("src/main/java/p/Widget.java", 42) {
		t.Errorf("versions = %v", got.Versions)
	}
	if got.Summary.Tests != 2 || got.Summary.Passed != 2 || got.Summary.Failed != 0 || got.Summary.FirstFailures != nil {
		t.Errorf("summary = %+v (a's failure was replaced by its pass)", got.Summary)
	}
	// Merging a run of the record's own sources adds no version.
	if again := Merge(into, Build(snap, Run{Tests: []TestOutcome{{Test: "p.WidgetTest#b", Status: "passed"}}})); len(again.Versions) != 0 || again.Tests[1].Version != 0 {
		t.Errorf("same sources made a version: %v %+v", again.Versions, again.Tests)
	}
	if len(into.Tests) != 2 || into.Tests[0].Status != "failed" || len(into.Versions) != 0 {
		t.Error("Merge changed its input")
	}
}
