package slicing

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// TestDiscoveryRules runs discovery on each fixture of testdata/discovery, one per engine
// rule, and compares the tests it finds with the fixture's expect.txt: one line per class
// (runner facts) and per test as it runs in that class. Each fixture holds a test that a
// discovery without its rule misses or invents.
func TestDiscoveryRules(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "testdata", "discovery", "*", "src"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no discovery fixtures: %v", err)
	}
	for _, src := range dirs {
		root := filepath.Dir(src)
		t.Run(filepath.Base(root), func(t *testing.T) {
			s, err := analysis.Build(context.Background(), root, dirSource{root}, nil)
			if err != nil {
				t.Fatal(err)
			}
			classes, err := Discover(s, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(describeDiscovery(classes), "\n") + "\n"
			path := filepath.Join(root, "expect.txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("discovery differs from %s (-update rewrites it)\n--- got\n%s--- want\n%s", path, got, want)
			}
		})
	}
}

// describeDiscovery renders classes as the lines of an expect.txt.
func describeDiscovery(classes []*TestClass) []string {
	var out []string
	for _, c := range classes {
		line := "class " + c.ID
		if c.Abstract {
			line += " abstract"
		}
		if c.Reason != nil {
			line += " reason=" + *c.Reason
		}
		if c.Suite != nil {
			line += " suite=[" + strings.Join(c.Suite, ",") + "]"
		}
		if c.Ignored {
			line += " ignored"
		}
		if len(c.Categories) > 0 {
			line += " categories=[" + strings.Join(c.Categories, ",") + "]"
		}
		var fixtures []string
		for _, f := range c.Fixtures {
			if strings.Contains(f, "#") && !strings.HasSuffix(f, ">") && strings.HasSuffix(f, ")") {
				fixtures = append(fixtures, f) // methods only: fields and constructors are noise here
			}
		}
		if len(fixtures) > 0 {
			line += " fixtures=[" + strings.Join(fixtures, ",") + "]"
		}
		out = append(out, line)
		for _, m := range c.Methods {
			l := "  " + m.ID + " " + m.Engine + " " + m.Kind
			if m.Declaring != c.ID {
				l += " from " + m.Declaring
			}
			if m.MemberID != m.Declaring+"#"+strings.TrimPrefix(m.ID, c.ID+"#")+"()" {
				l += " member=" + m.MemberID
			}
			if m.Disabled {
				l += " disabled"
			}
			if len(m.Providers) > 0 {
				l += " providers=[" + strings.Join(m.Providers, ",") + "]"
			}
			if m.Reason != nil && *m.Reason == ReasonInherited {
				l += " unit=method" // runs in several classes
			}
			out = append(out, l)
		}
	}
	return out
}

// TestUpdateFollowsEngineRules checks incremental discovery against full discovery on the
// engine-rule fixtures: every mutation of every member, plus edits that change which
// methods of other files are tests (an annotation on an abstract base, an override that
// hides a Jupiter test, a composed annotation losing its meta-annotation, an import that
// switches engines).
func TestUpdateFollowsEngineRules(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("..", "testdata", "discovery", "*", "src"))
	for _, src := range dirs {
		root := filepath.Dir(src)
		t.Run(filepath.Base(root), func(t *testing.T) {
			s, err := analysis.Build(context.Background(), root, dirSource{root}, nil)
			if err != nil {
				t.Fatal(err)
			}
			d, err := DiscoverAll(s, s.Read, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, rel := range s.SortedPaths() {
				src, _ := s.Read(rel)
				for _, ty := range s.Files[rel].Types {
					for _, m := range ty.Members {
						for _, mu := range mutations {
							if edited := mu.apply(string(src), m); edited != "" {
								compareUpdate(t, mu.name+" "+m.ID, d, s.WithFile(rel, []byte(edited)), rel)
							}
						}
					}
				}
			}
		})
	}
	edits := []struct{ fixture, rel, old, new string }{
		{"junit4-inherited", "src/test/java/d/AbstractShapeTest.java", "    @Test\n    public abstract void testArea();", "    public abstract void testArea();"},
		{"junit4-inherited", "src/test/java/d/SquareTest.java", "    public void helper() {", "    public void testName() {\n    }\n\n    public void helper() {"},
		{"jupiter-override", "src/test/java/d/DerivedTest.java", "    @Override\n    void check() {", "    @Override\n    void other() {\n    }\n\n    void check() {"},
		{"jupiter-override", "src/test/java/d/BaseTest.java", "import org.junit.jupiter.api.Test;", "import org.junit.Test;"},
		{"jupiter-interface", "src/test/java/d/ContractTest.java", "    @Test\n    default", "    default"},
		{"jupiter-composed", "src/test/java/d/Cases.java", "@ParameterizedTest\n", ""},
		{"junit3", "src/test/java/d/AbstractListTestCase.java", "    public void testIndex() {", "    public void testAdded() {\n    }\n\n    public void testIndex() {"},
	}
	for _, e := range edits {
		root := filepath.Join("..", "testdata", "discovery", e.fixture)
		s, err := analysis.Build(context.Background(), root, dirSource{root}, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := DiscoverAll(s, s.Read, Options{})
		if err != nil {
			t.Fatal(err)
		}
		src, _ := s.Read(e.rel)
		if !strings.Contains(string(src), e.old) {
			t.Fatalf("%s: anchor %q missing", e.rel, e.old)
		}
		s2 := s.WithFile(e.rel, []byte(strings.Replace(string(src), e.old, e.new, 1)))
		compareUpdate(t, e.fixture+" "+e.rel, d, s2, e.rel)
	}
}
