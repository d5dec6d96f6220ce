package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRunCompileErrorMappedToUserPath(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "broken")
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "geo.PointTest"}}})
	if len(res.CompileErrors) != 1 {
		t.Fatalf("compile errors = %+v\n%s", res.CompileErrors, res.Output)
	}
	e := res.CompileErrors[0]
	if e.File != "src/test/java/geo/PointTest.java" || e.Line != 11 || !strings.Contains(e.Message, "cannot find symbol") {
		t.Errorf("compile error = %+v", e)
	}
	if len(res.Tests) != 0 || res.RunMs != 0 {
		t.Errorf("launcher ran after a compile error: %+v", res.Tests)
	}
	// Fixing the file through an overlay compiles and runs.
	fixed, err := os.ReadFile(filepath.Join(root, "src/test/java/geo/PointTest.java"))
	if err != nil {
		t.Fatal(err)
	}
	res = mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "geo.PointTest"}},
		Overlays: map[string][]byte{"src/test/java/geo/PointTest.java": []byte(strings.Replace(string(fixed), "euclid", "manhattan", 1))}})
	if len(res.CompileErrors) != 0 {
		t.Fatalf("compile errors after fix = %+v", res.CompileErrors)
	}
	if r := result(t, res, "geo.PointTest", "measuresDistance"); r.Status != StatusPassed {
		t.Errorf("measuresDistance = %+v", r)
	}
}

func TestRunOverlayChangesResultWithoutTouchingWorkspace(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	before := treeDigest(t, root)
	sel := []Selector{{Class: "shop.CartTest", Method: "appliesDiscount"}}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if r := result(t, res, "shop.CartTest", "appliesDiscount"); r.Status != StatusFailed {
		t.Fatalf("before overlay = %+v", r)
	}
	rel := "src/main/java/shop/Cart.java"
	src, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(string(src), "* percent / 100 + 1;", "* percent / 100;", 1)
	res = mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel, Overlays: map[string][]byte{rel: []byte(fixed)}})
	if r := result(t, res, "shop.CartTest", "appliesDiscount"); r.Status != StatusPassed {
		t.Fatalf("with overlay = %+v\n%s", r, res.Output)
	}
	// Without the overlay the disk version is back.
	res = mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if r := result(t, res, "shop.CartTest", "appliesDiscount"); r.Status != StatusFailed {
		t.Fatalf("after dropping overlay = %+v", r)
	}
	if treeDigest(t, root) != before {
		t.Fatal("the workspace changed")
	}
}

func TestRunMissingClasspathEntryReported(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	pom := filepath.Join(root, "pom.xml")
	data, err := os.ReadFile(pom)
	if err != nil {
		t.Fatal(err)
	}
	extra := `<dependency><groupId>org.example.absent</groupId><artifactId>nowhere-lib</artifactId><version>9.9</version></dependency>
  </dependencies>`
	if err := os.WriteFile(pom, []byte(strings.Replace(string(data), "</dependencies>", extra, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cp, unresolved, err := ResolveClasspath(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(unresolved) != 1 || !strings.Contains(unresolved[0], "org.example.absent:nowhere-lib:9.9") {
		t.Errorf("unresolved = %v", unresolved)
	}
	if len(cp) < 2 {
		t.Errorf("classpath = %v", cp)
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "calc.FractionTest", Method: "addsHalves"}}})
	if len(res.Unresolved) != 1 {
		t.Errorf("Result.Unresolved = %v", res.Unresolved)
	}
	if r := result(t, res, "calc.FractionTest", "addsHalves"); r.Status != StatusPassed {
		t.Errorf("addsHalves = %+v", r)
	}
	// An explicit classpath entry that does not exist is reported too.
	res = mustRun(t, Request{Root: root, CacheDir: cache, Classpath: append(cp, "/nonexistent/dep.jar"),
		Selectors: []Selector{{Class: "calc.FractionTest", Method: "addsHalves"}}})
	if len(res.Unresolved) != 1 || !strings.Contains(res.Unresolved[0], "/nonexistent/dep.jar") {
		t.Errorf("explicit Unresolved = %v", res.Unresolved)
	}
}

// whenStarted returns a timeUp hook that fires once the progress listener has recorded the
// start of test method (an event, not a wall-clock margin).
func whenStarted(class, method string) func(progress string) <-chan struct{} {
	return func(progress string) <-chan struct{} {
		ch := make(chan struct{})
		go func() {
			defer close(ch)
			want := "S\t" + class + "\t" + method
			for i := 0; i < 120000; i++ { // gives up after ~20 minutes
				if data, err := os.ReadFile(progress); err == nil && strings.Contains(string(data), want) {
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
		return ch
	}
}

// TestRunHangKilledByTimeout stops a run while one test spins forever: tests that finished
// keep their results, the spinning one and those never started are "timed out". The time
// limit is the moment spinsForever is seen starting.
func TestRunHangKilledByTimeout(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "hang")
	ctx, cancel := testContext(t)
	defer cancel()
	// Timeout only bounds a broken test; the run is stopped by the event.
	res, err := run(ctx, Request{Root: root, CacheDir: cache, Timeout: 8 * time.Minute, Selectors: []Selector{{Class: "spin.SpinnerTest"}}},
		runHooks{timeUp: whenStarted("spin.SpinnerTest", "spinsForever")})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut {
		t.Error("TimedOut not set")
	}
	if r := result(t, res, "spin.SpinnerTest", "finishesFirst"); r.Status != StatusPassed {
		t.Errorf("finishesFirst = %+v", r)
	}
	for _, m := range []string{"spinsForever", "neverStarts"} {
		r := result(t, res, "spin.SpinnerTest", m)
		if r.Status != StatusError || r.Message != "timed out" || r.File != "src/test/java/spin/SpinnerTest.java" {
			t.Errorf("%s = %+v", m, r)
		}
	}
	// A method selector that never started is reported as timed out as well.
	res, err = run(ctx, Request{Root: root, CacheDir: cache, Timeout: 8 * time.Minute, Selectors: []Selector{
		{Class: "spin.SpinnerTest", Method: "spinsForever"}, {Class: "spin.SpinnerTest", Method: "neverStarts"}}},
		runHooks{timeUp: whenStarted("spin.SpinnerTest", "spinsForever")})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"spinsForever", "neverStarts"} {
		if r := result(t, res, "spin.SpinnerTest", m); r.Status != StatusError || r.Message != "timed out" {
			t.Errorf("%s = %+v", m, r)
		}
	}
}

func TestRunConcurrentRunsSerialised(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	// Hold the workspace lock and check that Run waits for it and respects ctx.
	lock, err := lockFile(context.Background(), filepath.Join(cache, "run.lock"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	_, err = Run(ctx, Request{Root: root, CacheDir: cache})
	cancel()
	if err == nil || !strings.Contains(err.Error(), "lock") {
		t.Fatalf("Run while locked: err = %v", err)
	}
	lock.unlock()

	var wg sync.WaitGroup
	results := make([]*Result, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := testContext(t)
			defer cancel()
			results[i], errs[i] = Run(ctx, Request{Root: root, CacheDir: cache,
				Selectors: []Selector{{Class: "calc.FractionTest"}}})
		}()
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil {
			t.Fatalf("run %d: %v", i, errs[i])
		}
		if len(results[i].Tests) != 2 {
			t.Fatalf("run %d results: %+v", i, results[i].Tests)
		}
	}
	// Had the runs overlapped, both would have found an empty cache and rebuilt
	// everything; serialised, exactly one did.
	full := 0
	for _, r := range results {
		for _, n := range r.Notes {
			if strings.HasPrefix(n, "full rebuild") {
				full++
			}
		}
	}
	if full != 1 {
		t.Errorf("%d runs rebuilt everything, want 1", full)
	}
}

// TestRunLeavesModuleDescriptorOut runs a project whose main sources hold a module-info.java
// that cannot compile on the class path (it requires a module nobody has): the tests run on
// the class path, so the descriptor is left out and the run goes ahead.
func TestRunLeavesModuleDescriptorOut(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	desc := "module shop {\n    requires com.example.nowhere;\n    exports shop;\n}\n"
	if err := os.WriteFile(filepath.Join(root, "src/main/java/module-info.java"), []byte(desc), 0o644); err != nil {
		t.Fatal(err)
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache})
	if len(res.CompileErrors) != 0 {
		t.Fatalf("compile errors = %+v", res.CompileErrors)
	}
	if r := result(t, res, "shop.CartTest", "appliesDiscount"); r.Status != StatusFailed {
		t.Fatalf("appliesDiscount = %+v\n%s", r, res.Output)
	}
}

// TestRunJava8ProjectSeesJDKInternals compiles a project at Java 8 whose code uses
// sun.misc.Unsafe (as gson does): javac's --release 8 hides it, Maven's -source/-target do not.
func TestRunJava8ProjectSeesJDKInternals(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	pom, err := os.ReadFile(filepath.Join(root, "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	pom8 := strings.ReplaceAll(string(pom), "<maven.compiler.source>17</maven.compiler.source>", "<maven.compiler.source>1.8</maven.compiler.source>")
	pom8 = strings.ReplaceAll(pom8, "<maven.compiler.target>17</maven.compiler.target>", "<maven.compiler.target>1.8</maven.compiler.target>")
	raw := "package shop;\n\nclass Raw {\n    static String name() {\n        return sun.misc.Unsafe.class.getName();\n    }\n}\n"
	for name, text := range map[string]string{"pom.xml": pom8, "src/main/java/shop/Raw.java": raw} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "shop.CartTest", Method: "appliesDiscount"}}})
	if len(res.CompileErrors) != 0 {
		t.Fatalf("compile errors = %+v", res.CompileErrors)
	}
	if r := result(t, res, "shop.CartTest", "appliesDiscount"); r.Status != StatusFailed {
		t.Fatalf("appliesDiscount = %+v\n%s", r, res.Output)
	}
}
