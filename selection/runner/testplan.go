package runner

import (
	"bufio"
	"context"
	_ "embed" // the plan helper's Java source
	"fmt"
	"github.com/assertlens/assertlens/selection/runner/proc"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis/atomicfile"
	"github.com/cespare/xxhash/v2"
)

// testPlanSource asks the JUnit Platform launcher for its test plan (see the file's doc).
//
//go:embed java/TestPlanDump.java
var testPlanSource string

// testPlanClass is the binary name of the plan helper.
const testPlanClass = "assertlens.plan.TestPlanDump"

// planTimeout bounds the discovery JVM.
const planTimeout = 3 * time.Minute

// PlanTest is one test method the JUnit Platform found when it discovered the compiled
// test classes (a parameterized or factory method counts once).
type PlanTest struct {
	Engine string // "junit-jupiter", "junit-vintage", …
	Class  string // binary name of the class it runs in ("pkg.Outer$Inner")
	Method string // "" for a class the plan holds with no methods (an ignored JUnit 4 class)
	// Top is the outermost class container above the test: the class to select to run it
	// (for tests a JUnit 3 suite() builds from library classes, the project class).
	Top string
}

// ID returns "pkg.Outer$Inner#method".
func (p PlanTest) ID() string { return p.Class + "#" + p.Method }

// buildTestPlan compiles the plan helper into dir once (a stamp holds the source hash).
func buildTestPlan(ctx context.Context, dir string, junit []string) (string, error) {
	stamp := filepath.Join(dir, "stamp")
	want := hashBytes([]byte(testPlanSource + strings.Join(junit, ":")))
	out := filepath.Join(dir, "classes")
	if data, err := os.ReadFile(stamp); err == nil && string(data) == want {
		return out, nil
	}
	_ = os.Remove(stamp)
	if err := os.RemoveAll(out); err != nil {
		return "", fmt.Errorf("build test plan helper: %w", err)
	}
	src := filepath.Join(dir, "src", "assertlens", "plan", "TestPlanDump.java")
	if err := atomicfile.Write(src, []byte(testPlanSource)); err != nil {
		return "", fmt.Errorf("build test plan helper: %w", err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", fmt.Errorf("build test plan helper: %w", err)
	}
	if text, err := runJavac(ctx, dir, javacOptions(8, junit, out), []string{src}); err != nil {
		return "", fmt.Errorf("build test plan helper: %w: %s", err, text)
	}
	if err := atomicfile.Write(stamp, []byte(want)); err != nil {
		return "", fmt.Errorf("build test plan helper: %w", err)
	}
	return out, nil
}

// classesKey fingerprints the class files under dirs by name and content, so a plan is
// asked for again only when the compiled tests changed (not when javac merely rewrote
// them with the same bytes, as an edit to production code makes it do).
func classesKey(dirs ...string) string {
	d := xxhash.New()
	for _, dir := range dirs {
		_ = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(p, ".class") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			fmt.Fprintf(d, "%s %d %x\n", p, len(data), xxhash.Sum64(data))
			return nil
		})
	}
	return fmt.Sprintf("%016x", d.Sum64())
}

// DiscoverPlan asks the JUnit Platform launcher (Jupiter and Vintage engines) which tests
// it finds in the class folders testDirs, with classpath on the class path; helperDir
// holds the compiled helper and the last plan, which is reused while the class files are
// unchanged.
func DiscoverPlan(ctx context.Context, helperDir string, classpath, testDirs []string) ([]PlanTest, error) {
	classpath, testDirs = absPaths(classpath), absPaths(testDirs) // the JVM runs in helperDir
	// The project's own JUnit when it has one (its jars first, the launcher of its platform
	// version after them), ours only when it declares none: the same setup as the run.
	setup, err := junitFor(ctx, classpath)
	if err != nil {
		return nil, err
	}
	junit := setup.launchPath(classpath)
	key := hashBytes([]byte(classesKey(testDirs...) + strings.Join(classpath, ":") + testPlanSource))
	outFile := filepath.Join(helperDir, "plan.tsv")
	keyFile := filepath.Join(helperDir, "plan.key")
	if k, err := os.ReadFile(keyFile); err == nil && string(k) == key {
		if plan, err := readPlan(outFile); err == nil {
			return plan, nil
		}
	}
	classes, err := buildTestPlan(ctx, helperDir, junit)
	if err != nil {
		return nil, err
	}
	_ = os.Remove(keyFile)
	tmp := outFile + ".tmp"
	cp := dedupePaths(append(append([]string{classes}, junit...), testDirs...))
	args := append(javaOptions(), "-cp", strings.Join(cp, string(os.PathListSeparator)), testPlanClass, tmp)
	args = append(args, testDirs...)
	cctx, cancel := context.WithTimeout(ctx, planTimeout)
	defer cancel()
	cmd := proc.Command(cctx, javaTool("java"), args...)
	cmd.Dir = helperDir
	buf := &cappedBuffer{limit: 64 << 10}
	cmd.Stdout, cmd.Stderr = buf, buf
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("JUnit Platform discovery: %w: %s", err, truncate(buf.String(), 4000))
	}
	if err := os.Rename(tmp, outFile); err != nil {
		return nil, fmt.Errorf("JUnit Platform discovery: %w", err)
	}
	plan, err := readPlan(outFile)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(keyFile, []byte(key)); err != nil {
		return nil, fmt.Errorf("JUnit Platform discovery: %w", err)
	}
	return plan, nil
}

// readPlan reads the helper's output file.
func readPlan(path string) ([]PlanTest, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read test plan: %w", err)
	}
	defer f.Close()
	var out []PlanTest
	hasMethods := map[string]bool{}
	var classes []PlanTest
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		switch {
		case len(parts) == 5 && parts[0] == "M":
			out = append(out, PlanTest{Engine: parts[1], Class: parts[2], Method: parts[3], Top: parts[4]})
			hasMethods[parts[2]] = true
		case len(parts) == 3 && parts[0] == "C":
			classes = append(classes, PlanTest{Engine: parts[1], Class: parts[2]})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read test plan: %w", err)
	}
	for _, c := range classes {
		if !hasMethods[c.Class] {
			c.Top = c.Class
			out = append(out, c)
			hasMethods[c.Class] = true
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out, nil
}

// enginePlan asks the launcher for the plan of the freshly compiled test classes, without
// the generated slice classes (they are ours, not the project's).
func enginePlan(ctx context.Context, s shadowTree, cp []string, req Request, loc *sourceLocator) ([]PlanTest, string) {
	plan, err := DiscoverPlan(ctx, filepath.Join(s.dir, "testplan"), append(append([]string{}, cp...), s.mainOut), []string{s.testOut})
	if err != nil {
		return nil, err.Error()
	}
	out := plan[:0]
	for _, p := range plan {
		if _, generated := req.Generated[loc.classFile(p.Class)]; !generated {
			out = append(out, p)
		}
	}
	return out, ""
}

// absPaths makes relative paths absolute (against the current directory).
func absPaths(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		out = append(out, p)
	}
	return out
}
