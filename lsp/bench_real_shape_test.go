package lsp_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/assertlens/assertlens/analysis/javagen"
)

// BenchmarkLibraryEditToDiagnostics is BenchmarkEditToDiagnostics on the library-shaped
// project (javagen.Library, like commons-math 3.6.1: deep interface hierarchies, generics,
// anonymous classes and lambdas, abstract JUnit 4 test classes, long test files): for each
// of javagen.LibraryEdits whose test file gets diagnostics of its own, the time from
// sending the edit to receiving the diagnostics of that test, median and 90th percentile.
// It also logs the time to the first index and reports the server's peak RSS.
// ASSERTLENS_BENCH_CLASSES sets a smaller project (that many production files).
func BenchmarkLibraryEditToDiagnostics(b *testing.B) {
	needServer(b)
	opt := javagen.Library
	if n, err := strconv.Atoi(os.Getenv("ASSERTLENS_BENCH_CLASSES")); err == nil && n > 0 {
		opt.Classes, opt.TestClasses = n, n*3/5
	}
	dir := b.TempDir()
	if err := javagen.Write(dir, opt); err != nil {
		b.Fatal(err)
	}
	gitInit(b, dir)
	start := time.Now()
	x := startE2E(b, dir, map[string]any{"debounceMs": 100})
	b.Logf("%d production files: initialize + first index in %v", opt.Classes, time.Since(start).Round(time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	for _, e := range javagen.LibraryEdits(opt) {
		if e.Name == "abstract-base" {
			continue // its tests run in the subclasses: the abstract test file is no single test's
		}
		b.Run(e.Name, func(b *testing.B) {
			if err := x.ed.OpenFile(ctx, e.Path); err != nil {
				b.Fatal(err)
			}
			measureEdits(b, x, e.Path, e.Test, e.Old, e.New)
			if mb := childPeakRSSMB(); mb > 0 {
				b.ReportMetric(mb, "server-maxrss-MB")
			}
		})
	}
	shutdownAndLogSlow(b, x)
}

// childPeakRSSMB returns the largest peak resident set (VmHWM) among this process's
// children, the server the benchmark started; 0 when /proc cannot tell.
func childPeakRSSMB() float64 {
	self := strconv.Itoa(os.Getpid())
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	peak := 0.0
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
		rest := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(rest) < 2 || rest[1] != self {
			continue
		}
		f, err := os.Open(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
				if kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64); err == nil && kb/1024 > peak {
					peak = kb / 1024
				}
			}
		}
		f.Close()
	}
	return peak
}
