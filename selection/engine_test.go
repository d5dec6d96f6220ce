package selection

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/slicing"
)

// gitFixture copies a fixture into a fresh git repository with one commit.
func gitFixture(t *testing.T, fixture string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(fixture)); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

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
	dir := gitFixture(t, filepath.Join("..", "testdata", "safety", "shop"))
	ctx := context.Background()
	e, err := NewEngine(dir, Options{Baseline: BaselineHead})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
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
