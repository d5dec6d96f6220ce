package analysis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis/javagen"
)

// TestDerivedTypeTableMatchesFullBuild edits a generated project at random (nested types
// added, classes renamed, files deleted, a type declared again in a new file, originals
// restored), sometimes reading the type table between edits and sometimes not, and checks
// every table against one built from scratch over the same files.
func TestDerivedTypeTableMatchesFullBuild(t *testing.T) {
	dir := t.TempDir()
	if err := javagen.Write(dir, javagen.Options{Classes: 60, TestClasses: 10, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	s, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Types()
	paths := s.SortedPaths()
	rng := rand.New(rand.NewPCG(3, 4))
	derived := 0
	for step := 0; step < 300; step++ {
		rel := paths[rng.IntN(len(paths))]
		orig, _ := s.Read(rel)
		cur, err := s.Read(rel)
		if err != nil {
			cur = nil
		}
		text := string(cur)
		switch k := rng.IntN(5); {
		case k == 0 && text != "": // a nested type
			i := strings.LastIndex(text, "}")
			s = s.WithFile(rel, []byte(text[:i]+fmt.Sprintf("    static class N%d {}\n}\n", step)))
		case k == 1 && text != "": // rename the top-level class
			s = s.WithFile(rel, []byte(strings.Replace(text, "class C", "class R", 1)))
		case k == 2: // delete
			s = s.WithFile(rel, nil)
		case k == 3 && text != "": // the same type declared again in a new file
			s = s.WithFile(fmt.Sprintf("src/main/java/dup/Copy%d.java", step), []byte(text))
		default: // back to the original
			if orig != nil {
				s = s.WithFile(rel, orig)
			}
		}
		if rng.IntN(3) == 0 {
			continue // leave the table unbuilt: the next snapshot derives across two edits
		}
		if s.indexBase != nil {
			derived++
		}
		fresh := &Snapshot{Files: s.Files}
		got, want := s.Types(), fresh.Types()
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("step %d: types differ\n got %v\nwant %v", step, got, want)
		}
		for _, id := range want {
			if !fresh.dups && s.FileOf(id) != fresh.FileOf(id) {
				t.Fatalf("step %d: %s declared in %s, want %s", step, id, s.FileOf(id).Path, fresh.FileOf(id).Path)
			}
		}
	}
	if derived == 0 {
		t.Fatal("no type table was derived")
	}
}
