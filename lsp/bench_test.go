package lsp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/assertlens/assertlens/analysis/javagen"
	"github.com/assertlens/assertlens/lsp/lsptest"
)

// BenchmarkEditToDiagnostics measures, against the real binary, the time from sending an
// edit of a production method body to receiving the diagnostics it causes, with the default
// 100 ms debounce (an edit after a quiet spell is selected at once), on the generated
// benchmark project (≈320k lines, see analysis/javagen). It reports the median and 90th
// percentile.
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
			measureEdits(b, x, file, test, orig, strings.Replace(orig, c.old, c.new, 1))
		})
	}
	shutdownAndLogSlow(b, x)
}

// BenchmarkEditToDiagnosticsRealProject is BenchmarkEditToDiagnostics on a project of your
// own (a clean git checkout; nothing is written to it, edits stay unsaved buffers):
//
//	ASSERTLENS_BENCH_ROOT=/tmp/commons-lang ASSERTLENS_BENCH_FILE=src/main/java/…/StrBuilder.java \
//	ASSERTLENS_BENCH_OLD='…' ASSERTLENS_BENCH_NEW='…' ASSERTLENS_BENCH_TEST=src/test/java/…Test.java \
//	go test ./lsp -run '^$' -bench RealProject -benchtime 20x
//
// The test file is one the edit gives diagnostics to. It is skipped without the variables.
func BenchmarkEditToDiagnosticsRealProject(b *testing.B) {
	root := os.Getenv("ASSERTLENS_BENCH_ROOT")
	file, old, new, test := os.Getenv("ASSERTLENS_BENCH_FILE"), os.Getenv("ASSERTLENS_BENCH_OLD"), os.Getenv("ASSERTLENS_BENCH_NEW"), os.Getenv("ASSERTLENS_BENCH_TEST")
	if root == "" || file == "" || old == "" || test == "" {
		b.Skip("set ASSERTLENS_BENCH_ROOT, _FILE, _OLD, _NEW and _TEST to measure a real project")
	}
	start := time.Now()
	x := startE2E(b, root, map[string]any{"debounceMs": 100})
	b.Logf("initialize + first index in %v", time.Since(start).Round(time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := x.ed.OpenFile(ctx, file); err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		b.Fatal(err)
	}
	if !strings.Contains(string(src), old) {
		b.Fatalf("%q not in %s", old, file)
	}
	measureEdits(b, x, file, test, old, new)
	shutdownAndLogSlow(b, x)
}

// measureEdits times edit → diagnostics of test, making the edit (orig → changed) and
// undoing it in turn, each an unsaved change, after one untimed round that waits for the
// server's warm-up. Each change comes after an untimed quiet spell (see settle), as a
// one-method edit does (a change right after the previous one is part of a burst and waits
// for the debounce delay). It reports the median and 90th percentile of the
// time from sending a change to receiving the diagnostics of test it causes.
func measureEdits(b *testing.B, x *e2e, file, test, orig, changed string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// The test is open beside the code, as while working on both: the server publishes
	// open documents first.
	if err := x.ed.OpenFile(ctx, test); err != nil {
		b.Fatal(err)
	}
	edit := func(from, to string) time.Duration {
		before := 0
		if d := x.ed.Diagnostics(test); d != nil {
			before = d.Count
		}
		t0 := time.Now()
		if err := x.ed.EditFile(ctx, file, from, to); err != nil {
			b.Fatal(err)
		}
		if err := x.ed.WaitFor(ctx, "diagnostics after the edit", func() bool {
			d := x.ed.Diagnostics(test)
			return d != nil && d.Count > before
		}); err != nil {
			b.Fatal(err)
		}
		return time.Since(t0)
	}
	edit(orig, changed) // warm-up: the first selection may wait for the server's Warm
	edit(changed, orig)
	old, edited := orig, changed
	var lat []time.Duration
	for b.Loop() {
		b.StopTimer()
		settle(x)
		b.StartTimer()
		lat = append(lat, edit(old, edited))
		old, edited = edited, old
	}
	b.StopTimer()
	diagnostics := 0
	if old == changed { // count what the edit shows, then undo it for the next case
		for _, ds := range x.ed.AllDiagnostics() {
			diagnostics += len(ds)
		}
		edit(changed, orig)
	}
	slices.Sort(lat)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(lat[len(lat)/2]), "ms-p50")
	b.ReportMetric(ms(lat[len(lat)*9/10]), "ms-p90")
	b.ReportMetric(float64(diagnostics), "diagnostics")
}

// quietSpell is how long the server must have published nothing before a measured edit:
// longer than the 100 ms debounce.
const quietSpell = 250 * time.Millisecond

// settle waits until the server has published no diagnostics for a quiet spell: a wide
// edit's hundreds of files may still be on their way when the file measured has its own.
func settle(x *e2e) {
	for {
		n := len(x.ed.Notifications("textDocument/publishDiagnostics"))
		time.Sleep(quietSpell)
		if len(x.ed.Notifications("textDocument/publishDiagnostics")) == n {
			return
		}
	}
}

// shutdownAndLogSlow ends the server cleanly and logs its first slow-update lines.
func shutdownAndLogSlow(b *testing.B, x *e2e) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
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
