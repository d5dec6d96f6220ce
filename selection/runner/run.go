package runner

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"github.com/assertlens/assertlens/analysis/project"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// defaultTimeout limits a launcher run when Request.Timeout is zero.
const defaultTimeout = 10 * time.Minute

// keepReports is how many report folders of past runs stay in the shadow tree.
const keepReports = 5

// runHooks let Trace change the sources and the launcher JVM.
type runHooks struct {
	// prepare may edit the collected sources (instrumentation) and add files.
	prepare func(files map[string]*sourceFile, work string) error
	// sysProps are extra JVM system properties.
	sysProps map[string]string
	// timeUp, given the progress file of the run, returns a channel closed when the run
	// should count as timed out (tests); nil uses Request.Timeout.
	timeUp func(progress string) <-chan struct{}
	// launch, after a successful compile, returns extra JVM options and launcher class
	// path entries (the coverage agent); its system properties go through sysProps.
	launch func(ctx context.Context, s shadowTree, launchCP []string) (jvmArgs, classpath []string, err error)
	// watch is told the progress file just before the launcher starts.
	watch func(progress string)
}

// Run compiles the workspace in the shadow tree and runs the selected tests. Runs for
// the same CacheDir are serialised. Compile errors are returned in Result (no Go error);
// a Go error means the run could not be set up or was cancelled.
func Run(ctx context.Context, req Request) (*Result, error) {
	return run(ctx, req, runHooks{})
}

// run is Run with hooks.
func run(ctx context.Context, req Request, hooks runHooks) (*Result, error) {
	if err := checkRequest(&req); err != nil {
		return nil, err
	}
	lock, err := lockFile(ctx, filepath.Join(req.CacheDir, "run.lock"))
	if err != nil {
		return nil, err
	}
	defer lock.unlock()

	res := &Result{}
	model := req.Project
	if model == nil {
		model = loadModel(req.Root)
	}
	rc, err := projectClasspath(ctx, req, model)
	if err != nil {
		return nil, err
	}
	cp := rc.Classpath
	res.Unresolved, res.Notes, res.ClasspathSource = rc.Unresolved, rc.Notes, rc.Source
	junit, err := junitFor(ctx, cp)
	if err != nil {
		return nil, err
	}
	res.JUnitSource = junit.source
	res.Notes = append(res.Notes, junit.notes...)
	files, err := collectSources(req, model)
	if err != nil {
		return nil, err
	}
	res.Notes = append(res.Notes, missingGenerated(req.Root, model)...)
	s := newShadowTree(req.CacheDir)
	if err := os.MkdirAll(s.work, 0o755); err != nil {
		return nil, fmt.Errorf("create shadow tree: %w", err)
	}
	if hooks.prepare != nil {
		if err := hooks.prepare(files, s.work); err != nil {
			return nil, err
		}
	}
	loc := newSourceLocator(files, req)

	release, api := projectRelease(req.Root)
	switch {
	case release == 0:
		release = 17
	case release < 8:
		res.Notes = append(res.Notes, fmt.Sprintf("project targets Java %d; compiling for Java 8", release))
		release = 8
	case release > maxRelease():
		res.Notes = append(res.Notes, fmt.Sprintf("project targets Java %d; installed javac supports %d", release, maxRelease()))
		release = maxRelease()
	}
	compileCP := append(append([]string{}, cp...), junit.compile...)
	testRelease := min(projectTestRelease(req.Root, model), maxRelease())
	spec := compileSpec{
		release:     release,
		api:         api,
		testRelease: testRelease,
		classpath:   compileCP,
		key:         compileKey(release, api, compileCP) + fmt.Sprintf("test-release=%d\n", testRelease),
		mapPath: func(path string, line int) (string, int) {
			rel := s.relOf(path)
			if rel == "" {
				return path, line
			}
			return loc.userLocation(rel, line)
		},
	}
	start := time.Now()
	co, err := compileShadow(ctx, s, files, spec)
	res.CompileMs = time.Since(start).Milliseconds()
	res.Notes = append(res.Notes, co.Notes...)
	if err != nil {
		return nil, err
	}
	if len(co.Errors) > 0 {
		res.CompileErrors = co.Errors
		res.Output = truncate(co.Output, maxOutput)
		return res, nil
	}

	runID, err := newRunID()
	if err != nil {
		return nil, err
	}
	reports := filepath.Join(s.reports, runID)
	if err := os.MkdirAll(reports, 0o755); err != nil {
		return nil, fmt.Errorf("create reports folder: %w", err)
	}
	pruneReports(s.reports, runID)
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = defaultTimeout
	}
	// Classes first (as Maven's Surefire orders them), then the project's resources, its
	// dependencies (its own JUnit among them) and the JUnit jars added for the run.
	launchCP := []string{s.testOut, s.mainOut}
	launchCP = append(launchCP, resourceDirs(req.Root, model)...)
	launchCP = append(launchCP, junit.launchPath(cp)...)
	sysProps := map[string]string{}
	for k, v := range hooks.sysProps {
		sysProps[k] = v
	}
	progress := filepath.Join(reports, "progress.tsv")
	if dir, err := buildListener(ctx, filepath.Join(s.dir, "listener"), junit.launchPath(cp)); err == nil {
		launchCP = append(launchCP, dir)
		sysProps["assertlens.progress.out"] = progress
	} else {
		res.Notes = append(res.Notes, "no progress listener (results of a killed run are unknown): "+err.Error())
	}
	var timeUp <-chan struct{}
	if hooks.timeUp != nil {
		timeUp = hooks.timeUp(progress)
	}
	jvmArgs, dropped := testJVMOptions(req.Root)
	if len(dropped) > 0 {
		res.Notes = append(res.Notes, "left out of the test JVM's options from the build's argLine: "+strings.Join(dropped, " "))
	}
	if hooks.launch != nil {
		args, extra, err := hooks.launch(ctx, s, launchCP)
		if err != nil {
			return nil, err
		}
		jvmArgs, launchCP = append(jvmArgs, args...), append(launchCP, extra...)
		for k, v := range hooks.sysProps {
			sysProps[k] = v
		}
	}
	if hooks.watch != nil {
		hooks.watch(progress)
	}
	start = time.Now()
	lo, err := launch(ctx, launchSpec{
		jvmArgs:    jvmArgs,
		timeUp:     timeUp,
		classpath:  dedupePaths(launchCP),
		reportsDir: reports,
		selectors:  launchSelectors(req.Selectors, []string{s.testOut, s.mainOut}),
		scanDirs:   []string{s.testOut},
		sysProps:   sysProps,
		timeout:    timeout,
		workDir:    testWorkDir(req, model, s, loc, &res.Notes),
		subcommand: junit.subcommand,
	})
	res.RunMs = time.Since(start).Milliseconds()
	if err != nil {
		return nil, err
	}
	res.Output = lo.output
	res.TimedOut = lo.timedOut
	cases, err := readReports(reports)
	if err != nil && !lo.timedOut {
		return nil, err
	}
	if lo.timedOut || len(cases) == 0 {
		// No XML report (killed, or the JVM died): fall back to the listener's record.
		res.Tests = progressResults(progress, loc)
	} else {
		res.Tests = foldResults(cases, loc)
	}
	res.Tests = append(res.Tests, missingResults(req.Selectors, res.Tests, lo, loc)...)
	// Ask the JUnit Platform for its own test plan of what was compiled (see enginePlan);
	// after the tests, so the two JVMs do not compete, and reused while the compiled test
	// classes are unchanged.
	if ctx.Err() == nil {
		res.Plan, res.PlanError = enginePlan(ctx, s, cp, req, loc)
	}
	return res, nil
}

// testWorkDir prepares the folder tests run in. Maven runs a module's tests in the module
// folder, and tests open files by paths relative to it (src/test/resources/...), so the
// resource folders of the module holding most selected tests are copied to the same
// relative paths under the shadow work folder, which becomes the working directory: the
// tests read what they expect and anything they write stays in the cache.
func testWorkDir(req Request, model *project.Model, s shadowTree, loc *sourceLocator, notes *[]string) string {
	count := map[string]int{}
	for _, sel := range req.Selectors {
		if file, _ := loc.userLocation(loc.classFile(sel.Class), 0); file != "" {
			count[model.ModuleOf(file)]++
		}
	}
	module, best := "", -1
	for m, n := range count {
		if n > best || n == best && m < module {
			module, best = m, n
		}
	}
	dir := filepath.Join(s.work, "cwd")
	var mod *project.Module
	for i := range model.Modules {
		if model.Modules[i].Dir == module {
			mod = &model.Modules[i]
		}
	}
	if mod == nil {
		_ = os.MkdirAll(dir, 0o755)
		return dir
	}
	cwd := filepath.Join(dir, filepath.FromSlash(module))
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		return s.work
	}
	// Tests read resources and sources by paths relative to the module (commons-lang checks
	// a class's Javadoc against its behaviour): the folder holds copies of both.
	for _, r := range slices.Concat(mod.Resources, mod.Main, mod.Test) {
		if err := mirrorDir(filepath.Join(req.Root, filepath.FromSlash(r)), filepath.Join(dir, filepath.FromSlash(r))); err != nil {
			*notes = append(*notes, "sources or resources not copied to the test working folder: "+err.Error())
		}
	}
	// Where the build puts them for the tests too: Maven copies resources into
	// target/classes and target/test-classes, Gradle into build/resources, and tests open
	// them there (commons-configuration's ConfigurationAssert reads
	// target/test-classes/test.properties).
	for _, r := range mod.Resources {
		if out := resourceOutput(model.Kind, r); out != "" {
			if err := mirrorDir(filepath.Join(req.Root, filepath.FromSlash(r)), filepath.Join(cwd, out)); err != nil {
				*notes = append(*notes, "resources not copied to the build output of the test working folder: "+err.Error())
			}
		}
	}
	// And the files of the module folder itself: tests read its pom.xml and LICENSE.txt
	// (commons-io's XmlStreamReaderTest, commons-codec's Crc16Test).
	if err := mirrorFiles(filepath.Join(req.Root, filepath.FromSlash(module)), cwd); err != nil {
		*notes = append(*notes, "module files not copied to the test working folder: "+err.Error())
	}
	return cwd
}

// resourceOutput is the folder, relative to the module, where the build copies the
// resources of root (a resource root of the module): "" for builds that copy none.
func resourceOutput(kind project.Kind, root string) string {
	test := project.IsTestPath(root + "/x")
	switch {
	case kind == project.Maven && test:
		return "target/test-classes"
	case kind == project.Maven:
		return "target/classes"
	case kind == project.Gradle && test:
		return "build/resources/test"
	case kind == project.Gradle:
		return "build/resources/main"
	}
	return ""
}

// maxModuleFile bounds the size of one file of the module folder copied into the test
// working folder: build descriptors and notices, not data.
const maxModuleFile = 4 << 20

// mirrorFiles copies the regular files directly in src (not its folders, not hidden
// files, none over maxModuleFile) into dst where they differ.
func mirrorFiles(src, dst string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Size() > maxModuleFile {
			continue
		}
		if err := copyFile(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name()), info); err != nil {
			return err
		}
	}
	return nil
}

// maxMirror bounds the bytes of resources copied into the test working folder.
const maxMirror = 64 << 20

// mirrorDir copies the regular files of src into dst where they differ in size or
// modification time (a missing src is no error).
func mirrorDir(src, dst string) error {
	total := int64(0)
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == src {
				return nil
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if total += info.Size(); total > maxMirror {
			return fmt.Errorf("more than %d MB under %s", maxMirror>>20, src)
		}
		rel, _ := filepath.Rel(src, p)
		return copyFile(p, filepath.Join(dst, rel), info)
	})
}

// copyFile copies the file at src, described by info, to target unless target has its
// size and modification time already. A file that vanished meanwhile is no error.
func copyFile(src, target string, info fs.FileInfo) error {
	if st, err := os.Stat(target); err == nil && st.Size() == info.Size() && st.ModTime().Equal(info.ModTime()) {
		return nil
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return nil // vanished
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(target, data, 0o644); err != nil {
		return err
	}
	return os.Chtimes(target, info.ModTime(), info.ModTime())
}

// resourceDirs returns the resource folders of the build that exist, test ones first;
// they are read in place (never written).
func resourceDirs(root string, model *project.Model) []string {
	var test, main []string
	for _, m := range model.Modules {
		for _, r := range m.Resources {
			dir := filepath.Join(root, filepath.FromSlash(r))
			if !dirExists(dir) {
				continue
			}
			if project.IsTestPath(r + "/x") {
				test = append(test, dir)
			} else {
				main = append(main, dir)
			}
		}
	}
	return append(test, main...)
}

// checkRequest validates a request and normalises its paths.
func checkRequest(req *Request) error {
	if req.Root == "" || !filepath.IsAbs(req.Root) {
		return fmt.Errorf("run: workspace root %q must be an absolute path", req.Root)
	}
	if st, err := os.Stat(req.Root); err != nil || !st.IsDir() {
		return fmt.Errorf("run: workspace root %q is not a folder", req.Root)
	}
	if req.CacheDir == "" {
		return fmt.Errorf("run: no cache directory")
	}
	cache, err := filepath.Abs(req.CacheDir)
	if err != nil {
		return fmt.Errorf("run: cache directory: %w", err)
	}
	req.Root, req.CacheDir = filepath.Clean(req.Root), cache
	if rel, err := filepath.Rel(req.Root, cache); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return fmt.Errorf("run: cache directory %s lies inside the workspace; it must not", cache)
	}
	return nil
}

// compileKey fingerprints what makes compiled classes reusable.
func compileKey(release int, api bool, cp []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "v%d release=%d api=%v javac=%d\n", manifestVersion, release, api, maxRelease())
	for _, e := range cp {
		b.WriteString(e)
		if st, err := os.Stat(e); err == nil && !st.IsDir() {
			fmt.Fprintf(&b, " %d %d", st.Size(), st.ModTime().UnixNano())
		}
		b.WriteByte('\n')
	}
	return hashBytes([]byte(b.String()))
}

// missingResults reports selected tests that produced no result: "timed out" when the
// launcher was killed, otherwise "no result" (not found, or the JVM died), so a selected
// test never vanishes silently.
func missingResults(sel []Selector, got []TestResult, lo launchOutcome, loc *sourceLocator) []TestResult {
	haveMethod := map[string]bool{}
	haveClass := map[string]bool{}
	for _, t := range got {
		haveMethod[t.ID()] = true
		haveClass[t.Class] = true
	}
	msg := "no result: the test was not found or the launcher stopped early"
	if lo.timedOut {
		msg = "timed out"
	}
	var out []TestResult
	seen := map[string]bool{}
	for _, s := range sel {
		id := s.Class + "#" + s.Method
		if seen[id] || (s.Method == "" && haveClass[s.Class]) || (s.Method != "" && haveMethod[id]) {
			continue
		}
		seen[id] = true
		file, _ := loc.userLocation(loc.classFile(s.Class), 0)
		out = append(out, TestResult{Class: s.Class, Method: s.Method, Status: StatusError, Message: msg, File: file})
	}
	return out
}

// newRunID returns a sortable unique run id.
func newRunID() (string, error) {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("run id: %w", err)
	}
	return time.Now().UTC().Format("20060102T150405.000") + "-" + hex.EncodeToString(b[:]), nil
}

// pruneReports removes all but the newest report folders.
func pruneReports(dir, current string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != current {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for len(names) >= keepReports {
		_ = os.RemoveAll(filepath.Join(dir, names[0]))
		names = names[1:]
	}
}

// truncate shortens s to at most n bytes, keeping its start and end.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n/2] + "\n…\n" + s[len(s)-n/2:]
}
