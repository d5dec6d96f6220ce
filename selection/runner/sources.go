package runner

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// sourceFile is one Java file as it will be compiled in the shadow tree.
type sourceFile struct {
	Rel     string // path relative to the shadow source folder (= relative to Root for user files)
	Test    bool   // compiled in the test phase
	Content []byte
	Hash    string
}

// skipDirs are folders never searched for sources: build outputs, VCS and IDE metadata.
var skipDirs = map[string]bool{
	"target": true, "build": true, "out": true, "bin": true, "node_modules": true,
}

// layout says how a workspace keeps its sources.
type layout struct {
	// roots are the Maven/Gradle source folders (`src/<set>/java`), relative to Root, with
	// whether they hold tests. Empty for a plain layout.
	roots map[string]bool
}

// detectLayout finds `src/<set>/java` folders (at any depth, for multi-module builds).
func detectLayout(root string) (layout, error) {
	l := layout{roots: map[string]bool{}}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable folder: skip it rather than fail the run
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || skipDirs[name]) {
			return filepath.SkipDir
		}
		if name == "java" {
			set := filepath.Base(filepath.Dir(path))
			if filepath.Base(filepath.Dir(filepath.Dir(path))) == "src" {
				rel, _ := filepath.Rel(root, path)
				l.roots[filepath.ToSlash(rel)] = set != "main"
				return filepath.SkipDir
			}
		}
		return nil
	})
	if err != nil {
		return l, fmt.Errorf("find source folders: %w", err)
	}
	return l, nil
}

// isTest says whether rel (slash-separated, relative to Root) belongs to the test phase.
// In a plain layout everything is compiled in one (test) phase, so nothing can depend on
// a file the build would compile later.
func (l layout) isTest(rel string) (test, known bool) {
	if len(l.roots) == 0 {
		return true, true
	}
	best := ""
	for r := range l.roots {
		if strings.HasPrefix(rel, r+"/") && len(r) > len(best) {
			best = r
		}
	}
	if best == "" {
		return false, false
	}
	return l.roots[best], true
}

// collectSources reads every Java source of the workspace, applies overlays and adds the
// generated files. Files outside the source folders of a Maven/Gradle layout are ignored,
// except generated files, which always join the test phase.
func collectSources(req Request, l layout) (map[string]*sourceFile, error) {
	files := map[string]*sourceFile{}
	add := func(rel string, content []byte, test bool) {
		files[rel] = &sourceFile{Rel: rel, Test: test, Content: content, Hash: hashBytes(content)}
	}
	walkRoots := []string{"."}
	if len(l.roots) > 0 {
		walkRoots = walkRoots[:0]
		for r := range l.roots {
			walkRoots = append(walkRoots, r)
		}
	}
	for _, wr := range walkRoots {
		base := filepath.Join(req.Root, filepath.FromSlash(wr))
		err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if path != base && (strings.HasPrefix(d.Name(), ".") || (len(l.roots) == 0 && skipDirs[d.Name()])) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(d.Name(), ".java") || !d.Type().IsRegular() {
				return nil
			}
			rel, _ := filepath.Rel(req.Root, path)
			rel = filepath.ToSlash(rel)
			if _, ok := req.Overlays[rel]; ok {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return fmt.Errorf("read %s: %w", rel, err)
			}
			test, _ := l.isTest(rel)
			add(rel, data, test)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("collect sources: %w", err)
		}
	}
	for rel, content := range req.Overlays {
		rel = cleanRel(rel)
		if !strings.HasSuffix(rel, ".java") {
			continue
		}
		test, known := l.isTest(rel)
		if !known {
			continue
		}
		add(rel, content, test)
	}
	for rel, content := range req.Generated {
		add(cleanRel(rel), content, true)
	}
	return files, nil
}

// cleanRel normalises a caller-supplied relative path.
func cleanRel(rel string) string {
	return strings.TrimPrefix(filepath.ToSlash(filepath.Clean(rel)), "./")
}

var (
	packageRe  = regexp.MustCompile(`(?m)^\s*package\s+([\w.]+)\s*;`)
	typeDeclRe = regexp.MustCompile(`\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)`)
)

// packageOf returns the package declared by a Java source, "" for the default package.
func packageOf(content []byte) string {
	m := packageRe.FindSubmatch(stripComments(content))
	if m == nil {
		return ""
	}
	return string(m[1])
}

// declaredTypes returns the simple names of the types a file declares (top-level and
// nested), plus the file's base name.
func declaredTypes(rel string, content []byte) []string {
	names := map[string]bool{strings.TrimSuffix(filepath.Base(rel), ".java"): true}
	for _, m := range typeDeclRe.FindAllSubmatch(stripComments(content), -1) {
		names[string(m[1])] = true
	}
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	return out
}

// isTestClassSource guesses whether a source declares tests (it uses JUnit).
func isTestClassSource(content []byte) bool {
	s := string(content)
	return strings.Contains(s, "org.junit") || strings.Contains(s, "junit.framework")
}

// topLevelClass returns the binary name of the public top-level class of a source file.
func topLevelClass(rel string, content []byte) string {
	name := strings.TrimSuffix(filepath.Base(rel), ".java")
	if p := packageOf(content); p != "" {
		return p + "." + name
	}
	return name
}
