package slicing

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assertlens/assertlens/analysis"
)

// sliceBytes discovers, slices and renders one test file holding src. It must never panic.
func sliceBytes(src []byte) int {
	const rel = "src/test/java/p/FuzzTest.java"
	f := analysis.ParseSource(rel, src)
	s := &analysis.Snapshot{Root: ".", Files: map[string]*analysis.File{rel: f}}
	classes, _ := DiscoverWith(s, func(string) ([]byte, error) { return src, nil }, Options{ExtraAssertions: []string{"check"}})
	n := 0
	for _, tc := range classes {
		if _, _, _, _, err := Render(tc, src, tc.Units()); err == nil {
			n++
		}
	}
	return n
}

// FuzzSlice parses, slices and renders arbitrary bytes as a test file.
func FuzzSlice(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "testdata", "slicing", "*", "src", "test", "java", "*", "*.java"))
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("class T { @Test void t() { int x = ; assertEquals(x, } }"))
	f.Add([]byte("class T extends TestCase { public void testA() { a.b(c -> { assertTrue(d); }); } }"))
	f.Add([]byte("@RunWith(Suite.class) @Suite.SuiteClasses({A.class class T {}"))
	f.Add(deeplyNestedCalls(40))
	f.Add([]byte(selfCopyingField))
	f.Fuzz(func(t *testing.T, src []byte) {
		sliceBytes(src)
	})
}

// deeplyNestedCalls is a test file whose assertion nests depth calls of a project method:
// typing each argument by the call it is resolved the calls inside it again, which went
// exponential in the depth (a fuzzed input hung).
func deeplyNestedCalls(depth int) []byte {
	return []byte("class T { int a(int x) { return x; } @Test void t() { assertEquals(1, " +
		strings.Repeat("a(", depth) + "1" + strings.Repeat(")", depth) + "); } }")
}

// TestDeeplyNestedCallsFinish slices the nested calls above: it returns at once, where the
// exponential typing ran for hours (the package's test timeout fails it, not a clock here).
func TestDeeplyNestedCallsFinish(t *testing.T) {
	if n := sliceBytes(deeplyNestedCalls(40)); n != 1 {
		t.Errorf("rendered %d classes, want 1", n)
	}
}

// selfCopyingField is a test file whose class copies a constructor parameter named like
// the field it sets (this.text = new StringBuilder(text)): asking whether the field only
// holds JDK objects made in place asked the copy constructor's argument, read as the
// field, the same question again, without end (commons-codec's Rule.Phoneme ran out of
// memory).
const selfCopyingField = `class T {
  private final StringBuilder text;
  T(CharSequence text) { this.text = new StringBuilder(text); }
  int size() { return text.length(); }
  @Test void t() { T x = new T("ab"); int n = x.size(); assertEquals(2, n); assertEquals(2, x.size()); }
}`

// TestSelfCopyingFieldFinishes slices the class above; it recursed until the stack or the
// memory ran out.
func TestSelfCopyingFieldFinishes(t *testing.T) {
	if n := sliceBytes([]byte(selfCopyingField)); n != 1 {
		t.Errorf("rendered %d classes, want 1", n)
	}
}

// TestBrokenInputsDoNotPanic runs the fuzz body over truncations of every fixture test file.
func TestBrokenInputsDoNotPanic(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "slicing", "*", "src", "test", "java", "*", "*.java"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for cut := len(b); cut > 0; cut -= 1 + len(b)/13 {
			sliceBytes(b[:cut])
		}
	}
}

// TestMutatedInputsStayFast slices random mutations of the fixture test files (fixed seed):
// none may panic, and none may take long (effect proofs over recursive helpers once went
// exponential).
func TestMutatedInputsStayFast(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "slicing", "*", "src", "test", "java", "*", "*.java"))
	r := rand.New(rand.NewSource(7))
	bits := []string{"{", "}", "(", ")", "<", ">", ".", ";", "=", "new ", "->", "\"", "'", "/*", "[", "]", "++", "::", "@Test ", "class ", "x", "for(;;)"}
	for it := 0; it < 400; it++ {
		b, err := os.ReadFile(files[r.Intn(len(files))])
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 1+r.Intn(5); k++ {
			pos := r.Intn(len(b))
			switch r.Intn(3) {
			case 0:
				b = append(b[:pos:pos], append([]byte(bits[r.Intn(len(bits))]), b[pos:]...)...)
			case 1:
				end := pos + r.Intn(20)
				if end > len(b) {
					end = len(b)
				}
				b = append(b[:pos:pos], b[end:]...)
			default:
				b[pos] = byte(r.Intn(256))
			}
		}
		start := time.Now()
		sliceBytes(b)
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("mutation %d took %v:\n%s", it, d, b)
		}
	}
}

// TestBrokenProductionSourcesDoNotPanic discovers the dispatch and jdkimpl fixtures with each
// production file cut short: the effect proofs' lexical readers (anonymous bodies, casts,
// array elements, factories) meet half-typed code there, not in tests.
func TestBrokenProductionSourcesDoNotPanic(t *testing.T) {
	for _, name := range []string{"dispatch", "jdkimpl", "hooks", "proxies", "handlers", "loudhandlers", "held", "sets", "cleanup", "nested", "boxing", "wrappers", "rebind"} {
		root := filepath.Join("..", "testdata", "slicing", name)
		mains, _ := filepath.Glob(filepath.Join(root, "src", "main", "java", "*", "*.java"))
		for _, m := range mains {
			full, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(root, m)
			rel = filepath.ToSlash(rel)
			for cut := len(full); cut > 0; cut -= 1 + len(full)/11 {
				src := cutSource{dirSource{root}, rel, full[:cut]}
				s, err := analysis.Build(context.Background(), root, src, nil)
				if err != nil {
					t.Fatalf("index %s cut at %d: %v", rel, cut, err)
				}
				if _, err := DiscoverWith(s, src.Read, Options{}); err != nil {
					t.Logf("%s cut at %d: %v", rel, cut, err)
				}
			}
		}
	}
}

// cutSource serves a fixture with one file replaced.
type cutSource struct {
	dirSource
	rel  string
	text []byte
}

func (c cutSource) Read(rel string) ([]byte, error) {
	if rel == c.rel {
		return c.text, nil
	}
	return c.dirSource.Read(rel)
}
