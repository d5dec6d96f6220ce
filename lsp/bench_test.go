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

	"github.com/assertlens/assertlens/analysis/javagen"
	"github.com/assertlens/assertlens/lsp/lsptest"
)

// BenchmarkEditToDiagnostics measures, against the real binary, the time from sending an
// edit of a production method body to receiving the diagnostics it causes, with the default
// 100 ms debounce, on the generated benchmark project (≈320k lines, see analysis/javagen).
// It reports the median and 90th percentile after the debounce delay.
// ASSERTLENS_BENCH_CLASSES sets a smaller project (that many production classes).
func BenchmarkEditToDiagnostics(b *testing.B) {
	needServer(b)
	opt := javagen.Default
	if n, err := strconv.Atoi(os.Getenv("ASSERTLENS_BENCH_CLASSES")); err == nil && n > 0 {
		opt = javagen.Options{Classes: n, TestClasses: n / 4, Seed: 1}
	}
	dir := b.TempDir()
	if err := javagen.Write(dir, opt); err != nil {
		b.Fatal(err)
	}
	gitInit(b, dir)
	const debounce = 100 * time.Millisecond
	start := time.Now()
	x := startE2E(b, dir, map[string]any{"debounceMs": int(debounce / time.Millisecond)})
	b.Logf("%d classes: initialize + first index in %v", opt.Classes, time.Since(start).Round(time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// Edit a method of the class the fourth test class tests, so that test class gets
	// diagnostics: m6 is called by few (a narrow edit), m3 goes through a service interface
	// many classes call (thousands of diagnostics in hundreds of files).
	test := javagen.TestPath(3, opt.Classes)
	target := (3 * 7919) % opt.Classes
	file := javagen.ClassPath(target)
	if !strings.Contains(test, fmt.Sprintf("C%04dT", target)) {
		b.Fatalf("test %s does not test class %d", test, target)
	}
	if err := x.ed.OpenFile(ctx, file); err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if err != nil {
		b.Fatal(err)
	}
	// The declaration case adds a parameter to m6: a signature edit, which makes the
	// tests discovered again and their statements resolved again.
	for _, c := range []struct {
		name     string
		k        int
		old, new string
	}{{"narrow", 6, "return acc;", "return acc + 1;"}, {"wide", 3, "return acc;", "return acc + 1;"},
		{"declaration", 6, "(int x) {", "(int x, int... more) {"}} {
		b.Run(c.name, func(b *testing.B) {
			m := strings.Index(string(src), fmt.Sprintf("public int m%d(int x) {", c.k))
			ret := strings.Index(string(src)[m:], "return acc;")
			if m < 0 || ret < 0 {
				b.Fatalf("m%d not found in %s", c.k, file)
			}
			orig := string(src)[m : m+ret+len("return acc;")]
			changed := strings.Replace(orig, c.old, c.new, 1)
			old, edited := orig, changed
			var lat []time.Duration
			diagnostics := 0
			for b.Loop() {
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
			if old == changed { // count what the edit shows, then undo it for the next case
				time.Sleep(time.Second)
				for _, ds := range x.ed.AllDiagnostics() {
					diagnostics += len(ds)
				}
				before := x.ed.Diagnostics(test).Count
				if err := x.ed.EditFile(ctx, file, changed, orig); err != nil {
					b.Fatal(err)
				}
				if err := x.ed.WaitFor(ctx, "diagnostics cleared", func() bool { return x.ed.Diagnostics(test).Count > before }); err != nil {
					b.Fatal(err)
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			after := func(d time.Duration) float64 { return float64(d-debounce) / float64(time.Millisecond) }
			b.ReportMetric(after(lat[len(lat)/2]), "ms-after-debounce-p50")
			b.ReportMetric(after(lat[len(lat)*9/10]), "ms-after-debounce-p90")
			b.ReportMetric(float64(diagnostics), "diagnostics")
		})
	}
	// A clean exit lets the server finish writing ASSERTLENS_CPUPROFILE, if set.
	if err := x.ed.Shutdown(ctx); err == nil {
		_ = x.ed.Exit(ctx)
		time.Sleep(200 * time.Millisecond)
	}
	slow := 0
	for _, l := range x.ed.Logs() {
		if strings.Contains(l, "slow update") && slow < 3 {
			b.Log(l)
			slow++
		}
	}
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
