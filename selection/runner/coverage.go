package runner

import (
	"archive/zip"
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/assertlens/assertlens/analysis/atomicfile"
)

// The coverage agent, compiled at first use (see buildAgent).
var (
	//go:embed java/cov/Rt.java
	covRtSource string
	//go:embed java/cov/Agent.java
	covAgentSource string
	//go:embed java/cov/Transformer.java
	covTransformerSource string
	//go:embed java/cov/CoverageListener.java
	covListenerSource string
)

// CoverageOptions configure a coverage run.
type CoverageOptions struct {
	// Progress, when set, is called as test methods finish: done so far, total planned
	// (0 until known).
	Progress func(done, total int)
}

// CoverageMember is one instrumented method, constructor or initializer of a project class.
type CoverageMember struct {
	Class               string // binary name: "pkg.Outer$Inner", "pkg.Outer$1"
	Method              string // JVM name: "foo", "<init>", "<clinit>", "lambda$foo$0"
	Desc                string // JVM descriptor "(ILjava/lang/String;)V"
	Source              string // SourceFile attribute ("Outer.java"), "" if absent
	FirstLine, LastLine int    // min/max line of its line-number table, 0 if none
	// Enclosing names the method whose code creates this one when it is a lambda body
	// (the method holding the invokedynamic, followed outwards through nested lambdas) or
	// a method of an anonymous or local class (its EnclosingMethod): "pkg.Outer#name(desc)",
	// or "pkg.Outer#" when that code is an initializer. "" for ordinary members.
	Enclosing string
	Test      bool // the class was loaded from the test output folder
	Synthetic bool // ACC_SYNTHETIC or ACC_BRIDGE (lambda bodies too), or the initializer of a synthetic class
}

// CoverageHit says that Members[Member] executed while a test statement ran.
type CoverageHit struct {
	Member int
	// TestClass is the binary name of the concrete test class that ran (the subclass for
	// inherited tests, the @Nested class).
	TestClass string
	// TestMethod is the test method's name; "" for class-level code (static initializers
	// of the test class, @BeforeClass/@BeforeAll/@AfterAll, and, on Jupiter, creating the
	// test instance, which happens before the test is reported started).
	TestMethod string
	// Line is the 1-based line, in the file declaring the test method, of the statement
	// the test method was running; AfterBody for code that ran after the test method
	// returned (@After*, the after part of rules), 0 for other fixture code (@Before*,
	// rules).
	Line        int
	OtherThread bool // recorded on a thread the test started
}

// AfterBody is CoverageHit.Line for code run after the test method's body; the agent
// writes it as afterBodyMark (see Rt.AFTER_BODY).
const (
	AfterBody     = -1
	afterBodyMark = 0x3fffffff
)

// CoverageRun is what a whole-suite run under the coverage agent recorded.
type CoverageRun struct {
	Members      []CoverageMember
	Hits         []CoverageHit // one per (Member, TestClass, TestMethod, Line, OtherThread)
	Unattributed []int         // members that executed with no test running
	// ClassInit lists members that ran during a class's initialization (a static
	// initializer on the stack): their results may live on in static state.
	ClassInit []int
	// InitIn pairs a member of ClassInit with the static initializer (a member) that was
	// running innermost when it ran, one pair per initializer seen.
	InitIn [][2]int
	// Uninstrumented lists the project classes the agent could not instrument, with why:
	// their members and, for test classes, their statements went unrecorded.
	Uninstrumented []Uninstrumented
	Result         *Result // the tests' results, as Run reports them
}

// Uninstrumented is a project class the coverage agent left as compiled.
type Uninstrumented struct {
	Class  string // binary name
	Reason string // the transformer's exception
}

// UninstrumentedError says that a coverage run could not record every project class: a
// store built from it would pass for complete while some members and test statements went
// unrecorded, so the run is refused.
type UninstrumentedError struct {
	Classes []Uninstrumented
	ASM     []string // the ASM jars the agent used
}

func (e *UninstrumentedError) Error() string {
	first := e.Classes[0]
	msg := fmt.Sprintf("coverage: %d project classes could not be instrumented, so what they run would go unrecorded (first %s: %s)",
		len(e.Classes), first.Class, first.Reason)
	if strings.Contains(first.Reason, "Unsupported class file major version") {
		msg += fmt.Sprintf("; the agent's ASM (%s) is older than the project's class files: "+
			"run `mvn dependency:get -Dartifact=org.ow2.asm:asm-tree:%s` for a newer one", strings.Join(e.ASM, ", "), newerASM)
	}
	return msg
}

// newerASM is the ASM version the error for too-new class files suggests fetching.
const newerASM = "9.8"

// Coverage runs req's tests (all when req.Selectors is nil) with the coverage agent: the
// project's classes are instrumented in memory as the JVM loads them (nothing is compiled
// again and nothing is written outside the cache), and every test statement's executed
// members are recorded. Compile errors come back in Result with no hits.
func Coverage(ctx context.Context, req Request, opts CoverageOptions) (*CoverageRun, error) {
	var outFile string
	var asmJars []string
	var progressDone chan struct{}
	var progressWG sync.WaitGroup
	hooks := runHooks{sysProps: map[string]string{}}
	hooks.launch = func(ctx context.Context, s shadowTree, launchCP []string) ([]string, []string, error) {
		ag, err := buildAgent(ctx, filepath.Join(s.dir, "agent"), launchCP)
		if err != nil {
			return nil, nil, err
		}
		asmJars = ag.impl[1:]
		outFile = filepath.Join(s.work, "coverage.tsv")
		if err := os.Remove(outFile); err != nil && !os.IsNotExist(err) {
			return nil, nil, fmt.Errorf("coverage: %w", err)
		}
		optsFile := filepath.Join(s.work, "agent.opts")
		text := "rt=" + ag.rtJar + "\nimpl=" + strings.Join(ag.impl, string(os.PathListSeparator)) +
			"\nmain=" + s.mainOut + "\ntest=" + s.testOut + "\n"
		if err := atomicfile.Write(optsFile, []byte(text)); err != nil {
			return nil, nil, fmt.Errorf("coverage: %w", err)
		}
		hooks.sysProps["assertlens.cov.out"] = outFile
		jvm := []string{"-javaagent:" + ag.agentJar + "=" + optsFile,
			// The agent appends to the boot class path, which turns class data sharing off
			// for application classes; say nothing about it.
			"-Xlog:cds=off", "-Xlog:cds+dynamic=off"}
		return jvm, []string{ag.listener}, nil
	}
	if opts.Progress != nil {
		hooks.watch = func(progress string) {
			progressDone = make(chan struct{})
			progressWG.Add(1)
			go func() {
				defer progressWG.Done()
				watchProgress(progress, progressDone, opts.Progress)
			}()
		}
	}
	res, err := run(ctx, req, hooks)
	if progressDone != nil {
		close(progressDone)
		progressWG.Wait()
	}
	if err != nil {
		return nil, err
	}
	out := &CoverageRun{Result: res}
	if len(res.CompileErrors) > 0 || outFile == "" {
		return out, nil
	}
	if err := readCoverage(outFile, out); err != nil {
		return nil, err
	}
	if len(out.Uninstrumented) > 0 {
		return nil, &UninstrumentedError{Classes: out.Uninstrumented, ASM: asmJars}
	}
	if opts.Progress != nil {
		n := 0
		for _, t := range res.Tests {
			if t.Method != "" {
				n++
			}
		}
		opts.Progress(n, n)
	}
	return out, nil
}

// watchProgress follows the progress listener's file while the tests run and reports the
// finished tests against the planned ones, until done is closed.
func watchProgress(path string, done <-chan struct{}, report func(done, total int)) {
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	var offset int64
	planned, finished := map[string]bool{}, map[string]bool{}
	var rest string
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		if _, err := f.Seek(offset, io.SeekStart); err == nil {
			b, _ := io.ReadAll(f)
			offset += int64(len(b))
			lines := strings.Split(rest+string(b), "\n")
			rest = lines[len(lines)-1]
			before := len(finished)
			for _, l := range lines[:len(lines)-1] {
				p := strings.Split(l, "\t")
				if len(p) < 3 {
					continue
				}
				// Invocations of one method (parameterized, repeated) count once.
				switch key := p[1] + "#" + p[2]; p[0] {
				case "P":
					planned[key] = true
				case "F":
					finished[key] = true
				}
			}
			if len(finished) != before || (len(planned) > 0 && before == 0) {
				report(min(len(finished), len(planned)), len(planned))
			}
		}
		f.Close()
	}
}

// agentFiles are the compiled parts of the coverage agent.
type agentFiles struct {
	agentJar string   // the -javaagent jar (premain only)
	rtJar    string   // the runtime, appended to the boot class path
	impl     []string // the transformer's class folder and ASM, loaded privately
	listener string   // class folder of the JUnit listener (with its service file)
}

// buildAgent compiles the agent into dir once per source and class path (a stamp file says
// it is current). launchCP provides the JUnit Platform the listener is compiled against.
func buildAgent(ctx context.Context, dir string, launchCP []string) (agentFiles, error) {
	asm, err := findASM()
	if err != nil {
		return agentFiles{}, err
	}
	af := agentFiles{agentJar: filepath.Join(dir, "agent.jar"), rtJar: filepath.Join(dir, "rt.jar"),
		impl: append([]string{filepath.Join(dir, "impl")}, asm...), listener: filepath.Join(dir, "listener")}
	stamp := filepath.Join(dir, "stamp")
	want := hashBytes([]byte(covRtSource + covAgentSource + covTransformerSource + covListenerSource +
		strings.Join(asm, ":") + "|" + strings.Join(launchCP, ":")))
	if data, err := os.ReadFile(stamp); err == nil && string(data) == want {
		return af, nil
	}
	_ = os.Remove(stamp)
	if err := os.RemoveAll(dir); err != nil {
		return af, fmt.Errorf("build coverage agent: %w", err)
	}
	src := filepath.Join(dir, "src", "assertlens", "cov")
	for name, text := range map[string]string{"Rt.java": covRtSource, "Agent.java": covAgentSource,
		"Transformer.java": covTransformerSource, "CoverageListener.java": covListenerSource} {
		if err := atomicfile.Write(filepath.Join(src, name), []byte(text)); err != nil {
			return af, fmt.Errorf("build coverage agent: %w", err)
		}
	}
	rtOut, agentOut := filepath.Join(dir, "rt"), filepath.Join(dir, "premain")
	steps := []struct {
		release int
		cp      []string
		out     string
		file    string
	}{
		{8, nil, rtOut, "Rt.java"},
		{9, nil, agentOut, "Agent.java"},
		{8, append([]string{rtOut}, asm...), af.impl[0], "Transformer.java"},
		{8, append([]string{rtOut}, launchCP...), af.listener, "CoverageListener.java"},
	}
	for _, st := range steps {
		if err := os.MkdirAll(st.out, 0o755); err != nil {
			return af, fmt.Errorf("build coverage agent: %w", err)
		}
		// -implicit:none: Rt is compiled once, into the runtime; the others only refer to it.
		opts := append(javacOptions(st.release, st.cp, st.out), "-implicit:none")
		if text, err := runJavac(ctx, dir, opts, []string{filepath.Join(src, st.file)}); err != nil {
			return af, fmt.Errorf("build coverage agent (%s): %w: %s", st.file, err, text)
		}
	}
	svc := filepath.Join(af.listener, "META-INF", "services", "org.junit.platform.launcher.TestExecutionListener")
	if err := atomicfile.Write(svc, []byte("assertlens.cov.CoverageListener\n")); err != nil {
		return af, fmt.Errorf("build coverage agent: %w", err)
	}
	if err := writeJar(af.rtJar, rtOut, ""); err != nil {
		return af, err
	}
	if err := writeJar(af.agentJar, agentOut, "Premain-Class: assertlens.cov.Agent\n"); err != nil {
		return af, err
	}
	if err := atomicfile.Write(stamp, []byte(want)); err != nil {
		return af, fmt.Errorf("build coverage agent: %w", err)
	}
	return af, nil
}

// writeJar zips the class folder dir into a jar with the given manifest attributes.
func writeJar(path, dir, manifest string) error {
	return atomicfile.WriteFunc(path, func(w io.Writer) error {
		zw := zip.NewWriter(w)
		mf, err := zw.Create("META-INF/MANIFEST.MF")
		if err != nil {
			return err
		}
		if _, err := io.WriteString(mf, "Manifest-Version: 1.0\n"+manifest); err != nil {
			return err
		}
		err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fw, err := zw.Create(filepath.ToSlash(rel))
			if err != nil {
				return err
			}
			_, err = fw.Write(b)
			return err
		})
		if err != nil {
			return fmt.Errorf("jar %s: %w", dir, err)
		}
		return zw.Close()
	})
}

// findASM returns the ASM core and tree jars of the newest version found: Debian's
// libasm-java or the local Maven repository (a project's class files can be newer than
// an older ASM reads).
func findASM() ([]string, error) {
	home, _ := os.UserHomeDir()
	jars := newestASM("/usr/share/java", filepath.Join(home, ".m2", "repository", "org", "ow2", "asm"))
	if jars == nil {
		return nil, fmt.Errorf("the coverage agent needs ASM: install Debian's libasm-java (/usr/share/java/asm.jar) or run `mvn dependency:get -Dartifact=org.ow2.asm:asm-tree:%s` (found neither)", newerASM)
	}
	return jars, nil
}

// newestASM returns the core and tree jars of the newest ASM version present in both
// forms: in debDir as asm-V.jar and asm-tree-V.jar (or asm.jar and asm-tree.jar, version
// unknown, when they are not links to versioned names), in the Maven repository folder
// m2 as asm/V/asm-V.jar and asm-tree/V/asm-tree-V.jar. Nil when there is none.
func newestASM(debDir, m2 string) []string {
	var best []string
	bestVersion := ""
	consider := func(version, core, tree string) {
		if !exists(core) || !exists(tree) {
			return
		}
		if best == nil || compareVersions(version, bestVersion) > 0 {
			best, bestVersion = []string{core, tree}, version
		}
	}
	core, tree := filepath.Join(debDir, "asm.jar"), filepath.Join(debDir, "asm-tree.jar")
	version := "0"
	if target, err := filepath.EvalSymlinks(core); err == nil {
		if v, ok := strings.CutPrefix(strings.TrimSuffix(filepath.Base(target), ".jar"), "asm-"); ok {
			version = v
		}
	}
	consider(version, core, tree)
	vers, _ := os.ReadDir(filepath.Join(m2, "asm"))
	for _, v := range vers {
		consider(v.Name(), filepath.Join(m2, "asm", v.Name(), "asm-"+v.Name()+".jar"),
			filepath.Join(m2, "asm-tree", v.Name(), "asm-tree-"+v.Name()+".jar"))
	}
	return best
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// compareVersions orders dotted version strings numerically where they are numbers.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errX := strconv.Atoi(as[i])
		y, errY := strconv.Atoi(bs[i])
		if errX == nil && errY == nil {
			if x != y {
				return x - y
			}
			continue
		}
		if c := strings.Compare(as[i], bs[i]); c != 0 {
			return c
		}
	}
	return len(as) - len(bs)
}

// readCoverage parses the runtime's output file into out: "M" lines register members,
// "H" lines hold one test context's hits (member:line[:o]), "U" the members run outside
// any test. Invocations of one test method (parameterized, repeated) are merged.
func readCoverage(path string, out *CoverageRun) error {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil // no project class was loaded
	}
	if err != nil {
		return fmt.Errorf("read coverage: %w", err)
	}
	defer f.Close()
	type hitKey struct {
		member       int
		class, meth  string
		line         int
		otherThreads bool
	}
	index := map[int]int{} // member id in the file -> index in out.Members
	seen := map[hitKey]bool{}
	unattributed, classInit := map[int]bool{}, map[int]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		p := strings.Split(sc.Text(), "\t")
		switch {
		case p[0] == "M" && len(p) >= 10:
			id, err := strconv.Atoi(p[1])
			if err != nil {
				continue
			}
			first, _ := strconv.Atoi(p[6])
			last, _ := strconv.Atoi(p[7])
			index[id] = len(out.Members)
			out.Members = append(out.Members, CoverageMember{Class: p[2], Method: p[3], Desc: p[4], Source: p[5],
				FirstLine: first, LastLine: last, Enclosing: p[8], Test: strings.Contains(p[9], "t"), Synthetic: strings.Contains(p[9], "s")})
		case p[0] == "H" && len(p) >= 4:
			if p[3] == "" {
				continue
			}
			for _, h := range strings.Split(p[3], ",") {
				parts := strings.Split(h, ":")
				if len(parts) < 2 {
					continue
				}
				id, err1 := strconv.Atoi(parts[0])
				line, err2 := strconv.Atoi(parts[1])
				m, ok := index[id]
				if err1 != nil || err2 != nil || !ok {
					continue
				}
				if line == afterBodyMark {
					line = AfterBody
				}
				k := hitKey{m, p[1], p[2], line, len(parts) > 2 && parts[2] == "o"}
				if !seen[k] {
					seen[k] = true
					out.Hits = append(out.Hits, CoverageHit{Member: m, TestClass: k.class, TestMethod: k.meth, Line: line, OtherThread: k.otherThreads})
				}
			}
		case p[0] == "I" && len(p) >= 2 && p[1] != "":
			// "member" or "member>initializer" (the static initializer running innermost).
			for _, s := range strings.Split(p[1], ",") {
				ms, is, paired := strings.Cut(s, ">")
				id, err := strconv.Atoi(ms)
				m, ok := index[id]
				if err != nil || !ok {
					continue
				}
				if !classInit[m] {
					classInit[m] = true
					out.ClassInit = append(out.ClassInit, m)
				}
				if iid, err := strconv.Atoi(is); paired && err == nil {
					if k, ok := index[iid]; ok {
						out.InitIn = append(out.InitIn, [2]int{m, k})
					}
				}
			}
		case p[0] == "X" && len(p) >= 3:
			out.Uninstrumented = append(out.Uninstrumented, Uninstrumented{Class: strings.ReplaceAll(p[1], "/", "."), Reason: p[2]})
		case p[0] == "U" && len(p) >= 2 && p[1] != "":
			for _, s := range strings.Split(p[1], ",") {
				if id, err := strconv.Atoi(s); err == nil {
					if m, ok := index[id]; ok && !unattributed[m] {
						unattributed[m] = true
						out.Unattributed = append(out.Unattributed, m)
					}
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read coverage: %w", err)
	}
	return nil
}
