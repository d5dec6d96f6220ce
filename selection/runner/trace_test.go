package runner

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// bodyProbe builds a probe for the body that follows header in the file.
func bodyProbe(t *testing.T, root, rel, id, header string, ctor bool) Probe {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(data), header)
	if i < 0 {
		t.Fatalf("%q not in %s", header, rel)
	}
	start := i + strings.Index(header, "{")
	depth := 0
	for j := start; j < len(data); j++ {
		switch data[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return Probe{ID: id, File: rel, BodyStart: start, BodyEnd: j + 1, Constructor: ctor}
			}
		}
	}
	t.Fatalf("unbalanced body after %q", header)
	return Probe{}
}

func TestTraceFindsTestLinesReachingProbes(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "mixed")
	before := treeDigest(t, root)
	words, sentence := "src/main/java/text/Words.java", "src/main/java/text/Sentence.java"
	probes := []Probe{
		bodyProbe(t, root, words, "capitalize", "public static String capitalize(String s) {", false),
		bodyProbe(t, root, words, "count", "public static int count(String s) {", false),
		bodyProbe(t, root, sentence, "ctor2", "public Sentence(String first, String rest) {", true),
		bodyProbe(t, root, sentence, "text", "public String text() {", false),
	}
	ctx, cancel := testContext(t)
	defer cancel()
	hits, res, err := Trace(ctx, Request{Root: root, CacheDir: cache}, probes, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.CompileErrors) > 0 {
		t.Fatalf("compile errors: %+v", res.CompileErrors)
	}
	t.Logf("trace: compile %d ms, run %d ms", res.CompileMs, res.RunMs)
	want := []Hit{
		{"capitalize", "text.SentenceTest", "joinsWords", 11},
		{"capitalize", "text.WordsLegacyTest", "capitalizesFirstLetter", 10},
		{"count", "text.SentenceTest", "countsItsWords", 17},
		{"count", "text.SentenceTest$Empty", "hasNoWords", 24},
		{"count", "text.WordsLegacyTest", "countsWords", 15},
		{"ctor2", "text.SentenceTest", "joinsWords", 11},
		{"text", "text.SentenceTest", "joinsWords", 12},
	}
	if !reflect.DeepEqual(hits, want) {
		t.Errorf("hits:\n got %+v\nwant %+v", hits, want)
	}
	for _, r := range res.Tests {
		if r.Status != StatusPassed {
			t.Errorf("instrumented test %s = %+v", r.ID(), r)
		}
	}
	if treeDigest(t, root) != before {
		t.Fatal("the workspace changed")
	}

	// Restricted to one test class, only its frames count; a plain run afterwards is
	// uninstrumented again.
	hits, _, err = Trace(ctx, Request{Root: root, CacheDir: cache}, probes[1:2], []Selector{{Class: "text.WordsLegacyTest", Method: "countsWords"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Hit{{"count", "text.WordsLegacyTest", "countsWords", 15}}; !reflect.DeepEqual(hits, want) {
		t.Errorf("restricted hits = %+v", hits)
	}
	res = mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "text.SentenceTest"}}})
	if len(res.CompileErrors) > 0 || len(res.Tests) != 3 { // nested class included
		t.Errorf("plain run after trace: %+v %+v", res.CompileErrors, res.Tests)
	}
	if _, err := os.Stat(newShadowTree(cache).srcPath(probeRel)); !os.IsNotExist(err) {
		t.Errorf("probe class left in the shadow tree: %v", err)
	}
}

func TestInstrumentKeepsLinesAndSkipsExplicitConstructorCall(t *testing.T) {
	src := "class A extends B {\n  A(int x) {\n    super(x,\n      \"a;b\");\n    y();\n  }\n  A() { /* super(0); */ this(1); }\n  void m() {\n  }\n}\n"
	ctorBody := strings.Index(src, "{\n    super")
	ctorEnd := strings.Index(src, "  }\n  A()") + 3
	ctor2 := strings.Index(src, "{ /* super")
	m := strings.Index(src, "{\n  }\n}")
	out, err := instrument([]byte(src), []Probe{
		{ID: "c1", BodyStart: ctorBody, BodyEnd: ctorEnd, Constructor: true},
		{ID: "c2", BodyStart: ctor2, BodyEnd: ctor2 + len("{ /* super(0); */ this(1); }"), Constructor: true},
		{ID: "m", BodyStart: m, BodyEnd: m + 5},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "class A extends B {\n  A(int x) {\n    super(x,\n      \"a;b\"); assertlens.probe.Probe.hit(\"c1\");\n    y();\n  }\n" +
		"  A() { /* super(0); */ this(1); assertlens.probe.Probe.hit(\"c2\"); }\n  void m() { assertlens.probe.Probe.hit(\"m\");\n  }\n}\n"
	if string(out) != want {
		t.Errorf("instrumented:\n%s\nwant:\n%s", out, want)
	}
	if _, err := instrument([]byte(src), []Probe{{ID: "bad", BodyStart: 3, BodyEnd: 10}}); err == nil {
		t.Error("probe not on '{' accepted")
	}
}
