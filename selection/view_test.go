package selection

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/slicing"
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

// indexedEngine indexes the workspace dir with git HEAD as the baseline and waits for its
// cache writes.
func indexedEngine(t *testing.T, dir string) *Engine {
	t.Helper()
	e, err := NewEngine(dir, Options{Baseline: BaselineHead})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Index(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	e.Flush() // the next engine of dir finds the caches this one wrote
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

// TestPreviewWhileIndexing: while Index is still making the graph, the baseline and the
// discovery, the engine already answers for the parsed files: every test of a test file as
// one method unit, the lines of its declarations, and the member at a line. Once Index is
// done the same questions are answered from the sliced tests.
func TestPreviewWhileIndexing(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	const test = "src/test/java/shop/ItemTest.java"
	e, err := NewEngine(dir, Options{Baseline: BaselineHead})
	if err != nil {
		t.Fatal(err)
	}
	parsed, resume := make(chan struct{}), make(chan struct{})
	e.afterParse = func() {
		close(parsed)
		<-resume
	}
	indexed := make(chan error, 1)
	go func() { indexed <- e.Index(context.Background(), nil) }()
	<-parsed
	<-e.Previewed()
	if e.Ready() {
		t.Fatal("ready before Index is done")
	}
	units := e.TestUnits(test)
	var tests []string
	for _, u := range units {
		if u.Level != slicing.LevelMethod {
			t.Errorf("preview unit %s is %s, want a method unit", u.ID, u.Level)
		}
		tests = append(tests, u.Test)
	}
	slices.Sort(tests)
	want := []string{"shop.ItemTest#bundlePrice", "shop.ItemTest#discount", "shop.ItemTest#plainPrice", "shop.ItemTest#printable"}
	if !slices.Equal(tests, want) {
		t.Fatalf("preview tests of %s = %v, want %v", test, tests, want)
	}
	if got := e.Declarations(test)["shop.ItemTest#discount"]; got != 16 {
		t.Errorf("preview declaration line of discount = %d, want 16", got)
	}
	if got := e.MemberAt(test, 18); got != "shop.ItemTest#discount()" {
		t.Errorf("preview member at line 18 = %q", got)
	}
	close(resume)
	if err := <-indexed; err != nil {
		t.Fatal(err)
	}
	e.Flush()
	if !e.Ready() {
		t.Fatal("not ready after Index")
	}
	assertions := 0
	for _, u := range e.TestUnits(test) {
		if u.Level == slicing.LevelAssertion {
			assertions++
		}
	}
	if assertions == 0 {
		t.Errorf("after Index the units of %s are still the preview's", test)
	}
}
