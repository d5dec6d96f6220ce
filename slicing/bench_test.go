package slicing

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/javagen"
)

// BenchmarkDiscoverLarge slices every test of the generated benchmark project (≈300k lines)
// and reports the share of test methods sliced at assertion level and assertions per test.
func BenchmarkDiscoverLarge(b *testing.B) {
	dir := b.TempDir()
	if err := javagen.Write(dir, javagen.Default); err != nil {
		b.Fatal(err)
	}
	s, err := analysis.Build(context.Background(), dir, dirSource{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var classes []*TestClass
	for i := 0; i < b.N; i++ {
		if classes, err = Discover(s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var methods, sliced, assertions, units int
	for _, tc := range classes {
		for _, m := range tc.Methods {
			methods++
			if m.Reason == nil && tc.Reason == nil {
				sliced++
			}
			for _, u := range m.Units {
				units++
				if u.Level != LevelClass {
					assertions += u.Assertions
				}
			}
		}
	}
	if methods > 0 {
		b.ReportMetric(float64(sliced)/float64(methods), "sliced/method")
		b.ReportMetric(float64(assertions)/float64(methods), "assertions/method")
		b.ReportMetric(float64(units)/float64(methods), "units/method")
	}
	b.ReportMetric(float64(methods), "testmethods")
}

// BenchmarkDiscoveryUpdate measures re-discovery after one edit, as the server does per
// keystroke: a production body edit that keeps every proof, a test body edit, and a
// production declaration edit (a method added), and a test added.
func BenchmarkDiscoveryUpdate(b *testing.B) {
	dir, err := javagen.Shared()
	if err != nil {
		b.Fatal(err)
	}
	s, err := analysis.Build(context.Background(), dir, dirSource{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct{ name, rel, old, new string }{
		{"production-body", javagen.ClassPath(1234), "int acc = x + counter1234;", "int acc = x - counter1234;"},
		{"test-body", javagen.TestPath(3, javagen.Default.Classes), "assertEquals(first, second);", "assertEquals(second, first);"},
		{"test-declaration", javagen.TestPath(3, javagen.Default.Classes), "    @Test\n", "    @Test\n    void added() {\n        assertTrue(true);\n    }\n\n    @Test\n"},
		{"production-declaration", javagen.ClassPath(1234), "    public int m3(int x) {", "    public int extra(int x) {\n        return x;\n    }\n\n    public int m3(int x) {"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			src, err := s.Read(c.rel)
			if err != nil {
				b.Fatal(err)
			}
			edited := strings.Replace(string(src), c.old, c.new, 1)
			if edited == string(src) {
				b.Fatalf("anchor %q not found in %s", c.old, c.rel)
			}
			s2 := s.WithFile(c.rel, []byte(edited))
			inc := false
			for b.Loop() {
				_, inc, err = d.Update(s2, s2.Read, []string{c.rel})
				if err != nil {
					b.Fatal(err)
				}
			}
			if !inc {
				b.Fatal("update was not incremental")
			}
		})
	}
}

// BenchmarkRestoreLarge reads back the stored discovery of the generated benchmark project:
// what a start on unchanged sources pays instead of BenchmarkDiscoverLarge.
func BenchmarkRestoreLarge(b *testing.B) {
	dir := b.TempDir()
	if err := javagen.Write(dir, javagen.Default); err != nil {
		b.Fatal(err)
	}
	s, err := analysis.Build(context.Background(), dir, dirSource{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var stored bytes.Buffer
	if err := d.Encode(&stored); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Restore(s, bytes.NewReader(stored.Bytes()), Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(stored.Len())/(1<<20), "stored-MB")
}
