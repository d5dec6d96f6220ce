package selection

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/slicing"
)

// TestSurefireFilter checks Surefire's default includes and excludes and a pom.xml that
// overrides both: a class the build never runs must say so (and why).
func TestSurefireFilter(t *testing.T) {
	pom, err := os.ReadFile(filepath.Join("..", "testdata", "discovery", "surefire", "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	custom, err := ParseSurefire(pom)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		sf   Surefire
		rel  string
		runs bool
	}{
		{Surefire{}, "a/FooTest.java", true},
		{Surefire{}, "a/TestFoo.java", true},
		{Surefire{}, "a/FooTests.java", true},
		{Surefire{}, "a/FooTestCase.java", true},
		{Surefire{}, "a/FooCheck.java", false},
		{Surefire{}, "a/Outer$InnerTest.java", false},
		{custom, "a/FooCheck.java", true},
		{custom, "a/FooTest.java", true},
		{custom, "a/TestFoo.java", false},
		{custom, "a/slow/BigTest.java", false},
		{custom, "a/FlakyTest.java", false},
		{custom, "a/Outer$InnerTest.java", true}, // explicit excludes replace the default one
	}
	for _, c := range cases {
		if got, why := c.sf.Runs(c.rel); got != c.runs || (!got && why == "") {
			t.Errorf("%+v runs %s = %v (%q), want %v", c.sf, c.rel, got, why, c.runs)
		}
	}
	if custom.ExcludedGroups == nil || custom.ExcludedGroups[0] != "SlowTests" {
		t.Errorf("excludedGroups = %v", custom.ExcludedGroups)
	}
	if _, err := ParseSurefire([]byte("<project><build>")); err == nil {
		t.Error("malformed pom.xml parsed without error")
	}
}

// TestBuildRuns checks the class-level decisions: inner classes follow Surefire's
// Outer$Inner file names unless @Nested or Enclosed runs them through their outer class,
// and outside Maven every class with tests runs.
func TestBuildRuns(t *testing.T) {
	m := []*slicing.TestMethod{{ID: "x", Engine: slicing.EngineJupiter}}
	classes := []*slicing.TestClass{
		{ID: "a.FooTest", File: "src/test/java/a/FooTest.java", Methods: m},
		{ID: "a.FooTest.Inner", File: "src/test/java/a/FooTest.java", Methods: m, Nested: true},
		{ID: "a.FooTest.Static", File: "src/test/java/a/FooTest.java", Methods: m},
		{ID: "a.Helper", File: "src/test/java/a/Helper.java", Methods: m},
		{ID: "a.Enc", File: "src/test/java/a/Enc.java", Suite: []string{"a.Enc.Case"}},
		{ID: "a.Enc.Case", File: "src/test/java/a/Enc.java", Methods: m},
		{ID: "a.AbstractBase", File: "src/test/java/a/AbstractBase.java", Methods: m, Abstract: true},
		{ID: "a.AbstractBase.Entries", File: "src/test/java/a/AbstractBase.java", Methods: m, Nested: true},
	}
	root := func(string) string { return "src/test/java/" }
	got := BuildRuns(classes, func(string) (Surefire, bool) { return Surefire{}, true }, root)
	want := map[string]bool{"a.FooTest": true, "a.FooTest.Inner": true, "a.FooTest.Static": false,
		"a.Helper": false, "a.Enc": false, "a.Enc.Case": false, "a.AbstractBase.Entries": true}
	for id, w := range want {
		if r, ok := got[id]; !ok || r.Runs != w || (!r.Runs && r.Why == "") {
			t.Errorf("%s: %+v, want runs=%v with a reason when not", id, r, w)
		}
	}
	if _, ok := got["a.AbstractBase"]; ok {
		t.Error("abstract class listed as run by the build")
	}
	slow := &slicing.TestClass{ID: "a.SlowTest", File: "src/test/java/a/SlowTest.java", Methods: m, Categories: []string{"SlowTests"}}
	cat := BuildRuns([]*slicing.TestClass{slow}, func(string) (Surefire, bool) { return Surefire{ExcludedGroups: []string{"SlowTests"}}, true }, root)
	if r := cat["a.SlowTest"]; r.Runs || !strings.Contains(r.Why, "excludedGroups") {
		t.Errorf("@Category(SlowTests) with SlowTests excluded: %+v", r)
	}
	cat = BuildRuns([]*slicing.TestClass{slow}, func(string) (Surefire, bool) { return Surefire{Groups: []string{"FastTests"}}, true }, root)
	if r := cat["a.SlowTest"]; r.Runs {
		t.Errorf("@Category(SlowTests) with only FastTests run: %+v", r)
	}
	gradle := BuildRuns(classes, func(string) (Surefire, bool) { return Surefire{}, false }, root)
	if !gradle["a.Helper"].Runs {
		t.Error("outside Maven every class with tests runs")
	}
}
