package lsp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/assertlens/assertlens/lsp/lsptest"
)

// genProject writes a synthetic Maven project: classes production classes in packages of
// 50, each with five methods (m1 calls the next class, so edits ripple), and one JUnit 5
// test class per production class with a test of each method. analysis/internal/javagen
// cannot be imported from here (it is internal to analysis), hence this small generator.
func genProject(dir string, classes int) error {
	pkg := func(i int) string { return fmt.Sprintf("gen.p%02d", i/50) }
	write := func(rel, content string) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(content), 0o644)
	}
	for i := 0; i < classes; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s;\n\n", pkg(i))
		next := (i + 1) % classes
		if pkg(next) != pkg(i) {
			fmt.Fprintf(&b, "import %s.C%04d;\n\n", pkg(next), next)
		}
		fmt.Fprintf(&b, "public class C%04d {\n    private int base = %d;\n", i, i%17)
		for k := 0; k < 5; k++ {
			fmt.Fprintf(&b, "\n    public int m%d(int x) {\n        int acc = x + base;\n", k)
			if k == 1 {
				fmt.Fprintf(&b, "        acc += new C%04d().m0(x);\n", next)
			}
			fmt.Fprintf(&b, "        acc *= %d;\n        return acc;\n    }\n", k+2)
		}
		b.WriteString("}\n")
		if err := write(fmt.Sprintf("src/main/java/%s/C%04d.java", strings.ReplaceAll(pkg(i), ".", "/"), i), b.String()); err != nil {
			return err
		}
		b.Reset()
		fmt.Fprintf(&b, "package %s;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\nimport org.junit.jupiter.api.Test;\n\nclass C%04dTest {\n", pkg(i), i)
		for k := 0; k < 5; k++ {
			fmt.Fprintf(&b, "    @Test\n    void testM%d() {\n        C%04d c = new C%04d();\n        int r = c.m%d(1);\n        assertEquals(r, c.m%d(1));\n        assertEquals(%d, 1 + %d);\n    }\n\n", k, i, i, k, k, k+1, k)
		}
		b.WriteString("}\n")
		if err := write(fmt.Sprintf("src/test/java/%s/C%04dTest.java", strings.ReplaceAll(pkg(i), ".", "/"), i), b.String()); err != nil {
			return err
		}
	}
	return write("pom.xml", "<project><modelVersion>4.0.0</modelVersion><groupId>gen</groupId><artifactId>gen</artifactId><version>1</version></project>\n")
}

// BenchmarkEditToDiagnostics measures, against the real binary, the time from sending an
// edit of a production method body to receiving the diagnostics it causes, with the default
// 100 ms debounce. It reports the median and 90th percentile after the debounce delay.
// ASSERTLENS_BENCH_CLASSES sets the project size (default 400 classes + 400 test classes).
func BenchmarkEditToDiagnostics(b *testing.B) {
	needServer(b)
	classes := 400
	if n, err := strconv.Atoi(os.Getenv("ASSERTLENS_BENCH_CLASSES")); err == nil && n > 0 {
		classes = n
	}
	dir := b.TempDir()
	if err := genProject(dir, classes); err != nil {
		b.Fatal(err)
	}
	gitInit(b, dir)
	const debounce = 100 * time.Millisecond
	start := time.Now()
	x := startE2E(b, dir, map[string]any{"debounceMs": int(debounce / time.Millisecond)})
	b.Logf("%d classes: initialize + first index in %v", classes, time.Since(start).Round(time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// Edit C0007.m3 (called by nothing else): its test class gets diagnostics.
	const file, test = "src/main/java/gen/p00/C0007.java", "src/test/java/gen/p00/C0007Test.java"
	if err := x.ed.OpenFile(ctx, file); err != nil {
		b.Fatal(err)
	}
	old, edited := "acc *= 5;", "acc *= 50;"
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := 0
		if d := x.ed.Diagnostics(test); d != nil {
			before = d.Count
		}
		t0 := time.Now()
		if err := x.ed.EditFile(ctx, file, old, edited); err != nil {
			b.Fatal(err)
		}
		if err := x.ed.WaitFor(ctx, "diagnostics after the edit", func() bool {
			d := x.ed.Diagnostics(test)
			return d != nil && d.Count > before
		}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
		old, edited = edited, old
	}
	b.StopTimer()
	slow := 0
	for _, l := range x.ed.Logs() {
		if strings.Contains(l, "slow update") && slow < 3 {
			b.Log(l)
			slow++
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	after := func(d time.Duration) float64 { return float64(d-debounce) / float64(time.Millisecond) }
	b.ReportMetric(after(lat[len(lat)/2]), "ms-after-debounce-p50")
	b.ReportMetric(after(lat[len(lat)*9/10]), "ms-after-debounce-p90")
}

// BenchmarkEditToDiagnosticsFakeEngine measures the server's own share of the latency: an
// in-process server with an instant fake engine and no debounce, edit → diagnostics.
func BenchmarkEditToDiagnosticsFakeEngine(b *testing.B) {
	h := startHarness(b, harnessOpts{cfg: lsptest.Config{InitializationOptions: map[string]any{"debounceMs": 0}}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := h.ed.OpenFile(ctx, complexJava); err != nil {
		b.Fatal(err)
	}
	old, edited := negateBody, negateEdited
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := 0
		if d := h.ed.Diagnostics(complexTest); d != nil {
			before = d.Count
		}
		if err := h.ed.EditFile(ctx, complexJava, old, edited); err != nil {
			b.Fatal(err)
		}
		if err := h.ed.WaitFor(ctx, "diagnostics", func() bool {
			d := h.ed.Diagnostics(complexTest)
			return d != nil && d.Count > before
		}); err != nil {
			b.Fatal(err)
		}
		old, edited = edited, old
	}
}
