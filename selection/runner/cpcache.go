package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"github.com/assertlens/assertlens/analysis/project"
)

// cpCacheVersion changes when what the classpath cache holds changes meaning.
const cpCacheVersion = 2

// cachedClasspath is a resolved classpath stored in the cache directory, valid as long as
// the build files (and lib jars) hash to Key.
type cachedClasspath struct {
	Key string `json:"key"`
	resolvedClasspath
}

// loadModel reads the build layout of root from disk (the analysis package's one walk).
func loadModel(root string) *project.Model {
	src := analysis.DirSource{Root: root}
	paths, err := src.List()
	if err != nil {
		return project.PlainModel()
	}
	return project.Load(paths, src.Read)
}

// buildFilesKey fingerprints what classpath resolution reads: the content of every build
// file of the model, parent POMs above the workspace included (and the settings files, Gradle properties and version catalogs next
// to the root), the jars under lib/ and libs/, whether build tools may run, and the user.
func buildFilesKey(root string, model *project.Model) string {
	var parts []string
	add := func(rel string) {
		if data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
			parts = append(parts, rel+"="+hashBytes(data))
		}
	}
	for _, m := range model.Modules {
		if m.BuildFile != "" {
			add(m.BuildFile)
		}
	}
	for _, p := range model.Parents {
		add(p) // a parent POM's dependency versions are the build's too
	}
	for _, rel := range []string{"pom.xml", "settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts",
		"gradle.properties", "gradle/libs.versions.toml", "gradle/wrapper/gradle-wrapper.properties", ".mvn/maven.config"} {
		add(rel)
	}
	for _, j := range libJars(root) {
		if st, err := os.Stat(j); err == nil {
			parts = append(parts, fmt.Sprintf("%s=%d/%d", j, st.Size(), st.ModTime().UnixNano()))
		}
	}
	sort.Strings(parts)
	home, _ := os.UserHomeDir()
	return hashBytes([]byte(fmt.Sprintf("v%d\n%s\n%s\ntools=%v\n%s", cpCacheVersion, root, home, buildToolsEnabled(), strings.Join(parts, "\n"))))
}

// projectClasspath returns the explicit classpath, or the cached or freshly resolved one.
func projectClasspath(ctx context.Context, req Request, model *project.Model) (resolvedClasspath, error) {
	if req.Classpath != nil {
		r := resolvedClasspath{Source: ClasspathExplicit}
		for _, e := range req.Classpath {
			if _, err := os.Stat(e); err != nil {
				r.Unresolved = append(r.Unresolved, e+" (explicit classpath entry not found)")
				continue
			}
			r.Classpath = append(r.Classpath, e)
		}
		return r, nil
	}
	path := filepath.Join(req.CacheDir, "classpath.json")
	key := buildFilesKey(req.Root, model)
	if data, err := os.ReadFile(path); err == nil {
		var c cachedClasspath
		if json.Unmarshal(data, &c) == nil && c.Key == key && allExist(c.Classpath) {
			return c.resolvedClasspath, nil
		}
	}
	r, err := resolveClasspath(ctx, req.Root, model)
	if err != nil {
		return r, err
	}
	if ctx.Err() != nil {
		return r, fmt.Errorf("resolve classpath: %w", ctx.Err())
	}
	if data, err := json.Marshal(cachedClasspath{Key: key, resolvedClasspath: r}); err == nil {
		_ = atomicfile.Write(path, data) // a cache: failing to store it costs only time
	}
	return r, nil
}

// allExist reports whether every path exists.
func allExist(paths []string) bool {
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return false
		}
	}
	return true
}
