package runner

import (
	"bufio"
	"context"
	"fmt"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Probe marks a method, constructor or initializer body to watch in Trace.
type Probe struct {
	// ID is reported back in Hit.Probe.
	ID string
	// File is the source path relative to Root.
	File string
	// BodyStart and BodyEnd are the byte range of the body block "{...}" in the file's
	// content as the run sees it (the overlay when there is one, else the disk file).
	// BodyEnd may point at the closing '}' or just past it.
	BodyStart, BodyEnd int
	// Constructor makes the probe go after a leading this(...)/super(...) call.
	Constructor bool
}

// Hit is one test line that reached a probed body.
type Hit struct {
	// Probe is the ID of the probe that was reached.
	Probe string
	// TestClass and TestMethod name the innermost test-class frame on the stack when the
	// body ran (binary class name; a lambda's frame is reported as its enclosing
	// method). Both are empty when no test-class frame was on the stack (another
	// thread, or an engine callback): the body ran, but not attributably.
	TestClass, TestMethod string
	// Line is that frame's line in the test source.
	Line int
}

// Trace instruments the probed bodies in the shadow copies (never in the workspace),
// runs testSelectors (every test when nil) and returns the de-duplicated hits with the
// run's result. A compile error yields no hits and the errors in the Result.
func Trace(ctx context.Context, req Request, probes []Probe, testSelectors []Selector) ([]Hit, *Result, error) {
	req.Selectors = testSelectors
	byFile := map[string][]Probe{}
	for _, p := range probes {
		rel := cleanRel(p.File)
		byFile[rel] = append(byFile[rel], p)
	}
	var outFile string
	hooks := runHooks{sysProps: map[string]string{}}
	hooks.prepare = func(files map[string]*sourceFile, work string) error {
		for rel, ps := range byFile {
			f, ok := files[rel]
			if !ok {
				return fmt.Errorf("trace: probed file %s is not a compiled source", rel)
			}
			content, err := instrument(f.Content, ps)
			if err != nil {
				return fmt.Errorf("trace: %w", err)
			}
			g := f.File
			g.Content = content
			files[rel] = newSourceFile(g)
		}
		files[probeRel] = newSourceFile(describe(probeRel, []byte(probeSource), false))
		testsFile := filepath.Join(work, "probe-tests.txt")
		if err := atomicfile.Write(testsFile, []byte(strings.Join(traceTestClasses(files, testSelectors), "\n")+"\n")); err != nil {
			return fmt.Errorf("trace: %w", err)
		}
		// A file of its own: once run returns the lock is released and another trace
		// may start before this one has read its hits.
		f, err := os.CreateTemp(work, "probe-hits-*.tsv")
		if err != nil {
			return fmt.Errorf("trace: %w", err)
		}
		outFile = f.Name()
		f.Close()
		hooks.sysProps["assertlens.probe.tests"] = testsFile
		hooks.sysProps["assertlens.probe.out"] = outFile
		return nil
	}
	res, err := run(ctx, req, hooks)
	if outFile != "" {
		defer os.Remove(outFile)
	}
	if err != nil {
		return nil, nil, err
	}
	if len(res.CompileErrors) > 0 {
		return nil, res, nil
	}
	hits, err := readHits(outFile, req)
	if err != nil {
		return nil, res, err
	}
	return hits, res, nil
}

// traceTestClasses lists the top-level test classes whose frames count: those of the
// selectors, or every test-phase source that uses JUnit.
func traceTestClasses(files map[string]*sourceFile, sel []Selector) []string {
	set := map[string]bool{}
	if len(sel) > 0 {
		for _, s := range sel {
			top := s.Class
			if i := strings.IndexByte(top, '$'); i >= 0 {
				top = top[:i]
			}
			set[top] = true
		}
	} else {
		for _, f := range files {
			if f.Test && f.Tests {
				set[f.topLevelClass()] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// readHits parses the probe output file, mapping lines of generated sources back.
func readHits(path string, req Request) ([]Hit, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil // nothing reached a probe
	}
	if err != nil {
		return nil, fmt.Errorf("read probe hits: %w", err)
	}
	defer f.Close()
	loc := &sourceLocator{lineMaps: map[string]map[int]int{}, origins: map[string]string{}}
	for k, v := range req.LineMaps {
		loc.lineMaps[cleanRel(k)] = v
	}
	generatedByClass := map[string]string{}
	for rel, content := range req.Generated {
		generatedByClass[describe(cleanRel(rel), content, true).topLevelClass()] = cleanRel(rel)
	}
	seen := map[Hit]bool{}
	var hits []Hit
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) != 4 {
			continue // a line torn by a killed JVM
		}
		line, _ := strconv.Atoi(parts[3])
		h := Hit{Probe: parts[0], TestClass: parts[1], TestMethod: enclosingMethod(parts[2]), Line: line}
		top := h.TestClass
		if i := strings.IndexByte(top, '$'); i >= 0 {
			top = top[:i]
		}
		if rel, ok := generatedByClass[top]; ok {
			_, h.Line = loc.userLocation(rel, h.Line)
		}
		if !seen[h] {
			seen[h] = true
			hits = append(hits, h)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read probe hits: %w", err)
	}
	sort.Slice(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.Probe != b.Probe {
			return a.Probe < b.Probe
		}
		if a.TestClass != b.TestClass {
			return a.TestClass < b.TestClass
		}
		if a.TestMethod != b.TestMethod {
			return a.TestMethod < b.TestMethod
		}
		return a.Line < b.Line
	})
	return hits, nil
}

// enclosingMethod maps a lambda's synthetic method name ("lambda$testFoo$0") to the
// method that wrote the lambda.
func enclosingMethod(m string) string {
	if rest, ok := strings.CutPrefix(m, "lambda$"); ok {
		if i := strings.IndexByte(rest, '$'); i > 0 {
			return rest[:i]
		}
	}
	return m
}
