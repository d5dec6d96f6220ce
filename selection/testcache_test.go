package selection

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// TestTestsRestoredFromCache: a second engine on the same sources restores the tests the
// first one stored and selects exactly what the first selected; an edit (an unsaved buffer
// in the server) is then discovered again and selects what a fresh engine selects; once
// the sources change on disk the stored tests are not used.
func TestTestsRestoredFromCache(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	const item = "src/main/java/shop/Item.java"
	replaceInFile(t, dir, item, "return name;", "return name.trim();")

	first := indexedEngine(t, dir)
	if first.tests.Restored() {
		t.Fatal("first engine restored tests from an empty cache")
	}
	want := selectionJSON(t, first)
	if !strings.Contains(want, "shop.Item#name()") {
		t.Fatalf("the edit to Item#name selected nothing:\n%s", want)
	}

	second := indexedEngine(t, dir)
	if !second.tests.Restored() {
		t.Fatal("second engine on the same sources discovered the tests again")
	}
	if got := selectionJSON(t, second); got != want {
		t.Fatalf("selection with restored tests:\n%s\nwant:\n%s", got, want)
	}

	// An unsaved edit on top of restored tests.
	assertEditLikeFresh(t, second, dir, item)

	// Warm replaces restored tests with a discovery that updates incrementally.
	third := indexedEngine(t, dir)
	if !third.tests.Restored() {
		t.Fatal("third engine did not restore")
	}
	third.Warm()
	if third.tests.Restored() {
		t.Fatal("Warm left the restored tests in place")
	}
	if got := selectionJSON(t, third); got != want {
		t.Fatalf("after Warm:\n%s\nwant:\n%s", got, want)
	}

	// Other sources: the stored tests are not theirs.
	replaceInFile(t, dir, item, "return name.trim();", "return name.strip();")
	if indexedEngine(t, dir).tests.Restored() {
		t.Fatal("tests restored although a source changed on disk")
	}
}

// TestDamagedTestsCacheIsIgnored: a truncated or foreign tests cache is discovered over,
// never trusted.
func TestDamagedTestsCacheIsIgnored(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	e := indexedEngine(t, dir)
	assertDamagedIgnored(t, dir, filepath.Join(e.CacheDir, testsCacheFile), selectionJSON(t, e),
		func(e *Engine) bool { return e.tests == nil || e.tests.Restored() })
}

// assertEditLikeFresh makes an unsaved edit to rel in e, an engine that restored from the
// cache, and checks it selects what a fresh engine with the same edit selects.
func assertEditLikeFresh(t *testing.T, e *Engine, dir, rel string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	edited := []byte(strings.Replace(string(b), "discount = d;", "discount = d + 1;", 1))
	e.SetOverlay(rel, edited)
	fresh := indexedEngine(t, dir)
	fresh.SetOverlay(rel, edited)
	if got, want := selectionJSON(t, e), selectionJSON(t, fresh); got != want {
		t.Fatalf("edit over restored state selects:\n%s\na fresh engine:\n%s", got, want)
	}
}

// assertDamagedIgnored damages the cache file at path (truncated, garbage) and checks that
// a new engine does not restore from it (restored says whether it did) and selects want.
func assertDamagedIgnored(t *testing.T, dir, path, want string, restored func(*Engine) bool) {
	t.Helper()
	stored, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"truncated": stored[:len(stored)/2], "garbage": []byte("garbage")} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		e := indexedEngine(t, dir)
		if restored(e) {
			t.Fatalf("%s %s: restored", name, filepath.Base(path))
		}
		if got := selectionJSON(t, e); got != want {
			t.Fatalf("%s %s: selection differs", name, filepath.Base(path))
		}
	}
}

func selectionJSON(t *testing.T, e *Engine) string {
	t.Helper()
	res, err := e.Select(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	res.ElapsedMs = 0
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func replaceInFile(t *testing.T, dir, rel, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s: %q missing", rel, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGraphRestoredFromCache: a second engine on the same sources restores the graph the
// first one stored and selects the same, also after an unsaved edit (the restored graph is
// updated like a built one); a changed source or a damaged file makes it build again.
func TestGraphRestoredFromCache(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	const item = "src/main/java/shop/Item.java"
	replaceInFile(t, dir, item, "return name;", "return name.trim();")
	first := indexedEngine(t, dir)
	if first.graphRestored {
		t.Fatal("first engine restored a graph from an empty cache")
	}
	want := selectionJSON(t, first)
	second := indexedEngine(t, dir)
	if !second.graphRestored {
		t.Fatal("second engine on the same sources built the graph again")
	}
	if got := selectionJSON(t, second); got != want {
		t.Fatalf("selection with the restored graph:\n%s\nwant:\n%s", got, want)
	}
	assertEditLikeFresh(t, second, dir, item)
	assertDamagedIgnored(t, dir, filepath.Join(second.CacheDir, graphCacheFile), want, func(e *Engine) bool { return e.graphRestored })
	replaceInFile(t, dir, item, "return name.trim();", "return name.strip();")
	if e := indexedEngine(t, dir); e.graphRestored {
		t.Fatal("the graph of other sources was restored")
	}
}

// TestGraphStatsCached: `index` reads the graph statistics stored for the same sources
// instead of restoring the graph and walking it; they equal the statistics of the built
// graph, and other sources or a damaged file make them computed again.
func TestGraphStatsCached(t *testing.T) {
	t.Parallel()
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	cache := t.TempDir()
	snap := func() *analysis.Snapshot {
		s, err := analysis.Build(context.Background(), dir, analysis.DirSource{Root: dir}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	encode := func(st analysis.GraphStats) string {
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	want := encode(analysis.BuildGraph(snap()).Stats(5))
	if got := encode(CachedGraphStats(cache, snap(), 5)); got != want {
		t.Fatalf("stats of a first run:\n%s\nwant:\n%s", got, want)
	}
	path := filepath.Join(cache, graphStatsCacheFile)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("stats not stored: %v", err)
	}
	// A stored file that decodes differently proves the second run reads it.
	forged := analysis.GraphStats{Nodes: -1}
	key, _ := derivedKey(snap(), "graph-stats", "5")
	if err := writeDerived(cache, graphStatsCacheFile, key, func(w io.Writer) error { return json.NewEncoder(w).Encode(forged) }); err != nil {
		t.Fatal(err)
	}
	if got := CachedGraphStats(cache, snap(), 5); got.Nodes != -1 {
		t.Fatalf("stored stats not read back: %+v", got)
	}
	if got := encode(CachedGraphStats(cache, snap(), 6)); got == encode(forged) {
		t.Fatal("stats stored for another top count were read back")
	}
	if err := os.WriteFile(path, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := encode(CachedGraphStats(cache, snap(), 5)); got != want {
		t.Fatalf("stats after a damaged file:\n%s\nwant:\n%s", got, want)
	}
	replaceInFile(t, dir, "src/main/java/shop/Item.java", "return name;", "return name.trim();")
	if err := writeDerived(cache, graphStatsCacheFile, key, func(w io.Writer) error { return json.NewEncoder(w).Encode(forged) }); err != nil {
		t.Fatal(err)
	}
	if got := CachedGraphStats(cache, snap(), 5); got.Nodes == -1 {
		t.Fatal("stats of other sources were read back")
	}
}
