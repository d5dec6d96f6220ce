package runner

import (
	"context"
	"fmt"
	"github.com/assertlens/assertlens/analysis/project"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ResolveClasspath works out the project's compile and test classpath without writing
// under root: from the build tool first (see resolveClasspath), else from the build files
// read by assertlens. The JUnit Platform jars are not included: Run adds them.
// unresolved lists what was not found.
func ResolveClasspath(root string) (cp []string, unresolved []string, err error) {
	r, err := resolveClasspath(context.Background(), root, nil)
	return r.Classpath, r.Unresolved, err
}

// resolvedClasspath is a classpath with where it came from.
type resolvedClasspath struct {
	Classpath  []string `json:"classpath"`
	Unresolved []string `json:"unresolved"`
	Notes      []string `json:"notes"`
	Source     string   `json:"source"` // one of the Classpath* constants
}

// resolveClasspath asks, in order: Maven (`mvn dependency:build-classpath`, every module
// in one reactor run) for a Maven project; Gradle (the wrapper, else gradle) through an
// init script for a Gradle project; and when the tool is missing, fails or is turned off,
// the labelled fallback: the pom.xml dependencies (test scope included, properties
// expanded, transitive compile/runtime dependencies followed) looked up in ~/.m2/repository
// and /usr/share/maven-repo, or the dependencies written in build.gradle. Jars under lib/
// and libs/ are always added.
func resolveClasspath(ctx context.Context, root string, model *project.Model) (resolvedClasspath, error) {
	var r resolvedClasspath
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return r, fmt.Errorf("resolve classpath: workspace root %q is not a folder", root)
	}
	if model == nil {
		model = loadModel(root)
	}
	tools := buildToolsEnabled()
	switch model.Kind {
	case project.Maven:
		if tools {
			mods, failed, err := mavenClasspath(ctx, root)
			if err == nil {
				r.Source = ClasspathMaven
				for _, m := range mods {
					r.Classpath = append(r.Classpath, outsideRoot(root, m.Classpath)...)
				}
				r.Notes = append(r.Notes, fmt.Sprintf("classpath from mvn dependency:build-classpath (%d modules)", len(mods)))
				if len(failed) > 0 {
					pcp, un, n := resolvePOMDependencies(root, localRepos())
					r.Classpath, r.Unresolved = append(r.Classpath, pcp...), append(r.Unresolved, un...)
					r.Notes = append(append(r.Notes, fmt.Sprintf("Maven could not resolve modules %s; their dependencies come from the local-repository fallback", strings.Join(failed, ", "))), n...)
				}
				break
			}
			if ctx.Err() != nil {
				return r, fmt.Errorf("resolve classpath: %w", ctx.Err())
			}
			r.Notes = append(r.Notes, "Maven did not give a classpath ("+firstLine(err.Error())+"); using the local-repository fallback")
		}
		pcp, un, n := resolvePOMDependencies(root, localRepos())
		r.Source = ClasspathFallback
		r.Classpath, r.Unresolved, r.Notes = append(r.Classpath, pcp...), append(r.Unresolved, un...), append(r.Notes, n...)
	case project.Gradle:
		if tools {
			if _, ok := gradleTool(root); ok {
				cp, err := gradleClasspath(ctx, root)
				if err == nil {
					r.Source = ClasspathGradle
					r.Classpath = append(r.Classpath, cp...)
					r.Notes = append(r.Notes, "classpath from Gradle (init script)")
					break
				}
				if ctx.Err() != nil {
					return r, fmt.Errorf("resolve classpath: %w", ctx.Err())
				}
				r.Notes = append(r.Notes, "Gradle did not give a classpath ("+firstLine(err.Error())+"); using the local-repository fallback")
			}
		}
		gcp, un, n := resolveGradleDependencies(root, localRepos())
		r.Source = ClasspathFallback
		r.Classpath, r.Unresolved, r.Notes = append(r.Classpath, gcp...), append(r.Unresolved, un...), append(r.Notes, n...)
	default:
		r.Source = ClasspathNone
	}
	r.Classpath = dedupePaths(append(r.Classpath, libJars(root)...))
	return r, nil
}

// outsideRoot drops classpath entries inside root: reactor modules Maven resolved to
// their own target/classes, which the shadow tree compiles itself.
func outsideRoot(root string, cp []string) []string {
	out := cp[:0:0]
	for _, e := range cp {
		if rel, err := filepath.Rel(root, e); err == nil && !strings.HasPrefix(rel, "..") {
			continue
		}
		out = append(out, e)
	}
	return out
}

// firstLine returns the first line of s.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
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
			if path != root && (project.Skip(d.Name()) || d.Name() == "src") {
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
		for _, m := range gradleDepRe.FindAllSubmatch(stripScriptComments(data), -1) {
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
