package runner

import (
	"bytes"
	"context"
	"fmt"
	"github.com/assertlens/assertlens/selection/runner/proc"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// javacOptions are the fixed options of every compile. The language level is set with
// -source/-target, as Maven's compiler plugin does for projects that name a source level:
// the code compiles against the JDK that runs the tests, whose internal packages
// (sun.misc.Unsafe, which gson uses) --release would hide.
func javacOptions(release int, cp []string, outDir string) []string {
	return []string{
		"-encoding", "UTF-8",
		"-source", strconv.Itoa(release), "-target", strconv.Itoa(release), "-Xlint:-options",
		"-g", "-parameters", "-nowarn", "-implicit:none", "-Xmaxerrs", "1000",
		"-d", outDir,
		"-cp", strings.Join(cp, string(os.PathListSeparator)),
	}
}

// releaseAPI turns the -source N -target N of javacOptions into --release N, for builds
// that ask for it (maven.compiler.release): the code then compiles against release N's API
// as Maven compiles it, so a call that a newer JDK's added overloads make ambiguous
// (commons-io's FileSystems.newFileSystem(path, null)) still compiles.
func releaseAPI(opts []string) []string {
	out := make([]string, 0, len(opts))
	for i := 0; i < len(opts); i++ {
		switch opts[i] {
		case "-source":
			out = append(out, "--release", opts[i+1])
			i++
		case "-target":
			i++
		default:
			out = append(out, opts[i])
		}
	}
	return out
}

// runJavac compiles files (absolute paths) and returns javac's combined output. A non-nil
// error with empty output means javac could not be started.
func runJavac(ctx context.Context, workDir string, opts []string, files []string) (string, error) {
	argFile := filepath.Join(workDir, "javac-files.txt")
	var b strings.Builder
	for _, f := range files {
		b.WriteString(quoteArg(f))
		b.WriteByte('\n')
	}
	if err := os.WriteFile(argFile, []byte(b.String()), 0o644); err != nil {
		return "", fmt.Errorf("write javac arguments: %w", err)
	}
	var args []string
	for _, o := range javaOptions() {
		args = append(args, "-J"+o)
	}
	args = append(append(args, opts...), "@"+argFile)
	cmd := proc.Command(ctx, javaTool("javac"), args...)
	cmd.Dir = workDir
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.String(), fmt.Errorf("javac: %w", ctx.Err())
	}
	if err != nil {
		if _, ok := err.(*exec.ExitError); ok {
			return out.String(), fmt.Errorf("javac failed: %w", err)
		}
		return "", fmt.Errorf("start javac: %w", err)
	}
	return out.String(), nil
}

// quoteArg quotes a path for a javac @argfile.
func quoteArg(s string) string {
	if !strings.ContainsAny(s, " \t\"'\\#") {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// javaTool returns the path of a JDK tool, preferring $JAVA_HOME/bin.
// javaOptions are extra options for every JVM the runner starts (javac, the JUnit launcher,
// the test plan dump), from ASSERTLENS_JAVA_OPTS split on white space: a heap limit, or
// "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC", which costs about a third less CPU for the
// short runs of slices and small compiles (the tests use it) but can slow long suites.
func javaOptions() []string { return strings.Fields(os.Getenv("ASSERTLENS_JAVA_OPTS")) }

func javaTool(name string) string {
	if home := os.Getenv("JAVA_HOME"); home != "" {
		p := filepath.Join(home, "bin", name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return name
}

var (
	javacVersionOnce sync.Once
	javacMajor       int
)

// maxRelease returns the newest --release the installed javac supports.
func maxRelease() int {
	javacVersionOnce.Do(func() {
		javacMajor = 17
		out, err := exec.Command(javaTool("javac"), "-version").CombinedOutput()
		if err != nil {
			return
		}
		f := strings.Fields(string(out))
		if len(f) < 2 {
			return
		}
		v := strings.SplitN(f[1], ".", 2)[0]
		if n, err := strconv.Atoi(v); err == nil && n >= 8 {
			javacMajor = n
		}
	})
	return javacMajor
}

var (
	javacErrRe = regexp.MustCompile(`^(.+\.java):(\d+): error: (.*)$`)
	// javacVersionRe is the detail javac gives under "cannot access X" when a class on the
	// classpath was compiled for a newer Java than javac's.
	javacVersionRe = regexp.MustCompile(`class file has wrong version (\d+)\.\d+, should be (\d+)\.\d+`)
)

// parseJavacErrors turns javac output into compile errors. mapPath maps a shadow path to
// the user's relative path and line; unknown paths keep javac's spelling. An error caused
// by a dependency's class file compiled for a newer Java says so and which Java it needs.
func parseJavacErrors(out string, mapPath func(path string, line int) (string, int)) []CompileError {
	var errs []CompileError
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimRight(line, "\r")
		if m := javacVersionRe.FindStringSubmatch(line); m != nil && len(errs) > 0 {
			need, _ := strconv.Atoi(m[1])
			have, _ := strconv.Atoi(m[2])
			errs[len(errs)-1].Message += fmt.Sprintf(" (a dependency's class file needs Java %d; javac is Java %d)", need-44, have-44)
			continue
		}
		if m := javacErrRe.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			file, ln := mapPath(m[1], n)
			errs = append(errs, CompileError{File: file, Line: ln, Message: m[3]})
			continue
		}
		if strings.HasPrefix(line, "error: ") {
			errs = append(errs, CompileError{Message: strings.TrimPrefix(line, "error: ")})
		}
	}
	return errs
}
