package slicing

import (
	"context"
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
