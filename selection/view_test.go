package selection

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestViewIsImmutable takes a View, then edits the workspace: the old view must keep
// answering for the state it was taken from (text, units, selection), and a new view must
// answer for the edit. The server hands views to handlers that run while edits arrive.
func TestViewIsImmutable(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	ctx := context.Background()
	e := indexedEngine(t, dir)
	const item, itemTest = "src/main/java/shop/Item.java", "src/test/java/shop/ItemTest.java"
	before, err := e.View()
	if err != nil {
		t.Fatal(err)
	}
	sel, err := before.Select(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(sel.Units) != 0 {
		t.Fatalf("nothing edited, yet selected %v", unitIDs(sel))
	}
	unitsBefore := len(before.Units(itemTest))

	disk, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(item)))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(disk), "return name;", "return name + \"!\";", 1)
	if edited == string(disk) {
		t.Fatal("anchor missing in Item.java")
	}
	e.SetOverlay(item, []byte(edited))
	test, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(itemTest)))
	if err != nil {
		t.Fatal(err)
	}
	e.SetOverlay(itemTest, []byte(strings.Replace(string(test), "assertEquals(90, pen.price());",
		"assertEquals(90, pen.price());\n        assertEquals(\"pen!\", pen.name());", 1)))

	after, err := e.View()
	if err != nil {
		t.Fatal(err)
	}
	if text, _ := before.Text(item); string(text) != string(disk) {
		t.Error("the old view's text changed with a later edit")
	}
	if text, _ := after.Text(item); string(text) != edited {
		t.Error("the new view does not hold the unsaved buffer")
	}
	if got := len(before.Units(itemTest)); got != unitsBefore {
		t.Errorf("the old view's units of %s went %d → %d", itemTest, unitsBefore, got)
	}
	if got := len(after.Units(itemTest)); got != unitsBefore+1 {
		t.Errorf("the new view has %d units of %s, want %d (one assertion added)", got, itemTest, unitsBefore+1)
	}
	again, err := before.Select(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Units) != 0 {
		t.Errorf("the old view selects %v after later edits; it must keep its own (empty) answer", unitIDs(again))
	}
	now, err := after.Select(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(now.Units) == 0 {
		t.Error("the new view selects nothing for an edit of Item.name()")
	}
}

// TestViewDeclarations: code lenses go on the line of a test's name, after annotations on
// lines of their own; an inherited test is listed, under each class that runs it, at its
// method in the base class's file. The expected lines are read off the text.
func TestViewDeclarations(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	v := indexedView(t, dir)
	lineOf := func(rel, text string) int {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, text) {
				return i + 1
			}
		}
		t.Fatalf("%s: no line with %q", rel, text)
		return 0
	}
	const base = "src/test/java/shop/AbstractShelfTest.java"
	got := v.Declarations(base)
	want := map[string]int{
		"shop.AbstractShelfTest":   lineOf(base, "abstract class AbstractShelfTest"),
		"shop.PenShelfTest#counts": lineOf(base, "void counts()"),
		"shop.PenShelfTest#labels": lineOf(base, "void labels()"),
	}
	for id, line := range want {
		if got[id] != line {
			t.Errorf("%s declared at line %d, want %d (all: %v)", id, got[id], line, got)
		}
	}
	if _, ok := got["shop.PenShelfTest"]; ok {
		t.Errorf("PenShelfTest is declared in its own file, not in %s", base)
	}
	if lineOf(base, "@Test") >= want["shop.PenShelfTest#counts"] {
		t.Fatal("fixture: @Test should precede the method on a line of its own")
	}
}

// indexedEngine indexes the workspace dir with git HEAD as the baseline.
func indexedEngine(t *testing.T, dir string) *Engine {
	t.Helper()
	e, err := NewEngine(dir, Options{Baseline: BaselineHead})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Index(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return e
}

// indexedView is the view of a freshly indexed engine of dir.
func indexedView(t *testing.T, dir string) *View {
	t.Helper()
	v, err := indexedEngine(t, dir).View()
	if err != nil {
		t.Fatal(err)
	}
	return v
}
