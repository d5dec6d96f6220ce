package runner

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestRunJUnit4PassAndFail(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	before := treeDigest(t, root)
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{
		{Class: "calc.FractionTest", Method: "addsHalves"},
		{Class: "calc.FractionTest", Method: "negatesValue"},
	}})
	t.Logf("junit4: compile %d ms, run %d ms, notes %v", res.CompileMs, res.RunMs, res.Notes)
	if len(res.CompileErrors) > 0 || len(res.Unresolved) > 0 {
		t.Fatalf("compile errors %v, unresolved %v", res.CompileErrors, res.Unresolved)
	}
	pass := result(t, res, "calc.FractionTest", "addsHalves")
	if pass.Status != StatusPassed || pass.File != "src/test/java/calc/FractionTest.java" {
		t.Errorf("addsHalves = %+v", pass)
	}
	fail := result(t, res, "calc.FractionTest", "negatesValue")
	if fail.Status != StatusFailed || fail.Expected != "-0.75" || fail.Actual != "0.75" || fail.Line != 17 {
		t.Errorf("negatesValue = %+v", fail)
	}
	if len(res.Tests) != 2 {
		t.Errorf("got %d results, want 2: %+v", len(res.Tests), res.Tests)
	}
	if treeDigest(t, root) != before {
		t.Fatal("the workspace changed")
	}
}

func TestRunJUnit5WithParameterized(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "shop.CartTest"}}})
	t.Logf("junit5: compile %d ms, run %d ms", res.CompileMs, res.RunMs)
	if r := result(t, res, "shop.CartTest", "totalsItems"); r.Status != StatusPassed {
		t.Errorf("totalsItems = %+v", r)
	}
	fail := result(t, res, "shop.CartTest", "appliesDiscount")
	if fail.Status != StatusFailed || fail.Expected != "900" || fail.Actual != "901" || fail.Line != 19 {
		t.Errorf("appliesDiscount = %+v", fail)
	}
	if r := result(t, res, "shop.CartTest", "totalsMany"); r.Status != StatusPassed {
		t.Errorf("totalsMany = %+v", r)
	}
	if len(res.Tests) != 3 {
		t.Errorf("parameterized invocations not folded: %+v", res.Tests)
	}
}

func TestRunMixedEnginesAndNested(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "mixed")
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{
		{Class: "text.WordsLegacyTest", Method: "countsWords"},
		{Class: "text.SentenceTest", Method: "joinsWords"},
		{Class: "text.SentenceTest$Empty"},
	}})
	for _, id := range [][2]string{{"text.WordsLegacyTest", "countsWords"}, {"text.SentenceTest", "joinsWords"}, {"text.SentenceTest$Empty", "hasNoWords"}} {
		r := result(t, res, id[0], id[1])
		if r.Status != StatusPassed {
			t.Errorf("%s#%s = %+v", id[0], id[1], r)
		}
	}
	if r := result(t, res, "text.SentenceTest$Empty", "hasNoWords"); r.File != "src/test/java/text/SentenceTest.java" {
		t.Errorf("nested test file = %q", r.File)
	}
	if len(res.Tests) != 3 {
		t.Errorf("ran more than selected: %+v", res.Tests)
	}

	// The compiled classes name their source: stale ones can be found and removed.
	s := newShadowTree(cache)
	got, err := classSourceFile(filepath.Join(s.testOut, "text", "SentenceTest$Empty.class"))
	if err != nil || got != "SentenceTest.java" {
		t.Fatalf("SourceFile = %q, %v", got, err)
	}
	if err := deleteClassesOf(s.testOut, "text", "src/test/java/text/SentenceTest.java", map[string]map[string][]string{}); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(s.testOut, "text", "*.class"))
	for _, l := range left {
		if strings.HasPrefix(filepath.Base(l), "SentenceTest") {
			t.Errorf("stale class kept: %s", l)
		}
	}
	if len(left) == 0 {
		t.Error("other classes removed too")
	}
}
