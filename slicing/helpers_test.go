package slicing

import (
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/slicing")

// dirSource lists every .java file under a fixture folder (no git involved).
type dirSource struct{ root string }

func (d dirSource) List() ([]string, error) {
	var out []string
	err := filepath.WalkDir(d.root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() && strings.HasSuffix(p, ".java") {
			rel, _ := filepath.Rel(d.root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func (d dirSource) Read(rel string) ([]byte, error) {
	return os.ReadFile(filepath.Join(d.root, filepath.FromSlash(rel)))
}

func (d dirSource) Describe() string { return "fixture " + d.root }

// fixture indexes one fixture project of testdata/slicing.
func fixture(t testing.TB, name string) *analysis.Snapshot {
	t.Helper()
	root := filepath.Join("..", "testdata", "slicing", name)
	s, err := analysis.Build(context.Background(), root, dirSource{root}, nil)
	if err != nil {
		t.Fatalf("index %s: %v", name, err)
	}
	return s
}

// discover runs Discover on a fixture.
func discover(t testing.TB, name string, opts Options) (*analysis.Snapshot, []*TestClass) {
	t.Helper()
	s := fixture(t, name)
	classes, err := Discover(s, opts)
	if err != nil {
		t.Fatalf("discover %s: %v", name, err)
	}
	return s, classes
}

// golden compares got (as indented JSON) with testdata/slicing/<name>/golden.json.
func golden(t *testing.T, name string, got any) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	path := filepath.Join("..", "testdata", "slicing", name, "golden.json")
	if *update {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./slicing -update to create it)", err)
	}
	if string(want) != string(b) {
		t.Errorf("%s: golden mismatch (run go test ./slicing -run %s -update and review the diff)\n%s", name, t.Name(), firstDiff(string(want), string(b)))
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + itoa(i+1) + ":\n want: " + x + "\n  got: " + y
		}
	}
	return ""
}

// summaryOf is the proved effect of a fixture member, rendered.
func summaryOf(t *testing.T, s *analysis.Snapshot, p *project, member string) string {
	t.Helper()
	for _, id := range s.Types() {
		ty := s.Type(id)
		if m := ty.Member(member); m != nil {
			return p.memberEffect(memberRef{m, ty}).String()
		}
	}
	t.Fatalf("%s not found", member)
	return ""
}

// lineOf is the first line of a fixture file holding text after the declaration of method
// (from the top when method is "").
func lineOf(t *testing.T, fixtureName, rel, method, text string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "slicing", fixtureName, rel))
	if err != nil {
		t.Fatal(err)
	}
	in := method == ""
	for i, l := range strings.Split(string(b), "\n") {
		in = in || strings.Contains(l, " "+method+"(")
		if in && strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line holds %q", rel, text)
	return 0
}

// sliceLines returns the first lines of the statements in the assertion unit of test at line.
func sliceLines(t *testing.T, classes []*TestClass, test string, line int) []int {
	t.Helper()
	for _, c := range classes {
		for _, m := range c.Methods {
			if m.ID != test {
				continue
			}
			for _, u := range m.Units {
				if u.Level == LevelAssertion && u.Line == line {
					var out []int
					for _, r := range u.Statements {
						out = append(out, r[0])
					}
					return out
				}
			}
			t.Fatalf("%s: no assertion unit at line %d (%v)", test, line, m.Units)
		}
	}
	t.Fatalf("no test %s", test)
	return nil
}
