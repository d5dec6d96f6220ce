package runner

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
)

// compileOutcome says what compiling the shadow tree did.
type compileOutcome struct {
	Errors   []CompileError
	Output   string
	Notes    []string
	Compiled int  // number of sources given to javac
	Full     bool // whether everything was rebuilt
}

// compileSpec is what the shadow compile needs besides the sources.
type compileSpec struct {
	release int
	api     bool // compile with --release (see releaseAPI)
	// testRelease, when above release, is the release the tests compile for (Maven's
	// maven.compiler.testRelease).
	testRelease int
	classpath   []string // project classpath plus the JUnit jars
	key         string   // fingerprint of release, javac and classpath
	mapPath     func(path string, line int) (string, int)
}

// compileShadow brings the shadow tree up to date with files and compiles what changed:
// the changed sources, plus sources that mention a type they declare (transitively
// through subtypes and constant holders). Without a trustworthy manifest it rebuilds all.
func compileShadow(ctx context.Context, s shadowTree, files map[string]*sourceFile, spec compileSpec) (compileOutcome, error) {
	var out compileOutcome
	old := loadManifest(s.manifest, spec.key)
	if old != nil && (!dirExists(s.mainOut) || !dirExists(s.testOut)) {
		old = nil // class folders removed behind our back
	}
	for _, d := range []string{s.src, s.mainOut, s.testOut, s.work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return out, fmt.Errorf("create shadow tree: %w", err)
		}
	}
	changed, deleted := diffManifest(old, files)
	if old != nil && len(changed) == 0 && len(deleted) == 0 {
		return out, nil
	}
	if err := invalidateManifest(s.manifest); err != nil {
		return out, err
	}

	var set map[string]bool
	if old == nil {
		out.Full = true
		out.Notes = append(out.Notes, "full rebuild: no trustworthy build state in the cache")
		if err := resetClasses(s); err != nil {
			return out, err
		}
		if err := s.pruneSources(files); err != nil {
			return out, err
		}
		set = map[string]bool{}
		for rel := range files {
			set[rel] = true
		}
	} else {
		var err error
		set, err = incrementalSet(s, old, files, changed, deleted)
		if err != nil {
			return out, err
		}
	}
	for rel := range set {
		if err := s.writeSource(rel, files[rel].Content); err != nil {
			return out, err
		}
	}
	for _, rel := range deleted {
		if err := os.Remove(s.srcPath(rel)); err != nil && !os.IsNotExist(err) {
			return out, fmt.Errorf("remove shadow %s: %w", rel, err)
		}
	}

	next := &manifest{Version: manifestVersion, Key: spec.key, Files: map[string]manifestEntry{}}
	for rel, f := range files {
		h := f.Hash
		if set[rel] {
			h = "" // trusted only once its compile succeeds
		}
		next.Files[rel] = manifestEntry{Hash: h, Test: f.Test}
	}
	var main, test []string
	for rel := range set {
		if files[rel].Test {
			test = append(test, s.srcPath(rel))
		} else {
			main = append(main, s.srcPath(rel))
		}
	}
	sort.Strings(main)
	sort.Strings(test)
	out.Compiled = len(main) + len(test)
	if !out.Full {
		out.Notes = append(out.Notes, fmt.Sprintf("incremental compile: %d of %d sources", out.Compiled, len(files)))
	}

	phases := []struct {
		files []string
		test  bool
		cp    []string
	}{
		// The shadow classes come first: a released jar of one of the project's own modules
		// on the classpath (Maven resolves sibling modules from the repository) must not
		// hide the classes compiled from the sources.
		{main, false, append([]string{s.mainOut}, spec.classpath...)},
		{test, true, append([]string{s.testOut, s.mainOut}, spec.classpath...)},
	}
	for _, ph := range phases {
		if len(ph.files) == 0 {
			continue
		}
		release := spec.release
		if ph.test {
			release = max(release, spec.testRelease)
		}
		opts := javacOptions(release, ph.cp, s.outDir(ph.test))
		if spec.api {
			opts = releaseAPI(opts)
		}
		text, err := runJavac(ctx, s.work, opts, ph.files)
		out.Output += text
		if err != nil {
			if ctx.Err() != nil || text == "" {
				return out, fmt.Errorf("compile %s: %w", phaseName(ph.test), err)
			}
			out.Errors = parseJavacErrors(text, spec.mapPath)
			if len(out.Errors) == 0 {
				out.Errors = []CompileError{{Message: strings.TrimSpace(text)}}
			}
			if err := next.save(s.manifest); err != nil {
				return out, err
			}
			return out, nil
		}
	}
	for rel := range set {
		next.Files[rel] = manifestEntry{Hash: files[rel].Hash, Test: files[rel].Test}
	}
	if err := next.save(s.manifest); err != nil {
		return out, err
	}
	return out, nil
}

// dirExists reports whether path is an existing folder.
func dirExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// phaseName names a compile phase for messages.
func phaseName(test bool) string {
	if test {
		return "tests"
	}
	return "main sources"
}

// resetClasses empties the class output folders.
func resetClasses(s shadowTree) error {
	for _, d := range []string{s.mainOut, s.testOut} {
		if err := os.RemoveAll(d); err != nil {
			return fmt.Errorf("reset classes: %w", err)
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("reset classes: %w", err)
		}
	}
	return nil
}

// diffManifest lists sources that are new, edited, moved between phases or dirty, and
// shadow sources that no longer exist.
func diffManifest(old *manifest, files map[string]*sourceFile) (changed, deleted []string) {
	if old == nil {
		return nil, nil
	}
	for rel, f := range files {
		e, ok := old.Files[rel]
		if !ok || e.Hash == "" || e.Hash != f.Hash || e.Test != f.Test {
			changed = append(changed, rel)
		}
	}
	for rel := range old.Files {
		if _, ok := files[rel]; !ok {
			deleted = append(deleted, rel)
		}
	}
	sort.Strings(changed)
	sort.Strings(deleted)
	return changed, deleted
}

// incrementalSet returns the sources to recompile and deletes their stale classes (and
// those of deleted sources). Names declared by a changed file, before or after the edit,
// select every source using them; a selected source that extends or implements such a
// name, or declares constants (which javac inlines), passes its own names on.
func incrementalSet(s shadowTree, old *manifest, files map[string]*sourceFile, changed, deleted []string) (map[string]bool, error) {
	set := map[string]bool{}
	var queue []string
	seenName := map[string]bool{}
	push := func(names []string) {
		for _, n := range names {
			if !seenName[n] {
				seenName[n] = true
				queue = append(queue, n)
			}
		}
	}
	// The previous version of each changed or deleted file, as its shadow copy holds it.
	prevOf := map[string]*File{}
	prev := func(rel string) *File {
		if f, ok := prevOf[rel]; ok {
			return f
		}
		var f *File
		if content := s.readOld(rel); content != nil {
			d := describe(rel, content, old.Files[rel].Test)
			f = &d
		}
		prevOf[rel] = f
		return f
	}
	for _, rel := range append(append([]string{}, changed...), deleted...) {
		if f, ok := files[rel]; ok {
			set[rel] = true
			push(f.declared())
		}
		if p := prev(rel); p != nil {
			push(p.declared())
		}
	}
	paths := make([]string, 0, len(files))
	for rel := range files {
		paths = append(paths, rel)
	}
	sort.Strings(paths)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, rel := range paths {
			f := files[rel]
			if set[rel] || !f.uses(name) {
				continue
			}
			set[rel] = true
			if f.Constants || slices.Contains(f.Supers, name) {
				push(f.declared())
			}
		}
	}

	// Same package and file name in the same phase would make SourceFile ambiguous:
	// recompile such twins too.
	type key struct {
		pkg, base string
		test      bool
	}
	index := map[key][]string{}
	for rel, f := range files {
		k := key{f.Package, baseName(rel), f.Test}
		index[k] = append(index[k], rel)
	}
	dirCache := map[string]map[string][]string{}
	var doomed []string
	for rel := range set {
		doomed = append(doomed, rel)
	}
	doomed = append(doomed, deleted...)
	sort.Strings(doomed)
	for _, rel := range doomed {
		var variants []File
		if f, ok := files[rel]; ok {
			variants = append(variants, f.File)
		}
		if _, known := old.Files[rel]; known {
			if p := prev(rel); p != nil {
				variants = append(variants, *p)
			}
		}
		for _, v := range variants {
			for _, twin := range index[key{v.Package, baseName(rel), v.Test}] {
				set[twin] = true
			}
			if err := deleteClassesOf(s.outDir(v.Test), v.Package, rel, dirCache); err != nil {
				return nil, err
			}
		}
	}
	return set, nil
}

// baseName returns the file name of a slash path.
func baseName(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[i+1:]
	}
	return rel
}
