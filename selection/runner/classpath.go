package runner

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Time limits for asking the build tools; they usually fail fast offline.
var (
	mavenTimeout  = 30 * time.Second
	gradleTimeout = 90 * time.Second
)

// ResolveClasspath works out the project's compile and test classpath without writing
// under root. In order: `mvn -o dependency:build-classpath` (only when mvn exists and
// succeeds offline); else the pom.xml dependencies (test scope included, properties
// expanded, transitive compile/runtime dependencies followed) looked up in
// ~/.m2/repository and /usr/share/maven-repo; the Gradle wrapper when present, else the
// dependencies written in build.gradle; and jars under lib/ and libs/. The JUnit
// Platform jars are not included: Run adds them. unresolved lists what was not found.
func ResolveClasspath(root string) (cp []string, unresolved []string, err error) {
	cp, unresolved, _, err = resolveClasspath(context.Background(), root)
	return cp, unresolved, err
}

// resolveClasspath is ResolveClasspath with cancellation and notes about guesses.
func resolveClasspath(ctx context.Context, root string) (cp, unresolved, notes []string, err error) {
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return nil, nil, nil, fmt.Errorf("resolve classpath: workspace root %q is not a folder", root)
	}
	if _, err := os.Stat(filepath.Join(root, "pom.xml")); err == nil {
		if mcp, ok := mavenOffline(ctx, root); ok {
			cp = append(cp, mcp...)
			notes = append(notes, "classpath from mvn dependency:build-classpath (offline)")
		} else {
			pcp, un, n := resolvePOMDependencies(root, localRepos())
			cp, unresolved, notes = append(cp, pcp...), append(unresolved, un...), append(notes, n...)
		}
	}
	if hasGradle(root) {
		if gcp, ok := gradleWrapper(ctx, root); ok {
			cp = append(cp, gcp...)
			notes = append(notes, "classpath from the Gradle wrapper (offline)")
		} else {
			gcp, un, n := resolveGradleDependencies(root, localRepos())
			cp, unresolved, notes = append(cp, gcp...), append(unresolved, un...), append(notes, n...)
		}
	}
	cp = append(cp, libJars(root)...)
	return dedupePaths(cp), unresolved, notes, nil
}

// mavenOffline asks Maven for the test classpath, offline, with a short time limit.
func mavenOffline(ctx context.Context, root string) ([]string, bool) {
	mvn, err := exec.LookPath("mvn")
	if err != nil {
		return nil, false
	}
	tmp, err := os.MkdirTemp("", "assertlens-mvn")
	if err != nil {
		return nil, false
	}
	defer os.RemoveAll(tmp)
	outFile := filepath.Join(tmp, "cp.txt")
	ctx, cancel := context.WithTimeout(ctx, mavenTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, mvn, "-q", "-o", "-B", "-f", filepath.Join(root, "pom.xml"),
		"dependency:build-classpath", "-Dmdep.outputFile="+outFile, "-Dmdep.includeScope=test")
	cmd.Dir = tmp
	if err := cmd.Run(); err != nil {
		return nil, false
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		return nil, false
	}
	var cp []string
	for _, p := range filepath.SplitList(strings.TrimSpace(string(data))) {
		if p != "" {
			cp = append(cp, p)
		}
	}
	return cp, true
}

// hasGradle reports whether root has a Gradle build.
func hasGradle(root string) bool {
	for _, n := range []string{"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"} {
		if _, err := os.Stat(filepath.Join(root, n)); err == nil {
			return true
		}
	}
	return false
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

// gradleWrapper runs ./gradlew offline (caches outside root) to print the test classpath.
func gradleWrapper(ctx context.Context, root string) ([]string, bool) {
	gw := filepath.Join(root, "gradlew")
	if st, err := os.Stat(gw); err != nil || st.Mode()&0o111 == 0 {
		return nil, false
	}
	tmp, err := os.MkdirTemp("", "assertlens-gradle")
	if err != nil {
		return nil, false
	}
	defer os.RemoveAll(tmp)
	initFile := filepath.Join(tmp, "init.gradle")
	if os.WriteFile(initFile, []byte(gradleInit), 0o644) != nil {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(ctx, gradleTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, gw, "-q", "--offline", "--no-daemon", "-I", initFile,
		"--project-cache-dir", filepath.Join(tmp, "project-cache"), "assertlensClasspath")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, false
	}
	var cp []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "ASSERTLENS_CP="); ok {
			cp = append(cp, filepath.SplitList(rest)...)
		}
	}
	return cp, len(cp) > 0
}

var gradleDepRe = regexp.MustCompile(`\b(?:implementation|api|compileOnly|runtimeOnly|testImplementation|testCompileOnly|testRuntimeOnly|compile|testCompile)\s*\(?\s*['"]([^:'"\s]+):([^:'"\s]+)(?::([^:'"\s]+))?(?::([^'"\s]+))?['"]`)

// resolveGradleDependencies reads "group:artifact:version" dependencies written in the
// Gradle build files and resolves them like POM dependencies.
func resolveGradleDependencies(root string, repos []string) (cp, unresolved, notes []string) {
	r := &depResolver{repos: repos, done: map[string]bool{}}
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()] || d.Name() == "src") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "build.gradle" && d.Name() != "build.gradle.kts" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		for _, m := range gradleDepRe.FindAllSubmatch(stripComments(data), -1) {
			r.queue = append(r.queue, pending{c: coord{string(m[1]), string(m[2]), string(m[3]), string(m[4])}})
		}
		return nil
	})
	r.run()
	return r.cp, r.unresolved, r.notes
}

// libJars returns the jars under lib/ and libs/.
func libJars(root string) []string {
	var jars []string
	for _, d := range []string{"lib", "libs"} {
		_ = filepath.WalkDir(filepath.Join(root, d), func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(e.Name(), ".jar") {
				jars = append(jars, path)
			}
			return nil
		})
	}
	return jars
}

// dedupePaths drops repeated entries (also the same file reached through symlinks).
func dedupePaths(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		key := p
		if r, err := filepath.EvalSymlinks(p); err == nil {
			key = r
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, p)
	}
	return out
}
