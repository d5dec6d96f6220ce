package selection

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// selectedIDs returns the sorted unit ids of a selection with their first "because".
func selectedIDs(t *testing.T, e *Engine) []string {
	t.Helper()
	res, err := e.Select(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, u := range res.Units {
		out = append(out, u.ID+" ← "+strings.Join(u.Because, ","))
	}
	sort.Strings(out)
	return out
}

// TestEngineIncrementalMatchesFreshEngine edits a workspace through an engine step by step
// (unsaved buffers, undo, a change on disk) and checks, after every step, that the engine's
// selection and test units equal those of a new engine indexing the same state from
// scratch: incremental discovery and the statement memo must never change the answer.
func TestEngineIncrementalMatchesFreshEngine(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	ctx := context.Background()
	e := indexedEngine(t, dir)
	const item, itemTest, cart = "src/main/java/shop/Item.java", "src/test/java/shop/ItemTest.java", "src/main/java/shop/Cart.java"
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	overlays := map[string]string{}
	edit := func(rel, old, new string) {
		t.Helper()
		cur, ok := overlays[rel]
		if !ok {
			cur = read(rel)
		}
		if !strings.Contains(cur, old) {
			t.Fatalf("%s: anchor %q missing", rel, old)
		}
		overlays[rel] = strings.Replace(cur, old, new, 1)
		e.SetOverlay(rel, []byte(overlays[rel]))
	}
	steps := []struct {
		name string
		do   func()
	}{
		{"pure body edit", func() { edit(item, "return name;", "return name + \"\";") }},
		{"body now writes", func() { edit(item, "discount = d;", "discount = d; System.out.println(d);") }},
		{"assertion added to a test", func() {
			edit(itemTest, "assertEquals(90, pen.price());", "assertEquals(90, pen.price());\n        assertEquals(\"pen\", pen.name());")
		}},
		{"test edit undone", func() { delete(overlays, itemTest); e.SetOverlay(itemTest, nil) }},
		{"method added", func() {
			edit(item, "    public int price() {", "    public int weight() {\n        return 1;\n    }\n\n    public int price() {")
		}},
		{"parameter added", func() {
			edit(item, "public void setDiscount(int d) {", "public void setDiscount(int d, int... more) {")
		}},
		{"method renamed", func() { edit(item, "public String name() {", "public String label() {") }},
		{"renamed back, now writing", func() {
			edit(item, "public String label() {\n        return name + \"\";", "public String name() {\n        discount++;\n        return name;")
		}},
		{"file changed on disk", func() {
			src := read(cart)
			i := strings.Index(src, "return ")
			if i < 0 {
				t.Fatal("no return in Cart.java")
			}
			if err := os.WriteFile(filepath.Join(dir, cart), []byte(src[:i]+"return 0 + "+src[i+len("return "):]), 0o644); err != nil {
				t.Fatal(err)
			}
			e.FilesChanged([]string{cart})
		}},
	}
	for _, st := range steps {
		st.do()
		got := selectedIDs(t, e)
		gotUnits := listUnitIDs(e.TestUnits(itemTest))

		fresh := filepath.Join(t.TempDir(), "fresh")
		if out, err := exec.Command("cp", "-a", dir, fresh).CombinedOutput(); err != nil {
			t.Fatalf("copy: %v\n%s", err, out)
		}
		for rel, content := range overlays {
			if err := os.WriteFile(filepath.Join(fresh, filepath.FromSlash(rel)), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := NewEngine(fresh, Options{Baseline: BaselineHead})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
		want := selectedIDs(t, f)
		wantUnits := listUnitIDs(f.TestUnits(itemTest))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: selection differs from a fresh engine\n got: %v\nwant: %v", st.name, got, want)
		}
		if strings.Join(gotUnits, "\n") != strings.Join(wantUnits, "\n") {
			t.Errorf("%s: units of %s differ from a fresh engine\n got: %v\nwant: %v", st.name, itemTest, gotUnits, wantUnits)
		}
		if len(want) == 0 {
			t.Errorf("%s: nothing selected; the step should affect some test", st.name)
		}
	}
}

func listUnitIDs(units []slicing.Unit) []string {
	var out []string
	for _, u := range units {
		out = append(out, u.ID)
	}
	sort.Strings(out)
	return out
}

// TestTotalsAgreeAcrossLevels checks that the counts of one selection add up whatever the
// level: the same test methods are selected at assertion and method level, and coarser
// levels never report fewer selected assertions than finer ones.
func TestTotalsAgreeAcrossLevels(t *testing.T) {
	t.Parallel()
	shop, rules := filepath.Join("..", "testdata", "safety", "shop"), filepath.Join("..", "testdata", "slicing", "rules")
	type edit struct {
		fixture string
		safetyEdit
	}
	var edits []edit
	for _, e := range shopEdits {
		edits = append(edits, edit{shop, e})
	}
	// The rules fixture has methods cut whole (loops, try) and classes cut whole
	// (parameterized, inherited), whose counts must agree with sliced ones.
	edits = append(edits,
		edit{rules, safetyEdit{"counter-value", "src/main/java/rules/Counter.java", "return value;", "return value + 0;"}},
		edit{rules, safetyEdit{"counter-increment", "src/main/java/rules/Counter.java", "value++;", "value += 1;"}})
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			dir := fixtureRepo(t, e.fixture)
			applyEdit(t, dir, e.safetyEdit)
			if e.fixture == rules {
				// A new test cut whole (a loop) with assertions both outside and inside it.
				mixed := "package rules;\n\nimport static org.junit.Assert.*;\n\nimport org.junit.Test;\n\n" +
					"public class MixedCountTest {\n    @Test\n    public void topLevelAndLoop() {\n" +
					"        Counter c = new Counter(1);\n        assertEquals(1, c.value());\n" +
					"        for (int i = 0; i < 2; i++) {\n            assertTrue(c.value() > 0);\n        }\n    }\n}\n"
				if err := os.WriteFile(filepath.Join(dir, "src/test/java/rules/MixedCountTest.java"), []byte(mixed), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ctx := context.Background()
			cur, err := analysis.Build(ctx, dir, analysis.DirSource{Root: dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, _, err := analysis.RevisionSource(dir, "HEAD")
			if err != nil {
				t.Fatal(err)
			}
			base, err := analysis.Build(ctx, dir, src, nil)
			if err != nil {
				t.Fatal(err)
			}
			tests, err := slicing.DiscoverWith(cur, cur.Read, slicing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			in := Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur), Tests: tests}
			totals := map[slicing.Level]Totals{}
			for _, level := range []slicing.Level{slicing.LevelAssertion, slicing.LevelMethod, slicing.LevelClass} {
				in.Level = level
				totals[level] = Select(in).Totals
			}
			a, m, c := totals[slicing.LevelAssertion], totals[slicing.LevelMethod], totals[slicing.LevelClass]
			sum := 0
			for _, tc := range tests {
				if tc.Abstract {
					continue // abstract classes run nothing themselves
				}
				for _, tm := range tc.Methods {
					sum += tm.Assertions
				}
			}
			if a.Assertions != sum {
				t.Errorf("total assertions %d, want the methods' sum %d", a.Assertions, sum)
			}
			if a.SelectedTestMethods != m.SelectedTestMethods {
				t.Errorf("selected test methods: %d at assertion level, %d at method level", a.SelectedTestMethods, m.SelectedTestMethods)
			}
			if a.SelectedAssertions > m.SelectedAssertions || m.SelectedAssertions > c.SelectedAssertions || c.SelectedAssertions > a.Assertions {
				t.Errorf("selected assertions not ordered: assertion %d, method %d, class %d (of %d)",
					a.SelectedAssertions, m.SelectedAssertions, c.SelectedAssertions, a.Assertions)
			}
			if a.SelectedAssertions == 0 {
				t.Error("the edit selected nothing")
			}
		})
	}
}

// TestBaselineGraphDerivedFromCurrent: the baseline's graph is derived from the working
// tree's (Graph.Update over the files that differ) and must equal the graph built from
// scratch, with files edited, added and deleted since HEAD.
func TestBaselineGraphDerivedFromCurrent(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	write := func(rel, content string) {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	item := filepath.Join(dir, "src", "main", "java", "shop", "Item.java")
	b, err := os.ReadFile(item)
	if err != nil {
		t.Fatal(err)
	}
	write("src/main/java/shop/Item.java", strings.Replace(string(b), "return name;", "return name.trim();", 1))
	write("src/main/java/shop/Crate.java", "package shop;\n\npublic class Crate extends Shelf {\n    public int size() {\n        return 3;\n    }\n}\n")
	if err := os.Remove(filepath.Join(dir, "src", "main", "java", "shop", "Bundle.java")); err != nil {
		t.Fatal(err)
	}
	v := indexedView(t, dir)
	in := v.Input()
	if changed := analysis.ChangedPaths(in.Cur, in.Base); len(changed) != 3 {
		t.Fatalf("changed since HEAD: %v, want Item, Crate and Bundle", changed)
	}
	want, got := analysis.BuildGraph(in.Base).Edges(), in.BaseGraph.Edges()
	if !slices.Equal(want, got) {
		t.Errorf("derived baseline graph has %d edges, built %d", len(got), len(want))
	}
}
