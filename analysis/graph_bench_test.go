package analysis

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis/javagen"
)

// benchSnapshot indexes the shared generated project (≈300k lines).
func benchSnapshot(b *testing.B) *Snapshot {
	b.Helper()
	dir := benchProject(b)
	s, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(s.Files)), "files")
	return s
}

func BenchmarkBuildGraph(b *testing.B) {
	s := benchSnapshot(b)
	var g *Graph
	for b.Loop() {
		g = BuildGraph(s)
	}
	b.ReportMetric(float64(len(g.Edges())), "edges")
}

// BenchmarkRestoreGraph measures a warm start's graph: reading the stored graph of the
// generated project and assembling its stores, against BenchmarkBuildGraph.
func BenchmarkRestoreGraph(b *testing.B) {
	s := benchSnapshot(b)
	var buf bytes.Buffer
	if err := BuildGraph(s).Encode(&buf); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := RestoreGraph(s, bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/(1<<20), "MB")
}

// BenchmarkGraphUpdateOneFile measures one edit as the server sees it: a new snapshot with
// one re-parsed file (parsing excluded), then the graph update.
func BenchmarkGraphUpdateOneFile(b *testing.B) {
	s := benchSnapshot(b)
	g := BuildGraph(s)
	rel := javagen.ClassPath(1234)
	orig := string(mustRead(b, s, rel))
	cases := []struct{ name, old, new string }{
		{"body", "int acc = x + counter1234;", "int acc = x - counter1234;"},
		{"signature", "    public int m3(int x) {", "    public int extra(int x) {\n        return x;\n    }\n\n    public int m3(int x) {"},
		// A type appears: supertypes that may name it are resolved again.
		{"new-type", "    public int m3(int x) {", "    public static class Extra {\n    }\n\n    public int m3(int x) {"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if !strings.Contains(orig, c.old) {
				b.Fatalf("edit anchor %q not found", c.old)
			}
			content := []byte(strings.Replace(orig, c.old, c.new, 1))
			f := ParseSource(rel, content)
			for b.Loop() {
				g.Update(s.WithParsedFile(f, content), []string{rel})
			}
		})
	}
}

// BenchmarkReachOneMethod walks the reverse edges from a leaf method and from a hub method
// most of the generated project depends on.
func BenchmarkReachOneMethod(b *testing.B) {
	s := benchSnapshot(b)
	g := BuildGraph(s)
	for _, c := range []struct {
		name     string
		class, k int
	}{{"leaf", 1234, 3}, {"hub", 5, 0}} {
		b.Run(c.name, func(b *testing.B) {
			id := javagen.MethodID(c.class, c.k)
			var n int
			for b.Loop() {
				n = g.ReachFrom([]string{id}).Len()
			}
			b.ReportMetric(float64(n), "reached")
		})
	}
}

func mustRead(b *testing.B, s *Snapshot, rel string) []byte {
	b.Helper()
	data, err := s.Source.Read(rel)
	if err != nil {
		b.Fatal(err)
	}
	return data
}
