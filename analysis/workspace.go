package analysis

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Workspace describes a Java project on disk: its root and its modules (folders holding a
// pom.xml or a Gradle build file; the root is always a module).
type Workspace struct {
	Root    string   // absolute, cleaned
	Modules []string // module folders relative to Root ("" is the root), deepest last
}

// ErrNotJavaProject is returned when a root holds no Java source at all.
var ErrNotJavaProject = errors.New("not a Java project (no .java files found)")

// skippedDirs are never indexed: build outputs, tool folders and VCS metadata.
var skippedDirs = map[string]bool{
	"target": true, "build": true, "out": true, "bin": true, "node_modules": true,
	".git": true, ".gradle": true, ".idea": true, ".mvn": true, ".settings": true,
}

// OpenWorkspace checks that root exists and finds its modules.
func OpenWorkspace(root string) (*Workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("resolve root %q: %w", root, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("open root: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("root %s is not a directory", abs)
	}
	ws := &Workspace{Root: abs, Modules: []string{""}}
	return ws, nil
}

// IsBuildFile reports whether a relative path names a Maven or Gradle build file.
func IsBuildFile(rel string) bool {
	switch path.Base(rel) {
	case "pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts":
		return true
	}
	return false
}

// IsResource reports whether a relative path lies in a resources folder (src/*/resources).
func IsResource(rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 0; i+2 < len(parts); i++ {
		if parts[i] == "src" && parts[i+2] == "resources" {
			return true
		}
	}
	return false
}

// IsTestPath reports whether a relative path lies in a test source set: src/test/…, or
// any Maven/Gradle source set whose name contains "test" (src/integrationTest/java).
func IsTestPath(rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] == "src" && strings.Contains(strings.ToLower(parts[i+1]), "test") {
			return true
		}
	}
	for _, p := range parts[:len(parts)-1] {
		if p == "test" || p == "tests" {
			return true
		}
	}
	return false
}

// ModuleOf returns the deepest module folder containing rel.
func (ws *Workspace) ModuleOf(rel string) string {
	best := ""
	for _, m := range ws.Modules {
		if m != "" && (rel == m || strings.HasPrefix(rel, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	return best
}

// Source is a view of the workspace's files at one state: the working tree, a git revision,
// or either with unsaved buffers laid over it. Paths are slash-separated and relative.
type Source interface {
	// List returns the relative paths of the project's files of interest: .java sources, build
	// files and resources, without skipped folders or git-ignored files.
	List() ([]string, error)
	// Read returns the content of one listed file.
	Read(rel string) ([]byte, error)
	// Describe names the state for messages ("working tree", "HEAD").
	Describe() string
}

// DirSource reads the working tree of a workspace.
type DirSource struct{ Root string }

// Describe implements Source.
func (d DirSource) Describe() string { return "working tree" }

// Read implements Source.
func (d DirSource) Read(rel string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(d.Root, filepath.FromSlash(rel)))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	return b, nil
}

// List implements Source. Inside a git work tree it asks git, so ignored files stay out;
// elsewhere it walks the folders, skipping build outputs and hidden folders.
func (d DirSource) List() ([]string, error) {
	if files, err := gitListWorkTree(d.Root); err == nil {
		return files, nil
	}
	var out []string
	err := filepath.WalkDir(d.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == d.Root {
				return err
			}
			return nil // vanished or unreadable: skip it, keep indexing
		}
		name := e.Name()
		if e.IsDir() {
			if p != d.Root && (skippedDirs[name] || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(d.Root, p)
		rel = filepath.ToSlash(rel)
		if wanted(rel) {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", d.Root, err)
	}
	sort.Strings(out)
	return out, nil
}

// wanted says whether a relative path is a file the index looks at.
func wanted(rel string) bool {
	for _, part := range strings.Split(path.Dir(rel), "/") {
		if skippedDirs[part] {
			return false
		}
	}
	return strings.HasSuffix(rel, ".java") || IsBuildFile(rel) || IsResource(rel)
}

// gitListWorkTree lists tracked and untracked-but-not-ignored files under root.
func gitListWorkTree(root string) ([]string, error) {
	cmd := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--deduplicate")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var files []string
	for _, f := range bytes.Split(out, []byte{0}) {
		rel := string(f)
		if rel == "" || !wanted(rel) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(root, rel)); err != nil {
			continue // deleted in the work tree but still in the index
		}
		files = append(files, rel)
	}
	sort.Strings(files)
	return files, nil
}

// OverlaySource lays in-memory buffers over another Source. A nil buffer hides a file.
type OverlaySource struct {
	Base     Source
	Overlays map[string][]byte
}

// Describe implements Source.
func (o OverlaySource) Describe() string { return o.Base.Describe() + " with unsaved buffers" }

// List implements Source.
func (o OverlaySource) List() ([]string, error) {
	files, err := o.Base.List()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		seen[f] = true
		if b, ok := o.Overlays[f]; ok && b == nil {
			continue
		}
		out = append(out, f)
	}
	for f, b := range o.Overlays {
		if !seen[f] && b != nil && wanted(f) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Read implements Source.
func (o OverlaySource) Read(rel string) ([]byte, error) {
	if b, ok := o.Overlays[rel]; ok && b != nil {
		return b, nil
	}
	return o.Base.Read(rel)
}
