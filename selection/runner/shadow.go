package runner

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// shadowTree names the folders of the shadow tree under CacheDir/shadow.
type shadowTree struct {
	dir      string // CacheDir/shadow
	src      string // copies of the sources, same relative paths as in the workspace
	mainOut  string // classes of the main phase
	testOut  string // classes of the test phase
	manifest string
	reports  string
	work     string // scratch files (javac argument files, probe output)
}

// newShadowTree returns the shadow tree of a cache directory.
func newShadowTree(cacheDir string) shadowTree {
	d := filepath.Join(cacheDir, "shadow")
	return shadowTree{
		dir:      d,
		src:      filepath.Join(d, "src"),
		mainOut:  filepath.Join(d, "classes", "main"),
		testOut:  filepath.Join(d, "classes", "test"),
		manifest: filepath.Join(d, "manifest.json"),
		reports:  filepath.Join(d, "reports"),
		work:     filepath.Join(d, "work"),
	}
}

// srcPath returns the shadow path of a relative source path.
func (s shadowTree) srcPath(rel string) string {
	return filepath.Join(s.src, filepath.FromSlash(rel))
}

// relOf maps a shadow source path back to its relative path ("" if outside).
func (s shadowTree) relOf(path string) string {
	rel, err := filepath.Rel(s.src, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return ""
	}
	return filepath.ToSlash(rel)
}

// outDir returns the class output folder of a phase.
func (s shadowTree) outDir(test bool) string {
	if test {
		return s.testOut
	}
	return s.mainOut
}

// readOld returns the current shadow copy of rel (nil if none).
func (s shadowTree) readOld(rel string) []byte {
	data, err := os.ReadFile(s.srcPath(rel))
	if err != nil {
		return nil
	}
	return data
}

// writeSource puts content at rel unless the shadow copy already holds it.
func (s shadowTree) writeSource(rel string, content []byte) error {
	p := s.srcPath(rel)
	if old, err := os.ReadFile(p); err == nil && string(old) == string(content) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("shadow %s: %w", rel, err)
	}
	if err := os.WriteFile(p, content, 0o644); err != nil {
		return fmt.Errorf("shadow %s: %w", rel, err)
	}
	return nil
}

// pruneSources removes shadow copies that are not in keep.
func (s shadowTree) pruneSources(keep map[string]*sourceFile) error {
	err := filepath.WalkDir(s.src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if _, ok := keep[s.relOf(path)]; !ok {
			return os.Remove(path)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("prune shadow sources: %w", err)
	}
	return nil
}

// deleteClassesOf removes the class files compiled from the source rel (found by the
// SourceFile attribute within the package folder). dirCache memoises folder scans.
func deleteClassesOf(outDir, pkg, rel string, dirCache map[string]map[string][]string) error {
	dir := filepath.Join(outDir, filepath.FromSlash(strings.ReplaceAll(pkg, ".", "/")))
	bySource, ok := dirCache[dir]
	if !ok {
		bySource = map[string][]string{}
		entries, err := os.ReadDir(dir)
		if err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("list %s: %w", dir, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".class") {
				continue
			}
			p := filepath.Join(dir, e.Name())
			src, err := classSourceFile(p)
			if err != nil {
				src = "" // unreadable: recorded under "", removed below with any source
			}
			bySource[src] = append(bySource[src], p)
		}
		dirCache[dir] = bySource
	}
	base := filepath.Base(rel)
	for _, key := range []string{base, ""} {
		for _, p := range bySource[key] {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				return fmt.Errorf("remove stale class %s: %w", p, err)
			}
		}
		delete(bySource, key)
	}
	return nil
}
