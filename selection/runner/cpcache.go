package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// cachedClasspath is a ResolveClasspath answer stored in the cache directory, valid as
// long as the build files (and lib jars) hash to Key.
type cachedClasspath struct {
	Key        string   `json:"key"`
	Classpath  []string `json:"classpath"`
	Unresolved []string `json:"unresolved"`
	Notes      []string `json:"notes"`
}

// buildFilesKey fingerprints what classpath resolution reads from the workspace.
func buildFilesKey(root string) string {
	var parts []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || skipDirs[name] || name == "src") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case name == "pom.xml" || strings.HasPrefix(name, "build.gradle") || strings.HasPrefix(name, "settings.gradle") ||
			name == "gradle.properties" || name == "libs.versions.toml" || name == "gradlew":
			data, _ := os.ReadFile(path)
			parts = append(parts, rel+"="+hashBytes(data))
		case strings.HasSuffix(name, ".jar"):
			if info, err := d.Info(); err == nil {
				parts = append(parts, fmt.Sprintf("%s=%d/%d", rel, info.Size(), info.ModTime().UnixNano()))
			}
		}
		return nil
	})
	sort.Strings(parts)
	home, _ := os.UserHomeDir()
	return hashBytes([]byte(root + "\n" + home + "\n" + strings.Join(parts, "\n")))
}

// projectClasspath returns the explicit classpath, or the cached or freshly resolved one.
func projectClasspath(ctx context.Context, req Request) (cp, unresolved, notes []string, err error) {
	if req.Classpath != nil {
		for _, e := range req.Classpath {
			if _, err := os.Stat(e); err != nil {
				unresolved = append(unresolved, e+" (explicit classpath entry not found)")
				continue
			}
			cp = append(cp, e)
		}
		return cp, unresolved, nil, nil
	}
	path := filepath.Join(req.CacheDir, "classpath.json")
	key := buildFilesKey(req.Root)
	if data, err := os.ReadFile(path); err == nil {
		var c cachedClasspath
		if json.Unmarshal(data, &c) == nil && c.Key == key && allExist(c.Classpath) {
			return c.Classpath, c.Unresolved, c.Notes, nil
		}
	}
	cp, unresolved, notes, err = resolveClasspath(ctx, req.Root)
	if err != nil {
		return nil, nil, nil, err
	}
	if ctx.Err() != nil {
		return nil, nil, nil, fmt.Errorf("resolve classpath: %w", ctx.Err())
	}
	data, err := json.Marshal(cachedClasspath{Key: key, Classpath: cp, Unresolved: unresolved, Notes: notes})
	if err == nil {
		_ = writeFileAtomic(path, data) // a cache: failing to store it costs only time
	}
	return cp, unresolved, notes, nil
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
