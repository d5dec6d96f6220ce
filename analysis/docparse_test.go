package analysis

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocumentParserMatchesFullParse types into real fixture files (insertions, deletions,
// replacements, some spanning lines) and checks after every keystroke that the incremental
// parse yields exactly the model a parse from scratch yields.
func TestDocumentParserMatchesFullParse(t *testing.T) {
	var files []string
	for _, dir := range []string{"../testdata/safety/shop", "../testdata/slicing/rules", "../testdata/lsp/complex"} {
		_ = filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".java") {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) < 10 {
		t.Fatalf("found %d fixture files", len(files))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	snippets := []string{"x", "1", " ", ";", "(", ")", "{", "}", "\"", "foo()", "int y = 2;", "\n", "\n    return 0;\n", "//", "/*"}
	reused := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(filepath.ToSlash(path), "../testdata/")
		d := NewDocumentParser(rel)
		text := string(src)
		d.Parse([]byte(text))
		for k := 0; k < 40; k++ {
			at := rng.IntN(len(text) + 1)
			switch rng.IntN(3) {
			case 0: // insert
				text = text[:at] + snippets[rng.IntN(len(snippets))] + text[at:]
			case 1: // delete a few bytes
				end := min(len(text), at+1+rng.IntN(4))
				text = text[:at] + text[end:]
			default: // replace a few bytes
				end := min(len(text), at+1+rng.IntN(3))
				text = text[:at] + snippets[rng.IntN(len(snippets))] + text[end:]
			}
			got := d.Parse([]byte(text))
			want := ParseSource(rel, []byte(text))
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if string(a) != string(b) {
				t.Fatalf("%s after edit %d: incremental parse differs from a full parse\n got: %.400s\nwant: %.400s", rel, k, a, b)
			}
		}
		reused += d.Reused
		d.Close()
	}
	if reused == 0 {
		t.Fatal("no edit was parsed incrementally")
	}
	t.Logf("%d files, %d incremental parses", len(files), reused)
}

// BenchmarkReparseLargeFile compares parsing a 6000-line file from scratch with the
// incremental re-parse of a one-character edit, alternating two versions.
func BenchmarkReparseLargeFile(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("package big;\n\npublic class Big {\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "    public int m%d(int x) {\n        int y = x * %d;\n        return y + helper(y);\n    }\n\n", i, i)
	}
	sb.WriteString("    private int helper(int v) {\n        return v;\n    }\n}\n")
	a := sb.String()
	i := strings.Index(a, "x * 500;")
	v := [2][]byte{[]byte(a), []byte(a[:i] + "x * 501;" + a[i+len("x * 500;"):])}
	b.Run("full", func(b *testing.B) {
		n := 0
		for b.Loop() {
			ParseSource("src/main/java/big/Big.java", v[n%2])
			n++
		}
	})
	b.Run("incremental", func(b *testing.B) {
		d := NewDocumentParser("src/main/java/big/Big.java")
		defer d.Close()
		n := 0
		for b.Loop() {
			d.Parse(v[n%2])
			n++
		}
		if d.Reused == 0 {
			b.Fatal("no incremental parse")
		}
	})
}

// TestDocumentParserBadInput feeds binary, non-UTF-8 and empty versions between valid ones:
// each is reported like a full parse reports it, and nothing panics.
func TestDocumentParserBadInput(t *testing.T) {
	rel := "src/main/java/p/A.java"
	d := NewDocumentParser(rel)
	defer d.Close()
	versions := [][]byte{
		[]byte("package p;\nclass A { int f() { return 1; } }\n"),
		{0, 1, 2, 0, 'x', 0},
		[]byte("package p;\nclass A { int f() { return \xff\xfe; } }\n"),
		{},
		[]byte("package p;\nclass A { int f() { return 2; } }\n"),
		[]byte("package p;\nclass A { int f() { return 22; } }\n"),
	}
	for i, v := range versions {
		got, _ := json.Marshal(d.Parse(v))
		want, _ := json.Marshal(ParseSource(rel, v))
		if string(got) != string(want) {
			t.Fatalf("version %d: incremental parse differs from a full parse\n got %s\nwant %s", i, got, want)
		}
	}
	if d.Reused == 0 {
		t.Fatal("the last edit was not parsed incrementally")
	}
}
