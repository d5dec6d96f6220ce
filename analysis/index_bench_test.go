package analysis

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis/javagen"
)

// benchProject returns the generated ~300k-line project, written once and shared.
func benchProject(b *testing.B) string {
	b.Helper()
	dir, err := javagen.Shared()
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkIndexCold parses every file of the generated project with no cache.
// Target: ≤ 5 s on 2 cores.
func BenchmarkIndexCold(b *testing.B) {
	dir := benchProject(b)
	var lines int
	for i := 0; i < b.N; i++ {
		s, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
		if err != nil {
			b.Fatal(err)
		}
		lines = s.Stats().Lines
	}
	b.ReportMetric(float64(lines), "lines")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
}

// BenchmarkIndexWarm restarts from the on-disk cache: files are read and hashed, nothing
// is parsed. Target: ≤ 1 s.
func BenchmarkIndexWarm(b *testing.B) {
	dir := benchProject(b)
	cacheDir := b.TempDir()
	c := OpenCache(cacheDir)
	if _, err := Build(context.Background(), dir, DirSource{Root: dir}, c); err != nil {
		b.Fatal(err)
	}
	if err := c.Save(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Build(context.Background(), dir, DirSource{Root: dir}, OpenCache(cacheDir))
		if err != nil {
			b.Fatal(err)
		}
		if s.Cached != len(s.Files) {
			b.Fatalf("only %d of %d files from cache", s.Cached, len(s.Files))
		}
	}
}

// BenchmarkOneMethodEdit re-parses and re-hashes one edited file and diffs it against the
// previous snapshot. Target: ≤ 5 ms.
func BenchmarkOneMethodEdit(b *testing.B) {
	dir := benchProject(b)
	s, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	var rel string
	for _, p := range s.SortedPaths() {
		if !s.Files[p].Test {
			rel = p
			break
		}
	}
	src, err := s.Read(rel)
	if err != nil {
		b.Fatal(err)
	}
	i := strings.Index(string(src), "return ")
	if i < 0 {
		b.Fatal("no return statement to edit")
	}
	edited := []byte(string(src[:i]) + "return 1 + " + string(src[i+len("return "):]))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		next := s.WithFile(rel, edited)
		if ch := Diff(s, next); len(ch) == 0 {
			b.Fatal("edit not seen")
		}
	}
}
