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
	"slices"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis/project"
)

// Workspace is a Java project on disk, named by its root. Its build layout (modules,
// source and test folders) is read from the build files by package project when a
// snapshot is built.
type Workspace struct {
	Root string // absolute, cleaned
}

// ErrNotJavaProject is returned when a root holds no Java source at all.
var ErrNotJavaProject = errors.New("not a Java project (no .java files found)")

// OpenWorkspace checks that root exists.
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
	return &Workspace{Root: abs}, nil
}

// IsBuildFile reports whether a relative path names a Maven or Gradle build file.
func IsBuildFile(rel string) bool { return project.IsBuildFile(rel) }

// IsTestPath is the path rule for test code (see project.IsTestPath); a snapshot's build
// layout overrides it where the build names its test folders.
func IsTestPath(rel string) bool { return project.IsTestPath(rel) }

// Source is a view of the workspace's files at one state: the working tree, a git revision,
// or either with unsaved buffers laid over it. Paths are slash-separated and relative.
type Source interface {
	// List returns the relative paths of the files the index may look at (Java sources,
	// build files, resources), without skipped folders or git-ignored files.
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
		files = append(files, d.generatedFiles(files)...)
		sort.Strings(files)
		return slices.Compact(files), nil // listed by git too when it does not ignore them
	}
	var out []string
	err := filepath.WalkDir(d.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == d.Root {
				return err
			}
			return nil // vanished or unreadable: skip it, keep indexing
		}
		rel, _ := filepath.Rel(d.Root, p)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if p != d.Root && project.SkipDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
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

// generatedFiles lists the Java sources in the generated-sources folders of the build
// outputs beside the build files of listed (git leaves them out, as it ignores target): a
// module whose build generates sources compiles them (see project.Module.Generators).
func (d DirSource) generatedFiles(listed []string) []string {
	var out []string
	for _, rel := range listed {
		if path.Base(rel) != "pom.xml" {
			continue
		}
		for _, g := range []string{project.GeneratedMain, project.GeneratedTest} {
			dir := path.Join(path.Dir(rel), g)
			_ = filepath.WalkDir(filepath.Join(d.Root, filepath.FromSlash(dir)), func(p string, e fs.DirEntry, err error) error {
				if err != nil {
					return nil // absent, vanished or unreadable: nothing generated to read
				}
				r, _ := filepath.Rel(d.Root, p)
				if r = filepath.ToSlash(r); !e.IsDir() && wanted(r) {
					out = append(out, r)
				}
				return nil
			})
		}
	}
	sort.Strings(out)
	return out
}

// wanted says whether a relative path is a file the index may look at: Java sources, build
// files and files in folders named resources, outside skipped folders. Which of them belong
// to the build is decided by the project model when a snapshot is built.
func wanted(rel string) bool {
	if project.Skipped(rel) {
		return false
	}
	return strings.HasSuffix(rel, ".java") || IsBuildFile(rel) || strings.Contains("/"+rel, "/resources/")
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
