package runner

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/assertlens/assertlens/selection/runner/proc"
)

// Classpath sources, as reported in Result.ClasspathSource.
const (
	ClasspathExplicit = "explicit"                    // Request.Classpath (--classpath, the classpath setting)
	ClasspathMaven    = "maven"                       // mvn dependency:build-classpath
	ClasspathGradle   = "gradle"                      // the Gradle wrapper or gradle, through an init script
	ClasspathFallback = "local-repository (fallback)" // build files read by assertlens, jars looked up in local repositories
	ClasspathNone     = "none"                        // no build files: only jars under lib/ and libs/
)

// Time limits for asking the build tools. The first call may download the project's
// dependencies (and Maven's own plugins) from Maven Central.
var (
	mavenTimeout  = 10 * time.Minute
	gradleTimeout = 10 * time.Minute
)

// buildToolsEnabled says whether mvn and gradle may be run. ASSERTLENS_BUILD_TOOLS=off
// turns them off (hermetic tests, offline machines): the fallback resolution is used.
func buildToolsEnabled() bool {
	return os.Getenv("ASSERTLENS_BUILD_TOOLS") != "off"
}

// mavenModuleClasspath is what one module's build-classpath printed.
type mavenModuleClasspath struct {
	Module    string // artifactId
	Classpath []string
}

// mavenClasspath asks Maven for every module's test classpath in one reactor run. Modules
// Maven could not resolve (typically: a module depending on a sibling that was never
// installed) are returned in failed, by artifactId.
func mavenClasspath(ctx context.Context, root string) (mods []mavenModuleClasspath, failed []string, err error) {
	mvn, err := exec.LookPath("mvn")
	if err != nil {
		return nil, nil, fmt.Errorf("mvn not found: %w", err)
	}
	tmp, err := os.MkdirTemp("", "assertlens-mvn")
	if err != nil {
		return nil, nil, fmt.Errorf("maven classpath: %w", err)
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(ctx, mavenTimeout)
	defer cancel()
	// No -q: the classpath is read from the log, module by module (an output file would
	// be one file for the whole reactor, or land inside the user's module folders).
	cmd := proc.Command(ctx, mvn, "-B", "-fae", "-ntp", "-f", filepath.Join(root, "pom.xml"),
		"dependency:build-classpath", "-Dmdep.includeScope=test")
	cmd.Dir = tmp
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return nil, nil, fmt.Errorf("mvn dependency:build-classpath: %w", ctx.Err())
	}
	mods, failed = parseMavenClasspathLog(out.Bytes())
	if len(mods) == 0 {
		return nil, failed, fmt.Errorf("mvn dependency:build-classpath: %v: %s", runErr, lastLines(out.String(), 8))
	}
	return mods, failed, nil
}

// parseMavenClasspathLog reads the classpath each module printed in a Maven log, and the
// modules whose build failed ("Failed to execute goal ... on project X").
func parseMavenClasspathLog(log []byte) (mods []mavenModuleClasspath, failed []string) {
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	module := ""
	want := false
	for sc.Scan() {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "[INFO]"))
		switch {
		case strings.HasPrefix(line, "--- ") && strings.Contains(line, ":build-classpath") && strings.Contains(line, " @ "):
			module = strings.TrimSpace(strings.TrimSuffix(line[strings.LastIndex(line, " @ ")+3:], "---"))
			want = false
		case line == "Dependencies classpath:":
			want = true
		case want:
			want = false
			var cp []string
			for _, p := range filepath.SplitList(line) {
				if p != "" {
					cp = append(cp, p)
				}
			}
			mods = append(mods, mavenModuleClasspath{Module: module, Classpath: cp})
		case strings.HasPrefix(strings.TrimPrefix(line, "[ERROR] "), "Failed to execute goal") && strings.Contains(line, " on project "):
			rest := line[strings.Index(line, " on project ")+len(" on project "):]
			if i := strings.IndexByte(rest, ':'); i >= 0 {
				rest = rest[:i]
			}
			failed = append(failed, strings.TrimSpace(rest))
		}
	}
	return mods, failed
}

// gradleInit prints every project's test runtime classpath.
const gradleInit = `allprojects {
  afterEvaluate { p ->
    p.tasks.register("assertlensClasspath") {
      doLast {
        def ss = p.extensions.findByName("sourceSets")
        if (ss != null && ss.findByName("test") != null) {
          println("ASSERTLENS_CP=" + ss.test.runtimeClasspath.files.findAll { it.name.endsWith(".jar") }.join(File.pathSeparator))
        }
      }
    }
  }
}
`

// gradleTool returns the project's wrapper, else gradle on the PATH.
func gradleTool(root string) (string, bool) {
	gw := filepath.Join(root, "gradlew")
	if st, err := os.Stat(gw); err == nil && st.Mode()&0o111 != 0 {
		return gw, true
	}
	if p, err := exec.LookPath("gradle"); err == nil {
		return p, true
	}
	return "", false
}

// gradleClasspath runs Gradle with an init script that prints the test runtime classpath
// of every project; Gradle's caches stay outside root.
func gradleClasspath(ctx context.Context, root string) ([]string, error) {
	tool, ok := gradleTool(root)
	if !ok {
		return nil, fmt.Errorf("no gradle wrapper and no gradle on the PATH")
	}
	tmp, err := os.MkdirTemp("", "assertlens-gradle")
	if err != nil {
		return nil, fmt.Errorf("gradle classpath: %w", err)
	}
	defer os.RemoveAll(tmp)
	initFile := filepath.Join(tmp, "init.gradle")
	if err := os.WriteFile(initFile, []byte(gradleInit), 0o644); err != nil {
		return nil, fmt.Errorf("gradle classpath: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, gradleTimeout)
	defer cancel()
	cmd := proc.Command(ctx, tool, "-q", "--no-daemon", "-I", initFile,
		"--project-cache-dir", filepath.Join(tmp, "project-cache"), "assertlensClasspath")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("gradle assertlensClasspath: %w: %s", err, gradleFailure(stderr.String()))
	}
	var cp []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "ASSERTLENS_CP="); ok {
			cp = append(cp, filepath.SplitList(rest)...)
		}
	}
	if len(cp) == 0 {
		return nil, fmt.Errorf("gradle printed no test classpath")
	}
	return cp, nil
}

// gradleFailure picks what a failed Gradle run says went wrong from its error output: the
// exception a wrapper that could not download its distribution threw, the line after
// "What went wrong:", else the last lines. The stack frames under an exception say nothing
// to a user.
func gradleFailure(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "Exception in thread") || strings.HasPrefix(l, "Caused by:") {
			return l
		}
		if l == "* What went wrong:" && i+1 < len(lines) {
			return strings.TrimSpace(lines[i+1])
		}
	}
	return lastLines(stderr, 8)
}

// lastLines returns the last n lines of s, for error messages.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
