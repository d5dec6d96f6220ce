package analysis

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// TestCacheFormatFollowsTheModel guards the index cache: the cache holds parsed files (refs
// included), so a change to what parsing yields must come with a new cacheFormat, or a warm
// cache keeps serving the old model (a method reference with type arguments kept "<" as its
// name until the cache was dropped). The golden file pins the format and, per fixture file,
// the hash of its text and of its parsed model: a file whose text is unchanged but whose
// model changed needs a new format. After bumping it, or after editing fixtures, -update
// records the new state.
func TestCacheFormatFollowsTheModel(t *testing.T) {
	var paths []string
	_ = filepath.WalkDir("../testdata", func(p string, e os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".java") {
			paths = append(paths, p)
		}
		return nil
	})
	if len(paths) < 100 {
		t.Fatalf("found %d fixture files", len(paths))
	}
	var sb strings.Builder
	sb.WriteString(cacheFormat + "\n")
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, "../testdata/"))
		b, err := json.Marshal(ParseSource(rel, src))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "%s %016x %016x\n", rel, xxhash.Sum64(src), xxhash.Sum64(b))
	}
	got := sb.String()
	golden := filepath.Join("..", "testdata", "cache-format.golden")
	raw, err := os.ReadFile(golden)
	if err != nil && !*update {
		t.Fatal(err)
	}
	want := string(raw)
	// Checked before -update writes: recording a changed model under the same format would
	// hide exactly what this test is for (a warm cache would serve the old model).
	if path, changed := modelChangedUnderSameFormat(want, got); changed {
		t.Fatalf("%s parses to another model with the same text, but cacheFormat is still %q: bump it, then run with -update", path, cacheFormat)
	}
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != want {
		wantFormat, _, _ := strings.Cut(want, "\n")
		if wantFormat != cacheFormat {
			t.Fatalf("cacheFormat is %q, the golden file records %q: run with -update", cacheFormat, wantFormat)
		}
		t.Fatalf("fixture files were added, removed or edited: run with -update")
	}
}

// modelChangedUnderSameFormat reports the first fixture file whose text the golden want
// records unchanged in got but whose parsed model differs, when both name one cacheFormat.
func modelChangedUnderSameFormat(want, got string) (string, bool) {
	wantFormat, wantFiles, _ := strings.Cut(want, "\n")
	gotFormat, gotFiles, _ := strings.Cut(got, "\n")
	if wantFormat != gotFormat {
		return "", false
	}
	models := map[string]string{} // "path textHash" -> model hash
	for _, line := range strings.Split(wantFiles, "\n") {
		if f := strings.Fields(line); len(f) == 3 {
			models[f[0]+" "+f[1]] = f[2]
		}
	}
	for _, line := range strings.Split(gotFiles, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		if old, ok := models[f[0]+" "+f[1]]; ok && old != f[2] {
			return f[0], true
		}
	}
	return "", false
}

func TestModelChangedUnderSameFormat(t *testing.T) {
	const old = "v1\na.java 01 aa\nb.java 02 bb\n"
	for _, c := range []struct {
		name, got string
		want      string
	}{
		{"same", "v1\na.java 01 aa\nb.java 02 bb\n", ""},
		{"text edited", "v1\na.java 03 cc\nb.java 02 bb\n", ""},
		{"file added", "v1\na.java 01 aa\nb.java 02 bb\nc.java 04 dd\n", ""},
		{"model changed", "v1\na.java 01 aa\nb.java 02 ee\n", "b.java"},
		{"model changed, format bumped", "v2\na.java 01 aa\nb.java 02 ee\n", ""},
	} {
		if path, _ := modelChangedUnderSameFormat(old, c.got); path != c.want {
			t.Errorf("%s: got %q, want %q", c.name, path, c.want)
		}
	}
}
