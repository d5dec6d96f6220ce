package runner

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCoverageAttributesEachExecutionToItsTestStatement runs a fixture with JUnit 3, 4 and
// 5 tests under the agent and compares what it recorded with expectations written from
// the sources.
func TestCoverageAttributesEachExecutionToItsTestStatement(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "coverage")
	before := treeDigest(t, root)
	ctx, cancel := testContext(t)
	defer cancel()
	var lastDone, lastTotal int
	run, err := Coverage(ctx, Request{Root: root, CacheDir: cache}, CoverageOptions{Progress: func(done, total int) {
		lastDone, lastTotal = done, total
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Result.CompileErrors) > 0 {
		t.Fatalf("compile errors: %v", run.Result.CompileErrors)
	}
	if lastTotal == 0 || lastDone != lastTotal {
		t.Errorf("last progress %d/%d, want done == total", lastDone, lastTotal)
	}
	if treeDigest(t, root) != before {
		t.Fatal("the workspace changed")
	}
	got := map[string]bool{}
	for _, h := range run.Hits {
		m := run.Members[h.Member]
		key := m.Class + "#" + m.Method + " " + h.TestClass
		if h.TestMethod != "" {
			key += "#" + h.TestMethod
		}
		key += " " + strconv.Itoa(h.Line)
		if h.OtherThread {
			key += " other"
		}
		got[key] = true
	}
	cases := []struct {
		what, hit string
	}{
		{"a plain statement", "cov.Calc#add cov.CalcTest#adds 33"},
		{"@BeforeEach is fixture", "cov.Calc#<init> cov.CalcTest#adds 0"},
		{"@AfterEach runs after the body", "cov.Calc#twice cov.CalcTest#adds -1"},
		{"@BeforeAll is class-level", "cov.Calc#<init> cov.CalcTest 0"},
		{"a static initializer runs for what first touched the class", "cov.Calc#<clinit> cov.CalcTest 0"},
		{"a static initializer's callee", "cov.Calc#seed cov.CalcTest 0"},
		{"a multi-line statement, at the line of the call", "cov.Calc#lazy cov.CalcTest#lambdas 40"},
		{"a lambda body", "cov.Calc#lambda$lazy$0 cov.CalcTest#lambdas 40"},
		{"a lambda in a lambda", "cov.Calc#lambda$lazy$1 cov.CalcTest#lambdas 40"},
		{"a method of an anonymous class", "cov.Calc$2#run cov.CalcTest#anonymous 46"},
		{"an anonymous class in a static field initializer", "cov.Calc$1#run cov.CalcTest#statics 69"},
		{"another thread, attributed to the statement that started it", "cov.Calc#twice cov.CalcTest#threads 52 other"},
		{"the thread's lambda", "cov.Calc#lambda$inThread$2 cov.CalcTest#threads 52 other"},
		{"a failing test records what ran before the failure", "cov.Calc#add cov.CalcTest#fails 57"},
		{"and its @AfterEach", "cov.Calc#twice cov.CalcTest#fails -1"},
		{"parameterized invocations merge into one test", "cov.Calc#add cov.CalcTest#many 64"},
		{"an inherited test runs in each concrete class, lines of the base", "cov.Shape#square cov.SmallSquareTest#area 12"},
		{"the other concrete class", "cov.Shape#square cov.BigSquareTest#area 12"},
		{"a lambda of an interface", "cov.Shape#lambda$square$0 cov.BigSquareTest#area 13"},
		{"JUnit 4 statement", "cov.Calc#add cov.LegacyTest#adds 30"},
		{"JUnit 4 with a timeout runs the body on a thread of its own: still that statement", "cov.Calc#add cov.LegacyTest#addsInTime 35"},
		{"JUnit 4 @Before", "cov.Calc#<init> cov.LegacyTest#adds 0"},
		{"JUnit 4 @After", "cov.Calc#twice cov.LegacyTest#adds -1"},
		{"JUnit 4 @BeforeClass", "cov.Calc#seed cov.LegacyTest 0"},
		{"JUnit 3 statement", "cov.Calc#add cov.OldStyleTest#testAdds 12"},
		{"JUnit 3 setUp", "cov.Calc#<init> cov.OldStyleTest#testAdds 0"},
		{"a JUnit 3 test object is built outside any test: its field initializers are class-level", "cov.Modes#built cov.OldStyleTest 0"},
		{"and its base class's, credited to the class of the object", "cov.Modes#based cov.OldStyleTest 0"},
		{"an enum switch's table", "cov.Modes$1#<clinit> cov.ModesTest#costs 10"},
		{"a thread the running test made works for it", "cov.Modes#first cov.PoolTest#makesPool 23 other"},
		{"a line that starts with new X(a ? b : c): the class still loads (frames keep the NEW's label)", "cov.Calc#add cov.CalcTest#newOnItsOwnLine 75"},
		{"and the object it makes", "cov.Calc#<init> cov.CalcTest#newOnItsOwnLine 75"},
	}
	for _, c := range cases {
		if !got[c.hit] {
			t.Errorf("%s: missing %q", c.what, c.hit)
		}
	}
	for _, never := range []string{
		"cov.Calc#twice cov.CalcTest#adds 34",            // @AfterEach after the last statement is not that statement
		"cov.Calc#twice cov.CalcTest#adds 0",             // …nor fixture code run before the body
		"cov.Calc#twice cov.CalcTest#fails 58",           // never reached
		"cov.Calc#twice cov.CalcTest#threads 52",         // only on the other thread
		"cov.Calc#add cov.LegacyTest#addsInTime 0 other", // the body's thread is the test's
	} {
		if got[never] {
			t.Errorf("recorded %q", never)
		}
	}
	if t.Failed() {
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		t.Logf("recorded:\n%s", strings.Join(keys, "\n"))
	}
	// The pooled thread outlives the test that made it: the next test's work on it is
	// credited to no test, rather than to the finished one (or lost).
	unattributed := map[string]bool{}
	for _, i := range run.Unattributed {
		unattributed[run.Members[i].Class+"#"+run.Members[i].Method] = true
	}
	for _, built := range []string{"cov.Modes#built", "cov.Modes#based"} {
		if unattributed[built] {
			t.Errorf("%s, run while JUnit 3 built its test objects, is unattributed", built)
		}
	}
	if !unattributed["cov.Modes#later"] {
		t.Errorf("work on a finished test's pooled thread is not unattributed: %v", unattributed)
	}
	for k := range got {
		if strings.HasPrefix(k, "cov.Modes#later ") {
			t.Errorf("credited to a test: %q", k)
		}
	}
	classInit := map[string]bool{}
	for _, i := range run.ClassInit {
		classInit[run.Members[i].Class+"#"+run.Members[i].Method] = true
	}
	for member, want := range map[string]bool{
		"cov.Calc#<clinit>":    true,  // a static initializer itself
		"cov.Calc#seed":        true,  // called by one (and later by tests: still marked)
		"cov.Calc$1#<init>":    true,  // an anonymous class made in a static field initializer
		"cov.Calc#add":         false, // only ever called by tests
		"cov.Shape#square":     false, // called by a test class's initializer (and by tests)
		"cov.Calc$1#run":       false, // that anonymous class's method, run by a test
		"cov.Modes#cost":       false, // its enum switch initializes javac's synthetic table class
		"cov.Modes$1#<clinit>": false, // that table class: no state of the program
	} {
		if classInit[member] != want {
			t.Errorf("%s ran during class initialization: %v, want %v (all: %v)", member, classInit[member], want, classInit)
		}
	}
	// Which class's initialization ran each member: the innermost one other than the
	// member's own.
	initIn := map[string]bool{}
	name := func(i int) string { return run.Members[i].Class + "#" + run.Members[i].Method }
	for _, p := range run.InitIn {
		initIn[name(p[0])+" in "+name(p[1])] = true
	}
	for _, want := range []string{
		"cov.Calc#seed in cov.Calc#<clinit>",
		"cov.Counter#start in cov.Registry#<clinit>",
		"cov.Counter#<clinit> in cov.Registry#<clinit>", // Registry's initializer triggers Counter's
		"cov.Counter#base in cov.Counter#<clinit>",      // the innermost one
	} {
		if !initIn[want] {
			t.Errorf("not recorded: %s (all: %v)", want, initIn)
		}
	}
	for _, never := range []string{"cov.Counter#base in cov.Registry#<clinit>", "cov.Calc#<clinit> in cov.Calc#<clinit>"} {
		if initIn[never] {
			t.Errorf("recorded %s", never)
		}
	}
	enclosing := map[string]string{}
	for _, m := range run.Members {
		enclosing[m.Class+"#"+m.Method] = m.Enclosing
		if m.Class == "cov.Modes$1" && m.Method == "<clinit>" && !m.Synthetic {
			// Its lines are those of both switches (label's first): mapped by line it
			// would credit label, which no test runs.
			t.Errorf("the enum switch table's initializer is not marked synthetic")
		}
	}
	for member, want := range map[string]string{
		"cov.Calc#lambda$lazy$1":    "cov.Calc#lazy(I)I",
		"cov.Calc#lambda$lazy$0":    "cov.Calc#lazy(I)I",
		"cov.Calc$2#run":            "cov.Calc#job([I)Ljava/lang/Runnable;",
		"cov.Calc$1#run":            "cov.Calc#",
		"cov.Shape#lambda$square$0": "cov.Shape#square(I)Lcov/Shape;",
		"cov.Calc#add":              "",
	} {
		if enclosing[member] != want {
			t.Errorf("%s: enclosing %q, want %q", member, enclosing[member], want)
		}
	}
	var fails TestResult
	for _, r := range run.Result.Tests {
		if r.Method == "fails" {
			fails = r
		}
	}
	if fails.Status != StatusFailed {
		t.Errorf("the failing test's result = %+v", fails)
	}
}

// TestCoverageKeepsASMPrivate checks that the agent's ASM does not leak into the tested
// application's class path.
func TestCoverageKeepsASMPrivate(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "coverage")
	probe := `package cov;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ClassPathTest {
    @Test
    void asmIsNotVisible() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.objectweb.asm.ClassVisitor"));
    }
}
`
	if err := os.WriteFile(filepath.Join(root, "src/test/java/cov/ClassPathTest.java"), []byte(probe), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := testContext(t)
	defer cancel()
	run, err := Coverage(ctx, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "cov.ClassPathTest"}}}, CoverageOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r := result(t, run.Result, "cov.ClassPathTest", "asmIsNotVisible"); r.Status != StatusPassed {
		t.Fatalf("ASM is visible to the application: %+v", r)
	}
}

// TestCoverageRefusesClassesItCannotInstrument gives the agent a test method that fits the
// JVM's 64 KiB code limit as compiled but not with a line probe per statement: the run
// must fail naming the class, not pass for complete with that test's statements unrecorded.
func TestCoverageRefusesClassesItCannotInstrument(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "coverage")
	var b strings.Builder
	b.WriteString("package cov;\n\nimport org.junit.jupiter.api.Test;\n\nclass HugeTest {\n    @Test\n    void counts() {\n        int x = 0;\n")
	for range 8000 {
		b.WriteString("        x++;\n")
	}
	b.WriteString("        org.junit.jupiter.api.Assertions.assertEquals(8000, x);\n    }\n}\n")
	if err := os.WriteFile(filepath.Join(root, "src/test/java/cov/HugeTest.java"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := testContext(t)
	defer cancel()
	_, err := Coverage(ctx, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "cov.HugeTest"}}}, CoverageOptions{})
	var refused *UninstrumentedError
	if !errors.As(err, &refused) {
		t.Fatalf("err = %v, want an UninstrumentedError", err)
	}
	if refused.Classes[0].Class != "cov.HugeTest" || !strings.Contains(refused.Classes[0].Reason, "MethodTooLarge") {
		t.Errorf("refused %+v, want cov.HugeTest with ASM's MethodTooLargeException", refused.Classes)
	}
	if !strings.Contains(err.Error(), "cov.HugeTest") {
		t.Errorf("the error does not name the class: %v", err)
	}
}

// TestNewestASMPrefersTheNewestVersion checks the choice between Debian's ASM and the
// local Maven repository's: the newest version present as both core and tree wins.
func TestNewestASMPrefersTheNewestVersion(t *testing.T) {
	t.Parallel()
	touch := func(p string) string {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	deb := func(dir, version string) {
		t.Helper()
		for _, a := range []string{"asm", "asm-tree"} {
			touch(filepath.Join(dir, a+"-"+version+".jar"))
			if err := os.Symlink(a+"-"+version+".jar", filepath.Join(dir, a+".jar")); err != nil {
				t.Fatal(err)
			}
		}
	}
	m2 := func(dir, version string, tree bool) {
		touch(filepath.Join(dir, "asm", version, "asm-"+version+".jar"))
		if tree {
			touch(filepath.Join(dir, "asm-tree", version, "asm-tree-"+version+".jar"))
		}
	}
	cases := []struct {
		name     string
		debian   string   // Debian's version, "" for none
		maven    []string // versions in the Maven repository with both jars
		coreOnly []string // versions with only the core jar
		want     string   // base name of the chosen core jar, "" for none
	}{
		{"Debian only", "9.4", nil, nil, "asm-9.4.jar"},
		{"a newer Maven version wins", "9.4", []string{"9.2", "9.8"}, nil, "asm-9.8.jar"},
		{"versions compare as numbers", "", []string{"9.8", "9.10"}, nil, "asm-9.10.jar"},
		{"an older Maven version loses", "9.4", []string{"9.2"}, nil, "asm-9.4.jar"},
		{"a version without its tree jar is not used", "9.4", nil, []string{"9.8"}, "asm-9.4.jar"},
		{"none", "", nil, []string{"9.8"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			debDir, repo := filepath.Join(dir, "java"), filepath.Join(dir, "m2")
			if err := os.MkdirAll(debDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if c.debian != "" {
				deb(debDir, c.debian)
			}
			for _, v := range c.maven {
				m2(repo, v, true)
			}
			for _, v := range c.coreOnly {
				m2(repo, v, false)
			}
			got := newestASM(debDir, repo)
			if c.want == "" {
				if got != nil {
					t.Fatalf("got %v, want none", got)
				}
				return
			}
			if len(got) != 2 {
				t.Fatalf("got %v, want core and tree", got)
			}
			if base, _ := filepath.EvalSymlinks(got[0]); filepath.Base(base) != c.want || !strings.Contains(got[1], "tree") {
				t.Errorf("got %v, want %s and its tree jar", got, c.want)
			}
		})
	}
}

// TestCoverageRecordsTestClassesWithHugeHelpers gives a test class a helper that fits the
// JVM's code limit as compiled but not with line probes (commons-codec's Base64Codec13Test
// builds a table of literals so): the helper is instrumented without them, the run is
// recorded, and what the helper calls counts at the test statement that called it.
func TestCoverageRecordsTestClassesWithHugeHelpers(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "coverage")
	var b strings.Builder
	b.WriteString("package cov;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\nimport org.junit.jupiter.api.Test;\n\n")
	b.WriteString("class TableTest {\n    @Test\n    void sums() {\n        int x = table(2);\n        assertEquals(8002, x);\n    }\n\n")
	b.WriteString("    private static int table(int base) {\n        int x = base;\n")
	for range 8000 {
		b.WriteString("        x++;\n")
	}
	b.WriteString("        return new Calc(0).add(x);\n    }\n}\n")
	if err := os.WriteFile(filepath.Join(root, "src/test/java/cov/TableTest.java"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := testContext(t)
	defer cancel()
	run, err := Coverage(ctx, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "cov.TableTest"}}}, CoverageOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r := result(t, run.Result, "cov.TableTest", "sums"); r.Status != StatusPassed {
		t.Fatalf("the test did not pass: %+v", r)
	}
	var lines []int
	for _, h := range run.Hits {
		if m := run.Members[h.Member]; m.Class == "cov.Calc" && m.Method == "add" && h.TestMethod == "sums" {
			lines = append(lines, h.Line)
		}
	}
	if !slices.Equal(lines, []int{10}) {
		t.Errorf("Calc#add recorded at lines %v of TableTest#sums, want [10] (the statement calling the helper)", lines)
	}
}
